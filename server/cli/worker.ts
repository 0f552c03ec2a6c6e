/**
 * `npm run worker`: the outbox worker and the periodic jobs (reminders,
 * retention, backups, document cleanup: server/background-jobs.ts)
 * alone, without the HTTP server. For a
 * Supabase deployment, where the edge function stores the e-mails but may not
 * send them (Supabase blocks outbound SMTP; docs/decisions/0033), or to send
 * mail from a machine other than the web instances. Any number may run on one
 * database: e-mails are leased (docs/decisions/0032).
 *
 * Stops gracefully on SIGTERM and SIGINT: finishes the e-mail being sent and
 * gives the rest of its batch back.
 */
import { outboxWorkerFrom, senderFrom, servicesFrom } from '../compose.ts'
import { startBackgroundJobs, stopAndExit } from '../background-jobs.ts'
import { ConfigError, loadDotEnv, outboxDir, readConfig } from '../shared/env.ts'
import { jsonLog as log } from '../shared/log.ts'
import { openStore } from '../open-store.ts'

async function main() {
  loadDotEnv()
  const config = readConfig()
  const store = await openStore(config.database)
  await store.migrate()
  const sender = senderFrom(config)
  const worker = outboxWorkerFrom(config, store, sender)
  worker.start()
  // The same jobs as the server's (server/background-jobs.ts). On a machine sharing the server's
  // DATA_DIR the document cleanup clears expired uploads too; elsewhere it finds nothing.
  const jobs = startBackgroundJobs(config, servicesFrom(config, store, { log }), { wakeOutbox: () => worker.wake() })
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
    await stopAndExit({ jobs, worker, sender, store })
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Could not start the worker: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
  process.exit(1)
})
