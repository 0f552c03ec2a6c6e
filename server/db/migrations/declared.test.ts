/**
 * What is published stays as published, and what is generated stays current
 * (docs/decisions/0207-each-table-declared-once.md): the hand-written
 * migrations of both engines are byte for byte what was released; every
 * file the declared migrations generate is checked in as they generate it;
 * no PostgreSQL file after the hand-written ones is written by hand; and no
 * declaration holds DDL of its own.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkOrder, DECLARED_DIR, declarationFile, generatedFiles, POSTGRES_DIR } from '../declare/generate.ts'
import { DECLARED_MIGRATIONS, LAST_HANDWRITTEN } from './declared.ts'
import { readMigrations } from './postgres-files.ts'
import { SQLITE_MIGRATIONS } from './sqlite.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const read = (path: string): string | null => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : null)

/**
 * The released migrations' digests, taken when they were frozen: a change to any of them (an edit,
 * a file added among them) changes its digest. Never update these: add a migration instead.
 */
const PUBLISHED = {
  /** Every supabase/migrations/ file up to LAST_HANDWRITTEN.postgres, in order, concatenated. */
  postgres: { files: 26, sha256: '27295bb0746689df48684c66fc05a0a682386999a9209aa9492a3119bbf0db9f' },
  /** SQLite's versions up to LAST_HANDWRITTEN.sqlite: version, name and SQL of each. */
  sqlite: { migrations: 26, sha256: '67df4dae08959f1d8ce7f9f812d77df3f86ec9d17bc5a2bd71ea49d90517e685' },
}

describe('the published migrations', () => {
  it('are the PostgreSQL files as released, byte for byte', () => {
    const published = readMigrations().filter((m) => m.version <= LAST_HANDWRITTEN.postgres)
    const digest = createHash('sha256')
    for (const m of published) digest.update(m.sql)
    expect({ files: published.length, sha256: digest.digest('hex') }).toEqual(PUBLISHED.postgres)
  })

  it("are SQLite's as released, byte for byte", () => {
    const published = SQLITE_MIGRATIONS.filter((m) => m.version <= LAST_HANDWRITTEN.sqlite)
    const digest = createHash('sha256')
    for (const m of published) digest.update(`${m.version}\0${m.name}\0${m.sql}\0`)
    expect({ migrations: published.length, sha256: digest.digest('hex') }).toEqual(PUBLISHED.sqlite)
  })
})

describe('the declared migrations', () => {
  it('follow the hand-written ones in order on both engines', () => {
    expect(() => checkOrder(DECLARED_MIGRATIONS, LAST_HANDWRITTEN)).not.toThrow()
    expect(SQLITE_MIGRATIONS.map((m) => m.version).filter((v) => v > LAST_HANDWRITTEN.sqlite)).toEqual(DECLARED_MIGRATIONS.map((m) => m.sqlite))
  })

  it('have every generated file checked in as generated (run `npm run migrations:generate`)', () => {
    const stale = generatedFiles(DECLARED_MIGRATIONS).filter((f) => read(f.path) !== f.text)
    expect(stale.map((f) => f.path)).toEqual([])
  })

  it('are the only source of the PostgreSQL files after the hand-written ones, and of the SQLite renderings', () => {
    const generated = new Set(generatedFiles(DECLARED_MIGRATIONS).map((f) => f.path))
    const newer = readdirSync(join(ROOT, POSTGRES_DIR))
      .filter((file) => file.slice(0, 14) > LAST_HANDWRITTEN.postgres)
      .map((file) => `${POSTGRES_DIR}/${file}`)
    const renderings = readdirSync(join(ROOT, DECLARED_DIR))
      .filter((file) => file.endsWith('.sql'))
      .map((file) => `${DECLARED_DIR}/${file}`)
    expect([...newer, ...renderings].filter((path) => !generated.has(path))).toEqual([])
  })

  it('each live in their own file, which holds no DDL: no statement, type or lock-down written by hand', () => {
    const declarations = readdirSync(join(ROOT, DECLARED_DIR))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => `${DECLARED_DIR}/${file}`)
    expect(declarations.sort()).toEqual(DECLARED_MIGRATIONS.map(declarationFile).sort())
    const ddl = /\b(create|alter|drop)\s+(table|index)\b|primary key|\breferences\s+\w+\s*\(|server_only|\bstrict\b|timestamptz|jsonb|json_valid|collate/i
    expect(declarations.filter((path) => ddl.test(read(path) ?? ''))).toEqual([])
  })
})
