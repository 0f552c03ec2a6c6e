/**
 * `npm run team -- invite --email X --role admin [--name N] | list | deactivate --email X`
 * on the configured database. See team-command.ts.
 */
import { siteOrigin } from '../shared/env.ts'
import { openWorkspaceStores } from '../db/stores/open-workspace-stores.ts'
import { runTeamCommand } from './team-command.ts'
import { onConfiguredStore, processIo, runCommandLine } from './run-command-line.ts'

runCommandLine('team: ', () =>
  onConfiguredStore((store, config) =>
    runTeamCommand(process.argv.slice(2), { team: openWorkspaceStores(store).team, mail: { from: config.MAIL_FROM, siteOrigin: siteOrigin(config) } }, processIo),
  ),
)
