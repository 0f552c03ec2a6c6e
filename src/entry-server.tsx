/** Prerendering entry: scripts/prerender.ts renders each route to HTML at build time. */
import { renderToString } from 'react-dom/server'
import { App } from './app.tsx'

export function render(path: string): string {
  return renderToString(<App ssrPath={path} />)
}
