/**
 * Serves the production build (dist/client) from memory. The site is small
 * (well under a megabyte), so every file is read and compressed once: no disk
 * I/O or compression on the request path. `npm run build` compresses them
 * (brotli 11 and gzip 9 of the whole site cost some 3.5 s of CPU on this
 * 2-core machine, once per build instead of once per start: ADR 0173) into
 * $DIST_DIR/precompressed/; a start takes those it can check (each one
 * decompresses to the file's bytes) and compresses the others itself.
 *
 * - Hashed assets under /assets/ are immutable for a year.
 * - HTML and everything else revalidates (no-cache + ETag, 304 on a match).
 * - Unknown paths get the prerendered 404 page with status 404.
 * - The team workspace's page (equipo.html, its own bundle) answers /equipo and
 *   every path below it except the API (/equipo/api/*), for its client-side
 *   router, with `X-Robots-Tag: noindex`.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, extname, join, relative, sep } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml', '.ico'])

interface StaticFile {
  type: string
  etag: string
  cacheControl: string
  identity: Uint8Array
  br?: Uint8Array
  gzip?: Uint8Array
}

export interface StaticSite {
  /** Hono middleware answering GET/HEAD for files of the build, and 404 for the rest. */
  middleware: MiddlewareHandler
  /** The 404 page, for handlers that need it. */
  notFoundHtml: string
  /** Whether the build has the team workspace's page (equipo.html). */
  hasWorkspace: boolean
  /** CSP sources ('sha256-…') for the inline scripts of the pages (the prerendered entry). */
  scriptHashes: string[]
  fileCount: number
  /**
   * The first segment of every path the build serves, with and without its extension
   * (assets, favicon, robots…): names a source's short path may not take (ADR 0170).
   */
  topLevelNames: string[]
}

/** The CSP hash of every executable inline <script> in a page (JSON-LD is data, not code). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`)
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })
}

/** Whether a file of the build is served compressed (and so compressed by the build). */
function compressible(path: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(path)) && size > 512
}

function compress(body: Uint8Array): { br: Uint8Array; gzip: Uint8Array } {
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
  }
}

/** Where the build leaves the compressed copies of `root`'s files: $DIST_DIR/precompressed/ beside $DIST_DIR/client/. */
export const precompressedDir = (root: string) => join(dirname(root), 'precompressed')

/**
 * The build's last step: the compressed copies of every file served compressed, `<path>.br` and
 * `<path>.gz` under precompressedDir(root). Returns how many files it compressed.
 */
export function writePrecompressed(root: string): number {
  let count = 0
  for (const path of walk(root)) {
    const body = readFileSync(path)
    if (!compressible(path, body.length)) continue
    const out = join(precompressedDir(root), relative(root, path))
    mkdirSync(dirname(out), { recursive: true })
    const { br, gzip } = compress(body)
    writeFileSync(`${out}.br`, br)
    writeFileSync(`${out}.gz`, gzip)
    count++
  }
  return count
}

/** The build's compressed copies of `body`, when both are there and decompress to it; otherwise compressed now. */
function compressedCopies(root: string, path: string, body: Buffer): { br: Uint8Array; gzip: Uint8Array } {
  const base = join(precompressedDir(root), relative(root, path))
  if (existsSync(`${base}.br`) && existsSync(`${base}.gz`)) {
    try {
      const br = readFileSync(`${base}.br`)
      const gzip = readFileSync(`${base}.gz`)
      // A copy left by an older build (or a file changed by hand since) is not this file's.
      if (brotliDecompressSync(br).equals(body) && gunzipSync(gzip).equals(body)) return { br, gzip }
    } catch {
      // Unreadable or not compressed data: compress it here.
    }
  }
  return compress(body)
}

function load(root: string, path: string): StaticFile {
  const body = readFileSync(path)
  const ext = extname(path)
  const rel = relative(root, path).split(sep).join('/')
  const immutable = rel.startsWith('assets/')
  const file: StaticFile = {
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    cacheControl: immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    identity: body,
  }
  if (compressible(path, body.length)) Object.assign(file, compressedCopies(root, path, body))
  return file
}

export function loadStaticSite(root: string, onNotFound?: (path: string) => void): StaticSite {
  const files = new Map<string, StaticFile>()
  for (const path of walk(root)) {
    const rel = '/' + relative(root, path).split(sep).join('/')
    files.set(rel, load(root, path))
  }
  const index = files.get('/index.html')
  const notFound = files.get('/404.html')
  if (!index || !notFound) throw new Error(`The build in ${root} has no index.html or 404.html: run npm run build`)
  const workspace = files.get('/equipo.html')
  files.set('/', index)
  // Internal pages are served only through their routes.
  files.delete('/index.html')
  files.delete('/404.html')
  files.delete('/equipo.html')

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const path = c.req.path
    if (isWorkspacePage(path)) {
      // The API's own unknown paths answer JSON (its sub-app), never this page.
      if (path.startsWith(`${WORKSPACE_PAGE}/api/`) || path === `${WORKSPACE_PAGE}/api`) return next()
      if (workspace) {
        const res = respond(c.req.raw, workspace, 200)
        res.headers.set('X-Robots-Tag', 'noindex, nofollow')
        return res
      }
    }
    const file = files.get(path)
    if (!file) {
      onNotFound?.(path)
      return respond(c.req.raw, notFound, 404)
    }
    return respond(c.req.raw, file, 200)
  }
  const pages = [index, notFound].map((file) => Buffer.from(file.identity).toString('utf8'))
  const scriptHashes = [...new Set(pages.flatMap(inlineScriptHashes))]
  const topLevelNames = [...new Set([...files.keys(), '/index.html', '/404.html', '/equipo.html'].flatMap((path) => {
    const first = path.split('/')[1] ?? ''
    return first === '' ? [] : [first, first.replace(/\.[^.]*$/, '')]
  }))]
  return { middleware, notFoundHtml: pages[1]!, hasWorkspace: workspace !== undefined, scriptHashes, fileCount: files.size, topLevelNames }
}

const WORKSPACE_PAGE = '/equipo'

function isWorkspacePage(path: string): boolean {
  return path === WORKSPACE_PAGE || path.startsWith(`${WORKSPACE_PAGE}/`)
}

function respond(req: Request, file: StaticFile, status: 200 | 404): Response {
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': status === 404 ? 'no-store' : file.cacheControl,
    Vary: 'Accept-Encoding',
  })
  if (status === 200) {
    headers.set('ETag', file.etag)
    if (req.headers.get('If-None-Match') === file.etag) return new Response(null, { status: 304, headers })
  }
  const accept = req.headers.get('Accept-Encoding') ?? ''
  let body = file.identity
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br
    headers.set('Content-Encoding', 'br')
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip
    headers.set('Content-Encoding', 'gzip')
  }
  headers.set('Content-Length', String(body.byteLength))
  return new Response(req.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status, headers })
}
