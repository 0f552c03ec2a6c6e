/**
 * The page's only script tag, kept tiny on purpose (docs/decisions/0001):
 * the prerendered HTML must paint before any JavaScript runs, so React and
 * the form are fetched only once the first contentful paint is on screen.
 */
import './styles.css'

/** The longest we wait for a paint that the browser may never report. */
const PAINT_WAIT_LIMIT_MS = 3000

function afterFirstPaint(run: () => void): void {
  let started = false
  const once = () => {
    if (started) return
    started = true
    run()
  }
  // A background tab paints nothing until it is shown, and `npm run dev` serves an
  // empty page that only the app can paint: start now in both cases.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) return void setTimeout(once)
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // The frame callback runs just before the first paint; the timeout, after it.
    return void requestAnimationFrame(() => setTimeout(once))
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(once)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(once, PAINT_WAIT_LIMIT_MS)
}

afterFirstPaint(() => {
  void import('./hydrate.tsx').then(({ start }) => start(document.getElementById('root')!))
})
