/**
 * The production server's app and what runs beside it, composed from a
 * configuration: the store (migrated), the site, the function, the team
 * workspace, the founder pages, metrics, the outbox worker and the
 * background jobs. server/index.ts puts it behind the HTTP server and the
 * signals; tests use it in-process (server/testing/built-site.ts).
 */
import { verifyRoutes } from './features/agreements/verify-page.ts'
import { resolve } from 'node:path'
import { createApp, type RequestGauge } from './app.ts'
import { founderDocumentsFrom, functionDepsFrom, metricsFrom, outboxWorkerFrom, senderFrom, workspaceApiFrom } from './compose.ts'
import { founderApp } from './features/founder-page/founder-app.ts'
import { connectSources, servedOverHttps, type Config } from './shared/env.ts'
import { createSendApplicationEmail } from './features/submission/send-application-email.ts'
import { loadStaticSite } from './shared/http/static-site.ts'
import { startBackgroundJobs } from './background-jobs.ts'
import { jsonLog, type Log } from './shared/log.ts'
import { openStore } from './open-store.ts'
import { shortPaths } from './features/sources/short-paths.ts'
import { clientIpResolver } from './shared/http/client-ip.ts'
import { openWorkspaceStores } from './db/stores/open-workspace-stores.ts'
import type { ApplicationStore } from './db/stores/application-store.ts'

export interface ProductionApp {
  app: ReturnType<typeof createApp>
  store: ApplicationStore
  /** Requests in flight (the outbox worker yields to them). */
  gauge: RequestGauge
  /** Starts the outbox worker and the background jobs. */
  start(): void
  /** Stops the jobs and the worker, closes the mail sender and the store. */
  close(): Promise<void>
}

export async function openProductionApp(config: Config, options: { log?: Log } = {}): Promise<ProductionApp> {
  const log = options.log ?? jsonLog
  const site = loadStaticSite(resolve(config.DIST_DIR, 'client'))
  const store = await openStore(config.database)
  await store.migrate()
  const gauge: RequestGauge = { inFlight: 0 }
  const sender = senderFrom(config)
  // The worker wakes on every commit; the stores are built before it, so it is reached through this.
  let wake = () => {}
  // The backup job's record, read by the admins' overview and /metrics.
  const backupStatus = openWorkspaceStores(store).backupRuns
  const { api: workspace, documents, founderPages, stores, services } = workspaceApiFrom(config, store, {
    log,
    onMailQueued: () => wake(),
    backups: backupStatus,
    reservedPaths: site.topLevelNames,
  })
  // The programme's signing certificate, loaded now: a bad SIGNING_CERT/SIGNING_KEY stops the start here, and a
  // self-signed one (generated at the first start) is announced in the log's first lines.
  await services.signing.identity()
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
    verify: verifyRoutes({ agreements: stores.agreements, team: stores.team, clientIp: clientIpResolver(config.TRUST_PROXY), contactEmail: services.founders.mail.company.contactEmail, now: () => new Date() }),
    shortPaths: shortPaths({ sources: stores.sources, now: () => new Date(), clientIp: clientIpResolver(config.TRUST_PROXY), reserved: site.topLevelNames }),
    hsts: servedOverHttps(config),
    ...(metrics ? { metrics: metrics.app } : {}),
  })

  let jobs: ReturnType<typeof startBackgroundJobs> | undefined
  return {
    app,
    store,
    gauge,
    start() {
      worker.start()
      jobs = startBackgroundJobs(config, services, { wakeOutbox: () => worker.wake() })
    },
    async close() {
      await jobs?.stop()
      await worker.stop()
      await sender.close()
      await store.close()
    },
  }
}
