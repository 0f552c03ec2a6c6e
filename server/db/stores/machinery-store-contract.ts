/**
 * The contract of the MachineryStore (the overview's "Estado del sistema" and
 * /metrics), run on a real SQLite file and on the real PostgreSQL
 * (clock-store.sqlite.test.ts, clock-store.postgres.test.ts share the harness).
 * The outbox's states are reached through the ApplicationStore's own claim,
 * reschedule and settle calls, as the worker reaches them.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { harnessPerTest } from '../testing/store-databases.ts'
import type { ClockStoreHarness } from './clock-store-contract.ts'

const T0 = new Date('2026-03-02T15:00:00.000Z')
const MIN = 60_000
/** An admin without a conflict of interest: who reads the failed e-mails. */
const READER = crypto.randomUUID()

export function describeMachineryStoreContract(name: string, open: () => Promise<ClockStoreHarness>): void {
  describe(`MachineryStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)

    /** Two applications (four e-mails); one sent, one refused once, one failed for good, one untouched. */
    async function outboxInEveryState(h: ClockStoreHarness) {
      const first = newSubmission({ createdAt: T0 })
      const second = newSubmission({ createdAt: new Date(T0.getTime() + 5 * MIN) })
      await h.store.saveSubmission(first)
      await h.store.saveSubmission(second)
      const claimed = await h.store.claimDueMessages('w', new Date(T0.getTime() + 10 * MIN), 10, 60_000)
      expect(claimed).toHaveLength(4)
      const [a, b, c] = claimed
      await h.store.markSent(a!.id, 'w', new Date(T0.getTime() + 11 * MIN))
      await h.store.reschedule(b!.id, 'w', { attempts: 1, nextAttemptAt: new Date(T0.getTime() + 20 * MIN), lastError: '451 4.3.0 try later' })
      await h.store.markFailed(c!.id, 'w', { attempts: 3, failedAt: new Date(T0.getTime() + 12 * MIN), lastError: '550 5.1.1 mailbox unavailable' })
      await h.store.reschedule(claimed[3]!.id, 'w', { attempts: 0, nextAttemptAt: T0, lastError: '' })
      return { first, second, sent: a!, retrying: b!, failed: c!, untouched: claimed[3]! }
    }

    it('counts the outbox by status, the retried ones and the oldest waiting; a draft in "Correos por enviar" is not waiting', async () => {
      const h = await harness()
      expect(await h.stores.machinery.outboxFigures()).toEqual({
        applications: 0,
        pending: 0,
        sent: 0,
        failed: 0,
        retrying: 0,
        retried: 0,
        oldestPendingAt: null,
      })
      const { first, second, retrying, untouched } = await outboxInEveryState(h)
      const expected = { applications: 2, pending: 2, sent: 1, failed: 1, retrying: 1, retried: 2 }
      const figures = await h.stores.machinery.outboxFigures()
      expect(figures).toMatchObject(expected)
      // Queued with its application: the oldest of the two still pending.
      const queuedAt = (m: { applicationId: string | null }) =>
        (m.applicationId === first.application.id ? first : second).application.createdAt.getTime()
      expect(figures.oldestPendingAt?.getTime()).toBe(Math.min(queuedAt(retrying), queuedAt(untouched)))

      await h.exec(
        `INSERT INTO founder_mail_drafts (id, application_id, kind, recipient, subject, text_body, html_body, status, created_at)
         VALUES (?, ?, 'sesion_panel', 'founder@example.co', 'Asunto', 'Texto', '<p>Texto</p>', 'draft', ?)`,
        [crypto.randomUUID(), first.application.id, new Date(T0.getTime() - 60 * MIN).toISOString()],
      )
      expect(await h.stores.machinery.outboxFigures()).toEqual(figures)
    })

    it('lists the failed e-mails with their application, newest first; retries one once; never a blanked one', async () => {
      const h = await harness()
      const { first, second, failed } = await outboxInEveryState(h)
      const owner = failed.applicationId === first.application.id ? first.application : second.application
      const list = await h.stores.machinery.failedMessages(10, READER)
      expect(list).toEqual({
        total: 1,
        items: [
          {
            id: failed.id,
            kind: failed.kind,
            applicationId: owner.id,
            reference: owner.reference,
            companyName: owner.formData.companyName,
            tradeName: owner.formData.tradeName,
            attempts: 3,
            lastError: '550 5.1.1 mailbox unavailable',
            failedAt: new Date(T0.getTime() + 12 * MIN),
            conflicted: false,
            retryable: true,
          },
        ],
      })

      // A sign-in link's body is blanked when it fails: listed, not retryable.
      const blanked = crypto.randomUUID()
      await h.exec(
        `INSERT INTO outbox (id, application_id, member_id, kind, message_id, sender, recipient, subject, text_body, html_body,
                             redact_after_send, status, attempts, next_attempt_at, created_at, settled_at)
         VALUES (?, NULL, NULL, 'team_sign_in', ?, 'a@b.co', 'c@d.co', 'Enlace', '', '', true, 'failed', 3, ?, ?, ?)`,
        [blanked, `<${blanked}@x.example>`, T0.toISOString(), T0.toISOString(), new Date(T0.getTime() + 30 * MIN).toISOString()],
      )
      const both = await h.stores.machinery.failedMessages(10, READER)
      expect(both.total).toBe(2)
      expect(both.items.map((i) => [i.id, i.applicationId, i.retryable])).toEqual([
        [blanked, null, false],
        [failed.id, owner.id, true],
      ])
      expect((await h.stores.machinery.failedMessages(1, READER)).items.map((i) => i.id)).toEqual([blanked])
      expect(await h.stores.machinery.retryFailed(blanked, T0, READER)).toBeNull()

      const again = new Date(T0.getTime() + 60 * MIN)
      expect(await h.stores.machinery.retryFailed(failed.id, again, READER)).toEqual({ applicationId: owner.id })
      expect(await h.stores.machinery.retryFailed(failed.id, again, READER)).toBeNull()
      expect(await h.stores.machinery.retryFailed('not-a-uuid', again, READER)).toBeNull()
      expect(await h.stores.machinery.retryFailed(crypto.randomUUID(), again, READER)).toBeNull()
      expect(await h.stores.machinery.outboxFigures()).toMatchObject({ pending: 3, failed: 1, retried: 2 })
      // Due again, with a fresh series of attempts: the worker's next claim takes it.
      const reclaimed = await h.store.claimDueMessages('w2', again, 10, 60_000)
      expect(reclaimed.find((m) => m.id === failed.id)).toMatchObject({ attempts: 0, status: 'pending', claimedBy: 'w2' })
    })

    it('masks a failed e-mail to an admin with a conflict on its application, and refuses them its retry (ADR 0200)', async () => {
      const h = await harness()
      const { first, second, failed } = await outboxInEveryState(h)
      const owner = failed.applicationId === first.application.id ? first.application : second.application
      const admin = await h.addMember('admin', 'Admin con conflicto')
      await h.stores.conflicts.declare({ applicationId: owner.id, memberId: admin.id, kind: 'personal', note: '', declaredBy: admin.id, at: T0 })
      const list = await h.stores.machinery.failedMessages(10, admin.id)
      expect(list.items).toEqual([
        expect.objectContaining({ id: failed.id, applicationId: owner.id, reference: owner.reference, companyName: null, tradeName: null, conflicted: true, retryable: false }),
      ])
      const again = new Date(T0.getTime() + 60 * MIN)
      expect(await h.stores.machinery.retryFailed(failed.id, again, admin.id)).toBe('conflicted')
      expect(await h.stores.machinery.outboxFigures()).toMatchObject({ failed: 1 })
      // Another admin reads it whole and retries it.
      expect((await h.stores.machinery.failedMessages(10, READER)).items[0]).toMatchObject({ companyName: owner.formData.companyName, conflicted: false, retryable: true })
      expect(await h.stores.machinery.retryFailed(failed.id, again, READER)).toEqual({ applicationId: owner.id })
    })
  })
}
