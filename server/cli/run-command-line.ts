/**
 * How every command-line entry point ends: the command's exit code, or one
 * line on stderr and exit code 1. A configuration error is already a full
 * sentence naming the variable; anything else gets the command's prefix.
 *
 * By default the process ends on its own once stdout has drained (an export
 * may still be writing); `forceExit` ends it at once, for commands whose
 * worker threads or pools would otherwise keep it alive (backup, restore).
 */
import { ConfigError } from '../shared/env.ts'

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
