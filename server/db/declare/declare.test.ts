/**
 * A table declared once (declare.ts) works on both engines: a sample table, declared here and
 * shipped nowhere, with a column of each kind, a check from a domain constant, an index, a
 * foreign key and (PostgreSQL) the lock-down, generated for each engine, applied to a real SQLite
 * file and a real PostgreSQL database migrated to the end, and used there
 * (docs/decisions/0207-each-table-declared-once.md).
 */
import Database from 'better-sqlite3'
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
import { sqliteMigrationOf } from '../migrations/sqlite.ts'
import { applySqliteMigration, openSqliteStore, type SqliteStore } from '../sqlite-store.ts'
import { createTestDatabase, requirePostgres, type TestDatabase } from '../testing/postgres-test-database.ts'
import { addColumn, check, createIndex, createTable, declareMigration, oneOf, table, widenCheck, type DeclaredMigration } from './declare.ts'
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

/**
 * A CHECK widened (widenCheck): a sample ledger, declared with its kinds from ENTRY_KINDS, a column
 * that names another row of it, an index; then a later migration adds a kind. On each engine: the new
 * kind is taken, a kind in neither list is refused, the rows, the index and the foreign keys are kept.
 * The same step on the published media_plan_entries (its CHECK written by hand) shows it finds that too.
 */
const WIDER_KINDS = [...ENTRY_KINDS, 'sample_bonus'] as const
const LEDGER = table(
  'declared_ledger',
  { id: uuid, kind: column<string>('text'), corrects: column<string | null>('uuid?'), note: textOrNull },
  {
    primaryKey: ['id'],
    references: { corrects: { table: 'declared_ledger', onDelete: 'cascade' } },
    checks: [oneOf('kind', ENTRY_KINDS)],
    indexes: [{ name: 'declared_ledger_kind', columns: ['kind', 'note'] }],
  },
)
const LEDGER_MIGRATION = declareMigration({ sqlite: 1001, postgres: '20991231000002', name: 'declared_ledger', title: 'A sample ledger', steps: [createTable(LEDGER)] })
const WIDEN = declareMigration({
  sqlite: 1002,
  postgres: '20991231000003',
  name: 'declared_ledger_bonus',
  title: 'A sample kind',
  steps: [widenCheck('declared_ledger', 'kind', { from: ENTRY_KINDS, to: WIDER_KINDS })],
})
const WIDEN_PUBLISHED = declareMigration({
  sqlite: 1003,
  postgres: '20991231000004',
  name: 'media_plan_entries_bonus',
  title: 'A sample kind on the published ledger',
  steps: [widenCheck('media_plan_entries', 'kind', { from: ENTRY_KINDS, to: WIDER_KINDS })],
})
const FIRST = randomUUID()
const ledgerRow = (kind: string, corrects: string | null = null, id = randomUUID()): string =>
  `insert into declared_ledger (id, kind, corrects, note) values ('${id}', '${kind}', ${corrects ? `'${corrects}'` : 'null'}, 'n')`

describe('a CHECK widened, as declared', () => {
  it('refuses a list that drops a value, or adds none, when the migration is declared', () => {
    expect(() => widenCheck('declared_ledger', 'kind', { from: ENTRY_KINDS, to: ENTRY_KINDS.filter((k) => k !== 'void') })).toThrow(
      /only widened, never narrowed; the new list drops "void"/,
    )
    expect(() => widenCheck('declared_ledger', 'kind', { from: ENTRY_KINDS, to: [...ENTRY_KINDS].reverse() })).toThrow(/adds no value/)
  })
  it('writes the new list from the constant, and on PostgreSQL the constraint by the name PostgreSQL gave it', () => {
    const list = WIDER_KINDS.map((k) => `'${k}'`).join(', ')
    expect(postgresSql(WIDEN)).toContain(
      `alter table declared_ledger drop constraint declared_ledger_kind_check;\nalter table declared_ledger add constraint declared_ledger_kind_check check (kind in (${list}));`,
    )
    expect(sqliteSql(WIDEN)).toContain('pragma writable_schema = on;')
    expect(sqliteMigrationOf(WIDEN).editsSchemaOf).toEqual(['declared_ledger'])
  })
})

describe('a CHECK widened on a real SQLite file', () => {
  let dir = ''
  let store: SqliteStore
  let other: Database.Database
  const run = (m: DeclaredMigration) => store.db.transaction(() => applySqliteMigration(store.db, sqliteMigrationOf(m))).immediate()
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalitico-widen-'))
    store = openSqliteStore(join(dir, 'widen.sqlite'))
    await store.migrate()
    run(LEDGER_MIGRATION)
    store.db.exec(ledgerRow('booked', null, FIRST))
    store.db.exec(ledgerRow('void', FIRST))
    // A second connection that has read the old schema: it must read the new one after.
    other = new Database(join(dir, 'widen.sqlite'))
    other.pragma('foreign_keys = ON')
    expect(() => other.exec(ledgerRow('sample_bonus'))).toThrow(/CHECK constraint failed/)
    run(WIDEN)
    run(WIDEN_PUBLISHED)
  })
  afterAll(async () => {
    other?.close()
    await store?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('takes the new kind, on this connection and on another one', () => {
    store.db.exec(ledgerRow('sample_bonus', FIRST))
    other.exec(ledgerRow('sample_bonus'))
    expect(store.db.prepare(`select count(*) as n from declared_ledger where kind = 'sample_bonus'`).get()).toEqual({ n: 2 })
  })
  it('refuses a kind in neither list', () => {
    expect(() => store.db.exec(ledgerRow('aired'))).toThrow(/CHECK constraint failed/)
    expect(() => other.exec(ledgerRow('aired'))).toThrow(/CHECK constraint failed/)
  })
  it('keeps the rows, the index and the foreign key to itself, and the database is whole', () => {
    expect(store.db.prepare(`select kind, corrects from declared_ledger where kind != 'sample_bonus' order by kind`).all()).toEqual([
      { kind: 'booked', corrects: null },
      { kind: 'void', corrects: FIRST },
    ])
    expect(store.db.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'declared_ledger' and name not like 'sqlite_%'`).all()).toEqual([
      { name: 'declared_ledger_kind' },
    ])
    expect(() => store.db.exec(ledgerRow('void', randomUUID()))).toThrow(/FOREIGN KEY constraint failed/)
    expect(store.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
    expect(store.db.pragma('foreign_key_check')).toEqual([])
  })
  it('finds the CHECK written by hand in a published table', () => {
    const { sql } = store.db.prepare(`select sql from sqlite_schema where name = 'media_plan_entries'`).get() as { sql: string }
    expect(sql).toContain(`CHECK (kind IN (${WIDER_KINDS.map((k) => `'${k}'`).join(', ')}))`)
  })
  it('leaves defensive mode on once done: the schema cannot be written by ordinary SQL', () => {
    store.db.pragma('writable_schema = on')
    expect(store.db.pragma('writable_schema', { simple: true })).toBe(0)
  })
  it('refuses loudly, and changes nothing, when the old CHECK is not written exactly', () => {
    const before = store.db.prepare(`select sql from sqlite_schema where name = 'declared_ledger'`).get()
    const again = declareMigration({ ...WIDEN, sqlite: 1004, steps: [widenCheck('declared_ledger', 'kind', { from: ENTRY_KINDS, to: [...WIDER_KINDS, 'extra'] })] })
    expect(() => run(again)).toThrow(/Cannot widen the CHECK of declared_ledger\.kind: `check \(kind in \('booked'.*must appear exactly once.*found 0 times/)
    const missing = declareMigration({ ...WIDEN, sqlite: 1004, steps: [widenCheck('no_such_table', 'kind', { from: ['a'], to: ['a', 'b'] })] })
    expect(() => run(missing)).toThrow(/there is no table no_such_table/)
    expect(store.db.prepare(`select sql from sqlite_schema where name = 'declared_ledger'`).get()).toEqual(before)
    expect(() => store.db.exec(ledgerRow('extra'))).toThrow(/CHECK constraint failed/)
  })
})

describe.skipIf(!available)('a CHECK widened on a real PostgreSQL database', () => {
  let db: TestDatabase
  let sql: postgres.Sql
  const apply = (migrations: DeclaredMigration[]) =>
    applyMigrations(
      sql,
      migrations.map((m) => ({ version: m.postgres, name: m.name, sql: postgresSql(m) })),
    )
  beforeAll(async () => {
    db = await createTestDatabase()
    sql = postgres(db.url, { max: 1, onnotice: () => {} })
    await apply([LEDGER_MIGRATION])
    await sql.unsafe(ledgerRow('booked', null, FIRST))
    await sql.unsafe(ledgerRow('void', FIRST))
    await apply([WIDEN, WIDEN_PUBLISHED])
  })
  afterAll(async () => {
    await sql?.end({ timeout: 1 })
    await db?.drop()
  })
  it('takes the new kind', async () => {
    await sql.unsafe(ledgerRow('sample_bonus', FIRST))
    expect(await sql`select count(*)::int as n from declared_ledger where kind = 'sample_bonus'`).toEqual([{ n: 1 }])
  })
  it('refuses a kind in neither list', async () => {
    await expect(sql.unsafe(ledgerRow('aired'))).rejects.toThrow(/violates check constraint "declared_ledger_kind_check"/)
  })
  it('keeps the rows, the index and the foreign key to itself', async () => {
    expect(await sql`select kind, corrects from declared_ledger where kind != 'sample_bonus' order by kind`).toEqual([
      { kind: 'booked', corrects: null },
      { kind: 'void', corrects: FIRST },
    ])
    expect(await sql`select indexname from pg_indexes where tablename = 'declared_ledger' and indexname = 'declared_ledger_kind'`).toHaveLength(1)
    await expect(sql.unsafe(ledgerRow('void', randomUUID()))).rejects.toThrow(/violates foreign key constraint/)
  })
  it('finds the CHECK of a published table by the name PostgreSQL gave it, and keeps that name', async () => {
    const checks = await sql<{ conname: string; def: string }[]>`
      select conname, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'media_plan_entries'::regclass and conname = 'media_plan_entries_kind_check'`
    expect(checks).toHaveLength(1)
    for (const kind of WIDER_KINDS) expect(checks[0]?.def).toContain(`'${kind}'`)
  })
  it('refuses loudly when there is no such CHECK', async () => {
    const missing = declareMigration({ ...WIDEN, postgres: '20991231000005', name: 'missing', steps: [widenCheck('declared_ledger', 'note', { from: ['a'], to: ['a', 'b'] })] })
    await expect(apply([missing])).rejects.toThrow(/constraint "declared_ledger_note_check" of relation "declared_ledger" does not exist/)
  })
})
