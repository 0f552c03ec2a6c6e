/**
 * Reads the PostgreSQL migrations from supabase/migrations/, the one source
 * of truth for the schema on Supabase and on any other PostgreSQL.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Migration } from './postgres.ts'

/** `true` in the server bundle (esbuild's define; server/shared/bundle.ts, which this layer may not import). */
declare const SERVER_BUNDLE: boolean | undefined

/** The server bundle carries a copy of them beside it (scripts/server-bundle.ts). */
export const MIGRATIONS_DIR = fileURLToPath(
  new URL(typeof SERVER_BUNDLE !== 'undefined' && SERVER_BUNDLE ? './supabase-migrations/' : '../../../supabase/migrations/', import.meta.url),
)

/** `<version>_<name>.sql`, the Supabase CLI's naming: the version is a UTC timestamp. */
const MIGRATION_FILE_RE = /^(\d{14})_([a-z0-9_]+)\.sql$/

/** The migrations in a directory, oldest first. Any other file there is a mistake and stops the run. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const match = MIGRATION_FILE_RE.exec(file)
      if (!match) throw new Error(`Unexpected file in ${dir}: ${file} (expected <14-digit version>_<snake_case_name>.sql)`)
      return { version: match[1]!, name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') }
    })
}
