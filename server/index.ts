/**
 * The production server: reads the configuration, opens the store, serves
 * the site and the function, and runs the outbox worker in the same process.
 * Stops gracefully on SIGTERM and SIGINT: stop accepting, finish requests in
 * flight and the e-mail being sent, then close the database.
 */
import { resolve } from 'node:path'
import { createApp, type RequestGauge } from './app.ts'
import { founderDocumentsFrom, functionDepsFrom, metricsFrom, outboxWorkerFrom, senderFrom, workspaceApiFrom } from './compose.ts'
import { founderApp } from './features/founder/founder-app.ts'
import { ConfigError, connectSources, loadDotEnv, outboxDir, readConfig, servedOverHttps } from './shared/env.ts'
import { createSendApplicationEmail } from './features/submission/send-application-email.ts'
import { listen } from './shared/http/node-server.ts'
import { loadStaticSite } from './shared/http/static-site.ts'
import { startBackgroundJobs } from './background-jobs.ts'
import { jsonLog as log } from './shared/log.ts'
import { openStore } from './open-store.ts'
import { backupStatusReader } from './db/stores/backup-runs.ts'

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main() {
  loadDotEnv()
  const config = readConfig()
  const site = loadStaticSite(resolve(config.DIST_DIR, 'client'))
  const store = await openStore(config.database)
  await store.migrate()
  const gauge: RequestGauge = { inFlight: 0 }
  const sender = senderFrom(config)
  // The worker wakes on every commit; the stores are built before it, so it is reached through this.
  let wake = () => {}
  // The backup job's record, read by the admins' overview and /metrics.
  const backupStatus = backupStatusReader(store)
  const { api: workspace, documents, founderPages, stores } = workspaceApiFrom(config, store, {
    log,
    onMailQueued: () => wake(),
    backups: backupStatus,
  })
  const metrics = metricsFrom(config, stores, { backups: backupStatus })
  const worker = outboxWorkerFrom(config, store, sender, {
    yieldTo: { busy: () => gauge.inFlight > 0, maxDeferMs: 1000 },
    ...(metrics ? { onDelivery: metrics.metrics.countDelivery } : {}),
  })
  wake = () => worker.wake()
  const fn = createSendApplicationEmail(functionDepsFrom(config, store, { onCommitted: () => worker.wake(), log }))
  const founder = founderApp({ statusPages: founderPages, documents: founderDocumentsFrom(config, stores.founder, documents) })
  const app = createApp({
    site,
    store,
    sendApplicationEmail: fn,
    log,
    connectSrc: connectSources(config),
    gauge,
    workspace,
    founder,
    hsts: servedOverHttps(config),
    ...(metrics ? { metrics: metrics.app } : {}),
  })

  const server = listen(app.fetch, { port: config.PORT, hostname: config.HOST }, (port) => {
    log({
      level: 'info',
      msg: 'listening',
      url: `http://${config.HOST}:${port}`,
      store: store.kind,
      mail: config.SMTP_URL ? 'smtp' : `files in ${outboxDir(config)}`,
    })
  })
  worker.start()
  const jobs = startBackgroundJobs(config, store, { founders: stores.founder, documents, wakeOutbox: () => worker.wake() })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log({ level: 'info', msg: 'shutting down', signal })
    setTimeout(() => {
      log({ level: 'error', msg: 'shutdown timed out' })
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    // Stop accepting; the callback runs once the requests in flight have finished.
    server.close(async () => {
      await jobs.stop()
      await worker.stop()
      await sender.close()
      await store.close()
      log({ level: 'info', msg: 'stopped' })
      process.exit(0)
    })
    // Keep-alive sockets with no request in flight would hold close() open until they time out,
    // including those that become idle when their last response has been sent.
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 50).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || (err instanceof Error && /npm run build|DATABASE_URL/.test(err.message))) {
    console.error(err.message)
  } else {
    console.error(`Could not start: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
  }
  process.exit(1)
})
