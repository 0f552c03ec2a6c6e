/** The backup job and command as the configuration describes them (server/index.ts, server/cli/worker.ts, the CLI). */
import { backupDir, type Config } from '../../shared/env.ts'
import { jsonLog, type Log } from '../../shared/log.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { takeBackupInChildProcess } from './child-backup.ts'
import { createBackupJob, type BackupJob } from './schedule.ts'
import type { BackupRuns } from '../../db/stores/backup-runs.ts'

/** On the services' store and backup runs (the services object, ADR 0212). `inProcess`: take the backup in this process (tests); by default a child process at a lower priority. */
export function backupJobFrom(
  config: Config,
  services: { store: ApplicationStore; backupRuns: BackupRuns },
  extra: { log?: Log; tickMs?: number; now?: () => Date; inProcess?: boolean } = {}): BackupJob {
  const offset = config.WORKER_CLOCK_OFFSET_MS
  return createBackupJob({
    config,
    store: services.store,
    runs: services.backupRuns,
    dir: backupDir(config),
    intervalMs: config.BACKUP_INTERVAL_HOURS * 3_600_000,
    keep: config.BACKUP_KEEP,
    now: extra.now ?? (() => new Date(Date.now() + offset)),
    log: extra.log ?? jsonLog,
    ...(config.BACKUP_KEY ? { key: config.BACKUP_KEY } : {}),
    ...(extra.tickMs ? { tickMs: extra.tickMs } : {}),
    ...(extra.inProcess ? {} : { take: takeBackupInChildProcess(config) }),
  })
}
