/**
 * The server's app in-process as server/index.ts composes it (function,
 * workspace, founder pages, /metrics) on a real SQLite file, for the metrics
 * tests. METRICS_TOKEN unset: no /metrics.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../app.ts'
import type { BackupStatusReader } from '../db/stores/backup-runs.ts'
import { founderDocumentsFrom, functionDepsFrom, metricsFrom, workspaceApiFrom } from '../compose.ts'
import { readConfig, type Config } from '../shared/env.ts'
import { founderApp } from '../features/founder-page/founder-app.ts'
import { createSendApplicationEmail, type FunctionEnv } from '../features/submission/send-application-email.ts'
import { openSqliteStore, type SqliteStore } from '../db/sqlite-store.ts'
import { TEST_ANON_KEY } from './api-harness.ts'
import { HARNESS_UPLOAD_SCRIPT } from './workspace-harness.ts'
import type { Metrics } from '../features/metrics/metrics.ts'

/** The function's key, as the other in-process harnesses use it. */
export const ANON_KEY = TEST_ANON_KEY
export const SITE = 'http://localhost'

export interface MetricsHarness {
  app: Hono<FunctionEnv>
  store: SqliteStore
  config: Config
  metrics: Metrics | null
  dispose(): Promise<void>
}

export async function metricsHarness(env: Record<string, string>, extra: { backups?: BackupStatusReader } = {}): Promise<MetricsHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-metrics-'))
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_ANON_KEY: ANON_KEY, RATE_LIMIT_MAX: '100000', VITE_SITE_URL: SITE, ...env })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  await store.migrate()
  const log = () => {}
  const workspace = workspaceApiFrom(config, store, { log, ...extra })
  const metrics = metricsFrom(config, workspace.stores, extra)
  const app = createApp({
    store,
    sendApplicationEmail: createSendApplicationEmail(functionDepsFrom(config, store, { log })),
    log,
    workspace: workspace.api,
    founder: founderApp({
      statusPages: workspace.founderPages,
      documents: founderDocumentsFrom(config, workspace.stores.founder, workspace.documents, HARNESS_UPLOAD_SCRIPT),
    }),
    ...(metrics ? { metrics: metrics.app } : {}),
  })
  return {
    app,
    store,
    config,
    metrics: metrics?.metrics ?? null,
    async dispose() {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The value of one series in a scrape, by name and exact labels; undefined when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]))
    if (Object.keys(got).length === wanted.length && wanted.every(([k, v]) => got[k] === v)) return Number(match[3])
  }
  return undefined
}
