/**
 * `npm run bench:api`: valid submissions at 50 concurrent connections for a
 * fixed time against each target, in the same run, on loopback:
 *
 * - the real production server (framework, CORS, auth, rate limit,
 *   validation, e-mail rendering, one transaction, request log to a file,
 *   and its outbox worker sending the e-mails at the same time), once with
 *   SMTP (to a discarding SMTP server in another process, as in production)
 *   and once with the zero-setup .eml outbox (an fsynced file per e-mail);
 * - its ceiling: a bare node:http server doing the same database insert
 *   (scripts/bench/bare-server.ts);
 * - the same pair on PostgreSQL (a fresh database on the local server, or on
 *   TEST_DATABASE_URL's): the real server with DATABASE_URL, and
 *   scripts/bench/bare-server.ts.
 *
 * Prints throughput, p50 and p99 latency and the ratio to the ceiling.
 * Goal: at least 0.7 of the ceiling with p99 <= 50 ms.
 * To add a column (e.g. PostgreSQL), add targets to TARGETS.
 *
 * Options: --seconds N (default 10) --connections N (default 50) --only NAME
 * --cpu-prof DIR (the real servers write a V8 CPU profile of their whole run
 * into DIR: open it in Chrome DevTools, or `node --cpu-prof`'s usual tools)
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { freePort, startServer } from '../../e2e/fixtures/server.ts'
import { createTestDatabase } from '../../server/db/testing/postgres-test-database.ts'
import { validBody } from '../../server/testing/fixtures.ts'

interface AutocannonResult {
  requests: { total: number }
  latency: { p50: number; p99: number; average: number }
  duration: number
  non2xx: number
  errors: number
  timeouts: number
}
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const ANON_KEY = 'bench-api-anon-key-0123456'
const FUNCTION_PATH = '/functions/v1/send-application-email'

export interface RunningTarget {
  url: string
  /** The server process, for its CPU time (Linux /proc); absent if unknown. */
  pid?: number
  stop(): Promise<void>
}
export interface Target {
  name: string
  /** The target this one is compared with (its ceiling); absent for a ceiling. */
  ceiling?: string
  start(): Promise<RunningTarget>
}

function tempDir() {
  return mkdtempSync(join(tmpdir(), 'catalitico-bench-'))
}

const PROFILE_HOOK = fileURLToPath(new URL('./cpu-profile-hook.mjs', import.meta.url))
/** Set by --cpu-prof: where the real servers write their CPU profiles. */
let cpuProfileDir: string | undefined

/** The real server, started as `npm start` runs it, on a fresh data directory, logging to a file. */
function realServer(name: string, ceiling: string, env: () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>): Target {
  return {
    name,
    ceiling,
    async start() {
      const extra = await env()
      const dir = tempDir()
      // Node refuses --cpu-prof in NODE_OPTIONS: a module loaded with --import runs the profiler instead.
      const profile: Record<string, string> = cpuProfileDir
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROFILE_HOOK}`.trim(), CPU_PROFILE_DIR: cpuProfileDir }
        : {}
      const server = await startServer(
        { PUBLIC_ANON_KEY: ANON_KEY, RATE_LIMIT_MAX: '1000000', ...extra.env, ...profile },
        { logFile: join(dir, 'server.log') },
      )
      return {
        url: server.url,
        pid: server.process.pid,
        stop: async () => {
          await server.stop()
          await extra.stop()
          rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  }
}

const noExtra = async () => ({ env: {}, stop: async () => {} })

/** Run a helper script as a child process with PORT; resolves once it prints "ready". */
async function startHelper(script: string, env: Record<string, string> = {}): Promise<{ port: number; pid?: number; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)))
  })
  return {
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A bare node:http server script, started with PORT (and the given env). */
function bareServer(
  name: string,
  script: string,
  env: () => { env: Record<string, string>; cleanup: () => unknown } | Promise<{ env: Record<string, string>; cleanup: () => unknown }>,
): Target {
  return {
    name,
    async start() {
      const { env: extra, cleanup } = await env()
      const helper = await startHelper(script, extra)
      return {
        url: `http://127.0.0.1:${helper.port}`,
        pid: helper.pid,
        stop: async () => {
          await helper.stop()
          await cleanup()
        },
      }
    },
  }
}

/** E-mails to an SMTP server (in its own process) that accepts and discards them: production's setting. */
async function smtpDiscard() {
  const smtp = await startHelper('scripts/bench/smtp-discard-server.ts')
  return { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, stop: smtp.stop }
}

/** A fresh, migrated database on the PostgreSQL server (local, or TEST_DATABASE_URL's), dropped afterwards. */
async function postgresDatabase() {
  const db = await createTestDatabase()
  return { env: { DATABASE_URL: db.url }, cleanup: db.drop }
}

export const TARGETS: Target[] = [
  realServer('catalitico server (SQLite, SMTP)', 'bare node:http + SQLite insert', smtpDiscard),
  realServer('catalitico server (SQLite, .eml outbox)', 'bare node:http + SQLite insert', noExtra),
  bareServer('bare node:http + SQLite insert', 'scripts/bench/bare-server.ts', () => {
    const dir = tempDir()
    return { env: { DB_PATH: join(dir, 'bare.sqlite') }, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
  }),
  realServer('catalitico server (PostgreSQL, SMTP)', 'bare node:http + PostgreSQL insert', async () => {
    const [smtp, db] = await Promise.all([smtpDiscard(), postgresDatabase()])
    return { env: { ...smtp.env, ...db.env }, stop: async () => void (await Promise.all([smtp.stop(), db.cleanup()])) }
  }),
  bareServer('bare node:http + PostgreSQL insert', 'scripts/bench/bare-server.ts', postgresDatabase),
]

export interface Measurement {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  failures: number
  /** The server's own CPU time per request: a figure that other load on the machine barely changes. */
  cpuMsPerRequest?: number
}

/** User + system CPU time of a process, in ms (Linux; undefined elsewhere). */
function cpuTimeMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

export async function measure(target: Target, seconds: number, connections: number): Promise<Measurement> {
  const running = await target.start()
  try {
    const request = {
      url: running.url + FUNCTION_PATH,
      method: 'POST',
      connections,
      headers: { 'content-type': 'application/json', apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` },
      body: JSON.stringify(validBody()),
    }
    await autocannon({ ...request, duration: 2 }) // warm-up: JIT, page cache, connection pools
    const cpuBefore = cpuTimeMs(running.pid)
    const result = await autocannon({ ...request, duration: seconds })
    const cpuAfter = cpuTimeMs(running.pid)
    return {
      name: target.name,
      requestsPerSecond: result.requests.total / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      ...(cpuBefore !== undefined && cpuAfter !== undefined ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests.total } : {}),
    }
  } finally {
    await running.stop()
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      only: { type: 'string' },
      'cpu-prof': { type: 'string' },
    },
  })
  cpuProfileDir = values['cpu-prof']
  const seconds = Number(values.seconds)
  const connections = Number(values.connections)
  const targets = TARGETS.filter((t) => !values.only || t.name.includes(values.only) || t.ceiling?.includes(values.only) || TARGETS.some((o) => o.name.includes(values.only!) && o.ceiling === t.name))

  console.log(`bench:api: ${connections} connections, ${seconds} s per target (after a 2 s warm-up), valid submissions, loopback`)
  const results = new Map<string, Measurement>()
  for (const target of targets) {
    process.stdout.write(`  measuring ${target.name}…\n`)
    results.set(target.name, await measure(target, seconds, connections))
  }

  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'failed', 'server CPU ms/req', 'ratio to ceiling', 'goal (>= 0.7, p99 <= 50 ms)']]
  let allMet = true
  for (const target of targets) {
    const m = results.get(target.name)!
    const ceiling = target.ceiling ? results.get(target.ceiling) : undefined
    const ratio = ceiling ? m.requestsPerSecond / ceiling.requestsPerSecond : undefined
    const met = ratio === undefined ? '' : ratio >= 0.7 && m.p99 <= 50 && m.failures === 0 ? 'met' : 'NOT met'
    if (met === 'NOT met') allMet = false
    rows.push([
      m.name,
      m.requestsPerSecond.toFixed(0),
      m.p50.toFixed(1),
      m.p99.toFixed(1),
      String(m.failures),
      m.cpuMsPerRequest?.toFixed(2) ?? '?',
      ratio === undefined ? '(ceiling)' : ratio.toFixed(2),
      met,
    ])
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  console.log()
  for (const r of rows) console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '))
  console.log()
  console.log(allMet ? 'Goal met.' : 'Goal NOT met.')
  console.log(`(load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs)`)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
