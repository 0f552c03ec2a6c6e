/**
 * A table wider than the screen, in a box that scrolls sideways and says so
 * (at 390 px the plan's values and the follow-up's columns were
 * off screen with nothing to tell): a shade on the side that has more, and
 * «Desliza para ver más →» under it while columns are hidden. The box is a
 * labelled region in the tab order, so a keyboard scrolls it with the arrow
 * keys (WCAG 2.1.1); nothing changes where the table fits.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { SCROLL_HINT } from '../../../domain/format.ts'

export { SCROLL_HINT }

/** Whether content is hidden on each side of `el`'s horizontal scroll. */
function edgesOf(el: HTMLElement): { start: boolean; end: boolean } {
  const hidden = el.scrollWidth - el.clientWidth
  return { start: hidden > 1 && el.scrollLeft > 1, end: hidden > 1 && el.scrollLeft < hidden - 1 }
}

export function ScrollArea({
  label,
  labelledBy,
  className,
  children,
}: {
  /** The region's name (or `labelledBy`: the id of the table's caption). */
  label?: string
  labelledBy?: string
  className?: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [edges, setEdges] = useState({ start: false, end: false })
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const next = edgesOf(el)
      setEdges((was) => (was.start === next.start && was.end === next.end ? was : next))
    }
    measure()
    el.addEventListener('scroll', measure, { passive: true })
    window.addEventListener('resize', measure)
    // The table grows as its data and lazy parts arrive: measured again whenever either box changes size.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(el)
    if (el.firstElementChild) observer?.observe(el.firstElementChild)
    return () => {
      el.removeEventListener('scroll', measure)
      window.removeEventListener('resize', measure)
      observer?.disconnect()
    }
  }, [])
  return (
    <div className={className}>
      <div className="relative">
        <div ref={ref} role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0} className="overflow-x-auto" data-scroll-area>
          {children}
        </div>
        {/* Shades over the edges that hide columns: for the eyes only, the hint below says it in words. */}
        {edges.start && <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-ink-950/15 to-transparent" />}
        {edges.end && <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-linear-to-l from-ink-950/15 to-transparent" />}
      </div>
      {edges.end && (
        <p className="mt-1 text-right text-xs font-semibold text-ink-700" data-scroll-hint>
          {SCROLL_HINT}
        </p>
      )}
    </div>
  )
}
