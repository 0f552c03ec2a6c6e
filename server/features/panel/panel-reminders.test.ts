/**
 * The panel session's day-before reminder: from 07:00 in Bogotá,
 * sessions of Bogotá's tomorrow only, one e-mail to the founder and one to
 * each panel member, exactly once however many instances tick at once, on
 * both engines; a session moved later is reminded again for its new day.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { engineOf } from '../../db/engine-of.ts'
import { insertMember } from '../../db/testing/members.ts'
import { requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from '../../db/testing/store-databases.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { openPanelStore } from '../../db/stores/panel-store.ts'
import { composePanelMail } from './panel-session.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { bogotaTomorrow, runPanelReminders } from './panel-reminders.ts'
import { runReminders } from '../review/reminder-job.ts'

const mail = {
  founders: { from: 'Catalítico <postulaciones@catalitico.example>', replyTo: 'hola@catalitico.example', company: DEFAULT_COMPANY, siteOrigin: 'https://catalitico.example' },
  cutoffHours: 24,
}
// 07:30 in Bogotá on 1 December 2026; tomorrow there runs from 05:00 UTC on the 2nd to 05:00 UTC on the 3rd.
const NOW = new Date('2026-12-01T12:30:00.000Z')

describe('bogotaTomorrow', () => {
  it("is Bogotá's next calendar day as UTC instants, even late in the Bogotá evening (already the next day in UTC)", () => {
    expect(bogotaTomorrow(NOW)).toEqual({ start: new Date('2026-12-02T05:00:00.000Z'), end: new Date('2026-12-03T05:00:00.000Z') })
    expect(bogotaTomorrow(new Date('2026-12-02T03:00:00.000Z'))).toEqual({ start: new Date('2026-12-02T05:00:00.000Z'), end: new Date('2026-12-03T05:00:00.000Z') })
  })
})

function describeOn(name: string, open: () => Promise<TestDatabase<ApplicationStore>>) {
  describe(`panel reminders: ${name}`, () => {
    const database = harnessPerTest(open)

    it("reminds tomorrow's sessions once across two instances, and again after a move to another day", async () => {
      const db = await database()
      const panel = openPanelStore(engineOf(db.store))
      const other = openPanelStore(engineOf(await db.openAnother()))
      const member = await insertMember(db.store, 'reviewer', 'Rita')
      const sub = newSubmission({ createdAt: new Date('2026-11-20T12:00:00.000Z') })
      await db.store.saveSubmission(sub)
      const id = sub.application.id
      await db.exec('UPDATE applications SET stage = ? WHERE id = ?', ['sesion_panel', id])
      // 2 December 10:00 in Bogotá (tomorrow), and 2 December 23:30 in Bogotá (still tomorrow there, the 3rd in UTC).
      const tomorrow = new Date('2026-12-02T15:00:00.000Z')
      const lateTomorrow = new Date('2026-12-03T04:30:00.000Z')
      const dayAfter = new Date('2026-12-03T15:00:00.000Z')
      await panel.saveOffer({ applicationId: id, offerId: crypto.randomUUID(), lengthMinutes: 30, placeKind: 'address', place: 'Calle 93 #11-26, Bogotá', memberIds: [member.id], times: [tomorrow, lateTomorrow, dayAfter], by: member.id, at: NOW, compose: () => [] })
      const times = (await panel.offer(id))!.times
      const booked = await panel.book({ applicationId: id, timeId: times[2]!.id, sessionId: crypto.randomUUID(), uid: 'u@x', by: { kind: 'founder' }, at: NOW, compose: composePanelMail(mail, 'booked') })
      expect(booked.status).toBe('done')
      const reminders = async () => (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind.endsWith('panel_reminder'))

      // The day after tomorrow: nothing yet.
      expect(await runPanelReminders({ panel, mail }, NOW)).toBe(0)
      expect(await reminders()).toEqual([])

      // Moved to tomorrow late in the evening (the 3rd in UTC): two instances tick at once, one reminder each.
      await panel.reschedule({ applicationId: id, to: { timeId: times[1]!.id }, by: { kind: 'member', memberId: member.id }, at: NOW, cutoffMs: null, compose: composePanelMail(mail, 'changed') })
      const counts = await Promise.all([runPanelReminders({ panel, mail }, NOW), runPanelReminders({ panel: other, mail }, NOW)])
      expect(counts.sort()).toEqual([0, 1])
      const sent = await reminders()
      expect(sent.map((m) => [m.kind, m.to]).sort()).toEqual([
        ['founder_panel_reminder', sub.application.formData.email],
        ['team_panel_reminder', member.email],
      ])
      expect(sent.find((m) => m.kind === 'founder_panel_reminder')!.text).toContain('2 de diciembre de 2026, 11:30\u00a0p.\u00a0m. (hora de Bogotá)')
      expect(await runPanelReminders({ panel, mail }, NOW)).toBe(0)

      // Moved again (to tomorrow morning): reminded again, for the new time.
      await panel.reschedule({ applicationId: id, to: { timeId: times[0]!.id }, by: { kind: 'member', memberId: member.id }, at: NOW, cutoffMs: null, compose: composePanelMail(mail, 'changed') })
      expect(await runPanelReminders({ panel, mail }, NOW)).toBe(1)
      expect(await reminders()).toHaveLength(4)
    })

    it('runs on the reminder job, from 07:00 in Bogotá only', async () => {
      const db = await database()
      const panel = openPanelStore(engineOf(db.store))
      const clock = { reminderRecipients: async () => [], pending: async () => ({ items: [], total: 0 }), claimReminder: async () => true } as never
      const deps = (now: Date) => ({ clock, mail: { from: 'a@b.co', siteOrigin: 'https://x.example' }, now: () => now, log: () => {}, panel: { panel, mail } })
      expect(await runReminders(deps(new Date('2026-12-01T11:59:00.000Z')))).toBeNull()
      expect(await runReminders(deps(NOW))).toMatchObject({ day: '2026-12-01', panelSessions: 0 })
    })
  })
}

describeOn('sqlite', freshSqliteDatabase)
const postgres = await requirePostgres()
describe.skipIf(!postgres)('PostgreSQL', () => describeOn('postgres', freshPostgresDatabase))
