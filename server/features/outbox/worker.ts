/**
 * The outbox worker: sends the e-mails that saveSubmission stored, after the
 * answer went out. Safe with any number of workers on one database: messages
 * are leased (ApplicationStore.claimDueMessages), so each is held by exactly
 * one worker at a time, and a dead worker's lease expires and is taken over.
 *
 * Delivery is at least once: a worker killed between the SMTP "250 OK" and
 * markSent leaves a message that another worker sends again, with the same
 * Message-ID. See docs/decisions/0021-transactional-outbox.md.
 *
 * Failures:
 * - transport (mail server down): the message goes back unchanged, and the
 *   worker backs off as a whole; an outage delays e-mails, never loses them.
 * - message (the server refused it): counts an attempt; retried with
 *   exponential backoff and jitter; marked failed after maxAttempts and logged.
 *
 * No node: imports: the loop only needs timers, the store and a sender.
 */
import { SendError, type MailSender } from '../../shared/mail/sender.ts'
import type { ApplicationStore, OutboxMessage } from '../../db/stores/application-store.ts'
import { LIVE_LINKS_PER_APPLICATION } from '../../../domain/personal-link.ts'
import { linkTokenHash, needsPersonalLink, newLinkToken, withPersonalLink } from './personal-link.ts'
import { SOURCE_PLACEHOLDER, fillSourceLine } from '../submission/mails.ts'
import type { ApplicationOrigin } from '../../../domain/sources.ts'

export interface OutboxWorkerOptions {
  store: ApplicationStore
  sender: MailSender
  /**
   * The public site's origin: a founder's e-mail gets its personal link
   * (`<siteOrigin>/postulacion/<token>`), created as it is sent (ADR 0117).
   */
  siteOrigin: string
  /** Identifies this worker in leases; unique per process. */
  workerId?: string
  /** A message refused this many times is marked failed. */
  maxAttempts: number
  /** Messages claimed per round. */
  batchSize?: number
  /** How long a claim is held; longer than the slowest send. */
  leaseMs?: number
  /** How often to look for due messages when not woken. */
  pollIntervalMs?: number
  /** Backoff after the n-th failure: min(maxMs, baseMs * 2^(n-1)), with jitter. */
  backoff?: { baseMs: number; maxMs: number }
  clock?: () => Date
  /** In [0, 1); replaceable for deterministic tests. */
  random?: () => number
  log?: (entry: Record<string, unknown>) => void
  /**
   * Give way to requests: while busy() says requests are in flight, send one
   * message at a time and at most one per maxDeferMs. E-mails are deferred
   * work; a burst of founders should not wait behind them. Once the burst
   * ends, the worker is back to full speed.
   */
  yieldTo?: { busy: () => boolean; maxDeferMs: number }
  /** Told the result of every send attempt (the /metrics counters). */
  onDelivery?: (result: 'sent' | 'retry' | 'failed' | 'transport') => void
  /**
   * Where an application came from, for the team's «Nueva postulación» (ADR 0206): its source line
   * is filled as it leaves. Without it the line points to the application's page instead.
   */
  originOf?: (applicationId: string) => Promise<ApplicationOrigin>
}

export interface OutboxWorker {
  readonly workerId: string
  /** Start the loop in the background. */
  start(): void
  /** Look for due messages now (called after a commit). */
  wake(): void
  /** Stop: finish the send in flight, release the rest of the batch, end the loop. */
  stop(): Promise<void>
  /** Process due messages until none is left; for the CLI and tests. Returns how many were settled. */
  runUntilIdle(): Promise<number>
}

export const DEFAULT_BACKOFF = { baseMs: 30_000, maxMs: 60 * 60_000 }
/** The team's source line when this worker was given no way to read it (a worker of tests that do not need it). */
const UNREAD_SOURCE = 'ver la postulación en el espacio del equipo'
/**
 * During a mail-server outage, how long the worker waits at most between tries: a connection attempt is
 * cheap, and the e-mails should leave soon after the server is back.
 */
export const TRANSPORT_MAX_DELAY_MS = 5 * 60_000
/** While giving way to requests, how often to look again. */
const DEFER_STEP_MS = 20

/** The delay before retry n (1-based), with "equal jitter": between half and all of the exponential step. */
export function backoffDelay(n: number, backoff: { baseMs: number; maxMs: number }, random: () => number): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, n - 1))
  return Math.round(step / 2 + (step / 2) * random())
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    store,
    sender,
    maxAttempts,
    batchSize = 10,
    leaseMs = 2 * 60_000,
    pollIntervalMs = 1000,
    backoff = DEFAULT_BACKOFF,
    clock = () => new Date(),
    random = Math.random,
    log = () => {},
  } = options
  const workerId = options.workerId ?? `worker-${crypto.randomUUID()}`

  let running: Promise<void> | undefined
  let stopping = false
  let wakeUp: (() => void) | undefined
  let woken = false
  // Consecutive transport failures: drives the worker-wide backoff during an outage.
  let transportFailures = 0
  let pausedUntil = 0

  function sleep(ms: number): Promise<void> {
    if (woken || stopping) {
      woken = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wakeUp = undefined
        woken = false
        resolve()
      }
      wakeUp = done
    })
  }

  async function deliver(message: OutboxMessage): Promise<'sent' | 'retry' | 'failed' | 'transport'> {
    // The founder's link exists from here on, in this e-mail only: its hash is durable before the
    // e-mail leaves, so the link works when it arrives; it is taken back if the e-mail does not leave.
    let linkHash: string | null = null
    let linkApplicationId: string | null = null
    let outgoing = message
    if (message.kind === 'team_notification' && message.applicationId !== null && message.text.includes(SOURCE_PLACEHOLDER)) {
      outgoing = options.originOf
        ? fillSourceLine(outgoing, await options.originOf(message.applicationId))
        : { ...outgoing, text: outgoing.text.split(SOURCE_PLACEHOLDER).join(UNREAD_SOURCE), html: outgoing.html.split(SOURCE_PLACEHOLDER).join(UNREAD_SOURCE) }
    }
    if (needsPersonalLink(message)) {
      const token = newLinkToken()
      linkHash = await linkTokenHash(token)
      linkApplicationId = message.applicationId
      await store.grantPersonalLink(message.applicationId, linkHash, clock())
      outgoing = withPersonalLink(outgoing, options.siteOrigin, token)
    }
    try {
      await sender.send(outgoing)
    } catch (err) {
      if (linkHash) await store.withdrawPersonalLink(linkHash).catch(() => {})
      const error = err instanceof SendError ? err : new SendError('transport', err instanceof Error ? err.name : 'unknown')
      const now = clock()
      if (error.scope === 'transport') {
        transportFailures++
        const delay = Math.min(backoffDelay(transportFailures, backoff, random), TRANSPORT_MAX_DELAY_MS)
        pausedUntil = now.getTime() + delay
        await store.reschedule(message.id, workerId, {
          attempts: message.attempts,
          nextAttemptAt: new Date(pausedUntil),
          lastError: error.reason,
        })
        log({ level: 'warn', msg: 'mail transport unavailable', reason: error.reason, retryInMs: delay, failures: transportFailures })
        return 'transport'
      }
      const attempts = message.attempts + 1
      const base = { outboxId: message.id, applicationId: message.applicationId, kind: message.kind, attempts, reason: error.reason }
      if (attempts >= maxAttempts) {
        await store.markFailed(message.id, workerId, { attempts, failedAt: now, lastError: error.reason })
        log({ level: 'error', msg: 'e-mail failed for good', ...base })
        return 'failed'
      }
      const delay = backoffDelay(attempts, backoff, random)
      await store.reschedule(message.id, workerId, { attempts, nextAttemptAt: new Date(now.getTime() + delay), lastError: error.reason })
      log({ level: 'warn', msg: 'e-mail refused, will retry', retryInMs: delay, ...base })
      return 'retry'
    }
    transportFailures = 0
    pausedUntil = 0
    // The new link has left: the application keeps its newest LIVE_LINKS_PER_APPLICATION (ADR 0197). After the
    // send, never before: a send that fails (an outage retried for hours) must not cost the founder old links.
    if (linkApplicationId) await store.retireOldPersonalLinks(linkApplicationId, LIVE_LINKS_PER_APPLICATION, clock())
    if (!(await store.markSent(message.id, workerId, clock()))) {
      // Our lease expired mid-send and another worker took the message: it may go out twice (same Message-ID).
      log({ level: 'warn', msg: 'lease lost during send', outboxId: message.id, applicationId: message.applicationId })
    } else {
      log({ level: 'info', msg: 'e-mail sent', outboxId: message.id, applicationId: message.applicationId, kind: message.kind })
    }
    return 'sent'
  }

  /** Give back claimed messages we will not send now, due at once for whoever comes next. */
  async function release(messages: OutboxMessage[], until: Date) {
    for (const m of messages) {
      await store.reschedule(m.id, workerId, { attempts: m.attempts, nextAttemptAt: until, lastError: m.lastError ?? '' })
    }
  }

  /** One round: claim a batch and work through it. Returns how many messages were settled. */
  async function round(limit = batchSize): Promise<number> {
    const now = clock()
    if (now.getTime() < pausedUntil) return 0
    const batch = await store.claimDueMessages(workerId, now, limit, leaseMs)
    let settled = 0
    for (let i = 0; i < batch.length; i++) {
      // Stopping gives the rest back. A send must end inside the lease, or another worker takes the message over and
      // it goes out twice: start one only while half the lease remains, and give the rest back for the next round.
      if (stopping || clock().getTime() - now.getTime() > leaseMs / 2) {
        await release(batch.slice(i), clock())
        break
      }
      const result = await deliver(batch[i]!)
      options.onDelivery?.(result)
      if (result === 'sent' || result === 'failed') settled++
      if (result === 'transport') {
        // The server is down for all of them: put the rest back until the pause ends.
        await release(batch.slice(i + 1), new Date(pausedUntil))
        break
      }
    }
    return settled
  }

  let lastRoundAt = 0
  const busy = () => options.yieldTo?.busy() ?? false

  async function loop() {
    while (!stopping) {
      if (busy() && performance.now() - lastRoundAt < options.yieldTo!.maxDeferMs) {
        await sleep(DEFER_STEP_MS)
        continue
      }
      lastRoundAt = performance.now()
      const limit = busy() ? 1 : batchSize
      let settled = 0
      try {
        settled = await round(limit)
      } catch (err) {
        log({ level: 'error', msg: 'outbox round failed', error: err instanceof Error ? err.name : 'unknown' })
      }
      // A full batch probably means more are due: go again at once.
      if (settled < limit) await sleep(pollIntervalMs)
    }
  }

  return {
    workerId,
    start() {
      running ??= loop()
    },
    wake() {
      if (wakeUp) wakeUp()
      else woken = true
    },
    async stop() {
      stopping = true
      wakeUp?.()
      await running
    },
    async runUntilIdle() {
      let total = 0
      for (;;) {
        const settled = await round()
        total += settled
        if (settled === 0) return total
      }
    },
  }
}
