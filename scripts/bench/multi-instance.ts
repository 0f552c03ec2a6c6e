/**
 * `npm run bench:multi-instance`: two real server processes on one
 * PostgreSQL database, e-mails going to a real SMTP server in this process.
 * Submissions are spread over both instances; part-way, instance A is
 * killed with SIGKILL at the worst moment for e-mail: while its SMTP server
 * holds a message A has sent in full but not yet acknowledged (each instance
 * has its own SMTP listener, so the bench sees who sends what). Like a load
 * balancer, the client retries a request the
 * dead instance never answered on the survivor, with the same
 * Idempotency-Key. Then it waits for the survivor to take over the dead
 * instance's leased e-mails and checks:
 *
 * - every answered application is stored exactly once;
 * - every stored e-mail reached the SMTP server at least once;
 * - an e-mail arrived twice only if the dead instance held it at the kill
 *   (in flight), and both copies carry the same Message-ID.
 *
 * Prints the counts. The same run is asserted by multi-instance.test.ts.
 */
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { startServer, type RunningServer } from '../../e2e/fixtures/server.ts'
import { IDEMPOTENCY_HEADER } from '../../domain/submission.ts'
import { createTestDatabase } from '../../server/db/testing/postgres-test-database.ts'
import { validBody } from '../../server/testing/fixtures.ts'
import { SMTPServer } from 'smtp-server'

const ANON_KEY = 'multi-instance-anon-key-0123'

export interface MultiInstanceOptions {
  submissions?: number
  /** Requests in flight at once, spread round-robin over the live instances. */
  concurrency?: number
  /** Kill instance A once this many submissions have been answered. */
  killAfter?: number
  /** The outbox lease: how long the survivor waits before taking over the dead instance's e-mails. */
  leaseSeconds?: number
  /** The SMTP server's delay before it answers 250. */
  smtpDelayMs?: number
  /** Give up waiting for e-mails after this long. */
  drainTimeoutMs?: number
}

export interface MultiInstanceReport {
  submissions: number
  answered: number
  answeredByA: number
  answeredByB: number
  /** Requests A never answered (it died), answered by B on retry with the same key. */
  retriedOnB: number
  /** Of those, answers B gave from A's committed transaction (Idempotent-Replayed). */
  replayedOnB: number
  storedApplications: number
  /** Answered applications found in the database exactly once (by id and by e-mail). */
  answeredStoredOnce: number
  /** Stored but never answered: committed by A just before it died, and not retried. */
  storedUnanswered: number
  emailsStored: number
  emailsSent: number
  /** Distinct Message-IDs the SMTP server received. */
  emailsDelivered: number
  deliveries: number
  deliveriesFromA: number
  deliveriesFromB: number
  /** Message-IDs received more than once. */
  duplicates: { messageId: string; copies: number; inFlightAtKill: boolean }[]
  /** E-mails the dead instance held (leased, unsent) at the kill. */
  inFlightAtKill: number
  /** Stored e-mails whose Message-ID never reached the SMTP server. */
  missing: number
  /** From the kill until every stored e-mail had reached the SMTP server. */
  drainAfterKillMs: number
  totalMs: number
}

type Outcome = { id: string; reference: string; by: 'A' | 'B'; retried: boolean; replayed: boolean }
type Delivery = { messageId: string; from: 'A' | 'B' }

/**
 * A real SMTP server (smtp-server) that records the Message-ID of every message
 * it receives in full, runs `beforeReply` (the kill) before answering 250, and
 * then answers after `delayMs`.
 */
async function startSmtpListener(
  from: 'A' | 'B',
  deliveries: Delivery[],
  delayMs: number,
  beforeReply: () => Promise<void> = async () => {},
) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (raw += chunk))
      stream.on('end', async () => {
        deliveries.push({ messageId: /^message-id:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '', from })
        await beforeReply()
        setTimeout(callback, delayMs)
      })
    },
  })
  // A killed client leaves a reset connection behind: expected here, not an error of the run.
  server.on('error', () => {})
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  )
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

export async function runMultiInstance(options: MultiInstanceOptions = {}): Promise<MultiInstanceReport> {
  const {
    submissions = 200,
    concurrency = 12,
    killAfter = Math.floor(submissions / 2),
    leaseSeconds = 2,
    smtpDelayMs = 5,
    drainTimeoutMs = 30_000,
  } = options
  const started = Date.now()
  const db = await createTestDatabase({ migrated: false })
  const sql = postgres(db.url, { max: 2, onnotice: () => {} })
  const deliveries: Delivery[] = []
  let killArmed = false
  let kill: () => Promise<void> = async () => {}
  // A's listener pulls the trigger while A waits for its 250: that message is in flight.
  const smtpA = await startSmtpListener('A', deliveries, smtpDelayMs, async () => {
    if (killArmed) await kill()
  })
  const smtpB = await startSmtpListener('B', deliveries, smtpDelayMs)
  const servers: RunningServer[] = []
  try {
    const env = {
      DATABASE_URL: db.url,
      PUBLIC_ANON_KEY: ANON_KEY,
      RATE_LIMIT_MAX: '1000000',
      OUTBOX_LEASE_SECONDS: String(leaseSeconds),
    }
    // Both start together on an empty database: the migrations run once, under the advisory lock.
    const [a, b] = await Promise.all([startServer({ ...env, SMTP_URL: smtpA.url }), startServer({ ...env, SMTP_URL: smtpB.url })])
    servers.push(a!, b!)

    const bodies = Array.from({ length: submissions }, () => ({ key: crypto.randomUUID(), body: validBody() }))
    const outcomes = new Map<string, Outcome>()
    let aDead = false
    let killedAt = 0
    let inFlightAtKill = new Set<string>()

    const post = async (server: RunningServer, key: string, body: unknown) => {
      const response = await fetch(`${server.url}/functions/v1/send-application-email`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key },
        body: JSON.stringify(body),
      })
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`)
      const answer = (await response.json()) as { id: string; reference: string }
      return { ...answer, replayed: response.headers.get('idempotent-replayed') === 'true' }
    }

    let killing: Promise<void> | undefined
    kill = () =>
      (killing ??= (async () => {
        aDead = true
        killedAt = Date.now()
        const exited = new Promise((r) => a!.process.once('exit', r))
        a!.process.kill('SIGKILL')
        await exited
        // What the dead instance held at that moment: leased to its worker and not settled.
        const held = await sql<{ message_id: string }[]>`
          select message_id from outbox where status = 'pending' and claimed_by like ${`%:${a!.process.pid}:%`}
        `
        inFlightAtKill = new Set(held.map((r) => r.message_id))
      })())
    const armKill = () => {
      killArmed = true
      // Should A send nothing more, kill it anyway.
      setTimeout(() => void kill(), 3000).unref()
    }

    let next = 0
    const client = async (lane: number) => {
      for (let i = next++; i < bodies.length; i = next++) {
        const { key, body } = bodies[i]!
        const preferA = (i + lane) % 2 === 0
        let outcome: Outcome | undefined
        let triedA = false
        if (preferA && !aDead) {
          triedA = true
          try {
            outcome = { ...(await post(a!, key, body)), by: 'A', retried: false }
          } catch (err) {
            if (!aDead) throw err
            // A died with this request in flight: the load balancer's retry, same key.
          }
        }
        outcome ??= { ...(await post(b!, key, body)), by: 'B', retried: triedA }
        outcomes.set(key, outcome)
        if (outcomes.size === killAfter) armKill()
      }
    }
    await Promise.all(Array.from({ length: concurrency }, (_, lane) => client(lane)))
    await kill()

    // Wait for the survivor to send everything, the dead instance's leased e-mails included.
    const deadline = Date.now() + drainTimeoutMs
    let lastDelivery = Date.now()
    for (;;) {
      const [counts] = await sql<{ unsent: number }[]>`select count(*)::int as unsent from outbox where status <> 'sent'`
      const unsent = counts?.unsent ?? 0
      const stored = await sql<{ message_id: string }[]>`select message_id from outbox`
      const delivered = new Set(deliveries.map((d) => d.messageId))
      if (unsent === 0 && stored.every((r) => delivered.has(r.message_id))) {
        lastDelivery = Date.now()
        break
      }
      if (Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 100))
    }

    const apps = await sql<{ id: string; email: string }[]>`select id, email from applications`
    const outbox = await sql<{ message_id: string; status: string }[]>`select message_id, status from outbox`
    const answered = [...outcomes.values()]
    const storedIds = new Map<string, number>()
    for (const app of apps) storedIds.set(app.id, (storedIds.get(app.id) ?? 0) + 1)
    const byEmail = new Map<string, number>()
    for (const app of apps) byEmail.set(app.email, (byEmail.get(app.email) ?? 0) + 1)
    const answeredStoredOnce = bodies.filter(({ key, body }) => {
      const o = outcomes.get(key)
      return o && storedIds.get(o.id) === 1 && byEmail.get(body.formData.email.toLowerCase()) === 1
    }).length
    const answeredIds = new Set(answered.map((o) => o.id))
    const copies = new Map<string, number>()
    for (const d of deliveries) copies.set(d.messageId, (copies.get(d.messageId) ?? 0) + 1)
    return {
      submissions,
      answered: answered.length,
      answeredByA: answered.filter((o) => o.by === 'A').length,
      answeredByB: answered.filter((o) => o.by === 'B').length,
      retriedOnB: answered.filter((o) => o.retried).length,
      replayedOnB: answered.filter((o) => o.retried && o.replayed).length,
      storedApplications: apps.length,
      answeredStoredOnce,
      storedUnanswered: apps.filter((app) => !answeredIds.has(app.id)).length,
      emailsStored: outbox.length,
      emailsSent: outbox.filter((m) => m.status === 'sent').length,
      emailsDelivered: outbox.filter((m) => copies.has(m.message_id)).length,
      deliveries: deliveries.length,
      deliveriesFromA: deliveries.filter((d) => d.from === 'A').length,
      deliveriesFromB: deliveries.filter((d) => d.from === 'B').length,
      duplicates: [...copies]
        .filter(([, n]) => n > 1)
        .map(([messageId, n]) => ({ messageId, copies: n, inFlightAtKill: inFlightAtKill.has(messageId) })),
      inFlightAtKill: inFlightAtKill.size,
      missing: outbox.filter((m) => !copies.has(m.message_id)).length,
      drainAfterKillMs: lastDelivery - killedAt,
      totalMs: Date.now() - started,
    }
  } finally {
    for (const s of servers) await s.stop()
    await sql.end({ timeout: 1 })
    await smtpA.close()
    await smtpB.close()
    await db.drop()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      submissions: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '12' },
      'lease-seconds': { type: 'string', default: '2' },
      'smtp-delay-ms': { type: 'string', default: '5' },
    },
  })
  const report = await runMultiInstance({
    submissions: Number(values.submissions),
    concurrency: Number(values.concurrency),
    leaseSeconds: Number(values['lease-seconds']),
    smtpDelayMs: Number(values['smtp-delay-ms']),
  })
  const { duplicates, ...counts } = report
  console.log('Two instances on one PostgreSQL, instance A killed with SIGKILL part-way')
  console.table(counts)
  console.log(
    duplicates.length
      ? `Duplicates (same Message-ID): ${duplicates.map((d) => `${d.messageId} ×${d.copies}${d.inFlightAtKill ? ' (in flight at the kill)' : ' (NOT in flight at the kill)'}`).join(', ')}`
      : 'Duplicates: none',
  )
}
