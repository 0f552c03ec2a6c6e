/** backup_runs on the PostgreSQL store's pool. No node: imports. */
import type { PostgresStore } from '../storage/postgres-store.ts'
import { backupRunFromRow, INTERRUPTED_AFTER_MS, INTERRUPTED_ERROR, type BackupRunRow, type BackupRuns } from './status.ts'

export function openPostgresBackupRuns(store: PostgresStore): BackupRuns {
  const { sql } = store
  const latest = async (onlyOk: boolean) => {
    const [row] = await sql<BackupRunRow[]>`
      select started_at, finished_at, status, size_bytes, file, error from backup_runs
      ${onlyOk ? sql`where status = 'ok'` : sql``}
      order by started_at desc, id desc limit 1`
    return row ? backupRunFromRow(row) : null
  }
  return {
    lastBackup: () => latest(false),
    lastSuccessfulBackup: () => latest(true),
    async start(at, slot) {
      await sql`
        update backup_runs set status = 'failed', error = ${INTERRUPTED_ERROR}
        where status = 'running' and started_at < ${new Date(at.getTime() - INTERRUPTED_AFTER_MS)}`
      const id = crypto.randomUUID()
      const rows = await sql`
        insert into backup_runs (id, slot, started_at, status) values (${id}, ${slot ?? null}, ${at}, 'running')
        on conflict do nothing returning id`
      return rows.length === 1 ? id : null
    },
    async finish(id, at, outcome) {
      await sql`
        update backup_runs set finished_at = ${at}, status = ${outcome.status},
          size_bytes = ${outcome.status === 'ok' ? outcome.sizeBytes : null},
          file = ${outcome.status === 'ok' ? outcome.file : null},
          error = ${outcome.status === 'failed' ? outcome.error : null}
        where id = ${id}`
    },
    async release(id) {
      await sql`delete from backup_runs where id = ${id} and status = 'running'`
    },
  }
}
