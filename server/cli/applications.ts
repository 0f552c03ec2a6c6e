/**
 * `npm run applications -- list | export --format csv|json | show --email X | delete --email X`
 * on the configured database. See applications-command.ts.
 */
import { loadDotEnv, readConfig } from '../shared/env.ts'
import { openStore } from '../open-store.ts'
import { runApplicationsCommand } from './applications-command.ts'
import { runCommandLine } from './run-command-line.ts'

async function main(): Promise<number> {
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  try {
    await store.migrate()
    return await runApplicationsCommand(process.argv.slice(2), store, {
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
    })
  } finally {
    await store.close()
  }
}

runCommandLine('applications: ', main)
