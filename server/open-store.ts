/**
 * Opens the store the configuration names (DATABASE_URL), on Node.
 */
import type { DatabaseConfig } from './shared/env.ts'
import { readMigrations } from './db/migrations/postgres-files.ts'
import { openPostgresStore } from './db/postgres-store.ts'
import { openSqliteStore } from './db/sqlite-store.ts'
import type { ApplicationStore } from './db/stores/application-store.ts'

export async function openStore(database: DatabaseConfig): Promise<ApplicationStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path)
    case 'postgres':
      return openPostgresStore(database.url, { migrations: readMigrations() })
  }
}
