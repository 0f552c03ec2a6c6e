/**
 * The jobs every worker process runs (background-jobs.ts), started and
 * stopped as the server and `npm run worker` do, on a real SQLite file: each
 * takes its first pass at start, and stop() leaves nothing running, not even
 * the backup's child process.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { servicesFrom } from './compose.ts'
import { backupDir, documentsDir, readConfig } from './shared/env.ts'
import { openSqliteStore } from './db/sqlite-store.ts'
import { startBackgroundJobs } from './background-jobs.ts'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

async function until(condition: () => boolean, what: string, ms = 30_000) {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > ms) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

it('starts the backup and the document cleanup among the jobs at once, and stop() leaves nothing running', { timeout: 60_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-jobs-'))
  dirs.push(dataDir)
  const config = readConfig({ DATA_DIR: dataDir })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  await store.migrate()
  // Bytes of an upload abandoned two days ago: the cleanup's first pass removes them.
  const incoming = join(documentsDir(config), 'incoming')
  mkdirSync(incoming, { recursive: true })
  const abandoned = join(incoming, 'a'.repeat(32))
  writeFileSync(abandoned, 'left over')
  const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000)
  utimesSync(abandoned, twoDaysAgo, twoDaysAgo)

  let woken = 0
  const jobs = startBackgroundJobs(config, servicesFrom(config, store, { log: () => {} }), { wakeOutbox: () => woken++ })
  const runs = () => store.db.prepare('SELECT status FROM backup_runs').all() as { status: string }[]
  await until(() => readdirSync(incoming).length === 0, 'the cleanup removes the abandoned upload')
  await until(() => runs().length === 1, 'the backup job takes its slot')

  await jobs.stop()
  // The backup either finished or was stopped and gave its slot back; no run is left 'running', no file half-written.
  expect(runs().filter((r) => r.status === 'running')).toEqual([])
  expect(readdirSync(backupDir(config)).filter((n) => n.startsWith('.'))).toEqual([])
  expect(woken).toBe(0)
  await store.close()
})
