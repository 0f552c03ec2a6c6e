/**
 * The backup and restore commands as the operator runs them (a separate
 * process: from the sources through tsx, or from the server bundle as the
 * drill tests start them, ADR 0133), a minimal build for the real server to
 * start on, and a stream of real submissions over HTTP. For the drill tests
 * and the benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { nodeArgs } from '../../../../e2e/fixtures/server.ts'
import { serverBundleDir } from '../../../../scripts/server-bundle.ts'
import { DEFAULT_ANON_KEY } from '../../../../domain/submission.ts'
import { UPLOAD_SCRIPT_MANIFEST } from '../../documents/upload-script.ts'
import { validBody } from '../../../testing/fixtures.ts'

export interface CommandRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Start `npm run backup|restore` (without npm's own start-up; from the sources unless `from` says the bundle) and collect its output. */
export function startCommand(
  script: 'backup.ts' | 'restore.ts',
  args: string[],
  env: Record<string, string>,
  from: 'source' | 'bundle' = 'source',
): { child: ChildProcess; done: Promise<CommandRun> } {
  const child = spawn(process.execPath, [...nodeArgs(script === 'backup.ts' ? 'backup' : 'restore', from), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const done = new Promise<CommandRun>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })))
  return { child, done }
}

export const runCommand = (script: 'backup.ts' | 'restore.ts', args: string[], env: Record<string, string>, from: 'source' | 'bundle' = 'source') =>
  startCommand(script, args, env, from).done

/**
 * A build directory with just the pages the server needs to start (the drill tests the data, not
 * the site), and the server bundle of the real build linked in when there is one, so the server
 * starts from it (`startServer(…, { from: 'bundle' })` with this DIST_DIR).
 */
export function minimalBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'catalitico-dist-'))
  mkdirSync(join(dist, 'client'))
  writeFileSync(join(dist, 'client', 'index.html'), '<!doctype html><title>Catalítico</title>')
  writeFileSync(join(dist, 'client', '404.html'), '<!doctype html><title>No encontrada</title>')
  // The founder's documents page names its script from the build's manifest (server/features/documents/upload-script.ts).
  writeFileSync(join(dist, UPLOAD_SCRIPT_MANIFEST), JSON.stringify({ path: '/assets/documentos-drill.js', bytes: 0, gzipBytes: 0 }))
  const bundle = resolve(serverBundleDir(process.env.DIST_DIR || 'dist'))
  if (existsSync(bundle)) symlinkSync(bundle, serverBundleDir(dist), 'dir')
  return dist
}

export async function submit(baseUrl: string): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${baseUrl}/functions/v1/send-application-email`, {
    method: 'POST',
    headers: { apikey: DEFAULT_ANON_KEY, authorization: `Bearer ${DEFAULT_ANON_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(validBody()),
  })
  const body = (await res.json()) as { id?: string }
  return body.id ? { status: res.status, id: body.id } : { status: res.status }
}

/** `connections` clients submitting back to back until stop(); every acknowledged id with the time of its answer. */
export function submissionStream(baseUrl: string, connections: number) {
  const acknowledged: { id: string; at: number }[] = []
  const failures: number[] = []
  let running = true
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const res = await submit(baseUrl)
      if (res.status === 200 && res.id) acknowledged.push({ id: res.id, at: Date.now() })
      else failures.push(res.status)
    }
  })
  return {
    acknowledged,
    failures,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}
