/**
 * The server's app in-process (app.request(), no port) on a real SQLite file
 * in a fresh temporary directory, configured through the real readConfig.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from '../app.ts'
import { functionDepsFrom } from '../compose.ts'
import { readConfig, servedOverHttps, type Config } from '../shared/env.ts'
import { createSendApplicationEmail, type FunctionEnv } from '../features/submission/send-application-email.ts'
import { openSqliteStore, type SqliteStore } from '../db/sqlite-store.ts'

export const TEST_ANON_KEY = 'test-anon-key-0123456789'
export const FUNCTION_URL = 'http://localhost/functions/v1/send-application-email'

export interface ApiHarness {
  app: Hono<FunctionEnv>
  store: SqliteStore
  config: Config
  dataDir: string
  logs: Record<string, unknown>[]
  commits: number
  /** POST a body (serialised unless already a string) with the anon key and a JSON content type. */
  post(body: unknown, headers?: Record<string, string>): Promise<Response>
  dispose(): Promise<void>
}

export async function apiHarness(
  env: Record<string, string> = {},
  extra: { clock?: () => Date; bodyReadTimeoutMs?: number } = {},
): Promise<ApiHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-api-'))
  const config = readConfig({ DATA_DIR: dataDir, PUBLIC_ANON_KEY: TEST_ANON_KEY, RATE_LIMIT_MAX: '100000', ...env })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  await store.migrate()
  const logs: Record<string, unknown>[] = []
  const log = (entry: Record<string, unknown>) => void logs.push(entry)
  const harness: ApiHarness = {
    app: undefined as unknown as Hono<FunctionEnv>,
    store,
    config,
    dataDir,
    logs,
    commits: 0,
    async post(body, headers = {}) {
      return harness.app.request(FUNCTION_URL, {
        method: 'POST',
        headers: { apikey: TEST_ANON_KEY, authorization: `Bearer ${TEST_ANON_KEY}`, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
    },
    async dispose() {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  const fn = createSendApplicationEmail(
    functionDepsFrom(config, store, { onCommitted: () => void harness.commits++, log, ...extra }),
  )
  harness.app = createApp({ store, sendApplicationEmail: fn, log, hsts: servedOverHttps(config) })
  return harness
}
