/**
 * `npm run worker`: the outbox worker (and the retention and document
 * cleanup jobs, server/jobs/) alone, without the HTTP server. For a
 * Supabase deployment, where the edge function stores the e-mails but may not
 * send them (Supabase blocks outbound SMTP; docs/decisions/0033), or to send
 * mail from a machine other than the web instances. Any number may run on one
 * database: e-mails are leased (docs/decisions/0032).
 *
 * Stops gracefully on SIGTERM and SIGINT: finishes the e-mail being sent and
 * gives the rest of its batch back.
 */
import { documentsFrom, outboxWorkerFrom, reminderJobFrom, retentionJobFrom, senderFrom } from '../compose.ts'
import { createDocumentCleanupJob } from '../jobs/document-cleanup.ts'
import { openWorkspaceStores } from '../workspace/storage/open-workspace-stores.ts'
import { ConfigError, loadDotEnv, outboxDir, readConfig } from '../env.ts'
import { jsonLog as log } from '../log.ts'
import { openStore } from '../storage/open-store.ts'
import { backupJobFrom } from '../backup/compose.ts'

async function main() {
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  await store.migrate()
  const sender = senderFrom(config)
  const worker = outboxWorkerFrom(config, store, sender)
  worker.start()
  // The daily reminders too: any number of processes may run them (exactly one e-mail per member and day).
  const reminders = reminderJobFrom(config, store, { onQueued: () => worker.wake() })
  reminders.start()
  const retention = retentionJobFrom(config, openWorkspaceStores(store).founder)
  retention.start()
  // One backup per BACKUP_INTERVAL_HOURS across all instances (server/backup/schedule.ts).
  const backups = backupJobFrom(config, store)
  backups.start()
  // On a machine sharing the server's DATA_DIR it clears expired uploads too; elsewhere it finds nothing.
  const cleanup = createDocumentCleanupJob({ documents: documentsFrom(config, store, { log }), log })
  cleanup.start()
  log({
    level: 'info',
    msg: 'outbox worker started',
    workerId: worker.workerId,
    store: store.kind,
    mail: config.SMTP_URL ? 'smtp' : `files in ${outboxDir(config)}`,
  })

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log({ level: 'info', msg: 'shutting down', signal })
    await reminders.stop()
    await worker.stop()
    await retention.stop()
    await backups.stop()
    await cleanup.stop()
    await sender.close()
    await store.close()
    log({ level: 'info', msg: 'stopped' })
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Could not start the worker: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
  process.exit(1)
})
