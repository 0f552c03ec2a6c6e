import { SectionHeading } from '../components/section-heading.tsx'
import { APPLICATION } from '../content/landing.ts'

/** The static side of `#formulario`: its heading (id `formulario-titulo`) and what happens after sending. */
export function ApplicationIntro() {
  return (
    <>
      <SectionHeading copy={APPLICATION} />
      <ol className="mt-8 space-y-4">
        {APPLICATION.steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-ink-700">
            <span
              aria-hidden="true"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full border border-ink-200 bg-white text-sm font-bold text-ink-900"
            >
              {index + 1}
            </span>
            <span className="pt-0.5 leading-relaxed">{step}</span>
          </li>
        ))}
      </ol>
    </>
  )
}
