/**
 * The worker's schedule with a fake clock and two instances on one SQLite
 * file: one backup per interval whichever instance ticks, the newest
 * BACKUP_KEEP kept, each run recorded, a failure recorded without stopping
 * the next interval's backup.
 */
import { generateIdentity } from 'age-encryption'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { DOCUMENT_KEYS } from '../../../domain/documents.ts'
import { readConfig } from '../../shared/env.ts'
import { openSqliteStore, type SqliteStore } from '../../db/sqlite-store.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { backupJobFrom } from './compose.ts'
import { addApplication, addDocument } from './testing/data.ts'
import { rotateBackups } from './schedule.ts'

let cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanup.reverse()) await c()
  cleanup = []
})

const HOUR = 3_600_000

async function twoInstances(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-schedule-'))
  const config = readConfig({ DATA_DIR: dataDir, ...env })
  const path = join(dataDir, 'catalitico.sqlite')
  const stores: SqliteStore[] = [openSqliteStore(path), openSqliteStore(path)]
  for (const s of stores) await s.migrate()
  cleanup.push(async () => {
    for (const s of stores) await s.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  let now = new Date('2026-11-23T00:10:00.000Z')
  const logs: Record<string, unknown>[] = []
  const jobs = stores.map((store) => backupJobFrom(config, { store, backupRuns: openWorkspaceStores(store).backupRuns }, { now: () => now, log: (e) => void logs.push(e), inProcess: true }))
  return {
    dataDir,
    stores,
    jobs,
    logs,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    runs: () => stores[0]!.db.prepare('SELECT slot, status, file, error FROM backup_runs ORDER BY started_at').all() as { slot: string; status: string; file: string; error: string | null }[],
    files: () => readdirSync(join(dataDir, 'backups')).filter((n) => !n.startsWith('.')).sort(),
  }
}

it('two instances ticking every 20 minutes for 10 hours: one backup per 2-hour interval, the newest 3 kept', async () => {
  const world = await twoInstances({ BACKUP_INTERVAL_HOURS: '2', BACKUP_KEEP: '3' })
  await addApplication(world.stores[0]!)
  const outcomes: string[] = []
  for (let step = 0; step < 30; step++) {
    const ticks = await Promise.all(world.jobs.map((j) => j.tick()))
    outcomes.push(...ticks.map((t) => t!.outcome))
    world.advance(20 * 60_000)
  }
  const runs = world.runs()
  // 00:10 → 10:10: the slots starting 00:00, 02:00, 04:00, 06:00, 08:00 (10:00 is reached at the 31st step).
  expect(runs.map((r) => r.slot)).toEqual(['00', '02', '04', '06', '08'].map((h) => `2026-11-23T${h}:00:00.000Z`))
  expect(runs.every((r) => r.status === 'ok')).toBe(true)
  expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5)
  expect(outcomes.filter((o) => o === 'not_due')).toHaveLength(55)
  expect(world.files()).toEqual(['catalitico-backup-20261123T041000Z.tar', 'catalitico-backup-20261123T061000Z.tar', 'catalitico-backup-20261123T081000Z.tar'])
  expect(world.files().map((f) => join(world.dataDir, 'backups', f))).toEqual(runs.slice(2).map((r) => r.file))
  expect(world.logs.filter((l) => l.msg === 'backup written')).toHaveLength(5)
})

it('a failed backup is recorded with its reason and the next interval tries again', async () => {
  const world = await twoInstances({ BACKUP_INTERVAL_HOURS: '1' })
  const backups = join(world.dataDir, 'backups')
  // A file where the directory should be (tests run as root, so permissions would not stop it).
  writeFileSync(backups, 'in the way')
  expect((await world.jobs[0]!.tick())!.outcome).toBe('failed')
  expect(world.runs()).toEqual([{ slot: '2026-11-23T00:00:00.000Z', status: 'failed', file: null, error: expect.stringMatching(/EEXIST|ENOTDIR/) }])
  expect(world.logs).toContainEqual(expect.objectContaining({ level: 'error', msg: 'backup failed' }))
  expect((await world.jobs[1]!.tick())!.outcome).toBe('not_due')
  rmSync(backups)
  world.advance(HOUR)
  expect((await world.jobs[1]!.tick())!.outcome).toBe('ok')
  expect(world.runs().map((r) => r.status)).toEqual(['failed', 'ok'])
})

it('rotation leaves other files alone and clears an interrupted backup’s leftovers once stale', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-rotate-'))
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }))
  const names = ['catalitico-backup-20261120T000000Z.tar', 'catalitico-backup-20261121T000000Z.tar.age', 'catalitico-backup-20261122T000000Z.tar', 'notes.txt']
  for (const n of names) writeFileSync(join(dir, n), 'x')
  const stale = '.catalitico-backup-20261119T000000Z.tar.partial-123-abcd'
  const fresh = '.catalitico-backup-20261122T000000Z.tar.partial-456-ef01'
  writeFileSync(join(dir, stale), 'x')
  writeFileSync(join(dir, fresh), 'x')
  const now = new Date()
  utimesSync(join(dir, stale), new Date(now.getTime() - 2 * HOUR), new Date(now.getTime() - 2 * HOUR))
  expect(await rotateBackups(dir, 2, HOUR, now)).toEqual(['catalitico-backup-20261120T000000Z.tar'])
  expect(readdirSync(dir).sort()).toEqual([fresh, 'catalitico-backup-20261121T000000Z.tar.age', 'catalitico-backup-20261122T000000Z.tar', 'notes.txt'])
  expect(existsSync(join(dir, stale))).toBe(false)
})

it('the worker takes its backup in a child process, and reports the child\'s failure', { timeout: 60_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-child-'))
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  const config = readConfig({ DATA_DIR: dataDir })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  cleanup.push(() => store.close())
  await store.migrate()
  await addApplication(store)
  const logs: Record<string, unknown>[] = []
  let now = new Date('2026-11-23T00:10:00.000Z')
  const job = backupJobFrom(config, { store, backupRuns: openWorkspaceStores(store).backupRuns }, { now: () => now, log: (e) => void logs.push(e) })
  const ok = await job.tick()
  expect(ok).toMatchObject({ outcome: 'ok', result: { file: join(dataDir, 'backups', 'catalitico-backup-20261123T001000Z.tar'), manifest: { counts: { applications: 1 } } } })
  expect(readdirSync(join(dataDir, 'backups'))).toEqual(['catalitico-backup-20261123T001000Z.tar'])

  // The child reads the parent's configuration (not the environment): an empty database fails it.
  const broken = backupJobFrom(readConfig({ DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, 'missing.sqlite')}` }), { store, backupRuns: openWorkspaceStores(store).backupRuns }, { now: () => now, log: (e) => void logs.push(e) })
  now = new Date('2026-11-24T00:10:00.000Z')
  const failed = await broken.tick()
  expect(failed).toEqual({ outcome: 'failed', error: 'Error: SqliteError: no such table: applications' })
  expect(logs).toContainEqual({ level: 'error', msg: 'backup failed', error: (failed as { error: string }).error })
})

/** A database with 192 MB of documents and an encryption key: a backup that takes seconds, long enough to be cut. */
async function slowBackupWorld() {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-stop-'))
  const env = { DATA_DIR: dataDir, BACKUP_KEY: await generateIdentity() }
  const config = readConfig(env)
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  cleanup.push(async () => {
    await store.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  await store.migrate()
  const application = await addApplication(store)
  for (const item of DOCUMENT_KEYS.slice(0, 6)) await addDocument(store, dataDir, application, 32 * 1024 * 1024, item)
  const backups = join(dataDir, 'backups')
  mkdirSync(backups, { recursive: true })
  return { dataDir, env, config, store, backups }
}

/** The pid in the name of the temporary file a backup is writing, once it appears. */
async function pidOfBackupInProgress(dir: string): Promise<number> {
  for (let waited = 0; waited < 30_000; waited += 20) {
    const partial = readdirSync(dir).find((n) => n.includes('.partial-'))
    if (partial) return Number(/\.partial-(\d+)-/.exec(partial)![1])
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('no backup started writing within 30 s')
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function until(condition: () => boolean, what: string, ms = 15_000) {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > ms) throw new Error(`${what}: not within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

it('stopping the worker mid-backup stops its child process, removes its files and frees the slot for the next start', { timeout: 120_000 }, async () => {
  const world = await slowBackupWorld()
  const logs: Record<string, unknown>[] = []
  const now = new Date('2026-11-23T00:10:00.000Z')
  const job = backupJobFrom(world.config, { store: world.store, backupRuns: openWorkspaceStores(world.store).backupRuns }, { now: () => now, log: (e) => void logs.push(e) })
  const ticked = job.tick()
  const child = await pidOfBackupInProgress(world.backups)
  expect(child).not.toBe(process.pid)
  await job.stop()
  expect(await ticked).toEqual({ outcome: 'stopped' })
  expect(isRunning(child)).toBe(false)
  expect(readdirSync(world.backups)).toEqual([])
  expect(world.store.db.prepare('SELECT count(*) AS n FROM backup_runs').get()).toEqual({ n: 0 })
  expect(logs).toContainEqual(expect.objectContaining({ level: 'info', msg: expect.stringMatching(/^backup stopped/) }))
  // A stopped job starts nothing more.
  expect(await job.tick()).toBeNull()

  // The restarted server takes the same interval's backup.
  const restarted = backupJobFrom(world.config, { store: world.store, backupRuns: openWorkspaceStores(world.store).backupRuns }, { now: () => now, log: () => {}, inProcess: true })
  expect(await restarted.tick()).toMatchObject({ outcome: 'ok', result: { manifest: { counts: { documents: 6 } } } })
})

it('a server killed outright mid-backup does not leave its backup process writing', { timeout: 120_000 }, async () => {
  const world = await slowBackupWorld()
  const out = join(world.backups, 'catalitico-backup-20261123T001000Z.tar.age')
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/features/backup/testing/backup-until-killed.ts', out], { env: { ...process.env, ...world.env }, stdio: 'ignore' })
  cleanup.push(async () => void server.kill('SIGKILL'))
  const child = await pidOfBackupInProgress(world.backups)
  expect(child).not.toBe(server.pid)
  server.kill('SIGKILL')
  await until(() => !isRunning(child), 'the backup process stops')
  expect(readdirSync(world.backups)).toEqual([])
})
