/**
 * The monthly check-in's e-mails (ADR 0165) on both engines: from
 * 07:00 in Bogotá, the invitation on the opening day, the reminder from the
 * 7th, the late one from the 13th, each exactly once however many instances
 * tick at once; none to who answered, none once the follow-up is closed;
 * every stored copy holds the personal link's placeholder, never a link.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { engineOf } from '../../db/engine-of.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { CHECK_IN } from '../../db/stores/follow-up-store-contract.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { openFounderStore, type FounderMailWrite } from '../../db/stores/founder-store.ts'
import { requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { signedApplication } from '../../db/testing/signed.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from '../../db/testing/store-databases.ts'
import { runCheckInMails } from './check-in-job.ts'
import { composeCheckInMail } from './check-in-mail.ts'
import { checkInMonth } from '../../../domain/follow-up.ts'

const mail = { from: 'Catalítico <postulaciones@catalitico.example>', replyTo: 'hola@catalitico.example', company: DEFAULT_COMPANY, siteOrigin: 'https://catalitico.example' }
/** `day` at `hour`:30 in Bogotá (UTC−5). */
const bogota = (day: string, hour = 7) => new Date(Date.parse(`${day}T00:30:00.000Z`) + (hour + 5) * 3_600_000)

function describeOn(name: string, open: () => Promise<TestDatabase<ApplicationStore>>) {
  describe(`check-in e-mails: ${name}`, () => {
    const database = harnessPerTest(open)

    it('sends the invitation, the reminder and the late one, each once across two instances, on their days from 07:00 in Bogotá', async () => {
      const db = await database()
      const one = openFollowUpStore(engineOf(db.store))
      const two = openFollowUpStore(engineOf(await db.openAnother()))
      // Follow-up from 1 December 2026: check-in 1 (December) opens 1 January 2027, due the 10th.
      const { id, sub } = await signedApplication(db, { email: 'fundadora@startup.example' })
      const deps = (store: typeof one, now: Date) => ({ followUp: store, mail, now: () => now, log: () => {} })
      const mails = async () => (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'founder_check_in')
      const tickBoth = async (now: Date) => {
        const runs = await Promise.all([runCheckInMails(deps(one, now)), runCheckInMails(deps(two, now))])
        return runs.map((r) => r?.queued ?? null).sort()
      }

      // The last day of December, and the 1st before 07:00: nothing.
      expect(await tickBoth(bogota('2026-12-31', 10))).toEqual([0, 0])
      expect(await tickBoth(bogota('2027-01-01', 6))).toEqual([null, null])
      // The opening day at 07:30: one invitation, however many instances.
      expect(await tickBoth(bogota('2027-01-01'))).toEqual([0, 1])
      expect(await tickBoth(bogota('2027-01-03'))).toEqual([0, 0])
      // The 7th: the reminder; the 13th: the late one; once each.
      expect(await tickBoth(bogota('2027-01-07'))).toEqual([0, 1])
      expect(await tickBoth(bogota('2027-01-09'))).toEqual([0, 0])
      expect(await tickBoth(bogota('2027-01-13'))).toEqual([0, 1])
      expect(await tickBoth(bogota('2027-01-31', 22))).toEqual([0, 0])
      const sent = await mails()
      expect(sent.map((m) => m.subject)).toEqual([
        `Tu reporte de diciembre de 2026: tres minutos (${sub.application.reference})`,
        `Recordatorio: tu reporte de diciembre de 2026 vence el 10 de enero de 2027 (${sub.application.reference})`,
        `Tu reporte de diciembre de 2026 está pendiente (${sub.application.reference})`,
      ])
      for (const m of sent) {
        expect(m.to).toBe('fundadora@startup.example')
        // Stored, it opens nothing: the placeholder and the check-in's path, never a link.
        expect(m.text).toContain(`${PERSONAL_LINK_PLACEHOLDER}/seguimiento`)
        expect(m.html).toContain(`href="${PERSONAL_LINK_PLACEHOLDER}/seguimiento"`)
        expect(`${m.text}${m.html}`).not.toMatch(/\/postulacion\/[A-Za-z0-9_-]{20,}/)
      }
      expect(sent[0]!.text).toContain('Envíalo antes del 10 de enero de 2027. Si después necesitas corregir algo, puedes hacerlo hasta el 31 de enero de 2027.')
      expect(sent[0]!.text).toContain('- Ventas del mes en USD')
      expect(sent[0]!.text).toContain('- Visitas al sitio (si lo mides)')
    })

    it("waits for the founder's signature e-mail, across two instances: nothing while the welcome waits in «Correos por enviar» or in the outbox; the invitation once it has left, or was discarded", async () => {
      const db = await database()
      const one = openFollowUpStore(engineOf(db.store))
      const two = openFollowUpStore(engineOf(await db.openAnother()))
      const founders = openFounderStore(engineOf(db.store))
      /** The «Acuerdo firmado» welcome, written by the signature's move: waiting as a draft, or in the outbox at once. */
      const welcome = (to: string, sendNow: boolean): FounderMailWrite => {
        const id = crypto.randomUUID()
        const text = { subject: '¡Acuerdo firmado!', text: 'Bienvenida', html: '<p>Bienvenida</p>' }
        return {
          draft: { id: crypto.randomUUID(), kind: 'acuerdo_firmado', to, ...text },
          sendNow: sendNow ? { id, kind: 'founder_status', messageId: `<${id}@catalitico.example>`, from: mail.from, to, ...text } : null,
        }
      }
      const drafted = await signedApplication(db, { email: 'borrador@startup.example', founderMail: welcome('borrador@startup.example', false) })
      const queued = await signedApplication(db, { email: 'cola@startup.example', admin: drafted.admin, founderMail: welcome('cola@startup.example', true) })
      const discarded = await signedApplication(db, { email: 'descartado@startup.example', admin: drafted.admin, founderMail: welcome('descartado@startup.example', false) })
      const checkIns = async (id: string) => (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'founder_check_in').map((m) => m.subject.split(':')[0])
      const tickBoth = async (now: Date) => {
        await Promise.all([runCheckInMails({ followUp: one, mail, now: () => now, log: () => {} }), runCheckInMails({ followUp: two, mail, now: () => now, log: () => {} })])
        return [await checkIns(drafted.id), await checkIns(queued.id), await checkIns(discarded.id)].map((l) => l.length)
      }
      const welcomeOf = async (id: string) => (await db.store.listMessages({ applicationId: id })).find((m) => m.kind === 'founder_status')!
      const delivered = (id: string) => db.exec(`UPDATE outbox SET status = 'sent', settled_at = ? WHERE id = ?`, [bogota('2027-01-02', 9).toISOString(), id])

      // The opening day: every welcome still waits (a draft, or pending in the outbox): no check-in leaves.
      expect(await tickBoth(bogota('2027-01-01'))).toEqual([0, 0, 0])
      // An instance that read the candidates before is refused under the deal's lock all the same.
      expect(await one.claimMail({ applicationId: queued.id, month: checkInMonth('2026-12-01', 1), kind: 'invitation', at: bogota('2027-01-01') }, composeCheckInMail(mail))).toBe(false)
      // The one discarded: its check-in goes; the one in the outbox goes only once it has left.
      const discardedDraft = (await founders.listDrafts(discarded.id))[0]!
      expect((await founders.discardDraft(discardedDraft.id, drafted.admin.id, bogota('2027-01-01', 10))).status).toBe('ok')
      expect(await tickBoth(bogota('2027-01-01', 11))).toEqual([0, 0, 1])
      await delivered((await welcomeOf(queued.id)).id)
      expect(await tickBoth(bogota('2027-01-02'))).toEqual([0, 1, 1])
      // The draft sent hours later: in the outbox, still not left; then left.
      const draft = (await founders.listDrafts(drafted.id))[0]!
      const message = (d: { to: string; subject: string; text: string; html: string }) => {
        const id = crypto.randomUUID()
        return { id, kind: 'founder_status' as const, messageId: `<${id}@catalitico.example>`, from: mail.from, to: d.to, subject: d.subject, text: d.text, html: d.html }
      }
      expect((await founders.sendDraft(draft.id, message, drafted.admin.id, bogota('2027-01-03'))).status).toBe('ok')
      expect(await tickBoth(bogota('2027-01-03', 8))).toEqual([0, 1, 1])
      await delivered((await welcomeOf(drafted.id)).id)
      expect(await tickBoth(bogota('2027-01-03', 9))).toEqual([1, 1, 1])
      // What was held back is the month's invitation, not a reminder: the welcome came first, then the first ask.
      expect(await checkIns(drafted.id)).toEqual(['Tu reporte de diciembre de 2026'])
    })

    it('sends no reminder to who answered, and nothing once the follow-up is closed; a process up late sends only the e-mail of the day', async () => {
      const db = await database()
      const store = openFollowUpStore(engineOf(db.store))
      const answered = await signedApplication(db)
      const late = await signedApplication(db)
      const closed = await signedApplication(db)
      const run = (now: Date) => runCheckInMails({ followUp: store, mail, now: () => now, log: () => {} })
      expect(await run(bogota('2027-01-01'))).toEqual({ day: '2027-01-01', queued: 3, lost: 0, waiting: 0 })
      await store.submitCheckIn({ applicationId: answered.id, month: 1, baseVersion: 0, values: CHECK_IN, at: bogota('2027-01-04') })
      await store.close({ applicationId: closed.id, note: 'La startup cerró.', memberId: closed.admin.id, at: bogota('2027-01-05') })
      // The reminder's day: only the one who neither answered nor was closed.
      expect(await run(bogota('2027-01-08'))).toMatchObject({ queued: 1 })
      const kinds = async (id: string) => (await db.store.listMessages({ applicationId: id })).filter((m) => m.kind === 'founder_check_in').length
      expect([await kinds(answered.id), await kinds(late.id), await kinds(closed.id)]).toEqual([1, 2, 1])
      // February: check-in 2 opens; the answered one is asked again, the closed one never.
      expect(await run(bogota('2027-02-01'))).toMatchObject({ queued: 2 })
      expect([await kinds(answered.id), await kinds(late.id), await kinds(closed.id)]).toEqual([2, 3, 1])

      // A process down from the 1st to the 14th of March: on the 14th only the late e-mail goes, no backlog.
      const fresh = await signedApplication(db, { followUpStart: '2027-02-10' })
      expect(await run(bogota('2027-03-14'))).toMatchObject({ queued: 3 })
      const freshMails = (await db.store.listMessages({ applicationId: fresh.id })).filter((m) => m.kind === 'founder_check_in')
      expect(freshMails.map((m) => m.subject)).toEqual([`Tu reporte de febrero de 2027 está pendiente (${fresh.sub.application.reference})`])
    })
  })
}

describeOn('sqlite', freshSqliteDatabase)
const postgres = await requirePostgres()
describe.skipIf(!postgres)('PostgreSQL', () => describeOn('postgres', freshPostgresDatabase))
