import { Hono } from 'hono'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { readMigrations } from './migrations/postgres-files.ts'
import { applyMigrations } from './migrations/postgres.ts'
import { openPostgresStore } from './postgres-store.ts'
import { ADMIN_URL, createTestDatabase, requirePostgres } from './testing/postgres-test-database.ts'
import { describeStoreContract } from './stores/application-store-contract.ts'
import type { ApplicationStore } from './stores/application-store.ts'
import { newSubmission } from '../testing/fixtures.ts'

const available = await requirePostgres()

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeStoreContract('postgres', async () => {
    const db = await createTestDatabase()
    const migrations = readMigrations()
    const opened: ApplicationStore[] = [openPostgresStore(db.url, { migrations })]
    return {
      store: opened[0]!,
      openSecond: async () => {
        const s = openPostgresStore(db.url, { migrations })
        opened.push(s)
        await s.migrate()
        return s
      },
      dispose: async () => {
        for (const s of opened) await s.close()
        await db.drop()
      },
    }
  })

  describe('postgres migrations', () => {
    it('applies each file once even when several instances start together, recording it where the Supabase CLI does', async () => {
      const db = await createTestDatabase({ migrated: false })
      const migrations = readMigrations()
      const pools = Array.from({ length: 4 }, () => postgres(db.url, { max: 1, onnotice: () => {} }))
      try {
        const results = await Promise.all(pools.map((p) => applyMigrations(p, migrations)))
        expect(results.flat()).toEqual(migrations.map((m) => m.version))
        const recorded = await pools[0]!<{ version: string; name: string }[]>`
          select version, name from supabase_migrations.schema_migrations order by version
        `
        expect(recorded).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })))
      } finally {
        await Promise.all(pools.map((p) => p.end({ timeout: 1 })))
        await db.drop()
      }
    })

    it('keeps founders out of reach of the Supabase Data API roles: row level security on every table', async () => {
      const db = await createTestDatabase()
      const sql = postgres(db.url, { max: 1 })
      try {
        const tables = await sql<{ relname: string; relrowsecurity: boolean }[]>`
          select relname, relrowsecurity from pg_class
          where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname
        `
        expect(tables.map((t) => t.relname)).toEqual(expect.arrayContaining(['applications', 'idempotency_keys', 'outbox', 'team_members']))
        expect(tables.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([])
      } finally {
        await sql.end({ timeout: 1 })
        await db.drop()
      }
    })

    it('leaves Supabase’s Data API roles no privilege on any table, even where new tables are granted to them by default', async () => {
      // Supabase's anon and authenticated roles, and its default grant of every new table to them
      // (roles are the cluster's: made once, left for the next run).
      const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} })
      const db = await createTestDatabase({ migrated: false })
      const sql = postgres(db.url, { max: 1, onnotice: () => {} })
      try {
        await admin`
          do $$ begin
            create role anon nologin;
          exception when duplicate_object then null; end $$`
        await admin`
          do $$ begin
            create role authenticated nologin;
          exception when duplicate_object then null; end $$`
        await sql`alter default privileges in schema public grant all on tables to anon, authenticated`
        await applyMigrations(sql, readMigrations())
        const granted = await sql<{ role: string; table: string; privilege: string }[]>`
          select r.role, c.relname as table, p.privilege
          from pg_class c
          cross join (values ('anon'), ('authenticated')) as r (role)
          cross join (values ('select'), ('insert'), ('update'), ('delete'), ('truncate'), ('references'), ('trigger')) as p (privilege)
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            and has_table_privilege(r.role, c.oid, p.privilege)
          order by 1, 2, 3`
        expect(granted).toEqual([])
        const [reach] = await sql<{ run: boolean }[]>`
          select has_function_privilege('anon', 'catalitico_private.server_only(regclass[])', 'execute') as run`
        expect(reach!.run).toBe(false)
      } finally {
        await sql.end({ timeout: 1 })
        await admin.end({ timeout: 1 })
        await db.drop()
      }
    })
  })

  describe('postgres store specifics', () => {
    it('answers a taken reference with DuplicateReferenceError when two instances race for it', async () => {
      const db = await createTestDatabase()
      const a = openPostgresStore(db.url)
      const b = openPostgresStore(db.url)
      try {
        const outcomes = await Promise.allSettled(
          [a, b, a, b].map((s) => s.saveSubmission(newSubmission({ reference: 'CAT-2026-RACE01' }))),
        )
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
        for (const o of outcomes.filter((o) => o.status === 'rejected')) {
          expect((o as PromiseRejectedResult).reason).toMatchObject({ name: 'DuplicateReferenceError' })
        }
        expect(await a.listApplications()).toHaveLength(1)
      } finally {
        await a.close()
        await b.close()
        await db.drop()
      }
    })

    it('makes /healthz answer 503 once the database is gone, and 200 while it answers', async () => {
      const db = await createTestDatabase()
      const store = openPostgresStore(db.url, { max: 1 })
      const app = createApp({ store, sendApplicationEmail: new Hono(), log: () => {} })
      try {
        const ok = await app.request('/healthz')
        expect([ok.status, await ok.json()]).toEqual([200, { status: 'ok' }])
        await db.drop()
        const down = await app.request('/healthz')
        expect([down.status, await down.json()]).toEqual([503, { status: 'unavailable' }])
        expect(down.headers.get('cache-control')).toBe('no-store')
      } finally {
        await store.close()
        await db.drop()
      }
    })

    it('makes /healthz answer 503 once its pool is stopped', async () => {
      const db = await createTestDatabase()
      const store = openPostgresStore(db.url)
      const app = createApp({ store, sendApplicationEmail: new Hono(), log: () => {} })
      try {
        expect((await app.request('/healthz')).status).toBe(200)
        await store.close()
        expect((await app.request('/healthz')).status).toBe(503)
      } finally {
        await db.drop()
      }
    })

    it('refuses to migrate without migrations (the edge function never migrates)', async () => {
      const store = openPostgresStore(ADMIN_URL)
      await expect(store.migrate()).rejects.toThrow(/supabase db push/)
      await store.close()
    })
  })
})
