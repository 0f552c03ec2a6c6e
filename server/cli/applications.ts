/**
 * `npm run applications -- list | export --format csv|json | show --email X | delete --email X`
 * on the configured database. See applications-command.ts.
 */
import { runApplicationsCommand } from './applications-command.ts'
import { onConfiguredStore, processIo, runCommandLine } from './run-command-line.ts'
import { founderMailConfigFrom } from '../compose.ts'

runCommandLine('applications: ', () =>
  onConfiguredStore((store, config) =>
    runApplicationsCommand(process.argv.slice(2), store, { ...processIo, founderMail: founderMailConfigFrom(config) }),
  ),
)
