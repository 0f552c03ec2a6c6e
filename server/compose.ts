/**
 * Wires the Node server's parts from the configuration: the function's
 * dependencies (with the Node way of finding the client IP), the mail sender,
 * the worker. Shared by server/index.ts, the
 * CLI and the benchmarks, so they all run the same thing.
 */
import { hostname } from 'node:os'
import { documentsDir, outboxDir, servedOverHttps, siteOrigin, type Config } from './shared/env.ts'
import { founderDocumentRoutes } from './features/documents/founder-routes.ts'
import { createDocuments, type Documents } from './features/documents/service.ts'
import { uploadScriptPath } from './features/documents/upload-script.ts'
import { documentsLinkHtml } from './features/founder-page/status-page-html.ts'
import { functionDepsFromConfig, mailConfigFrom } from './features/submission/deps-from-config.ts'
import type { Hono } from 'hono'
import { founderStatusRoutes } from './features/founder-page/status-page.ts'
import { checkInRoutes, followUpSection } from './features/follow-up/check-in.ts'
import { mediaPlanSection } from './features/media-plan/media-plan-section.ts'
import type { FounderStore } from './db/stores/founder-store.ts'
import { createRetentionJob } from './features/retention/retention.ts'
import type { FounderMailConfig } from './shared/mail/founder-mail.ts'
import type { SendApplicationEmailDeps } from './features/submission/send-application-email.ts'
import { clientIpResolver } from './shared/http/client-ip.ts'
import { createFileSender } from './shared/mail/file-sender.ts'
import type { MailSender } from './shared/mail/sender.ts'
import { createSmtpSender } from './shared/mail/smtp-sender.ts'
import { jsonLog, type Log } from './shared/log.ts'
import { createOutboxWorker } from './features/outbox/worker.ts'
import { metricsEndpoint } from './features/metrics/endpoint.ts'
import { createMetrics, type Metrics } from './features/metrics/metrics.ts'
import type { ApplicationStore } from './db/stores/application-store.ts'
import type { WorkspaceDeps } from './features/team/deps.ts'
import type { TeamStore } from './db/stores/team-store.ts'
import { createWorkspaceApi } from './features/team/workspace-api.ts'
import { tellTeamOfFounderActivity } from './features/team/founder-activity.ts'
import { dealPacesFrom, mediaDaysFrom, type MediaDaysSource } from './features/media-plan/media-days.ts'
import { DOCUMENT_ITEMS } from '../domain/documents.ts'
import { createReminderJob, type ReminderJob } from './features/review/reminder-job.ts'
import { behindDealsOf } from './features/review/behind-deals.ts'
import { guardApplicationsAgainstConflicts } from './features/team/conflict-guard.ts'
import { guardRepeatedSubmissions } from './shared/http/repeated-submissions.ts'
import { ALL_ENDPOINTS, WORKSPACE_ROUTE_GROUPS } from './workspace-routes.ts'
import { panelActions } from './features/panel/panel-actions.ts'
import type { BackupStatusReader } from './db/stores/backup-runs.ts'
import { openWorkspaceStores, type WorkspaceStores } from './db/stores/open-workspace-stores.ts'
import type { DocumentRecord, DocumentStore } from './db/stores/document-store.ts'
import { createCheckInJob, type CheckInJob } from './features/follow-up/check-in-job.ts'
import { originOf } from './db/stores/source-store.ts'
import { changeStage } from './features/review/pipeline.ts'
import { signatureStateOf, signingFrom } from './features/agreements/signing.ts'
import { agreementSection, founderAgreementRoutes } from './features/agreements/founder-page.ts'
import type { AgreementDeps } from './features/agreements/service.ts'
import { portfolioService } from './features/portfolio/service.ts'
import { holdingSection } from './features/portfolio/founder-section.ts'
import type { PaymentReminderDeps } from './features/portfolio/payment-reminders.ts'
import type { ApplicationOrigin } from '../domain/sources.ts'

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
  extra: Partial<Omit<Parameters<typeof createOutboxWorker>[0], 'siteOrigin'>> = {},
): ReturnType<typeof createOutboxWorker> {
  return createOutboxWorker({
    store,
    sender,
    siteOrigin: siteOrigin(config),
    originOf: originReader(store),
    workerId: nodeWorkerId(),
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    leaseMs: config.OUTBOX_LEASE_SECONDS * 1000,
    log: jsonLog,
    ...extra,
  })
}

/** Where an application came from, read for the team's «Nueva postulación» as it leaves (ADR 0206). */
export function originReader(store: ApplicationStore): (applicationId: string) => Promise<ApplicationOrigin> {
  const { sources } = openWorkspaceStores(store)
  return async (id) => originOf((await sources.attributions([id])).get(id))
}

/**
 * The daily reminders' job on the services' database, for every process that
 * runs an outbox worker (server/background-jobs.ts).
 */
export function reminderJobFrom(
  config: Config,
  services: Pick<Services, 'clock' | 'mediaPlan' | 'conflicts' | 'panelSessions' | 'founders'>,
  extra: { onQueued?: () => void } = {},
): ReminderJob {
  const offset = config.WORKER_CLOCK_OFFSET_MS
  return createReminderJob({
    clock: services.clock,
    behindDeals: behindDealsOf(services.mediaPlan, services.conflicts),
    mail: { from: config.MAIL_FROM, siteOrigin: siteOrigin(config) },
    now: () => new Date(Date.now() + offset),
    log: jsonLog,
    tickMs: config.REMINDER_TICK_SECONDS * 1000,
    panel: { panel: services.panelSessions, mail: { founders: services.founders.mail, cutoffHours: config.PANEL_CHANGE_CUTOFF_HOURS } },
    ...extra,
  })
}

/**
 * The monthly check-in's e-mails (ADR 0165) on the services' database, for every process that runs an
 * outbox worker; on the reminders' tick and their clock (WORKER_CLOCK_OFFSET_MS, tests only).
 */
export function checkInJobFrom(config: Config, services: Pick<Services, 'followUp' | 'founders'>, extra: { onQueued?: () => void } = {}): CheckInJob {
  const offset = config.WORKER_CLOCK_OFFSET_MS
  return createCheckInJob({
    followUp: services.followUp,
    mail: services.founders.mail,
    now: () => new Date(Date.now() + offset),
    log: jsonLog,
    tickMs: config.REMINDER_TICK_SECONDS * 1000,
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

/**
 * The due-diligence documents as the configuration describes them (one per process: tus's locks live in it),
 * their new uploads counted in `team`'s rate limits.
 */
export function documentsFrom(
  config: Config,
  store: ApplicationStore,
  team: Pick<TeamStore, 'hitRateLimits'>,
  extra: { now?: () => Date; log?: Log; onStored?: (doc: DocumentRecord) => Promise<void>; docs?: DocumentStore } = {},
): Documents {
  return createDocuments({
    ...(extra.onStored ? { onStored: extra.onStored } : {}),
    ...(extra.docs ? { docs: extra.docs } : {}),
    store,
    rateLimits: team,
    root: documentsDir(config),
    maxBytes: config.DOCUMENT_MAX_MB * 1_048_576,
    storage: config.DOCUMENT_STORAGE,
    now: extra.now ?? (() => new Date()),
    log: extra.log ?? jsonLog,
  })
}

/** The founder's documents page and API, mounted at /postulacion (server/features/documents/founder-routes.ts). */
export function founderDocumentsFrom(
  config: Config,
  founders: FounderStore,
  documents: Documents,
  scriptPath: string = uploadScriptPath(config.DIST_DIR),
) {
  return founderDocumentRoutes({
    documents,
    founders,
    siteOrigin: siteOrigin(config),
    scriptPath,
  })
}

/** What the founder's e-mails need from the configuration. */
export function founderMailConfigFrom(config: Config): FounderMailConfig {
  const mail = mailConfigFrom(config)
  return { from: mail.from, replyTo: mail.company.contactEmail, company: mail.company, siteOrigin: siteOrigin(config) }
}

/** What a process or a test sets of the services object beyond the configuration. */
export interface ServicesExtra {
  /** The requests' clock (tests move it); default the wall clock. */
  clock?: () => Date
  /** Called when a request queued e-mail: the process wakes its outbox worker. */
  onMailQueued?: () => void
  log?: Log
  /** The due-diligence documents' service (uploads and files); default documentsFrom on the same stores. */
  documents?: Documents
  /** The backup job's record (server/db/stores/backup-runs.ts); without it the overview says no backup is recorded. */
  backups?: BackupStatusReader
  /** The built site's own top-level names (StaticSite.topLevelNames): no source's short path takes them (ADR 0170). */
  reservedPaths?: readonly string[]
  /** The days each startup's media ran (default: the media plan's ledger, server/features/media-plan/media-days.ts); tests draw their own. */
  mediaDays?: MediaDaysSource
}

/**
 * The one services object (ADR 0212): the stores, opened once for the database, under the names the
 * capabilities' routes, pages and jobs read, with the configuration's parts. Each route group and each
 * job takes what it declares of it; none is handed a bag filled by hand.
 */
export function servicesFrom(config: Config, store: ApplicationStore, extra: ServicesExtra = {}) {
  const stores = openWorkspaceStores(store)
  const now = extra.clock ?? (() => new Date())
  const mailQueued = extra.onMailQueued ? { onMailQueued: extra.onMailQueued } : {}
  const founders = { store: stores.founder, mail: founderMailConfigFrom(config) }
  const activityDeps = { store, founders, now, ...mailQueued }
  const documentFiles =
    extra.documents ??
    documentsFrom(config, store, stores.team, {
      now,
      docs: stores.documents,
      ...(extra.log ? { log: extra.log } : {}),
      // The members concerned are told of each stored document (ADR 0142).
      onStored: async (doc) => {
        const record = await stores.review.getApplication(doc.applicationId)
        if (!record) return
        await tellTeamOfFounderActivity(activityDeps, {
          applicationId: doc.applicationId,
          reference: record.application.reference,
          kind: 'document_uploaded',
          documentLabel: DOCUMENT_ITEMS.find((i) => i.key === doc.itemKey)?.label ?? doc.itemKey,
        })
      },
    })
  const panel = panelActions({ store, founders, now, cutoffHours: config.PANEL_CHANGE_CUTOFF_HOURS, ...mailQueued })
  const log = extra.log ?? jsonLog
  const signing = signingFrom({ cert: config.SIGNING_CERT, key: config.SIGNING_KEY, passphrase: config.SIGNING_KEY_PASSPHRASE, dataDir: config.DATA_DIR, tsaUrl: config.SIGNING_TSA_URL, log })
  // The agreement's signature (server/features/agreements/service.ts): the founder and a programme signer sign, then it is sealed
  // and the stage moves to «Acuerdo firmado» through the pipeline, as every stage change does.
  const agreementService: AgreementDeps = {
    agreements: stores.agreements,
    reviews: stores.review,
    deals: stores.deals,
    documents: stores.documents,
    team: stores.team,
    mail: founders.mail,
    signing,
    changeStage: (request) => changeStage({ reviews: stores.review, steps: stores.stageSteps, now, founders, documents: stores.documents, panel: { movedOn: panel.movedOn, ...mailQueued } }, request),
    workspaceUrl: (id) => `${siteOrigin(config)}/equipo/postulaciones/${id}`,
    now,
    log,
    ...mailQueued,
  }
  return {
    store,
    team: stores.team,
    reviews: stores.review,
    steps: stores.stageSteps,
    scoring: stores.scoring,
    conflicts: stores.conflicts,
    clock: stores.clock,
    machinery: stores.machinery,
    sources: stores.sources,
    followUp: stores.followUp,
    mediaPlan: stores.mediaPlan,
    requestKeys: stores.requestKeys,
    founders,
    // Checked before "Acuerdo firmado" (ADR 0139).
    documents: stores.documents,
    /** The due-diligence documents' service: uploads, files, and their cleanup job. */
    documentFiles,
    // "Acuerdo firmado" records the deal, in the stage change's transaction (ADR 0159).
    deals: stores.deals,
    // Closing an application calls off its coming panel session (ADR 0152); the panel's routes and the founder's page act through the same.
    panel,
    /** The agreement's signature: its store, the programme's certificate, the stage change it ends with. */
    agreementService,
    signing,
    agreements: stores.agreements,
    /** «Estado del sistema»: the certificate (self-signed?), the timestamp authority, the agreements being sealed. */
    signatureState: signatureStateOf(signing, stores.agreements),
    /** The register of the stakes the programme holds and «Portafolio» (server/features/portfolio/). */
    holdings: stores.holdings,
    /** The deal's owner reminded of a subscription's unpaid balance 60 and 14 days before its deadline. */
    paymentReminders: {
      holdings: stores.holdings,
      deals: stores.deals,
      mediaPlan: stores.mediaPlan,
      team: stores.team,
      mail: founders.mail,
      workspaceUrl: (id: string) => `${siteOrigin(config)}/equipo/postulaciones/${id}`,
      now,
    } satisfies PaymentReminderDeps,
    portfolioService: portfolioService({
      holdings: stores.holdings,
      deals: stores.deals,
      mediaPlan: stores.mediaPlan,
      followUp: stores.followUp,
      reviews: stores.review,
      sources: stores.sources,
      agreements: stores.agreements,
      conflicts: stores.conflicts,
      now,
    }),
    clientIp: clientIpResolver(config.TRUST_PROXY),
    /** The panel sessions' rows, for the day-before reminders (the reminders' job). */
    panelSessions: stores.panel,
    /** The backup job's slots and runs. */
    backupRuns: stores.backupRuns,
    cutoffHours: config.PANEL_CHANGE_CUTOFF_HOURS,
    siteOrigin: siteOrigin(config),
    reserved: extra.reservedPaths ?? [],
    // The days each startup's media ran, behind the follow-up's charts: the workspace's and the founder's (one source).
    mediaDays: extra.mediaDays ?? mediaDaysFrom(stores.mediaPlan),
    paces: dealPacesFrom(stores.mediaPlan),
    backupStaleAfterMs: 2 * config.BACKUP_INTERVAL_HOURS * 3_600_000,
    ...(extra.backups ? { backups: extra.backups } : {}),
    now,
    ...mailQueued,
  }
}

export type Services = ReturnType<typeof servicesFrom>

/**
 * The whole workspace API on the store's database: sign-in, sessions and
 * members, then, behind the session and CSRF middleware, the review and
 * data-request routes; and the founder's status pages on the same stores.
 * Shared by server/index.ts and the tests' harness.
 */
export function workspaceApiFrom(
  config: Config,
  store: ApplicationStore,
  extra: Partial<Omit<WorkspaceDeps, 'team' | 'siteOrigin' | 'session' | 'mail' | 'clientIp' | 'mountProtected'>> & ServicesExtra = {},
): {
  api: ReturnType<typeof createWorkspaceApi>
  deps: WorkspaceDeps
  stores: WorkspaceStores
  services: Services
  documents: Documents
  founderPages: Hono
} {
  // The services' own options go to servicesFrom; the rest is the workspace's (sign-in, sessions, log).
  const { documents: _documents, backups: _backups, reservedPaths: _reservedPaths, mediaDays: _mediaDays, ...workspaceExtra } = extra
  const services = servicesFrom(config, store, extra)
  const stores = openWorkspaceStores(store)
  const { now, documentFiles: documents } = services
  const deps = workspaceDepsFrom(config, stores.team, {
    ...workspaceExtra,
    mountProtected: (api) => {
      // First: every /applications/:id route mounted below (and any added later) sits behind it.
      guardApplicationsAgainstConflicts(api, stores.conflicts)
      // Then: every form that writes to the plan, the deal, the rate card and the panel is one write per submission (ADR 0189).
      guardRepeatedSubmissions(api, { keys: stores.requestKeys, now, endpoints: ALL_ENDPOINTS })
      // Then every route group of server/workspace-routes.ts, in its order.
      for (const group of WORKSPACE_ROUTE_GROUPS) if ('routes' in group) api.route('/', group.routes(services))
    },
  })
  const founderPages = founderStatusRoutes({
    ...services,
    teamEmail: config.TEAM_EMAIL,
    panelCutoffHours: config.PANEL_CHANGE_CUTOFF_HOURS,
    clientIp: deps.clientIp,
    // At due diligence the status page leads to the documents' checklist (server/features/documents/founder-routes.ts).
    documentsSection: async (view, token) =>
      view.stage === 'due_diligence' ? documentsLinkHtml(`/postulacion/${encodeURIComponent(token)}/documentos`) : null,
    // Once signed, the twelve months of follow-up.
    followUpSection: followUpSection(services),
    // Once signed, the media plan and what ran, with its proof (ADR 0180).
    mediaPlanSection: mediaPlanSection({ plans: stores.mediaPlan, now }),
    mediaPlanProof: (applicationId, proofId) => stores.mediaPlan.proof(applicationId, proofId),
    // From due diligence: the agreement to read and sign, then the signed document (server/features/agreements/founder-page.ts).
    agreementSection: agreementSection({ service: services.agreementService }),
    // Once the programme's stake is recorded: what it subscribed, what the media paid, what remains and until when.
    holdingSection: holdingSection({ service: services.portfolioService, now }),
    ...(extra.rateLimits ? { rateLimits: extra.rateLimits } : {}),
  })
  // The monthly check-in under the same personal link (server/features/follow-up/check-in.ts).
  founderPages.route('/', checkInRoutes(services))
  // The agreement's page under the same link: read, accept, the code, sign or decline.
  founderPages.route('/', founderAgreementRoutes({ service: services.agreementService, founders: services.founders, reviews: stores.review, requestKeys: stores.requestKeys, clientIp: deps.clientIp }))
  return { api: createWorkspaceApi(deps), deps, stores, services, documents, founderPages }
}

/** The retention job (server/features/retention/retention.ts) as the configuration describes it. */
export function retentionJobFrom(config: Config, services: Pick<Services, 'founders' | 'followUp'>, extra: Partial<Parameters<typeof createRetentionJob>[0]> = {}) {
  return createRetentionJob({ founders: services.founders.store, followUp: services.followUp, months: config.RETENTION_MONTHS, log: jsonLog, ...extra })
}

/**
 * /metrics as the configuration describes it: null (no route, no counting)
 * unless METRICS_TOKEN is set. `metrics` also goes to the outbox worker's
 * onDelivery; `app` to createApp.
 */
export function metricsFrom(
  config: Config,
  stores: Pick<WorkspaceStores, 'machinery'>,
  extra: { backups?: BackupStatusReader; now?: () => Date } = {},
): { metrics: Metrics; app: { observe: Metrics['observeRequests']; endpoint: Hono } } | null {
  if (!config.METRICS_TOKEN) return null
  const metrics = createMetrics({ machinery: stores.machinery, ...extra })
  return { metrics, app: { observe: metrics.observeRequests, endpoint: metricsEndpoint(metrics, config.METRICS_TOKEN) } }
}
