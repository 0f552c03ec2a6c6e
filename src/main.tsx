/**
 * The page's only script, inlined into the prerendered HTML and kept tiny on
 * purpose (docs/decisions/0001, 0006): the page paints before any JavaScript
 * runs, and React and the form are fetched only when the reader is about to
 * use them. During the load it runs nothing after its own evaluation, no
 * observer, timer or frame callback (docs/decisions/0204): it only listens for
 * what the reader does.
 */
import './styles.css'
import { reviveDeferredMarkup } from './lib/deferred-markup.ts'

/** The longest we wait for a paint that the browser may never report. */
const PAINT_WAIT_LIMIT_MS = 3000
/** Events that mean someone is using the page: start the app at once. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const
/** A reader sent by one of our outlets (ADR 0168). */
const SOURCE_PARAMETER = /[?&](fuente|utm_source|ref)=/

function once(run: () => void): () => void {
  let started = false
  return () => {
    if (started) return
    started = true
    run()
  }
}

/** Runs `run` once the first contentful paint is on screen (at once, in a task, if it already is). */
function afterFirstPaint(run: () => void): void {
  const start = once(run)
  // A background tab paints nothing until it is shown, and `npm run dev` serves an
  // empty page that only the app can paint: start now in both cases.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) return void setTimeout(start)
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The frame callback runs just before the first paint; the timeout, after it.
    return void requestAnimationFrame(() => setTimeout(start))
  }
  if (performance.getEntriesByName('first-contentful-paint').length) return void setTimeout(start)
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(start)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(start, PAINT_WAIT_LIMIT_MS)
}

/**
 * Runs `run` when the page's interactive part (`island`, the application
 * form's section) comes within a screen of the viewport, or at the first
 * interaction with the page. The observer that watches the distance starts
 * with the reader's first scroll or resize of the window once the page has
 * loaded, or at once when the page may open scrolled
 * (an address with a fragment, a reload, a step back or forward in the
 * history), so a reader who only looks at the first screen costs the page no
 * task of its own during the load (docs/decisions/0204).
 */
function whenNeeded(island: Element, run: () => void): void {
  if (typeof IntersectionObserver === 'undefined') return run()
  let observer: IntersectionObserver | undefined
  const stopListening = () => {
    removeEventListener('scroll', watch, true)
    removeEventListener('resize', resized)
  }
  const start = once(() => {
    observer?.disconnect()
    stopListening()
    for (const type of INTERACTIONS) removeEventListener(type, start, true)
    run()
  })
  const watch = once(() => {
    stopListening()
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: '0px 0px 100% 0px',
    })
    observer.observe(island)
  })
  // A window made taller (or a page zoomed out) can bring the form near without a scroll; while the page
  // loads, a resize is the browser's own (the viewport set from the page's meta tag), not the reader's.
  const resized = () => document.readyState === 'complete' && watch()
  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true })
  if (location.hash || !freshVisit()) watch()
  else {
    addEventListener('scroll', watch, { capture: true, passive: true })
    addEventListener('resize', resized, { passive: true })
  }
  // A reader sent by one of our outlets (/radio-cali → /?fuente=radio-cali, ADR 0168): the form's
  // script keeps that source, so it starts once the page has loaded, even if they never reach the form.
  if (SOURCE_PARAMETER.test(location.search)) {
    if (document.readyState === 'complete') setTimeout(start)
    else addEventListener('load', () => setTimeout(start), { once: true })
  }
}

/** Whether this visit is a new one (a link, a typed address), which opens at the top of the page. */
function freshVisit(): boolean {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? []
  return !navigation || (navigation as PerformanceNavigationTiming).type === 'navigate'
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

function startApp(): void {
  // The form's prerendered HTML waits inert in a template (src/lib/deferred-markup.ts) until
  // it is needed, and always goes in place before React hydrates it.
  reviveDeferredMarkup()
  void import('./hydrate.tsx').then(({ start }) => start(document.getElementById('root')!))
}

const island = document.querySelector('[data-hydrate="when-visible"]')
if (!island) {
  // A page without an interactive part (the 404 page) starts after the first paint.
  afterFirstPaint(startApp)
} else {
  // An address that points into the form (`/#formulario`): its markup goes in place at once, so the
  // browser scrolls to it and the observer (started at once for an address with a fragment) sees it.
  if (linkedIsland()) reviveDeferredMarkup()
  whenNeeded(island, () => afterFirstPaint(startApp))
}
