/**
 * The daily reminder end to end: two real server processes on one real
 * PostgreSQL database, both running the reminder job every second with a
 * clock shifted to 07:30 in Bogotá (WORKER_CLOCK_OFFSET_MS, test-only), and a
 * real SMTP peer. Exactly one e-mail reaches the member, with the company's
 * name and a link into the workspace, never the founder's personal data.
 */
import { expect, test } from '@playwright/test'
import { readMigrations } from '../server/db/migrations/postgres-files.ts'
import { openPostgresStore } from '../server/db/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../server/db/testing/postgres-test-database.ts'
import { newSubmission } from '../server/testing/fixtures.ts'
import { startSmtpSink } from '../server/testing/smtp-sink.ts'
import { insertMember } from '../server/db/testing/members.ts'
import { startServer } from './fixtures/server.ts'

const SITE = 'https://equipo.catalitico.example'

/** The offset that puts the clock at the next 07:30 in Bogotá (12:30 UTC). */
function offsetTo0730Bogota(now = Date.now()): number {
  const target = new Date(now)
  target.setUTCHours(12, 30, 0, 0)
  if (target.getTime() <= now) target.setUTCDate(target.getUTCDate() + 1)
  return target.getTime() - now
}

test('two instances, one fake 07:30: the member receives exactly one reminder', async () => {
  test.setTimeout(90_000)
  test.skip(!(await requirePostgres()), 'PostgreSQL is not reachable')
  const db = await createTestDatabase()
  const sink = await startSmtpSink()
  const env = {
    DATABASE_URL: db.url,
    SMTP_URL: sink.url,
    VITE_SITE_URL: SITE,
    REMINDER_TICK_SECONDS: '1',
    WORKER_CLOCK_OFFSET_MS: String(offsetTo0730Bogota()),
  }
  const servers = [await startServer(env), await startServer(env)]
  const store = openPostgresStore(db.url, { migrations: readMigrations() })
  try {
    // Seeded once both instances are ticking, so the two of them race for it.
    const member = await insertMember(store, 'reviewer', 'Ana Revisora', 'ana.revisora@catalitico.example')
    // Off while the rest is seeded, or a tick in between would decide "nothing to say" for today.
    await store.sql`update team_members set reminder_frequency = 'off' where id = ${member.id}`
    const sub = newSubmission({ createdAt: new Date(Date.now() - 12 * 24 * 3_600_000) })
    sub.application.formData.companyName = 'Café Andino S.A.S.'
    await store.saveSubmission(sub)
    await store.sql`insert into assignments (application_id, member_id, assigned_by, assigned_at)
                    values (${sub.application.id}, ${member.id}, ${member.id}, now())`
    await store.sql`update team_members set reminder_frequency = 'daily' where id = ${member.id}`
    const reminders = () => sink.received.filter((m) => m.envelopeTo.includes(member.email))
    await expect.poll(() => reminders().length, { timeout: 30_000, message: 'the reminder reaches the SMTP sink' }).toBe(1)
    // Several more ticks on both instances: still one.
    await new Promise((r) => setTimeout(r, 4_000))
    expect(reminders()).toHaveLength(1)
    const runs = await store.sql<{ n: number }[]>`select count(*)::int as n from reminder_runs where member_id = ${member.id}`
    expect(runs[0]!.n).toBe(1)
    const mail = reminders()[0]!.parsed
    expect(mail.subject).toContain('Tus pendientes')
    expect(mail.text).toContain('Café Andino S.A.S.')
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
