import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { readMigrations } from './postgres-migration-files.ts'
import { applyMigrations } from './postgres-migrations.ts'
import { openPostgresStore } from './postgres-store.ts'
import { openSqliteStore } from './sqlite-store.ts'
import { ADMIN_URL, createTestDatabase, requirePostgres } from './postgres-test-database.ts'
import { describeStoreContract } from './store-contract.ts'
import type { ApplicationStore } from './store.ts'
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

    it('gives every table the same columns as the SQLite schema, so the two stores cannot drift apart', async () => {
      const db = await createTestDatabase()
      const pg = postgres(db.url, { max: 1 })
      const dir = mkdtempSync(join(tmpdir(), 'catalitico-schema-'))
      try {
        const sqlitePath = join(dir, 'schema.sqlite')
        const store = openSqliteStore(sqlitePath)
        await store.migrate()
        await store.close()
        const lite = new Database(sqlitePath, { readonly: true })
        const tables = ['applications', 'idempotency_keys', 'outbox']
        const sqliteColumns = Object.fromEntries(
          tables.map((t) => [t, (lite.pragma(`table_info(${t})`) as { name: string }[]).map((c) => c.name).sort()]),
        )
        lite.close()
        const rows = await pg<{ table_name: string; column_name: string }[]>`
          select table_name, column_name from information_schema.columns
          where table_schema = 'public' order by table_name, column_name
        `
        const pgColumns = Object.fromEntries(
          tables.map((t) => [t, rows.filter((r) => r.table_name === t).map((r) => r.column_name).sort()]),
        )
        expect(pgColumns).toEqual(sqliteColumns)
      } finally {
        await pg.end({ timeout: 1 })
        await db.drop()
        rmSync(dir, { recursive: true, force: true })
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

    it('refuses to migrate without migrations (the edge function never migrates)', async () => {
      const store = openPostgresStore(ADMIN_URL)
      await expect(store.migrate()).rejects.toThrow(/supabase db push/)
      await store.close()
    })
  })
})
