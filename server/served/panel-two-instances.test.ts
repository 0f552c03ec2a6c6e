/**
 * Booking the panel session across instances (ADR 0154): two real
 * server processes on one database — one PostgreSQL, then one SQLite file —
 * and six founders whose panels share one member, all posting the same time
 * at once to one instance or the other: exactly one gets it, the others are
 * told in Spanish it was taken. Two tabs of one founder posting two times:
 * one session. Started from the server bundle with plain node
 * (e2e/fixtures/server.ts, `from: 'bundle'`, ADR 0133): a build must exist
 * and be current (npm test builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PANEL_MESSAGES } from '../../domain/panel-sessions.ts'
import { engineOf } from '../db/engine-of.ts'
import { readMigrations } from '../db/migrations/postgres-files.ts'
import { openPostgresStore } from '../db/postgres-store.ts'
import { openSqliteStore } from '../db/sqlite-store.ts'
import { createTestDatabase, requirePostgres } from '../db/testing/postgres-test-database.ts'
import { insertMember } from '../db/testing/members.ts'
import type { ApplicationStore } from '../db/stores/application-store.ts'
import { openPanelStore } from '../db/stores/panel-store.ts'
import { linkTokenHash, newLinkToken } from '../features/outbox/personal-link.ts'
import { newSubmission } from '../testing/fixtures.ts'
import { startServer, type RunningServer } from '../../e2e/fixtures/server.ts'

const SITE = 'https://equipo.catalitico.example'
const HOUR = 3_600_000
const postgres = await requirePostgres()

interface Founder {
  applicationId: string
  token: string
  timeIds: string[]
}

/** Applications at the panel stage, each offered the same times with `memberId` on every panel, and a link for each founder. */
async function seed(store: ApplicationStore, exec: (sql: string, params: unknown[]) => Promise<void>, count: number): Promise<Founder[]> {
  const member = await insertMember(store, 'admin', 'Pablo Panel')
  const panel = openPanelStore(engineOf(store))
  const times = [new Date(Date.now() + 72 * HOUR), new Date(Date.now() + 96 * HOUR)]
  const founders: Founder[] = []
  for (let i = 0; i < count; i++) {
    const sub = newSubmission({ createdAt: new Date(Date.now() - 24 * HOUR) })
    await store.saveSubmission(sub)
    const id = sub.application.id
    await exec('UPDATE applications SET stage = ?, stage_entered_at = ?, stage_due_at = ? WHERE id = ?', [
      'sesion_panel',
      new Date().toISOString(),
      new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
      id,
    ])
    const outcome = await panel.saveOffer({ applicationId: id, offerId: crypto.randomUUID(), lengthMinutes: 60, placeKind: 'video', place: 'https://meet.example/x', memberIds: [member.id], times, by: member.id, at: new Date(), compose: () => [] })
    expect(outcome).toEqual({ status: 'saved' })
    const token = newLinkToken()
    await store.grantPersonalLink(id, await linkTokenHash(token), new Date())
    founders.push({ applicationId: id, token, timeIds: (await panel.offer(id))!.times.map((t) => t.id) })
  }
  return founders
}

function book(server: RunningServer, founder: Founder, timeId: string) {
  return fetch(`${server.url}/postulacion/${founder.token}/sesion/reservar`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ time: timeId }).toString(),
  })
}

async function race(servers: RunningServer[], founders: Founder[], count: () => Promise<number>) {
  // Six founders, one member's 72 h, half on each instance, all at once.
  const answers = await Promise.all(founders.slice(0, 6).map((f, i) => book(servers[i % 2]!, f, f.timeIds[0]!)))
  const statuses = answers.map((r) => r.status)
  expect(statuses.filter((s) => s === 303)).toHaveLength(1)
  expect(statuses.filter((s) => s === 409)).toHaveLength(5)
  const refused = await answers.find((r) => r.status === 409)!.text()
  expect(refused).toContain(PANEL_MESSAGES.timeTaken)
  expect(await count()).toBe(1)

  // A seventh founder in two tabs, one on each instance, two times (96 h is free for the member).
  const tabs = founders[6]!
  const twoTabs = await Promise.all([book(servers[0]!, tabs, tabs.timeIds[1]!), book(servers[1]!, tabs, tabs.timeIds[1]!)])
  expect(twoTabs.map((r) => r.status).sort()).toEqual([303, 409])
  expect(await count()).toBe(2)
}

describe('booking the panel session on two instances', () => {
  it.skipIf(!postgres)('one PostgreSQL, two servers: one member is never booked twice', { timeout: 240_000 }, async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url, { migrations: readMigrations() })
    const servers: RunningServer[] = []
    try {
      await store.migrate()
      const founders = await seed(store, async (sql, params) => {
        let n = 0
        await store.sql.unsafe(sql.replace(/\?/g, () => `$${++n}`), params as never[])
      }, 7)
      const env = { DATABASE_URL: db.url, VITE_SITE_URL: SITE }
      // One after the other: two cold starts at once on a busy machine can outlast a start's limit.
      servers.push(await startServer(env, { from: 'bundle' }), await startServer(env, { from: 'bundle' }))
      await race(servers, founders, async () => Number((await store.sql`select count(*)::int as n from panel_sessions where status = 'booked'`)[0]!.n))
    } finally {
      for (const s of servers) await s.stop()
      await store.close()
      await db.drop()
    }
  })

  it('one SQLite file, two servers: one member is never booked twice', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'panel-two-'))
    const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
    const servers: RunningServer[] = []
    try {
      await store.migrate()
      const founders = await seed(store, async (sql, params) => void store.db.prepare(sql).run(...params), 7)
      const env = { VITE_SITE_URL: SITE }
      servers.push(await startServer(env, { dataDir, from: 'bundle' }), await startServer(env, { dataDir, from: 'bundle' }))
      await race(servers, founders, async () => (store.db.prepare(`SELECT count(*) AS n FROM panel_sessions WHERE status = 'booked'`).get() as { n: number }).n)
    } finally {
      for (const s of servers) await s.stop()
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
