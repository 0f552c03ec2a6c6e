/**
 * `npm run bench:backup`: `npm run backup` on 10,000 applications and 500 MB
 * of documents (time and size, plain and encrypted), and how much a backup slows the real server's
 * submissions: throughput with a backup running over throughput without, as a
 * ratio. The server runs on a minimal build (no `npm run build` needed).
 * Options: --apps N (10000) --mb N (500) --connections N (8) --seconds N (10).
 * Prints the load average with each figure: on a shared machine they are noisy. Each figure starts
 * after `sync`, so that earlier writes are not counted in it.
 */
import { generateIdentity, identityToRecipient } from 'age-encryption'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startServer } from '../../e2e/fixtures/server.ts'
import { addDocument } from '../../server/features/backup/testing/data.ts'
import { minimalBuild, runCommand, startCommand, submissionStream } from '../../server/features/backup/testing/processes.ts'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'

const { values } = parseArgs({
  options: {
    apps: { type: 'string', default: '10000' },
    mb: { type: 'string', default: '500' },
    connections: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
  },
})
const APPS = Number(values.apps)
const MB = Number(values.mb)
const CONNECTIONS = Number(values.connections)
const SECONDS = Number(values.seconds)
const DOC_MB = 2
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ')
/**
 * Writes still on their way to the disk (the seeding's 500 MB, the server's own backup at start, the
 * previous figure's file) flushed before each figure: otherwise the next backup's fsync pays for them,
 * and the figure says more about what ran before it than about the backup.
 */
const settle = () => void spawnSync('sync')
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

const work = mkdtempSync(join(tmpdir(), 'catalitico-bench-backup-'))
const dataDir = join(work, 'data')
const dist = minimalBuild()
try {
  console.log(`seeding ${APPS} applications and ${MB} MB of documents (${DOC_MB} MB each)…`)
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  await store.migrate()
  const ids: string[] = []
  for (let done = 0; done < APPS; done += 500) {
    const batch = Array.from({ length: Math.min(500, APPS - done) }, () => newSubmission())
    await Promise.all(batch.map((s) => store.saveSubmission(s)))
    ids.push(...batch.map((s) => s.application.id))
  }
  for (let i = 0; i < Math.floor(MB / DOC_MB); i++) await addDocument(store, dataDir, ids[i % ids.length]!, DOC_MB * 1_048_576)
  // The seeded applications' e-mails left long ago: pending, the server would deliver all 20,000 during the
  // figures (measured: 8 CPU-seconds in 10 s beside the backup), and the figures would time that instead.
  store.db.prepare(`UPDATE outbox SET status = 'sent', attempts = 1, settled_at = created_at WHERE status = 'pending'`).run()
  await store.close()

  const server = await startServer({ DIST_DIR: dist, RATE_LIMIT_MAX: '1000000' }, { dataDir, logFile: join(work, 'server.log') })
  try {
    // The server's own scheduled backup runs at start: let it finish before measuring.
    await new Promise((r) => setTimeout(r, 2000))
    for (;;) {
      const log = server.output()
      if (/backup written|backup failed/.test(log)) break
      await new Promise((r) => setTimeout(r, 500))
    }

    const idleOut = join(work, 'idle.tar')
    settle()
    const idleStarted = performance.now()
    const idle = await runCommand('backup.ts', ['--out', idleOut], { DATA_DIR: dataDir })
    const idleMs = performance.now() - idleStarted
    if (idle.code !== 0) throw new Error(idle.stderr)
    console.log(`backup, no submissions: ${(idleMs / 1000).toFixed(1)} s wall (process start included), ${mb(statSync(idleOut).size)}  [load ${load()}]`)
    console.log(idle.stdout.trim().replace(/^/gm, '  '))
    rmSync(idleOut)

    const sealedOut = join(work, 'idle.tar.age')
    const recipient = await identityToRecipient(await generateIdentity())
    settle()
    const sealedStarted = performance.now()
    const sealed = await runCommand('backup.ts', ['--out', sealedOut], { DATA_DIR: dataDir, BACKUP_KEY: recipient })
    const sealedMs = performance.now() - sealedStarted
    if (sealed.code !== 0) throw new Error(sealed.stderr)
    console.log(`encrypted backup (BACKUP_KEY), no submissions: ${(sealedMs / 1000).toFixed(1)} s wall, ${mb(statSync(sealedOut).size)}  [load ${load()}]`)
    rmSync(sealedOut)

    settle()
    const baseline = submissionStream(server.url, CONNECTIONS)
    const baseStarted = performance.now()
    await new Promise((r) => setTimeout(r, SECONDS * 1000))
    await baseline.stop()
    const baseRate = baseline.acknowledged.length / ((performance.now() - baseStarted) / 1000)
    console.log(`submissions without a backup: ${baseRate.toFixed(0)}/s over ${SECONDS} s, ${CONNECTIONS} connections  [load ${load()}]`)

    const busyOut = join(work, 'busy.tar')
    const during = submissionStream(server.url, CONNECTIONS)
    const busyStarted = performance.now()
    const busy = await startCommand('backup.ts', ['--out', busyOut], { DATA_DIR: dataDir }).done
    const busyMs = performance.now() - busyStarted
    await during.stop()
    if (busy.code !== 0) throw new Error(busy.stderr)
    const busyRate = during.acknowledged.length / (busyMs / 1000)
    console.log(`backup under submissions: ${(busyMs / 1000).toFixed(1)} s wall, ${mb(statSync(busyOut).size)}  [load ${load()}]`)
    console.log(`submissions during the backup: ${busyRate.toFixed(0)}/s (${during.acknowledged.length} acknowledged, ${during.failures.length} failed)`)
    console.log(`ratio with/without a backup running: ${(busyRate / baseRate).toFixed(2)}  [load ${load()}]`)
  } finally {
    await server.stop()
  }
} finally {
  rmSync(work, { recursive: true, force: true })
  rmSync(dist, { recursive: true, force: true })
}
