/** `DATA_DIR=NEW npm run restore -- FILE [--force]` (server/features/backup/commands.ts). Run with the server stopped. */
import { loadDotEnv, readConfig } from '../shared/env.ts'
import { restoreCommand } from '../features/backup/commands.ts'
import { runCommandLine } from './run-command-line.ts'

async function main() {
  loadDotEnv()
  return restoreCommand(process.argv.slice(2), readConfig(), { out: console.log, err: console.error })
}

runCommandLine('Restore failed: ', main, { forceExit: true })
