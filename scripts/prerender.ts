/**
 * Turns the client build into pages that paint before any JavaScript runs
 * (docs/decisions/0001):
 *   - each route is rendered to HTML with the SSR bundle (`/` and the 404 page);
 *   - the <head> gets the page's title, SEO and social tags (src/lib/head.ts);
 *   - the stylesheet is inlined (it is small), so no request blocks the first paint;
 *   - the one module script, a tiny entry that loads the app after the first
 *     paint (src/main.tsx), is inlined at the end of <body>: no request of its
 *     own on the critical path. The server allows it by its hash (CSP);
 *   - robots.txt and sitemap.xml are written with the configured site URL.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

interface SsrModule {
  render: (path: string) => string
  renderHead: (page: 'home' | 'not-found') => string
  crawlerFiles: () => Record<string, string>
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g
const MODULE_SCRIPT = /\s*<script type="module"[^>]*src="([^"]+\.js)"[^>]*><\/script>/g

/**
 * The entry chunk as an inline module. Inline, its base URL is the page's, so
 * its imports of sibling chunks ('./hydrate-….js') become absolute paths.
 */
export function inlineEntry(code: string, chunkDir: string): string {
  const inlined = code.replace(/import\((["'`])\.\//g, (_m, quote: string) => `import(${quote}${chunkDir}/`).trim()
  if (/["'`]\.\.?\//.test(inlined)) throw new Error('prerender: the entry chunk has a relative URL left; it cannot be inlined')
  if (/<\/script/i.test(inlined)) throw new Error('prerender: the entry chunk contains "</script"; it cannot be inlined')
  return `<script type="module">${inlined}</script>`
}

export async function prerender(distDir: string): Promise<void> {
  const client = resolve(distDir, 'client')
  const ssr = (await import(pathToFileURL(resolve(distDir, 'ssr/entry-server.js')).href)) as SsrModule
  let template = readFileSync(`${client}/index.html`, 'utf8')

  const scripts: string[] = []
  const inlinedFiles: string[] = []
  template = template.replace(MODULE_SCRIPT, (_tag, src: string) => {
    scripts.push(inlineEntry(readFileSync(`${client}${src}`, 'utf8'), src.slice(0, src.lastIndexOf('/'))))
    // Inlined, the file is referenced by nothing: don't ship it (nor load it in the server).
    unlinkSync(`${client}${src}`)
    inlinedFiles.push(src.slice(src.lastIndexOf('/') + 1))
    return ''
  })
  if (scripts.length !== 1) throw new Error(`prerender: expected one module script in index.html, found ${scripts.length}`)
  // A module shared by the entry and a lazy chunk ends up in the entry's file, which is gone once inlined.
  for (const chunk of readdirSync(`${client}/assets`).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(`${client}/assets/${chunk}`, 'utf8')
    const orphan = inlinedFiles.find((file) => code.includes(`/${file}"`))
    if (orphan) throw new Error(`prerender: ${chunk} imports ${orphan}, the inlined entry: keep the entry's modules out of the app's chunks`)
  }

  template = template.replace(STYLESHEET, (_tag, href: string) => {
    const css = readFileSync(`${client}${href}`, 'utf8')
    unlinkSync(`${client}${href}`)
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
  })
  if (!template.includes('<style>')) throw new Error('prerender: no stylesheet found to inline in index.html')
  // The font is not preloaded: its fallback has the same metrics (docs/decisions/0003),
  // so the first paint need not wait for it, and the swap moves nothing.

  // Replacement functions, not strings: a '$&' in the page's text must stay literal.
  const page = (path: string, kind: 'home' | 'not-found') =>
    template
      .replace(/<title>[^<]*<\/title>\s*/, '')
      .replace('<!--head-->', () => ssr.renderHead(kind))
      .replace('<!--app-html-->', () => ssr.render(path))
      .replace('</body>', () => `${scripts.join('\n')}\n</body>`)

  const entryHash = createHash('sha256').update(scripts[0]!.slice('<script type="module">'.length, -'</script>'.length)).digest('base64')
  console.log(`prerender: pages need the CSP source script-src 'self' 'sha256-${entryHash}' (our server sends it)`)
  writeFileSync(`${client}/index.html`, page('/', 'home'))
  writeFileSync(`${client}/404.html`, page('/404', 'not-found'))
  for (const [name, body] of Object.entries(ssr.crawlerFiles())) writeFileSync(`${client}/${name}`, body)
}
