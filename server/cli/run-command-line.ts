/**
 * How every command-line entry point ends: the command's exit code, or one
 * line on stderr and exit code 1. A configuration error is already a full
 * sentence naming the variable; anything else gets the command's prefix.
 *
 * By default the process ends on its own once stdout has drained (an export
 * may still be writing); `forceExit` ends it at once, for commands whose
 * worker threads or pools would otherwise keep it alive (backup, restore).
 */
import type { ApplicationStore } from '../db/stores/application-store.ts'
import { openStore } from '../open-store.ts'
import { ConfigError, loadDotEnv, readConfig, type Config } from '../shared/env.ts'

export function runCommandLine(failurePrefix: string, main: () => Promise<number>, { forceExit = false } = {}): void {
  const end = (code: number) => {
    if (forceExit) process.exit(code)
    process.exitCode = code
  }
  main().then(end, (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : `${failurePrefix}${err instanceof Error ? err.message : String(err)}`)
    end(1)
  })
}

/** `command`'s exit code, run on the configured database (.env read, migrations applied), closed after. */
export async function onConfiguredStore(command: (store: ApplicationStore, config: Config) => Promise<number>): Promise<number> {
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  try {
    await store.migrate()
    return await command(store, config)
  } finally {
    await store.close()
  }
}

/** A command's output, straight to the process's streams. */
export const processIo = { out: (text: string) => void process.stdout.write(text), err: (text: string) => void process.stderr.write(text) }
