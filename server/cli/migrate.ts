/**
 * `npm run migrate`: bring the configured database (DATABASE_URL, else the
 * SQLite file in DATA_DIR) up to the current schema and say what was done.
 * The server also migrates at start-up; this command lets a deployment run
 * migrations once, before starting N instances, with an account that may
 * change the schema.
 */
import postgres from 'postgres'
import { ConfigError, loadDotEnv, readConfig } from '../shared/env.ts'
import { openSqliteStore } from '../db/sqlite-store.ts'
import { readMigrations } from '../db/migrations/postgres-files.ts'
import { applyMigrations } from '../db/migrations/postgres.ts'

async function main(): Promise<string> {
  loadDotEnv()
  const { database } = readConfig()
  if (database.kind === 'sqlite') {
    const store = openSqliteStore(database.path)
    try {
      await store.migrate()
    } finally {
      await store.close()
    }
    return `SQLite database ${database.path} is up to date.`
  }
  const sql = postgres(database.url, { max: 1, onnotice: () => {}, connect_timeout: 10 })
  try {
    const migrations = readMigrations()
    const applied = await applyMigrations(sql, migrations)
    const where = `PostgreSQL database ${sql.options.database} on ${sql.options.host.join(',')}`
    return applied.length
      ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}.`
      : `${where} is up to date (${migrations.length} migration(s) already applied).`
  } finally {
    await sql.end({ timeout: 5 })
  }
}

main().then(
  (summary) => console.log(summary),
  (err: unknown) => {
    // A driver error may quote the connection string; name and message only, never the URL.
    console.error(err instanceof ConfigError ? err.message : `Migration failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
    process.exit(1)
  },
)
