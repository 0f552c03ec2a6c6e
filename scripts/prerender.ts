/**
 * Turns the client build into pages that paint before any JavaScript runs
 * (docs/decisions/0001):
 *   - each route is rendered to HTML with the SSR bundle (`/` and the 404 page);
 *   - the <head> gets the page's title, SEO and social tags (src/lib/head.ts);
 *   - the stylesheet is inlined (it is small), so no request blocks the first paint;
 *   - the one module script (a tiny entry that loads the app after the first
 *     paint) moves to the end of <body>, marked low priority: it must not
 *     compete with the HTML and the font for the first paint;
 *   - robots.txt and sitemap.xml are written with the configured site URL.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

interface SsrModule {
  render: (path: string) => string
  renderHead: (page: 'home' | 'not-found') => string
  crawlerFiles: () => Record<string, string>
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+\.css)"[^>]*>/g
const MODULE_SCRIPT = /\s*<script type="module"[^>]*><\/script>/g

export async function prerender(distDir: string): Promise<void> {
  const client = resolve(distDir, 'client')
  const ssr = (await import(pathToFileURL(resolve(distDir, 'ssr/entry-server.js')).href)) as SsrModule
  let template = readFileSync(`${client}/index.html`, 'utf8')

  const scripts: string[] = []
  template = template.replace(MODULE_SCRIPT, (tag) => {
    scripts.push(tag.trim().replace('<script type="module"', '<script type="module" fetchpriority="low"'))
    return ''
  })

  template = template.replace(STYLESHEET, (_tag, href: string) => {
    const css = readFileSync(`${client}${href}`, 'utf8')
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

  writeFileSync(`${client}/index.html`, page('/', 'home'))
  writeFileSync(`${client}/404.html`, page('/404', 'not-found'))
  for (const [name, body] of Object.entries(ssr.crawlerFiles())) writeFileSync(`${client}/${name}`, body)
}
