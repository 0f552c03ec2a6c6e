/**
 * The files a declared migration generates, both checked in: PostgreSQL's in
 * supabase/migrations/ (what `supabase db push` and the Node runner apply)
 * and SQLite's beside its declaration (what the SQLite runner renders at
 * start-up, kept so that a review reads it and a change to a published one
 * fails a test). `npm run migrations:generate` writes them;
 * server/db/migrations/declared.test.ts fails when one differs
 * (docs/decisions/0207-each-table-declared-once.md).
 *
 * Runtime-agnostic: plain functions only (the script writes the files).
 */
import type { DeclaredMigration } from './declare.ts'
import { POSTGRES_DDL } from './postgres.ts'
import { renderMigration } from './render.ts'
import { SQLITE_DDL } from './sqlite.ts'

/** Where declarations live: one file each, `<sqlite version>_<name>.ts`. */
export const DECLARED_DIR = 'server/db/migrations/declared'
export const POSTGRES_DIR = 'supabase/migrations'

export const declarationFile = (m: DeclaredMigration): string => `${DECLARED_DIR}/${m.sqlite}_${m.name}.ts`

/** A migration as the SQLite runner applies it. */
export const sqliteSql = (m: DeclaredMigration): string => renderMigration(SQLITE_DDL, m, declarationFile(m))
/** A migration as PostgreSQL applies it (the file's text). */
export const postgresSql = (m: DeclaredMigration): string => renderMigration(POSTGRES_DDL, m, declarationFile(m))

export interface GeneratedFile {
  /** From the repository's root. */
  path: string
  text: string
}

/**
 * Refuses a list out of order: each migration after `last` (the last ones written by hand) and after
 * the one before it, on both engines, with a name used once.
 */
export function checkOrder(migrations: readonly DeclaredMigration[], last: { sqlite: number; postgres: string }): void {
  let previous = last
  const names = new Set<string>()
  for (const m of migrations) {
    if (m.sqlite !== previous.sqlite + 1) throw new Error(`${m.name}: SQLite version ${m.sqlite}, expected ${previous.sqlite + 1}`)
    if (m.postgres <= previous.postgres) throw new Error(`${m.name}: PostgreSQL version ${m.postgres} is not after ${previous.postgres}`)
    if (names.has(m.name)) throw new Error(`${m.name}: two migrations of the same name`)
    names.add(m.name)
    previous = m
  }
}

/** Every file the declarations generate, PostgreSQL's then SQLite's. */
export function generatedFiles(migrations: readonly DeclaredMigration[]): GeneratedFile[] {
  return migrations.flatMap((m) => [
    { path: `${POSTGRES_DIR}/${m.postgres}_${m.name}.sql`, text: postgresSql(m) },
    { path: `${DECLARED_DIR}/${m.sqlite}_${m.name}.sqlite.sql`, text: sqliteSql(m) },
  ])
}
