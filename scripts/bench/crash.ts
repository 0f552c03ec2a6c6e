/**
 * `npm run bench:crash`: durability under kill -9.
 *
 * Starts the real production server on the embedded SQLite store, with its
 * e-mails going to a real SMTP server in this process. Clients send
 * submissions (each with its own Idempotency-Key); part-way, the server is
 * killed with SIGKILL, then restarted on the same data directory. Requests the
 * dead server never answered are retried with the same key, as the form does.
 * Then it waits for the outbox to drain and checks:
 *
 * - every application answered 200 (before or after the kill) is in the
 *   database, exactly once, with the reference it was answered with;
 * - every e-mail of every stored application reached the SMTP server; an
 *   e-mail delivered twice carries the same Message-ID both times.
 *
 * Loopback only; stops by itself; exit code 1 if a check fails.
 * Options: --submissions N (default 400) --concurrency N (default 16) --kill-after N (default 150)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { IDEMPOTENCY_HEADER } from '../../domain/submission.ts'
import { startServer, type RunningServer } from '../../e2e/fixtures/server.ts'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import { validBody } from '../../server/testing/fixtures.ts'
import { startSmtpSink } from '../../server/testing/smtp-sink.ts'

const ANON_KEY = 'crash-bench-anon-key-0123'

const { values } = parseArgs({
  options: {
    submissions: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '16' },
    'kill-after': { type: 'string', default: '150' },
  },
})
const SUBMISSIONS = Number(values.submissions)
const CONCURRENCY = Number(values.concurrency)
const KILL_AFTER = Number(values['kill-after'])

interface Job {
  key: string
  body: ReturnType<typeof validBody>
  answer?: { id: string; reference: string }
  answeredBy?: 'first' | 'restarted'
  replayed?: boolean
}

async function submit(server: RunningServer, job: Job): Promise<boolean> {
  try {
    const res = await fetch(`${server.url}/functions/v1/send-application-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: ANON_KEY, [IDEMPOTENCY_HEADER]: job.key },
      body: JSON.stringify(job.body),
      signal: AbortSignal.timeout(10_000),
    })
    if (res.status !== 200) throw new Error(`status ${res.status}`)
    job.answer = (await res.json()) as { id: string; reference: string }
    job.replayed = res.headers.get('idempotent-replayed') === 'true'
    return true
  } catch {
    return false // the server died under us: no answer
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-crash-'))
  const sink = await startSmtpSink()
  const env = { SMTP_URL: sink.url, PUBLIC_ANON_KEY: ANON_KEY, RATE_LIMIT_MAX: '1000000', OUTBOX_LEASE_SECONDS: '2' }
  const jobs: Job[] = Array.from({ length: SUBMISSIONS }, () => ({ key: crypto.randomUUID(), body: validBody() }))
  let server = await startServer(env, { dataDir })
  let restarted: RunningServer | undefined
  const started = Date.now()

  try {
    // Phase 1: load until KILL_AFTER answers, then SIGKILL with requests still in flight.
    let next = 0
    let answered = 0
    let killed = false
    const unanswered: Job[] = []
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!killed && next < jobs.length) {
          const job = jobs[next++]!
          if (await submit(server, job)) {
            job.answeredBy = 'first'
            if (++answered === KILL_AFTER && !killed) {
              killed = true
              server.process.kill('SIGKILL')
            }
          } else unanswered.push(job)
        }
      }),
    )
    await new Promise((resolve) => (server.process.exitCode !== null || server.process.signalCode !== null ? resolve(null) : server.process.once('exit', resolve)))
    const inFlightAtKill = unanswered.length
    const answeredBeforeKill = answered

    // Phase 2: restart on the same data, retry what got no answer (same key), send the rest.
    restarted = await startServer(env, { dataDir })
    server = restarted
    const remaining = [...unanswered, ...jobs.slice(next)]
    let cursor = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (cursor < remaining.length) {
          const job = remaining[cursor++]!
          if (await submit(restarted!, job)) job.answeredBy = 'restarted'
        }
      }),
    )

    // Wait for every stored e-mail to be settled (the dead server's leases expire after 2 s).
    const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
    const deadline = Date.now() + 60_000
    while ((await store.listMessages({ status: 'pending' })).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
    }
    const apps = await store.listApplications()
    const messages = await store.listMessages()
    await store.close()

    // Checks.
    const answeredJobs = jobs.filter((j) => j.answer)
    const byId = new Map(apps.map((a) => [a.id, a]))
    const storedOnce = answeredJobs.filter((j) => {
      const app = byId.get(j.answer!.id)
      return app && app.reference === j.answer!.reference && apps.filter((a) => a.formData.email === j.body.formData.email).length === 1
    }).length
    const deliveries = new Map<string, number>()
    for (const m of sink.received) deliveries.set(m.parsed.messageId ?? '', (deliveries.get(m.parsed.messageId ?? '') ?? 0) + 1)
    const answeredIds = new Set(answeredJobs.map((j) => j.answer!.id))
    const answeredMessages = messages.filter((m) => m.applicationId !== null && answeredIds.has(m.applicationId))
    const delivered = answeredMessages.filter((m) => (deliveries.get(m.messageId) ?? 0) >= 1).length
    const duplicated = [...deliveries.values()].filter((n) => n > 1).length
    const replayedAfterRestart = jobs.filter((j) => j.answeredBy === 'restarted' && j.replayed).length

    const report = {
      submissions: SUBMISSIONS,
      'answered before kill -9': answeredBeforeKill,
      'in flight at the kill (no answer)': inFlightAtKill,
      '  of which already committed (replayed on retry)': replayedAfterRestart,
      'answered in total': answeredJobs.length,
      'answered and stored exactly once': storedOnce,
      'applications in the database': apps.length,
      'e-mails stored for answered applications': answeredMessages.length,
      'e-mails delivered to SMTP (distinct Message-ID)': delivered,
      'e-mails delivered twice (same Message-ID)': duplicated,
      'e-mails still pending': messages.filter((m) => m.status === 'pending').length,
      'e-mails failed': messages.filter((m) => m.status === 'failed').length,
      'seconds': Math.round((Date.now() - started) / 100) / 10,
    }
    console.log('bench:crash (SQLite, WAL, synchronous=FULL; kill -9 part-way; restart on the same file)')
    for (const [k, v] of Object.entries(report)) console.log(`  ${k.padEnd(52)} ${v}`)

    const ok =
      answeredJobs.length === SUBMISSIONS &&
      storedOnce === answeredJobs.length &&
      apps.length === SUBMISSIONS &&
      answeredMessages.length === 2 * SUBMISSIONS &&
      delivered === answeredMessages.length
    console.log(ok ? 'PASS: every answered application is stored once and all its e-mails were sent' : 'FAIL')
    process.exitCode = ok ? 0 : 1
  } finally {
    await restarted?.stop()
    if (server !== restarted) await server.stop('SIGKILL')
    await sink.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
