/**
 * Runs the Supabase Edge Function entry (supabase/functions/send-application-
 * email/index.ts) under the real Deno runtime that the `deno` npm package
 * ships, as `supabase functions serve` would: Deno.serve on a free port,
 * SUPABASE_DB_URL pointing at a PostgreSQL database.
 *
 * Deno resolves npm packages from the project's node_modules
 * (--node-modules-dir=manual), so nothing is downloaded and the versions are
 * the ones Node runs.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../e2e/fixtures/server.ts'

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const EDGE_FUNCTION_DIR = join(PROJECT_ROOT, 'supabase/functions/send-application-email')

/** The deno binary of the `deno` npm package (its postinstall puts it next to bin.cjs). */
export function denoBinary(): string {
  return join(dirname(createRequire(import.meta.url).resolve('deno/package.json')), 'deno')
}

export interface RunningEdgeFunction {
  /** The Supabase Functions base URL, as the site's FunctionsClient uses it. */
  functionsUrl: string
  /** The bare origin: the function also answers at /send-application-email, as Supabase routes it. */
  origin: string
  process: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

export async function startEdgeFunction(env: Record<string, string>): Promise<RunningEdgeFunction> {
  const port = await freePort()
  let output = ''
  const child = spawn(
    denoBinary(),
    [
      'run',
      '--node-modules-dir=manual',
      '--no-lock',
      '--no-prompt',
      `--config=${join(EDGE_FUNCTION_DIR, 'deno.json')}`,
      '--allow-net',
      '--allow-env',
      '--allow-read',
      join(EDGE_FUNCTION_DIR, 'index.ts'),
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DENO_DIR: join(PROJECT_ROOT, 'node_modules/.cache/deno'),
        NO_COLOR: '1',
        // Deno.serve() with no options listens here, like the Supabase runtime's own address.
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const origin = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (!output.includes('Listening on')) {
    if (child.exitCode !== null) throw new Error(`deno exited with ${child.exitCode}: ${output}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the edge function did not start: ${output}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    functionsUrl: `${origin}/functions/v1`,
    origin,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}
