import { startTransition } from 'react'
import { hydrateRoot, createRoot } from 'react-dom/client'
import { App } from './app.tsx'

/**
 * Starts React on the prerendered page (or renders it, under `npm run dev`,
 * which serves an empty root). Hydrating inside a transition lets React yield
 * to the browser every few milliseconds instead of blocking the main thread.
 */
export function start(root: HTMLElement): void {
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, <App />))
  else createRoot(root).render(<App />)
}
