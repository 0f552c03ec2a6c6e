import type { MouseEvent, RefObject } from 'react'

export interface SummaryItem {
  /** The id of the control to move to. */
  targetId: string
  label: string
  message: string
}

/**
 * The list of problems at the top of the form after a submit attempt (the
 * GOV.UK pattern): it receives focus, so screen readers announce it, and
 * each entry moves focus to its field, scrolled to show its label.
 */
export function ErrorSummary({ items, ref }: { items: readonly SummaryItem[]; ref: RefObject<HTMLDivElement | null> }) {
  const goTo = (event: MouseEvent<HTMLAnchorElement>, targetId: string) => {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    // The field's wrapper carries scroll-margin so the label lands below the sticky header.
    const block = target.closest('[data-field]') ?? target
    block.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
    target.focus({ preventScroll: true })
  }

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-labelledby="application-error-summary-title"
      className="scroll-mt-4 rounded-2xl border-2 border-danger-700 bg-white p-5 focus-visible:outline-offset-4 sm:p-6"
    >
      <h3 id="application-error-summary-title" className="flex items-center gap-2 text-lg font-extrabold text-danger-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 fill-current">
          <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0v-4a1 1 0 0 1 1-1Zm0 7.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z" />
        </svg>
        {items.length === 1 ? 'Revisa 1 campo antes de enviar' : `Revisa ${items.length} campos antes de enviar`}
      </h3>
      <ul className="mt-3 space-y-1.5 text-[0.9375rem]">
        {items.map((item) => (
          <li key={item.targetId}>
            <a
              href={`#${item.targetId}`}
              onClick={(event) => goTo(event, item.targetId)}
              className="font-semibold text-danger-700 underline decoration-danger-700/40 underline-offset-3 hover:decoration-danger-700"
            >
              {item.label}
            </a>
            <span className="text-ink-700">: {item.message}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
