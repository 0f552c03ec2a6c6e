/**
 * Static islands (docs/decisions/0002). Most of the landing page never
 * changes after the first paint, so its markup is prerendered once and kept
 * by the browser as is: the production client bundle does not ship those
 * sections at all, only the form is hydrated.
 *
 * On the server (and in `npm run dev`, which renders on the client) an island
 * renders its children. In the production browser build `children` is left
 * out by the caller (see RENDERS_STATIC_CONTENT), and the island hands React
 * the HTML the server put in the page, read before React first touches it.
 * React does not diff such HTML while hydrating, and if it ever has to
 * re-render the root (a hydration error elsewhere) it re-inserts the same HTML.
 *
 * Consequence: navigating to `/` on the client, without a page load, would
 * find no server HTML. Every link to `/` is a plain <a>, a full page load.
 */
import type { ReactNode } from 'react'

/**
 * True where island contents must be rendered: the SSR build and the dev
 * server. Callers write `{RENDERS_STATIC_CONTENT && <Section />}`; in the
 * production browser build Vite replaces both flags with `false`, and the
 * bundler drops the section and its imports.
 */
export const RENDERS_STATIC_CONTENT: boolean = import.meta.env.SSR || import.meta.env.DEV

const serverHtml = new Map<string, string>()

function readServerHtml(id: string): string {
  let html = serverHtml.get(id)
  if (html === undefined) {
    html = document.querySelector(`[data-island="${id}"]`)?.innerHTML ?? ''
    serverHtml.set(id, html)
  }
  return html
}

/** A layout-neutral wrapper (display: contents) whose content is static HTML. */
export function StaticIsland({ id, children }: { id: string; children?: ReactNode }) {
  if (RENDERS_STATIC_CONTENT) {
    return (
      <div data-island={id} className="contents">
        {children}
      </div>
    )
  }
  return <div data-island={id} className="contents" dangerouslySetInnerHTML={{ __html: readServerHtml(id) }} />
}
