/**
 * The contract of BackupRuns (status.ts) on each store: the reader the admin
 * overview and /metrics use, and the slot that lets exactly one instance take
 * each scheduled backup. Run on a real SQLite file and the real PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import type { ApplicationStore } from './application-store.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import { INTERRUPTED_AFTER_MS, INTERRUPTED_ERROR, openBackupRuns, type BackupRuns } from './backup-runs.ts'

export interface BackupRunsHarness {
  runs: BackupRuns
  /** The same database through another store, as a second instance. */
  second: () => Promise<BackupRuns>
  /** Every run's status and error, in the order they started (checks of runs no longer the last). */
  statuses: () => Promise<{ status: string; error: string | null }[]>
  dispose: () => Promise<void>
}

/** The harness on a test database of either store (workspace/testing/store-databases.ts). */
export function backupRunsHarness<S extends ApplicationStore>(db: TestDatabase<S>): BackupRunsHarness {
  return {
    runs: openBackupRuns(db.store),
    second: async () => openBackupRuns(await db.openAnother()),
    statuses: async () => (await db.all('SELECT status, error FROM backup_runs ORDER BY started_at')).map((r) => ({ status: String(r.status), error: (r.error as string | null) ?? null })),
    dispose: db.dispose,
  }
}

const T0 = new Date('2026-11-23T00:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

export function describeBackupRunsContract(name: string, open: () => Promise<BackupRunsHarness>): void {
  describe(`BackupRuns contract: ${name}`, () => {
    const harness = harnessPerTest(open)

    it('no backup yet: both readings are null', async () => {
      const { runs } = await harness()
      expect(await runs.lastBackup()).toBeNull()
      expect(await runs.lastSuccessfulBackup()).toBeNull()
    })

    it('a run is running, then ok with its size and file; a later failure is the last backup but not the last good one', async () => {
      const { runs } = await harness()
      const first = await runs.start(at(0))
      expect(await runs.lastBackup()).toEqual({ startedAt: at(0).toISOString(), finishedAt: null, status: 'running', sizeBytes: null, file: null, error: null })
      expect(await runs.lastSuccessfulBackup()).toBeNull()
      await runs.finish(first!, at(2), { status: 'ok', sizeBytes: 5_000_000_000, file: '/backups/a.tar' })
      const ok = { startedAt: at(0).toISOString(), finishedAt: at(2).toISOString(), status: 'ok', sizeBytes: 5_000_000_000, file: '/backups/a.tar', error: null }
      expect(await runs.lastBackup()).toEqual(ok)

      const second = await runs.start(at(60))
      await runs.finish(second!, at(61), { status: 'failed', error: 'Error: ENOSPC: no space left on device' })
      expect(await runs.lastBackup()).toEqual({
        startedAt: at(60).toISOString(),
        finishedAt: at(61).toISOString(),
        status: 'failed',
        sizeBytes: null,
        file: null,
        error: 'Error: ENOSPC: no space left on device',
      })
      expect(await runs.lastSuccessfulBackup()).toEqual(ok)
    })

    it('a slot is taken once, whichever instance asks first; manual runs need no slot', async () => {
      const h = await harness()
      const other = await h.second()
      const slot = at(0)
      const [a, b] = await Promise.all([h.runs.start(at(1), slot), other.start(at(1), slot)])
      expect([a, b].filter((id) => id !== null)).toHaveLength(1)
      expect(await other.start(at(30), slot)).toBeNull()
      expect(await other.start(at(61), at(60))).not.toBeNull()
      expect(await h.runs.start(at(62))).not.toBeNull()
      expect(await h.runs.start(at(63))).not.toBeNull()
      expect((await other.lastBackup())!.startedAt).toBe(at(63).toISOString())
    })

    it('a run stopped by a shutdown gives its slot back to the next instance, and leaves no trace in the record', async () => {
      const h = await harness()
      const other = await h.second()
      const slot = at(0)
      const id = await h.runs.start(at(1), slot)
      expect(await other.start(at(2), slot)).toBeNull()
      await h.runs.release(id!)
      expect(await h.runs.lastBackup()).toBeNull()
      const again = await other.start(at(3), slot)
      expect(again).not.toBeNull()
      expect(await other.start(at(4), slot)).toBeNull()
      expect(await h.statuses()).toEqual([{ status: 'running', error: null }])
    })

    it('a run left running longer than INTERRUPTED_AFTER_MS is marked failed by the next start on any instance, even one that finds its slot taken', async () => {
      const h = await harness()
      const other = await h.second()
      const slot = at(0)
      const killed = await h.runs.start(at(1), slot)
      expect(killed).not.toBeNull()
      // Another instance's ticks in the same slot: not due; within the bound the run may still be going.
      expect(await other.start(at(1 + INTERRUPTED_AFTER_MS / 60_000), slot)).toBeNull()
      expect(await other.lastBackup()).toMatchObject({ startedAt: at(1).toISOString(), status: 'running', error: null })
      expect(await other.start(at(2 + INTERRUPTED_AFTER_MS / 60_000), slot)).toBeNull()
      expect(await other.lastBackup()).toEqual({ startedAt: at(1).toISOString(), finishedAt: null, status: 'failed', sizeBytes: null, file: null, error: INTERRUPTED_ERROR })
      expect(await h.runs.lastSuccessfulBackup()).toBeNull()
    })

    it('a manual start marks only the runs older than the bound; one younger keeps running and finishes; a marked live run still records its outcome', async () => {
      const { runs, statuses } = await harness()
      const old = await runs.start(at(0))
      const young = await runs.start(at(60))
      const now = at(1 + INTERRUPTED_AFTER_MS / 60_000)
      const manual = await runs.start(now)
      expect(await statuses()).toEqual([
        { status: 'failed', error: INTERRUPTED_ERROR },
        { status: 'running', error: null },
        { status: 'running', error: null },
      ])
      await runs.finish(young!, now, { status: 'ok', sizeBytes: 10, file: '/backups/young.tar' })
      await runs.finish(manual!, now, { status: 'ok', sizeBytes: 11, file: '/backups/manual.tar' })
      // Slower than the bound, yet alive: its own finish has the last word.
      await runs.finish(old!, now, { status: 'ok', sizeBytes: 12, file: '/backups/old.tar' })
      expect((await statuses()).map((r) => r.status)).toEqual(['ok', 'ok', 'ok'])
      expect(await runs.lastBackup()).toMatchObject({ startedAt: now.toISOString(), status: 'ok', file: '/backups/manual.tar' })
    })
  })
}
