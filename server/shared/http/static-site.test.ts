import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { inlineScriptHashes, loadStaticSite, precompressedDir, writePrecompressed } from './static-site.ts'

const ENTRY = 'import(`/assets/app-1234.js`).then((m) => m.start())'
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('inlineScriptHashes', () => {
  it('hashes executable inline scripts only: not JSON-LD, not external scripts', () => {
    const html = `<head><script type="application/ld+json">{"@type":"Organization"}</script></head>
      <body><script type="module" src="/assets/x.js"></script><script type="module">${ENTRY}</script></body>`
    expect(inlineScriptHashes(html)).toEqual([sha256(ENTRY)])
  })
})

describe('loadStaticSite', () => {
  // The build's client folder (dist/client) inside a temporary folder of its own, removed after each test.
  let dir = ''
  let root = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const newRoot = () => {
    dir = mkdtempSync(join(tmpdir(), 'static-site-'))
    root = join(dir, 'client')
    mkdirSync(root)
  }

  /** A build's client folder (dist/client) in a folder of its own; `beforeLoad` runs on it before the server loads it. */
  function site({ workspace = false, beforeLoad = (_root: string) => {} } = {}) {
    newRoot()
    mkdirSync(join(root, 'assets'))
    if (workspace) writeFileSync(join(root, 'equipo.html'), '<!doctype html><title>Espacio del equipo</title><script type="module" src="/assets/equipo-1.js"></script>')
    writeFileSync(join(root, 'index.html'), `<!doctype html><h1>Inicio</h1>${'<p>texto</p>'.repeat(100)}<script type="module">${ENTRY}</script>`)
    writeFileSync(join(root, '404.html'), `<!doctype html><p>Oops! Page not found</p><script type="module">${ENTRY}</script>`)
    writeFileSync(join(root, 'assets', 'app-1234.js'), 'export function start() {}\n'.repeat(50))
    beforeLoad(root)
    const loaded = loadStaticSite(root)
    const app = new Hono()
    app.use(loaded.middleware)
    return { loaded, app }
  }

  it('serves the build\u2019s compressed copies when they decompress to the file, and compresses the others itself (ADR 0173)', async () => {
    const ask = async (app: Hono, path: string, encoding: string) => {
      const res = await app.request(path, { headers: { 'Accept-Encoding': encoding } })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      return Buffer.from(await res.arrayBuffer())
    }
    let copies: Record<string, Buffer> = {}
    const { app } = site({
      beforeLoad: (client) => {
        // Two files served compressed (the page, the script); the 404 page is under 512 bytes.
        expect(writePrecompressed(client)).toBe(2)
        const pre = precompressedDir(client)
        expect(readdirSync(join(pre, 'assets')).sort()).toEqual(['app-1234.js.br', 'app-1234.js.gz'])
        // The script's copy made another way (brotli 1: other bytes, the same file once decompressed) is taken as it is.
        const script = readFileSync(join(client, 'assets', 'app-1234.js'))
        writeFileSync(join(pre, 'assets', 'app-1234.js.br'), brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }))
        // The page changed after its copies were made: they are not its own, and the start compresses it again.
        writeFileSync(join(client, 'index.html'), `${readFileSync(join(client, 'index.html'), 'utf8')}<p>cambiada</p>`)
        copies = { script: readFileSync(join(pre, 'assets', 'app-1234.js.br')), page: readFileSync(join(pre, 'index.html.br')) }
      },
    })
    expect(await ask(app, '/assets/app-1234.js', 'br')).toEqual(copies.script)
    const page = await ask(app, '/', 'br')
    expect(page).not.toEqual(copies.page)
    expect(brotliDecompressSync(page).toString()).toContain('<p>cambiada</p>')
    expect(gunzipSync(await ask(app, '/', 'gzip')).toString()).toContain('<p>cambiada</p>')
  })

  it('exposes the hash of the pages\u2019 inline entry, once', () => {
    expect(site().loaded.scriptHashes).toEqual([sha256(ENTRY)])
  })

  it('serves / compressed with revalidation, assets immutable, unknown paths as the 404 page', async () => {
    const { app } = site()
    const home = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } })
    expect(home.status).toBe(200)
    expect(home.headers.get('content-encoding')).toBe('br')
    expect(home.headers.get('cache-control')).toBe('no-cache')
    const again = await app.request('/', { headers: { 'If-None-Match': home.headers.get('etag')! } })
    expect(again.status).toBe(304)

    const asset = await app.request('/assets/app-1234.js')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')

    for (const path of ['/otra', '/index.html', '/404.html']) {
      const missing = await app.request(path)
      expect(missing.status, path).toBe(404)
      expect(await missing.text(), path).toContain('Oops! Page not found')
    }
  })

  it('serves the workspace page at /equipo and below it, noindex, but never for the API or other methods', async () => {
    const { app, loaded } = site({ workspace: true })
    expect(loaded.hasWorkspace).toBe(true)
    for (const path of ['/equipo', '/equipo/', '/equipo/postulaciones/abc', '/equipo/entrar']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('x-robots-tag'), path).toBe('noindex, nofollow')
      expect(await res.text(), path).toContain('Espacio del equipo')
    }
    for (const path of ['/equipo.html', '/equipo/api/session', '/equipo/api', '/equipos']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).not.toContain('Espacio del equipo')
    }
    expect((await app.request('/equipo', { method: 'POST' })).status).toBe(404)
  })

  it('without the workspace page in the build, /equipo is the 404 page', async () => {
    const { app, loaded } = site()
    expect(loaded.hasWorkspace).toBe(false)
    expect((await app.request('/equipo')).status).toBe(404)
  })

  it('refuses a build without its pages, saying what to do', () => {
    newRoot()
    expect(() => loadStaticSite(root)).toThrow(/npm run build/)
  })
})
