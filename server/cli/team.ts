/**
 * `npm run team -- invite --email X --role admin [--name N] | list | deactivate --email X`
 * on the configured database. See team-command.ts.
 */
import { loadDotEnv, readConfig, siteOrigin } from '../shared/env.ts'
import { openStore } from '../open-store.ts'
import { openWorkspaceStores } from '../db/stores/open-workspace-stores.ts'
import { runTeamCommand } from './team-command.ts'
import { runCommandLine } from './run-command-line.ts'

async function main(): Promise<number> {
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  try {
    await store.migrate()
    const { team } = openWorkspaceStores(store)
    return await runTeamCommand(
      process.argv.slice(2),
      { team, mail: { from: config.MAIL_FROM, siteOrigin: siteOrigin(config) } },
      { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) },
    )
  } finally {
    await store.close()
  }
}

runCommandLine('team: ', main)
