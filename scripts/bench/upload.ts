/**
 * `npm run bench:upload`: throughput of a due-diligence upload through the
 * real server (server/index.ts: tus POST + one PATCH over loopback, the
 * content check, SHA-256, fsync and the row) against a plain `cp` of the same
 * file on this machine, as a ratio. Needs the built site (npm run build).
 * Options: --mb N (default 25) --runs N (default 5); DOCUMENT_STORAGE=database
 * with DATABASE_URL to measure the database storage instead.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startServer } from '../../e2e/fixtures/server.ts'
import { seedFounder } from '../../server/testing/seed-founder.ts'
import { openStore } from '../../server/open-store.ts'
import { readConfig } from '../../server/shared/env.ts'
import { samples, tusClient } from '../../server/features/documents/testing/tus.ts'

const { values } = parseArgs({ options: { mb: { type: 'string', default: '25' }, runs: { type: 'string', default: '5' } } })
const MB = Number(values.mb)
const RUNS = Number(values.runs)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const work = mkdtempSync(join(tmpdir(), 'catalitico-bench-upload-'))
const server = await startServer({ DOCUMENT_MAX_MB: String(Math.max(25, MB)) }, { logFile: join(work, 'server.log'), startTimeoutMs: 60_000 })
try {
  const size = MB * 1_048_576
  const source = join(work, 'source.pdf')
  writeFileSync(source, samples.pdf(size))
  const config = readConfig({ ...process.env, DATA_DIR: server.dataDir })
  const store = await openStore(config.database)
  const founder = await seedFounder(store)
  await store.close()
  const tus = tusClient((url, init) => fetch(url, init), `${server.url}/postulacion/${founder.token}`, server.url)
  const expected = createHash('sha256').update(readFileSync(source)).digest('hex')

  const uploadMs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    // Read from disk inside the timing, as cp does.
    const res = await tus.upload({ itemKey: 'pitch_deck', fileName: 'pitch.pdf', bytes: readFileSync(source) })
    uploadMs.push(performance.now() - started)
    if (res.status !== 204) throw new Error(`upload answered ${res.status}: ${await res.text()}`)
  }
  const list = (await (await fetch(`${server.url}/postulacion/${founder.token}/api/documentos`)).json()) as {
    items: { key: string; document: { sha256: string } | null }[]
  }
  if (list.items.find((i) => i.key === 'pitch_deck')?.document?.sha256 !== expected) throw new Error('stored checksum differs')

  const cpMs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const target = join(work, `copy-${i}.pdf`)
    const started = performance.now()
    execFileSync('cp', [source, target])
    cpMs.push(performance.now() - started)
    rmSync(target)
  }
  const up = median(uploadMs)
  const cp = median(cpMs)
  const rate = (ms: number) => (MB / (ms / 1000)).toFixed(0)
  console.log(`file: ${MB} MB, ${RUNS} runs, medians; storage: ${config.DOCUMENT_STORAGE}, store: ${config.database.kind}`)
  console.log(`upload through the server: ${up.toFixed(0)} ms (${rate(up)} MB/s)`)
  console.log(`cp of the same file:        ${cp.toFixed(0)} ms (${rate(cp)} MB/s)`)
  console.log(`ratio upload/cp time: ${(up / cp).toFixed(1)}x (throughput ${((cp / up) * 100).toFixed(0)} % of cp)`)
} finally {
  await server.stop()
  rmSync(work, { recursive: true, force: true })
}
