/**
 * The worker's scheduled backup runs in a child process at a lower CPU
 * priority: the copy, the checksums and age's encryption (JavaScript) would
 * otherwise share the server's event loop with its requests. The child takes
 * the configuration from the same environment and prints its result as JSON;
 * the parent records the run (schedule.ts).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { runsFromServerBundle } from '../../shared/bundle.ts'
import type { Config } from '../../shared/env.ts'
import type { BackupResult } from './take-backup.ts'

// From the server bundle, the child is its own bundled file beside it; from the sources, the TypeScript file.
const CHILD = fileURLToPath(new URL(runsFromServerBundle ? './child-backup-main.js' : './child-backup-main.ts', import.meta.url))

/** The parent's own configuration goes to the child, whatever the environment says. */
function childEnv(config: Config): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: config.DATA_DIR,
    DOCUMENT_STORAGE: config.DOCUMENT_STORAGE,
    DATABASE_URL: config.database.kind === 'sqlite' ? `sqlite:${config.database.path}` : config.database.url,
  }
  if (config.BACKUP_KEY) env.BACKUP_KEY = config.BACKUP_KEY
  else delete env.BACKUP_KEY
  return env
}

/** A child that ignores SIGTERM this long is killed outright (well within the server's 10 s shutdown). */
const KILL_AFTER_MS = 5_000

/**
 * Take one backup in a child process. On `signal` the child is asked to stop
 * (SIGTERM: it removes its temporary files) and the promise settles only once
 * it has exited. The IPC channel is there for the child to notice a parent
 * that died without asking (child-backup-main.ts).
 */
export const takeBackupInChildProcess = (config: Config) => (out: string, signal?: AbortSignal): Promise<BackupResult> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    // The parent's execArgv carries tsx's loader when it was started through tsx; otherwise add it (the bundle needs none).
    const loader = runsFromServerBundle ? [] : process.execArgv.some((a) => a.includes('tsx')) ? process.execArgv : ['--import', 'tsx']
    const child = spawn(process.execPath, [...loader, CHILD, out], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: childEnv(config) })
    // The channel must not keep this process alive; the child's exit is what we wait for.
    child.channel?.unref()
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d) => (stdout += d))
    child.stderr!.on('data', (d) => (stderr += d))
    let killer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => {
      child.kill('SIGTERM')
      killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    child.once('error', reject)
    child.once('exit', (code, exitSignal) => {
      signal?.removeEventListener('abort', onAbort)
      clearTimeout(killer)
      if (code === 0) {
        try {
          resolve(JSON.parse(stdout) as BackupResult)
        } catch {
          reject(new Error('the backup process answered something else than its result'))
        }
      } else if (signal?.aborted) reject(signal.reason)
      else reject(new Error(stderr.trim().split('\n').pop() || `the backup process stopped (${exitSignal ?? `exit code ${code}`})`))
    })
  })
