/**
 * Two real server processes on one PostgreSQL, one killed with SIGKILL
 * part-way through 200 submissions (scripts/bench/multi-instance.ts).
 */
import { describe, expect, it } from 'vitest'
import { requirePostgres } from '../../server/db/testing/postgres-test-database.ts'
import { runMultiInstance } from './multi-instance.ts'

const available = await requirePostgres()

describe.skipIf(!available)('several instances on one PostgreSQL', () => {
  it('stores every answered application once and delivers every e-mail, duplicates only for what the dead instance held', async () => {
    // A generous drain limit: the machine may be shared; the run itself takes about 30 s. A lease of
    // 10 s, not the bench's 2: on a loaded machine a send can outlast 2 s, and a message whose lease
    // runs out mid-send may go out twice by design (outbox/worker.ts), which is not what this checks.
    const report = await runMultiInstance({ submissions: 200, drainTimeoutMs: 90_000, leaseSeconds: 10 })
    console.log(JSON.stringify(report))

    expect(report.answered).toBe(200)
    expect(report.answeredByA).toBeGreaterThan(0)
    expect(report.answeredByB).toBeGreaterThan(0)
    expect(report.answeredStoredOnce).toBe(200)
    expect(report.storedUnanswered).toBe(0)
    expect(report.storedApplications).toBe(200)

    expect(report.emailsStored).toBe(2 * report.storedApplications)
    expect(report.missing).toBe(0)
    expect(report.emailsDelivered).toBe(report.emailsStored)
    expect(report.emailsSent).toBe(report.emailsStored)
    for (const duplicate of report.duplicates) expect(duplicate).toMatchObject({ copies: 2, inFlightAtKill: true })
    expect(report.deliveries).toBe(report.emailsStored + report.duplicates.length)
  }, 300_000)
})
