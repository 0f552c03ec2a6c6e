/**
 * Opens the store the configuration names (DATABASE_URL), on Node.
 */
import type { DatabaseConfig } from '../env.ts'
import { readMigrations } from './postgres-migration-files.ts'
import { openPostgresStore } from './postgres-store.ts'
import { openSqliteStore } from './sqlite-store.ts'
import type { ApplicationStore } from './store.ts'

export async function openStore(database: DatabaseConfig): Promise<ApplicationStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path)
    case 'postgres':
      return openPostgresStore(database.url, { migrations: readMigrations() })
  }
}
