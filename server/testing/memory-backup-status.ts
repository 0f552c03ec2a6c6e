/** A BackupStatusReader the tests fill by hand, until the backup job's own record is wired in. */
import type { BackupRun, BackupStatusReader } from '../db/stores/backup-runs.ts'

export interface MemoryBackupStatus extends BackupStatusReader {
  record(run: BackupRun): void
}

export function memoryBackupStatus(): MemoryBackupStatus {
  const runs: BackupRun[] = []
  return {
    record: (run) => void runs.push(run),
    lastBackup: async () => runs.at(-1) ?? null,
    lastSuccessfulBackup: async () => runs.findLast((r) => r.status === 'ok') ?? null,
  }
}
