/**
 * Opens the store the configuration names (DATABASE_URL), on Node.
 */
import type { DatabaseConfig } from '../env.ts'
import { openSqliteStore } from './sqlite-store.ts'
import type { ApplicationStore } from './store.ts'

export async function openStore(database: DatabaseConfig): Promise<ApplicationStore> {
  switch (database.kind) {
    case 'sqlite':
      return openSqliteStore(database.path)
    case 'postgres':
      // Issue 5 adds the PostgreSQL store behind the same interface.
      throw new Error('DATABASE_URL: PostgreSQL is not supported by this build yet')
  }
}
