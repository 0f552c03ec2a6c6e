/**
 * Two workers on one database, sends slower than the lease allows for a
 * whole batch: a worker must not start sending a message whose lease is
 * about to run out, or the other worker takes it over and it goes out twice.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { openSqliteStore } from '../../db/sqlite-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { startSmtpSink } from '../../testing/smtp-sink.ts'
import { createOutboxWorker } from './worker.ts'

it('sends each message once when a batch takes longer than the lease', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-lease-'))
  const path = join(dir, 'catalitico.sqlite')
  const stores = [openSqliteStore(path), openSqliteStore(path)]
  // The SMTP server takes 450 ms per message: a batch of 10 needs 4.5 s, the lease is 3 s. Half the
  // lease (the rule) leaves about a second of slack per send: 350 ms (a 1 s lease) was not enough on a
  // machine whose event loop stalled longer than that under load (an 11th copy went out).
  const sink = await startSmtpSink({ delayMs: 450 })
  const senders = stores.map(() => createSmtpSender(sink.url))
  try {
    await stores[0]!.migrate()
    for (let i = 0; i < 5; i++) await stores[0]!.saveSubmission(newSubmission())
    const workers = stores.map((store, i) =>
      createOutboxWorker({
        store,
        sender: senders[i]!,
        siteOrigin: 'https://catalitico.example',
        workerId: `w${i}`,
        maxAttempts: 3,
        batchSize: 10,
        leaseMs: 3000,
        pollIntervalMs: 10,
      }),
    )
    for (const w of workers) w.start()
    const deadline = Date.now() + 40_000
    while ((await stores[0]!.listMessages({ status: 'pending' })).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
    // Let a worker that took a message over finish its copy, if it sent one.
    await new Promise((r) => setTimeout(r, 400))
    await Promise.all(workers.map((w) => w.stop()))

    const ids = sink.received.map((m) => m.header('message-id'))
    expect(ids).toHaveLength(10)
    expect(new Set(ids).size).toBe(10)
    expect((await stores[0]!.listMessages({ status: 'sent' })).length).toBe(10)
  } finally {
    for (const s of senders) await s.close()
    await sink.close()
    for (const s of stores) await s.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
