/**
 * Renders the routes to static HTML with the SSR bundle, into the client's
 * index.html template. The module script is moved to the end of <body> so the
 * page paints before any JavaScript runs.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

export async function prerender(distDir: string): Promise<void> {
  const CLIENT = resolve(distDir, 'client')
  const { render } = (await import(pathToFileURL(resolve(distDir, 'ssr/entry-server.js')).href)) as {
    render: (path: string) => string
  }
  const template = readFileSync(`${CLIENT}/index.html`, 'utf8')
  const scripts: string[] = []
  const withoutHeadScripts = template.replace(/\s*<script type="module"[^>]*><\/script>/g, (tag) => {
    scripts.push(tag.trim())
    return ''
  })
  const page = (path: string) =>
    withoutHeadScripts
      .replace('<!--app-html-->', render(path))
      .replace('</body>', `${scripts.join('\n')}\n</body>`)
  writeFileSync(`${CLIENT}/index.html`, page('/'))
  writeFileSync(`${CLIENT}/404.html`, page('/404'))
}
