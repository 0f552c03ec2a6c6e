/**
 * The daily reminder across instances: two real server processes on one
 * real PostgreSQL database, both running the reminder job every second with
 * a clock shifted to 07:30 in Bogotá (WORKER_CLOCK_OFFSET_MS, test-only),
 * and a real SMTP peer. Exactly one e-mail reaches the member, with the
 * company's name and a link into the workspace, never the founder's personal
 * data. Real processes (the server bundle in dist/server), since two
 * instances are what is tested; moved here
 * from e2e/reminders.spec.ts (ADR 0132).
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readMigrations } from '../db/migrations/postgres-files.ts'
import { openPostgresStore } from '../db/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../db/testing/postgres-test-database.ts'
import { newSubmission } from '../testing/fixtures.ts'
import { startSmtpSink } from '../testing/smtp-sink.ts'
import { requireBuild } from '../testing/built-site.ts'
import { startServer } from '../../e2e/fixtures/server.ts'

const SITE = 'https://equipo.catalitico.example'
const postgres = await requirePostgres()

/** The offset that puts the clock at the next 07:30 in Bogotá (12:30 UTC). */
function offsetTo0730Bogota(now = Date.now()): number {
  const target = new Date(now)
  target.setUTCHours(12, 30, 0, 0)
  if (target.getTime() <= now) target.setUTCDate(target.getUTCDate() + 1)
  return target.getTime() - now
}

describe.skipIf(!postgres)('the daily reminder on two instances', () => {
  it('two instances, one fake 07:30: the member receives exactly one reminder', { timeout: 120_000 }, async () => {
    requireBuild()
    const db = await createTestDatabase()
    const sink = await startSmtpSink()
    const env = {
      DATABASE_URL: db.url,
      SMTP_URL: sink.url,
      VITE_SITE_URL: SITE,
      REMINDER_TICK_SECONDS: '1',
      WORKER_CLOCK_OFFSET_MS: String(offsetTo0730Bogota()),
    }
    // One after the other, as before the move: two cold starts at once on a busy 2-core machine can
    // take longer than a start's time limit.
    const servers = [await startServer(env, { from: 'bundle' }), await startServer(env, { from: 'bundle' })]
    const store = openPostgresStore(db.url, { migrations: readMigrations() })
    try {
      // Seeded once both instances are ticking, so the two of them race for it.
      // Written with its reminders off, in the same statement: a tick between an insert and an update
      // would decide "nothing to say" for today. On again once the rest is seeded.
      const member = { id: randomUUID(), email: 'ana.revisora@catalitico.example' }
      await store.sql`insert into team_members (id, email, name, role, active, created_at, reminder_frequency)
                      values (${member.id}, ${member.email}, 'Ana Revisora', 'reviewer', true, now(), 'off')`
      const sub = newSubmission({ createdAt: new Date(Date.now() - 12 * 24 * 3_600_000) })
      sub.application.formData.tradeName = 'Café Andino'
      await store.saveSubmission(sub)
      await store.sql`insert into assignments (application_id, member_id, assigned_by, assigned_at)
                      values (${sub.application.id}, ${member.id}, ${member.id}, now())`
      await store.sql`update team_members set reminder_frequency = 'daily' where id = ${member.id}`
      const reminders = () => sink.received.filter((m) => m.envelopeTo.includes(member.email))
      await expect.poll(() => reminders().length, { timeout: 30_000, interval: 100, message: 'the reminder reaches the SMTP sink' }).toBe(1)
      // Several more ticks on both instances: still one.
      await new Promise((r) => setTimeout(r, 4_000))
      expect(reminders()).toHaveLength(1)
      const runs = await store.sql<{ n: number }[]>`select count(*)::int as n from reminder_runs where member_id = ${member.id}`
      expect(runs[0]!.n).toBe(1)
      const mail = reminders()[0]!.parsed
      expect(mail.subject).toContain('Tus pendientes')
      // Named by its trade name, as the workspace's list names it.
      expect(mail.text).toContain('Café Andino')
      expect(mail.text).toContain(sub.application.reference)
      expect(mail.text).toContain(`${SITE}/equipo/postulaciones/${sub.application.id}`)
      for (const personal of [sub.application.formData.founderName, sub.application.formData.email, sub.application.formData.phone]) {
        expect(mail.text).not.toContain(personal)
        expect(mail.html ?? '').not.toContain(personal)
      }
    } finally {
      for (const s of servers) await s.stop()
      await store.close()
      await sink.close()
      await db.drop()
    }
  })
})
