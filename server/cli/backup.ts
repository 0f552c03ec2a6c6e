/** `npm run backup -- --out FILE` (server/features/backup/commands.ts). Safe while the server runs. */
import { setPriority } from 'node:os'
import { backupCommand } from '../features/backup/commands.ts'
import { onConfiguredStore, runCommandLine } from './run-command-line.ts'

async function main() {
  // Background work: on a small machine the server's requests come first (nice 10).
  try {
    setPriority(10)
  } catch {
    // Not allowed here: run at the usual priority.
  }
  return onConfiguredStore((store, config) => backupCommand(process.argv.slice(2), config, store, { out: console.log, err: console.error }))
}

runCommandLine('Backup failed: ', main, { forceExit: true })
