/**
 * A consistent copy of the live SQLite database, taken while the server keeps
 * writing: VACUUM INTO reads the whole database inside ONE read transaction
 * (WAL lets writers go on meanwhile) and never starts over, unlike the online
 * backup API, which restarts whenever another connection writes
 * (docs/decisions/0110). It runs on a worker thread so that a server running
 * the scheduled backup keeps answering while the copy is made.
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

const require = createRequire(import.meta.url)

// Plain JavaScript: worker threads do not go through tsx's TypeScript loader.
const SNAPSHOT_WORKER = `
const { workerData, parentPort } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.source, { fileMustExist: true })
try {
  db.pragma('busy_timeout = 10000')
  db.prepare('VACUUM INTO ?').run(workerData.target)
} finally {
  db.close()
}
parentPort.postMessage('done')
`

/**
 * Copy the database at `source` into the new file `target` (which must not
 * exist). On `signal`, the thread is terminated; the promise settles only
 * once it has stopped (a VACUUM under way finishes its native step first),
 * so the caller can then remove `target` knowing nothing writes to it.
 */
export function snapshotSqlite(source: string, target: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const worker = new Worker(SNAPSHOT_WORKER, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), source, target } })
    let done = false
    const onAbort = () => void worker.terminate()
    signal?.addEventListener('abort', onAbort, { once: true })
    worker.once('message', () => {
      done = true
      resolve()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', onAbort)
      if (!done) reject(signal?.aborted ? signal.reason : new Error(`the snapshot thread stopped (exit code ${code})`))
    })
  })
}
