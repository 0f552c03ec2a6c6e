/**
 * The contract every ApplicationStore honours, as a reusable Vitest suite.
 * Each implementation's test file calls describeStoreContract with a factory
 * that opens a FRESH, migrated, real database for every test:
 *
 *   describeStoreContract('sqlite', async () => { ... return { store, openSecond, dispose } })
 *
 * openSecond opens another, independent connection (or pool) to the SAME
 * database, as a second server instance would.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { DuplicateReferenceError, type ApplicationStore } from './application-store.ts'

export interface StoreHarness {
  store: ApplicationStore
  openSecond: () => Promise<ApplicationStore>
  /** Close everything opened and delete the database. */
  dispose: () => Promise<void>
}

const T0 = new Date('2026-03-02T15:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

export function describeStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`ApplicationStore contract: ${name}`, () => {
    let disposers: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const d of disposers.reverse()) await d()
      disposers = []
    })
    async function harness() {
      const h = await open()
      disposers.push(h.dispose)
      return h
    }

    it('migrates idempotently and answers ping', async () => {
      const { store } = await harness()
      await store.migrate()
      await store.migrate()
      await expect(store.ping()).resolves.toBeUndefined()
    })

    it('stores the application, its consent evidence and its pending e-mails together', async () => {
      const { store } = await harness()
      const sub = newSubmission({ createdAt: T0 })
      sub.application.formData.problemSolution = 'Ñandú «comillas» "dobles" <b>etiquetas</b> 😀\nsegunda línea'

      const outcome = await store.saveSubmission(sub)

      expect(outcome).toEqual({ status: 'created', id: sub.application.id, reference: sub.application.reference })
      const apps = await store.listApplications()
      expect(apps).toEqual([sub.application])
      expect(apps[0]!.consent).toEqual({ policyVersion: sub.application.consent.policyVersion, acceptedAt: T0 })
      const messages = await store.listMessages({ applicationId: sub.application.id })
      expect(messages).toHaveLength(2)
      for (const m of messages) {
        const sent = sub.messages.find((x) => x.id === m.id)!
        expect(m).toMatchObject({ ...sent, applicationId: sub.application.id, status: 'pending', attempts: 0 })
        expect(m.nextAttemptAt).toEqual(T0)
        expect(m.createdAt).toEqual(T0)
        expect(m).toMatchObject({ claimedBy: null, leaseUntil: null, lastError: null, settledAt: null })
      }
      const notification = messages.find((m) => m.kind === 'team_notification')!
      expect(notification.replyTo).toBe(sub.application.formData.email)
      expect(messages.find((m) => m.kind === 'applicant_confirmation')!.replyTo).toBeUndefined()
    })

    it('keeps what it stored across connections (a restart)', async () => {
      const { store, openSecond } = await harness()
      const sub = newSubmission({ createdAt: T0 })
      await store.saveSubmission(sub)
      await store.close()
      const again = await openSecond()
      expect((await again.listApplications()).map((a) => a.id)).toEqual([sub.application.id])
      expect(await again.listMessages()).toHaveLength(2)
    })

    it('answers a repeated idempotency key with the first outcome and stores nothing new', async () => {
      const { store } = await harness()
      const first = newSubmission({ createdAt: T0, idempotencyKey: 'key-0000-aaaa', requestHash: 'h1' })
      const retry = newSubmission({ createdAt: at(1000), idempotencyKey: 'key-0000-aaaa', requestHash: 'h1' })

      await store.saveSubmission(first)
      const outcome = await store.saveSubmission(retry)

      expect(outcome).toEqual({ status: 'replayed', id: first.application.id, reference: first.application.reference })
      expect(await store.listApplications()).toHaveLength(1)
      expect(await store.listMessages()).toHaveLength(2)
    })

    it('refuses a reused idempotency key with a different body and stores nothing', async () => {
      const { store } = await harness()
      await store.saveSubmission(newSubmission({ createdAt: T0, idempotencyKey: 'key-0000-bbbb', requestHash: 'h1' }))
      const outcome = await store.saveSubmission(newSubmission({ idempotencyKey: 'key-0000-bbbb', requestHash: 'h2' }))
      expect(outcome).toEqual({ status: 'key_reused' })
      expect(await store.listApplications()).toHaveLength(1)
      expect(await store.listMessages()).toHaveLength(2)
    })

    it('holds idempotency keys across connections, even when they race', async () => {
      const { store, openSecond } = await harness()
      const second = await openSecond()
      const subs = Array.from({ length: 6 }, (_, i) =>
        newSubmission({ createdAt: at(i), idempotencyKey: 'key-race-0001', requestHash: 'same' }),
      )
      const outcomes = await Promise.all(subs.map((s, i) => (i % 2 ? second : store).saveSubmission(s)))
      const created = outcomes.filter((o) => o.status === 'created')
      expect(created).toHaveLength(1)
      const winner = created[0]!
      for (const o of outcomes) expect(o).toMatchObject({ id: winner.id, reference: winner.reference })
      expect(await store.listApplications()).toHaveLength(1)
      await second.close()
    })

    it('rejects a taken reference with DuplicateReferenceError and stores nothing', async () => {
      const { store } = await harness()
      await store.saveSubmission(newSubmission({ createdAt: T0, reference: 'CAT-2026-AAAAAA' }))
      const clash = newSubmission({ reference: 'CAT-2026-AAAAAA', idempotencyKey: 'key-clash-01' })
      await expect(store.saveSubmission(clash)).rejects.toBeInstanceOf(DuplicateReferenceError)
      expect(await store.listApplications()).toHaveLength(1)
      expect(await store.listMessages()).toHaveLength(2)
      // The key was not recorded either: a retry with a new reference goes through.
      clash.application.reference = 'CAT-2026-BBBBBB'
      expect(await store.saveSubmission(clash)).toMatchObject({ status: 'created' })
    })

    it('rolls the whole submission back when any part fails', async () => {
      const { store } = await harness()
      const sub = newSubmission({ createdAt: T0, idempotencyKey: 'key-rollback-1' })
      sub.messages[1]!.messageId = sub.messages[0]!.messageId // violates the unique Message-ID
      await expect(store.saveSubmission(sub)).rejects.toThrow()
      expect(await store.listApplications()).toEqual([])
      expect(await store.listMessages()).toEqual([])
    })

    it('leases due messages to one worker at a time, oldest first, up to the limit', async () => {
      const { store } = await harness()
      const a = newSubmission({ createdAt: T0 })
      const b = newSubmission({ createdAt: at(10) })
      const later = newSubmission({ createdAt: at(60_000) })
      for (const s of [b, a, later]) await store.saveSubmission(s)

      const first = await store.claimDueMessages('w1', at(1000), 3, 30_000)
      expect(first.map((m) => m.applicationId)).toEqual([a.application.id, a.application.id, b.application.id])
      for (const m of first) expect(m).toMatchObject({ claimedBy: 'w1', leaseUntil: at(31_000), attempts: 0 })

      const second = await store.claimDueMessages('w2', at(2000), 10, 30_000)
      expect(second.map((m) => m.applicationId)).toEqual([b.application.id])
      expect(await store.claimDueMessages('w3', at(3000), 10, 30_000)).toEqual([])
    })

    it('lets another worker claim a message whose lease expired, and the old holder can no longer settle it', async () => {
      const { store } = await harness()
      await store.saveSubmission(newSubmission({ createdAt: T0 }))
      const [m] = await store.claimDueMessages('dead-worker', T0, 1, 30_000)
      expect(await store.claimDueMessages('w2', at(29_999), 10, 30_000)).toHaveLength(1) // the other message only
      const [again] = await store.claimDueMessages('w3', at(30_000), 10, 30_000)
      expect(again).toMatchObject({ id: m!.id, claimedBy: 'w3', messageId: m!.messageId })

      expect(await store.markSent(m!.id, 'dead-worker', at(30_001))).toBe(false)
      expect(await store.markSent(m!.id, 'w3', at(30_002))).toBe(true)
      const [sent] = await store.listMessages({ status: 'sent' })
      expect(sent).toMatchObject({ id: m!.id, status: 'sent', settledAt: at(30_002), claimedBy: null, leaseUntil: null })
      const later = await store.claimDueMessages('w4', at(999_999), 10, 30_000)
      expect(later.map((x) => x.id)).not.toContain(m!.id)
    })

    it('gives each message to exactly one of many concurrent claimers', async () => {
      const { store, openSecond } = await harness()
      const second = await openSecond()
      for (let i = 0; i < 10; i++) await store.saveSubmission(newSubmission({ createdAt: at(i) }))
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? second : store).claimDueMessages(`w${i}`, at(100), 5, 30_000)),
      )
      const ids = claims.flat().map((m) => m.id)
      expect(ids).toHaveLength(20)
      expect(new Set(ids).size).toBe(20)
      await second.close()
    })

    it('reschedules a message: attempts, last error and the next due time, lease released', async () => {
      const { store } = await harness()
      await store.saveSubmission(newSubmission({ createdAt: T0 }))
      const [m] = await store.claimDueMessages('w1', T0, 1, 30_000)
      expect(await store.reschedule(m!.id, 'w1', { attempts: 1, nextAttemptAt: at(5000), lastError: 'ECONNREFUSED' })).toBe(
        true,
      )
      const [stored] = await store.listMessages({ status: 'pending' }).then((ms) => ms.filter((x) => x.id === m!.id))
      expect(stored).toMatchObject({ attempts: 1, nextAttemptAt: at(5000), lastError: 'ECONNREFUSED', claimedBy: null, leaseUntil: null })

      const early = await store.claimDueMessages('w2', at(4999), 10, 30_000)
      expect(early.map((x) => x.id)).not.toContain(m!.id)
      const due = await store.claimDueMessages('w2', at(5000), 10, 30_000)
      expect(due.map((x) => x.id)).toContain(m!.id)
      expect(await store.reschedule(m!.id, 'w1', { attempts: 2, nextAttemptAt: at(9000), lastError: 'late' })).toBe(false)
    })

    it('settles a message as failed for good', async () => {
      const { store } = await harness()
      await store.saveSubmission(newSubmission({ createdAt: T0 }))
      const [m] = await store.claimDueMessages('w1', T0, 1, 30_000)
      expect(await store.markFailed(m!.id, 'w2', { attempts: 8, failedAt: at(1), lastError: 'x' })).toBe(false)
      expect(await store.markFailed(m!.id, 'w1', { attempts: 8, failedAt: at(1), lastError: '550 mailbox unavailable' })).toBe(
        true,
      )
      const [failed] = await store.listMessages({ status: 'failed' })
      expect(failed).toMatchObject({ id: m!.id, attempts: 8, settledAt: at(1), lastError: '550 mailbox unavailable' })
      const rest = await store.claimDueMessages('w1', at(10 ** 9), 10, 30_000)
      expect(rest.map((x) => x.id)).not.toContain(m!.id)
    })

    it('finds applications by e-mail regardless of case and surrounding spaces', async () => {
      const { store } = await harness()
      const mine = newSubmission({ createdAt: T0, email: 'Fundadora@Andina.example.co' })
      const again = newSubmission({ createdAt: at(1), email: 'fundadora@andina.example.co' })
      const other = newSubmission({ createdAt: at(2) })
      for (const s of [mine, again, other]) await store.saveSubmission(s)
      const found = await store.findByEmail('  FUNDADORA@andina.EXAMPLE.co ')
      expect(found.map((a) => a.id)).toEqual([mine.application.id, again.application.id])
      expect(await store.findByEmail('nadie@example.co')).toEqual([])
    })

    it("deletes a founder's applications with all their e-mails and keys, reports what went, and leaves others alone", async () => {
      const { store } = await harness()
      const mine = newSubmission({ createdAt: T0, email: 'borrar@andina.example.co', idempotencyKey: 'key-delete-01' })
      const mine2 = newSubmission({ createdAt: at(1), email: 'BORRAR@andina.example.co' })
      const other = newSubmission({ createdAt: at(2), idempotencyKey: 'key-keep-0001' })
      for (const s of [mine, mine2, other]) await store.saveSubmission(s)
      const [m] = await store.claimDueMessages('w1', at(10), 1, 1000)
      await store.markSent(m!.id, 'w1', at(11))

      const report = await store.deleteByEmail('borrar@andina.example.co')

      expect(report.applications).toEqual([
        { id: mine.application.id, reference: mine.application.reference, createdAt: T0 },
        { id: mine2.application.id, reference: mine2.application.reference, createdAt: at(1) },
      ])
      expect(report.messages).toEqual({ pending: 3, sent: 1, failed: 0 })
      expect(report.idempotencyKeys).toBe(1)
      expect((await store.listApplications()).map((a) => a.id)).toEqual([other.application.id])
      expect((await store.listMessages()).every((x) => x.applicationId === other.application.id)).toBe(true)
      expect(await store.listMessages()).toHaveLength(2)
      // The other founder's key still answers; the deleted one is free again.
      expect(await store.saveSubmission(newSubmission({ idempotencyKey: 'key-keep-0001', requestHash: 'hash-a' }))).toMatchObject({
        status: 'replayed',
        id: other.application.id,
      })
      expect(await store.deleteByEmail('borrar@andina.example.co')).toEqual({
        applications: [],
        messages: { pending: 0, sent: 0, failed: 0 },
        idempotencyKeys: 0,
        dataRequestsClosed: 0,
      })
    })

    it('filters messages by application and status', async () => {
      const { store } = await harness()
      const a = newSubmission({ createdAt: T0 })
      const b = newSubmission({ createdAt: at(1) })
      await store.saveSubmission(a)
      await store.saveSubmission(b)
      const [m] = await store.claimDueMessages('w1', at(5), 1, 1000)
      await store.markSent(m!.id, 'w1', at(6))
      expect(await store.listMessages()).toHaveLength(4)
      expect(await store.listMessages({ applicationId: b.application.id })).toHaveLength(2)
      expect((await store.listMessages({ status: 'sent' })).map((x) => x.id)).toEqual([m!.id])
      expect(await store.listMessages({ applicationId: b.application.id, status: 'sent' })).toEqual([])
    })
  })
}
