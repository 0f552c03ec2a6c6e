/** `npm run backup -- --out FILE` (server/features/backup/commands.ts). Safe while the server runs. */
import { setPriority } from 'node:os'
import { loadDotEnv, readConfig } from '../shared/env.ts'
import { openStore } from '../open-store.ts'
import { backupCommand } from '../features/backup/commands.ts'
import { runCommandLine } from './run-command-line.ts'

async function main() {
  // Background work: on a small machine the server's requests come first (nice 10).
  try {
    setPriority(10)
  } catch {
    // Not allowed here: run at the usual priority.
  }
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  try {
    await store.migrate()
    return await backupCommand(process.argv.slice(2), config, store, { out: console.log, err: console.error })
  } finally {
    await store.close()
  }
}

runCommandLine('Backup failed: ', main, { forceExit: true })
