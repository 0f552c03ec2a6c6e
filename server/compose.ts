/**
 * Wires the Node server's parts from the configuration: the function's
 * dependencies (with the Node way of finding the client IP), the mail sender,
 * the worker. Shared by server/index.ts, the
 * CLI and the benchmarks, so they all run the same thing.
 */
import { hostname } from 'node:os'
import type { Config } from './env.ts'
import { outboxDir, servedOverHttps, siteOrigin } from './env.ts'
import { functionDepsFromConfig, mailConfigFrom } from './function/deps-from-config.ts'
import type { Hono } from 'hono'
import { founderDraftRoutes } from './founder/draft-routes.ts'
import { founderStatusRoutes } from './founder/status-page.ts'
import type { FounderStore } from './founder/founder-store.ts'
import { createRetentionJob } from './jobs/retention.ts'
import type { FounderMailConfig } from './founder/status-mail.ts'
import type { SendApplicationEmailDeps } from './function/send-application-email.ts'
import { clientIpResolver } from './http/client-ip.ts'
import { createFileSender } from './mail/file-sender.ts'
import type { MailSender } from './mail/sender.ts'
import { createSmtpSender } from './mail/smtp-sender.ts'
import { jsonLog } from './log.ts'
import { createOutboxWorker } from './outbox/worker.ts'
import type { ApplicationStore } from './storage/store.ts'
import type { WorkspaceDeps } from './workspace/deps.ts'
import type { TeamStore } from './workspace/storage/team-store.ts'
import { createWorkspaceApi } from './workspace/api.ts'
import { dataRequestRoutes } from './workspace/data-requests/routes.ts'
import { reviewRoutes } from './workspace/review/routes.ts'
import { openWorkspaceStores, type WorkspaceStores } from './workspace/storage/open-workspace-stores.ts'

export function functionDepsFrom(
  config: Config,
  store: ApplicationStore,
  extra: Partial<Pick<SendApplicationEmailDeps, 'onCommitted' | 'log' | 'clock' | 'bodyReadTimeoutMs'>> = {},
): SendApplicationEmailDeps {
  return functionDepsFromConfig(config, store, { clientKey: clientIpResolver(config.TRUST_PROXY), ...extra })
}

/** SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox/. */
export function senderFrom(config: Config): MailSender {
  return config.SMTP_URL ? createSmtpSender(config.SMTP_URL) : createFileSender(outboxDir(config))
}

/** A worker id that tells operators which machine and process holds a lease. */
export function nodeWorkerId(): string {
  return `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
}

/** The outbox worker as the configuration describes it; `extra` adds process-specific options. */
export function outboxWorkerFrom(
  config: Config,
  store: ApplicationStore,
  sender: MailSender,
  extra: Partial<Parameters<typeof createOutboxWorker>[0]> = {},
): ReturnType<typeof createOutboxWorker> {
  return createOutboxWorker({
    store,
    sender,
    workerId: nodeWorkerId(),
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    log: jsonLog,
    ...extra,
  })
}

/** The team workspace's dependencies as the configuration describes them. */
export function workspaceDepsFrom(
  config: Config,
  team: TeamStore,
  extra: Partial<Omit<WorkspaceDeps, 'team' | 'siteOrigin' | 'session' | 'mail' | 'clientIp'>> = {},
): WorkspaceDeps {
  return {
    team,
    siteOrigin: siteOrigin(config),
    session: {
      idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
      maxMs: config.SESSION_MAX_DAYS * 86_400_000,
      secureCookie: servedOverHttps(config),
    },
    mail: { from: config.MAIL_FROM, siteOrigin: siteOrigin(config) },
    clientIp: clientIpResolver(config.TRUST_PROXY),
    log: jsonLog,
    ...extra,
  }
}

/** What the founder's e-mails need from the configuration. */
export function founderMailConfigFrom(config: Config): FounderMailConfig {
  const mail = mailConfigFrom(config)
  return { from: mail.from, replyTo: mail.company.contactEmail, company: mail.company, siteOrigin: siteOrigin(config) }
}

/**
 * The whole workspace API on the store's database: sign-in, sessions and
 * members, then, behind the session and CSRF middleware, the review and
 * data-request routes; and the founder's status pages on the same stores.
 * Shared by server/index.ts and the tests' harness.
 */
export function workspaceApiFrom(
  config: Config,
  store: ApplicationStore,
  extra: Partial<Omit<WorkspaceDeps, 'team' | 'siteOrigin' | 'session' | 'mail' | 'clientIp' | 'mountProtected'>> = {},
): { api: ReturnType<typeof createWorkspaceApi>; deps: WorkspaceDeps; stores: WorkspaceStores; founderPages: Hono } {
  const stores = openWorkspaceStores(store)
  const founders = { store: stores.founder, mail: founderMailConfigFrom(config) }
  const routeDeps = { store, reviews: stores.review, founders, now: extra.clock ?? (() => new Date()) }
  const deps = workspaceDepsFrom(config, stores.team, {
    ...extra,
    mountProtected: (api) => {
      api.route('/', reviewRoutes(routeDeps))
      api.route('/', founderDraftRoutes({ ...routeDeps, ...(extra.onMailQueued ? { onMailQueued: extra.onMailQueued } : {}) }))
      api.route('/', dataRequestRoutes(routeDeps))
    },
  })
  const founderPages = founderStatusRoutes({
    store,
    reviews: stores.review,
    founders,
    team: stores.team,
    teamEmail: config.TEAM_EMAIL,
    clientIp: deps.clientIp,
    now: routeDeps.now,
    ...(extra.rateLimits ? { rateLimits: extra.rateLimits } : {}),
    ...(extra.onMailQueued ? { onMailQueued: extra.onMailQueued } : {}),
  })
  return { api: createWorkspaceApi(deps), deps, stores, founderPages }
}

/** The retention job (server/jobs/retention.ts) as the configuration describes it. */
export function retentionJobFrom(config: Config, founders: FounderStore, extra: Partial<Parameters<typeof createRetentionJob>[0]> = {}) {
  return createRetentionJob({ founders, months: config.RETENTION_MONTHS, log: jsonLog, ...extra })
}
