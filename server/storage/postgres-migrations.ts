/**
 * Applies the versioned SQL files of supabase/migrations/ to a PostgreSQL
 * database. One set of files serves both paths: `supabase db push` on
 * Supabase, and this runner (at server start-up or `npm run migrate`)
 * anywhere else. Both record what they applied in the same table,
 * supabase_migrations.schema_migrations, so either tool can take over from
 * the other without applying a file twice. See docs/decisions/0031.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Sql } from 'postgres'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url))

/** `<version>_<name>.sql`, the Supabase CLI's naming: the version is a UTC timestamp. */
const MIGRATION_FILE_RE = /^(\d{14})_([a-z0-9_]+)\.sql$/

export interface Migration {
  version: string
  name: string
  sql: string
}

/** The migrations in a directory, oldest first. Any other file there is a mistake and stops the run. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const match = MIGRATION_FILE_RE.exec(file)
      if (!match) throw new Error(`Unexpected file in ${dir}: ${file} (expected <14-digit version>_<snake_name>.sql)`)
      return { version: match[1]!, name: match[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') }
    })
}

/**
 * Applies every migration not yet recorded, in order, in one transaction
 * under an advisory lock: instances starting together wait for the first
 * one and then find nothing left to do. Returns the versions it applied.
 */
export async function migrate(sql: Sql, migrations: readonly Migration[] = readMigrations()): Promise<string[]> {
  return sql.begin(async (tx) => {
    // Any 64-bit constant works; it only has to be the same for every instance.
    await tx`select pg_advisory_xact_lock(7426351150914316)`
    await tx.unsafe(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        statements text[],
        name text
      );
    `)
    const rows = await tx<{ version: string }[]>`select version from supabase_migrations.schema_migrations`
    const applied = new Set(rows.map((r) => r.version))
    const done: string[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await tx.unsafe(migration.sql)
      await tx`
        insert into supabase_migrations.schema_migrations (version, statements, name)
        values (${migration.version}, ${[migration.sql]}, ${migration.name})
      `
      done.push(migration.version)
    }
    return done
  })
}
