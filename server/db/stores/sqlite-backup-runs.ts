/** backup_runs on the SQLite store's connection; writes join its group commit. */
import type { SqliteStore } from '../storage/sqlite-store.ts'
import { backupRunFromRow, INTERRUPTED_AFTER_MS, INTERRUPTED_ERROR, type BackupRunRow, type BackupRuns } from './status.ts'

const COLUMNS = 'started_at, finished_at, status, size_bytes, file, error'

export function openSqliteBackupRuns(store: SqliteStore): BackupRuns {
  const latest = (where: string) => {
    const row = store.db.prepare(`SELECT ${COLUMNS} FROM backup_runs ${where} ORDER BY started_at DESC, id DESC LIMIT 1`).get() as
      | BackupRunRow
      | undefined
    return row ? backupRunFromRow(row) : null
  }
  return {
    lastBackup: async () => latest(''),
    lastSuccessfulBackup: async () => latest(`WHERE status = 'ok'`),
    start: (at, slot) =>
      store.write(() => {
        store.db
          .prepare(`UPDATE backup_runs SET status = 'failed', error = ? WHERE status = 'running' AND started_at < ?`)
          .run(INTERRUPTED_ERROR, new Date(at.getTime() - INTERRUPTED_AFTER_MS).toISOString())
        const id = crypto.randomUUID()
        const inserted = store.db
          .prepare(`INSERT INTO backup_runs (id, slot, started_at, status) VALUES (?, ?, ?, 'running') ON CONFLICT DO NOTHING`)
          .run(id, slot ? slot.toISOString() : null, at.toISOString())
        return inserted.changes === 1 ? id : null
      }),
    finish: (id, at, outcome) =>
      store.write(() => {
        store.db
          .prepare(`UPDATE backup_runs SET finished_at = ?, status = ?, size_bytes = ?, file = ?, error = ? WHERE id = ?`)
          .run(
            at.toISOString(),
            outcome.status,
            outcome.status === 'ok' ? outcome.sizeBytes : null,
            outcome.status === 'ok' ? outcome.file : null,
            outcome.status === 'failed' ? outcome.error : null,
            id,
          )
      }),
    release: (id) =>
      store.write(() => {
        store.db.prepare(`DELETE FROM backup_runs WHERE id = ? AND status = 'running'`).run(id)
      }),
  }
}
