/**
 * The page's only script, inlined into the prerendered HTML and kept tiny on
 * purpose (docs/decisions/0001, 0006): the page paints before any JavaScript
 * runs, and React and the form are fetched only when the reader is about to
 * use them.
 */
import './styles.css'
import { reviveDeferredMarkup } from './lib/deferred-markup.ts'

/** The longest we wait for a paint that the browser may never report. */
const PAINT_WAIT_LIMIT_MS = 3000
/** Events that mean someone is using the page: start the app at once. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const

function once(run: () => void): () => void {
  let started = false
  return () => {
    if (started) return
    started = true
    run()
  }
}

/** Runs `run` once the first contentful paint is on screen. */
function afterFirstPaint(run: () => void): void {
  const start = once(run)
  // A background tab paints nothing until it is shown, and `npm run dev` serves an
  // empty page that only the app can paint: start now in both cases.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) return void setTimeout(start)
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The frame callback runs just before the first paint; the timeout, after it.
    return void requestAnimationFrame(() => setTimeout(start))
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(start)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(start, PAINT_WAIT_LIMIT_MS)
}

/**
 * Runs `run` when the page's interactive part (`[data-hydrate="when-visible"]`,
 * the application form) comes within a screen of the viewport, or at the
 * first interaction with the page; at once on pages without one (the 404 page).
 */
function whenNeeded(run: () => void): void {
  const island = document.querySelector('[data-hydrate="when-visible"]')
  if (!island || typeof IntersectionObserver === 'undefined') return run()
  const start = once(() => {
    observer.disconnect()
    for (const type of INTERACTIONS) removeEventListener(type, start, true)
    run()
  })
  const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    rootMargin: '0px 0px 100% 0px',
  })
  observer.observe(island)
  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true })
  // A reader sent by one of our outlets (/radio-cali → /?fuente=radio-cali, ADR 0168): the form's
  // script keeps that source, so it starts once the page has loaded, even if they never reach the form.
  if (/[?&](fuente|utm_source|ref)=/.test(location.search)) {
    if (document.readyState === 'complete') setTimeout(start)
    else addEventListener('load', () => setTimeout(start), { once: true })
  }
}

/** The interactive part, when the address points into it (`/#formulario`): it is what the first screen shows. */
function linkedIsland(): boolean {
  let id = location.hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // A malformed escape ('#%E0') names no element: look it up as written.
  }
  if (!id) return false
  const target = document.getElementById(id)
  // No such element: it may be inside the still-inert form.
  return !target || target.closest('[data-hydrate]') !== null
}

// The form's prerendered HTML waits inert in a template (src/lib/deferred-markup.ts) until
// it is needed, and always goes in place before React hydrates it.
if (linkedIsland()) reviveDeferredMarkup()
afterFirstPaint(() =>
  whenNeeded(() => {
    reviveDeferredMarkup()
    void import('./hydrate.tsx').then(({ start }) => start(document.getElementById('root')!))
  }),
)
