/**
 * `npm run applications -- list | export --format csv|json | show --email X | delete --email X`
 * on the configured database. See applications-command.ts.
 */
import { ConfigError, loadDotEnv, readConfig } from '../env.ts'
import { openStore } from '../storage/open-store.ts'
import { runApplicationsCommand } from './applications-command.ts'

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

main().then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `applications: ${err instanceof Error ? err.message : String(err)}`)
    process.exitCode = 1
  },
)
