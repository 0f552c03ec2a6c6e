/** Prerendering entry: scripts/prerender.ts renders each route to HTML at build time. */
import { renderToString } from 'react-dom/server'
import { App } from './app.tsx'
import { SITE } from './config/site.ts'
import { deferMarkup } from './lib/deferred-markup.ts'
import { headTags, robotsTxt, sitemapXml, type PageKind } from './lib/head.ts'

/** The page's HTML, the form's part inert until the reader nears it (src/lib/deferred-markup.ts). */
export function render(path: string): string {
  return deferMarkup(renderToString(<App ssrPath={path} />))
}

/** The <head> tags of a page, with the build's configuration baked in. */
export function renderHead(page: PageKind): string {
  return headTags(SITE, page)
}

/** Files for crawlers, written next to index.html. */
export function crawlerFiles(): Record<string, string> {
  return { 'robots.txt': robotsTxt(SITE), 'sitemap.xml': sitemapXml(SITE) }
}
