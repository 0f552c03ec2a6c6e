/**
 * The production server's app in-process (server/production-app.ts, no
 * port) over the real production build in dist/ and a SQLite file in a fresh
 * temporary directory: for tests of what the server serves that need no
 * browser. `npm test` builds before it runs Vitest; a missing build is a
 * failure that says so, never a skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { readConfig } from '../shared/env.ts'
import { openProductionApp, type ProductionApp } from '../production-app.ts'

export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url))

/** What a browser's HTTP client sends unless told otherwise (Playwright's `request` included). */
const DEFAULT_ACCEPT_ENCODING = 'gzip, deflate, br'

export interface BuiltResponse {
  status: number
  /** Header names in lower case, as Playwright's `headers()` gives them. */
  headers: Record<string, string>
  /** The body decoded from its Content-Encoding. */
  text(): string
  json(): unknown
}

export interface BuiltSite {
  production: ProductionApp
  dataDir: string
  logs: Record<string, unknown>[]
  get(path: string, headers?: Record<string, string>): Promise<BuiltResponse>
  dispose(): Promise<void>
}

/** Fails with the command to run when dist/ holds no build. */
export function requireBuild(): void {
  if (!existsSync(join(DIST_DIR, 'client', 'index.html'))) {
    throw new Error(`No production build in ${DIST_DIR}client: run \`npm run build\` first (npm test builds before it runs Vitest)`)
  }
}

function decode(body: Buffer, encoding: string | null): Buffer {
  switch (encoding) {
    case 'br':
      return brotliDecompressSync(body)
    case 'gzip':
      return gunzipSync(body)
    case 'deflate':
      return inflateSync(body)
    default:
      return body
  }
}

export async function openBuiltSite(env: Record<string, string> = {}): Promise<BuiltSite> {
  requireBuild()
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-built-'))
  const logs: Record<string, unknown>[] = []
  const config = readConfig({ DATA_DIR: dataDir, DIST_DIR, ...env })
  const production = await openProductionApp(config, { log: (entry) => void logs.push(entry) })
  return {
    production,
    dataDir,
    logs,
    async get(path, headers = {}) {
      const res = await production.app.request(`http://localhost${path}`, {
        // One Accept-Encoding: the caller's, in whatever case, replaces the default.
        headers: { 'accept-encoding': DEFAULT_ACCEPT_ENCODING, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) },
      })
      const raw = Buffer.from(await res.arrayBuffer())
      const body = decode(raw, res.headers.get('content-encoding')).toString('utf8')
      return {
        status: res.status,
        headers: Object.fromEntries([...res.headers].map(([name, value]) => [name.toLowerCase(), value])),
        text: () => body,
        json: () => JSON.parse(body) as unknown,
      }
    },
    async dispose() {
      await production.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
