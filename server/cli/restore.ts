/** `DATA_DIR=NEW npm run restore -- FILE [--force]` (server/backup/commands.ts). Run with the server stopped. */
import { loadDotEnv, readConfig } from '../env.ts'
import { restoreCommand } from './commands.ts'
import { runCommandLine } from '../cli/run-command-line.ts'

async function main() {
  loadDotEnv()
  return restoreCommand(process.argv.slice(2), readConfig(), { out: console.log, err: console.error })
}

runCommandLine('Restore failed: ', main, { forceExit: true })
