/**
 * Applies the versioned SQL files of supabase/migrations/ to a PostgreSQL
 * database. One set of files serves both paths: `supabase db push` on
 * Supabase, and this runner (the server at start-up, or `npm run migrate`)
 * anywhere else. Both record what they applied in the same table,
 * supabase_migrations.schema_migrations, so either tool can take over from
 * the other without applying a file twice. See
 * docs/decisions/0031-postgres-migrations-shared-with-supabase.md.
 *
 * No node: imports: the store that calls this also loads on Deno. Reading the
 * files is postgres-migration-files.ts's job.
 */
import type { Sql } from 'postgres'

export interface Migration {
  /** The 14-digit UTC timestamp that starts the file name, as the Supabase CLI writes it. */
  version: string
  name: string
  sql: string
}

/** Any 64-bit constant works; it only has to be the same for every instance. */
const MIGRATION_LOCK = 7426351150914316n

/**
 * Applies every migration not yet recorded, in order, in one transaction
 * under an advisory lock: instances starting together wait for the first
 * one and then find nothing left to do. Returns the versions it applied.
 */
export async function applyMigrations(sql: Sql, migrations: readonly Migration[]): Promise<string[]> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK.toString()}::bigint)`
    // The same three columns the Supabase CLI creates (newer CLIs add nullable ones).
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
        values (${migration.version}, ${tx.array([migration.sql])}, ${migration.name})
      `
      done.push(migration.version)
    }
    return done
  })
}
