/**
 * A table declared once (declare.ts) works on both engines: a sample table, declared here and
 * shipped nowhere, with a column of each kind, a check from a domain constant, an index, a
 * foreign key and (PostgreSQL) the lock-down, generated for each engine, applied to a real SQLite
 * file and a real PostgreSQL database migrated to the end, and used there
 * (docs/decisions/0207-each-table-declared-once.md).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_KINDS, type EntryKind } from '../../../domain/media-plan.ts'
import { STAGES, type Stage } from '../../../domain/pipeline.ts'
import { bool, column, int, textOrNull, time, uuid, type Int64, type Json } from '../columns.ts'
import { applyMigrations } from '../migrations/postgres.ts'
import { openSqliteStore, type SqliteStore } from '../sqlite-store.ts'
import { createTestDatabase, requirePostgres, type TestDatabase } from '../testing/postgres-test-database.ts'
import { addColumn, check, createIndex, createTable, declareMigration, oneOf, table } from './declare.ts'
import { postgresSql, sqliteSql } from './generate.ts'

const available = await requirePostgres()

const SAMPLE = table(
  'declared_samples',
  {
    id: uuid,
    application_id: uuid,
    stage: column<Stage>('text'),
    note: textOrNull,
    happened_at: time,
    done: bool,
    details: column<Json<{ n: number }>>('json'),
    count: int,
    total_cop: column<Int64>('int64'),
    ratio: column<number>('real'),
    content: column<Uint8Array>('bytes'),
  },
  {
    comment: 'A sample, never shipped.',
    primaryKey: ['id'],
    references: { application_id: { table: 'applications', onDelete: 'cascade' } },
    defaults: { done: false, count: 0 },
    checks: [oneOf('stage', STAGES), check('count >= 0')],
    indexes: [{ name: 'declared_samples_application', columns: ['application_id', { column: 'note', bytewise: true }] }],
  },
)
const MIGRATION = declareMigration({ sqlite: 999, postgres: '20991231000000', name: 'declared_samples', title: 'A sample table', steps: [createTable(SAMPLE)] })
/** A later one: a column added with a check from another constant and a default, a partial unique index, a contains index. */
const LATER = declareMigration({
  sqlite: 1000,
  postgres: '20991231000001',
  name: 'declared_samples_kind',
  title: 'A sample column',
  steps: [
    addColumn('declared_samples', 'kind', column<EntryKind>('text'), { default: 'booked', check: oneOf('kind', ENTRY_KINDS) }),
    createIndex('declared_samples', { name: 'declared_samples_one_void', columns: ['application_id'], unique: true, where: "kind = 'void'" }),
    createIndex('declared_samples', { name: 'declared_samples_note_search', columns: ['note'], contains: true }),
  ],
})

const APPLICATION_ID = randomUUID()
const SECOND = randomUUID()
const insertApplication = `insert into applications (id, reference, created_at, email, form_data, consent_policy_version, consent_accepted_at)
  values ('${APPLICATION_ID}', 'CAT-SAMPLE', '2026-12-04T00:00:00.000Z', 'a@example.com', '{}', 'v1', '2026-12-04T00:00:00.000Z')`

/** A row with every column on `engine`; `over` replaces some. */
function row(engine: 'sqlite' | 'postgres', over: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    id: `'${randomUUID()}'`,
    application_id: `'${APPLICATION_ID}'`,
    stage: `'${STAGES[0]}'`,
    note: `'nota'`,
    happened_at: `'2026-12-04T10:00:00.000Z'`,
    details: `'{"n":1}'`,
    total_cop: '9007199254740991',
    ratio: '0.5',
    ...over,
  }
  const bytes = engine === 'sqlite' ? `X'00'` : `decode('00', 'hex')`
  return `insert into declared_samples (${Object.keys(values).join(', ')}, content) values (${Object.values(values).join(', ')}, ${bytes})`
}

describe('a declared table, rendered for each engine', () => {
  const lite = sqliteSql(MIGRATION)
  const pg = postgresSql(MIGRATION)

  it('writes each enumeration from the domain constant and each expression once per engine', () => {
    for (const sql of [lite, pg]) {
      expect(sql).toContain(`stage in (${STAGES.map((s) => `'${s}'`).join(', ')})`)
      expect(sql.split('count >= 0').length - 1).toBe(1)
      expect(sql.split('create table declared_samples').length - 1).toBe(1)
    }
  })

  it('puts what only one engine has in that engine alone: STRICT, the kinds checks, the collation, the lock-down', () => {
    expect(lite).toMatch(/\) STRICT;/)
    expect(lite).toContain('check (json_valid(details))')
    expect(lite).not.toMatch(/server_only|collate/i)
    expect(pg).not.toMatch(/strict|json_valid/i)
    expect(pg).toContain('note collate "C"')
    expect(pg.split(`select catalitico_private.server_only('declared_samples');`).length - 1).toBe(1)
  })

  it('refuses what neither engine could apply: a NOT NULL column added without a default', () => {
    const bad = declareMigration({ ...LATER, steps: [addColumn('declared_samples', 'label', column<string>('text'))] })
    expect(() => sqliteSql(bad)).toThrow(/declared_samples\.label: a NOT NULL column added needs a default/)
    expect(() => postgresSql(bad)).toThrow(/needs a default/)
  })

  it('holds no DDL in the declaration: no statement, type or lock-down is written by hand', () => {
    // Every text the declaration holds: names, kinds, values, and its one expression.
    const leaves = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : []
    const texts = leaves(MIGRATION)
    expect(texts).toContain('count >= 0')
    expect(texts.filter((t) => /\b(create|alter|drop)\s+(table|index)\b|primary key|references|server_only|strict|timestamptz|jsonb|integer|json_valid|collate/i.test(t))).toEqual([])
  })
})

describe('a declared table on a real SQLite file', () => {
  let dir = ''
  let store: SqliteStore
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalitico-declared-'))
    store = openSqliteStore(join(dir, 'declared.sqlite'))
    await store.migrate()
    store.db.exec(sqliteSql(MIGRATION))
    store.db.exec(sqliteSql(LATER))
    store.db.exec(insertApplication)
  })
  afterAll(async () => {
    await store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('takes a row, its defaults and reads it back', () => {
    store.db.exec(row('sqlite'))
    expect(store.db.prepare('select stage, done, count, details from declared_samples').get()).toEqual({ stage: STAGES[0], done: 0, count: 0, details: '{"n":1}' })
  })
  it('refuses a stage that is not one of STAGES', () => {
    expect(() => store.db.exec(row('sqlite', { stage: `'no_such_stage'` }))).toThrow(/CHECK constraint failed/)
  })
  it('refuses an orphan', () => {
    expect(() => store.db.exec(row('sqlite', { application_id: `'${randomUUID()}'` }))).toThrow(/FOREIGN KEY constraint failed/)
  })
  it('is STRICT: a value of the wrong type is refused, and JSON must parse', () => {
    expect(() => store.db.exec(row('sqlite', { total_cop: `'many'` }))).toThrow(/cannot store TEXT value in INTEGER column/)
    expect(() => store.db.exec(row('sqlite', { details: `'{not json'` }))).toThrow(/CHECK constraint failed/)
  })
  it('has its indexes, and no contains index (SQLite scans)', () => {
    expect(store.db.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'declared_samples' and name not like 'sqlite_%' order by name`).all()).toEqual([
      { name: 'declared_samples_application' },
      { name: 'declared_samples_one_void' },
    ])
  })
  it('takes the added column with its default, and refuses a kind that is not one of ENTRY_KINDS', () => {
    store.db.exec(row('sqlite', { id: `'${SECOND}'` }))
    expect(store.db.prepare('select kind from declared_samples where id = ?').get(SECOND)).toEqual({ kind: 'booked' })
    expect(() => store.db.exec(row('sqlite', { kind: `'aired'` }))).toThrow(/CHECK constraint failed/)
  })
  it('keeps the partial unique index', () => {
    store.db.exec(row('sqlite', { kind: `'void'` }))
    expect(() => store.db.exec(row('sqlite', { kind: `'void'` }))).toThrow(/UNIQUE constraint failed/)
  })
})

describe.skipIf(!available)('a declared table on a real PostgreSQL database', () => {
  let db: TestDatabase
  let sql: postgres.Sql
  beforeAll(async () => {
    db = await createTestDatabase()
    sql = postgres(db.url, { max: 1, onnotice: () => {} })
    await applyMigrations(
      sql,
      [MIGRATION, LATER].map((m) => ({ version: m.postgres, name: m.name, sql: postgresSql(m) })),
    )
    await sql.unsafe(insertApplication)
  })
  afterAll(async () => {
    await sql?.end({ timeout: 1 })
    await db?.drop()
  })
  it('takes a row, its defaults and reads it back', async () => {
    await sql.unsafe(row('postgres'))
    expect(await sql`select stage, done, count, details from declared_samples`).toEqual([{ stage: STAGES[0], done: false, count: 0, details: { n: 1 } }])
  })
  it('refuses a stage that is not one of STAGES', async () => {
    await expect(sql.unsafe(row('postgres', { stage: `'no_such_stage'` }))).rejects.toThrow(/violates check constraint/)
  })
  it('refuses an orphan', async () => {
    await expect(sql.unsafe(row('postgres', { application_id: `'${randomUUID()}'` }))).rejects.toThrow(/violates foreign key constraint/)
  })
  it('is locked down: row level security on, and recorded as applied', async () => {
    expect(await sql`select relrowsecurity from pg_class where relname = 'declared_samples'`).toEqual([{ relrowsecurity: true }])
    expect(await sql`select version from supabase_migrations.schema_migrations where version = ${MIGRATION.postgres}`).toHaveLength(1)
  })
  it('has its indexes: ordered byte by byte, and the trigram one', async () => {
    const [index] = await sql<{ indexdef: string }[]>`select indexdef from pg_indexes where indexname = 'declared_samples_application'`
    expect(index?.indexdef).toContain('note COLLATE "C"')
    const [search] = await sql<{ indexdef: string }[]>`select indexdef from pg_indexes where indexname = 'declared_samples_note_search'`
    expect(search?.indexdef).toMatch(/USING gin \(note extensions\.gin_trgm_ops\)/)
  })
  it('takes the added column with its default, and refuses a kind that is not one of ENTRY_KINDS', async () => {
    await sql.unsafe(row('postgres', { id: `'${SECOND}'` }))
    expect(await sql`select kind from declared_samples where id = ${SECOND}`).toEqual([{ kind: 'booked' }])
    await expect(sql.unsafe(row('postgres', { kind: `'aired'` }))).rejects.toThrow(/violates check constraint/)
  })
  it('keeps the partial unique index', async () => {
    await sql.unsafe(row('postgres', { kind: `'void'` }))
    await expect(sql.unsafe(row('postgres', { kind: `'void'` }))).rejects.toThrow(/duplicate key value violates unique constraint/)
  })
})
