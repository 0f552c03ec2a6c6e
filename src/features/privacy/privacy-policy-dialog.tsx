import type { MouseEvent, RefObject } from 'react'
import type { CompanyInfo } from '../../../domain/company.ts'
import { RENDERS_STATIC_CONTENT, StaticIsland } from '../../components/static-island.tsx'
import { POLICY_TITLE, privacyPolicy } from './privacy-policy.ts'

/**
 * The full data-processing policy in a native modal <dialog>: focus moves
 * into it and back to the opener, Escape closes it, the page behind is
 * inert. No route and no server change are needed. The opener calls
 * `ref.current.showModal()`; a <dialog> cannot sit inside the notice's <p>.
 */
export function PrivacyPolicyDialog({ company, ref }: { company: CompanyInfo; ref: RefObject<HTMLDialogElement | null> }) {
  const close = () => ref.current?.close()
  // A click on the backdrop lands on the <dialog> itself, never on its content.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close()
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby="privacy-policy-title"
      onClick={closeOnBackdrop}
      className="m-auto max-h-[min(85vh,48rem)] w-[min(100%-2rem,42rem)] overscroll-contain rounded-2xl bg-white p-0 text-ink-900 shadow-2xl backdrop:bg-ink-950/70"
    >
      <div className="sticky top-0 flex items-start justify-between gap-4 border-b border-ink-100 bg-white px-6 py-4">
        <h2 id="privacy-policy-title" className="text-lg font-extrabold text-ink-950">
          {POLICY_TITLE}
        </h2>
        <button
          type="button"
          onClick={close}
          className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-600 hover:bg-ink-50 hover:text-ink-950"
        >
          <span className="sr-only">Cerrar</span>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {/* Static HTML: prerendered, never shipped in the page's JavaScript (docs/decisions/0013). */}
      <StaticIsland id="privacy-policy">{RENDERS_STATIC_CONTENT && <PolicySections company={company} />}</StaticIsland>
      <div className="sticky bottom-0 border-t border-ink-100 bg-white px-6 py-4">
        <button
          type="button"
          onClick={close}
          className="inline-flex h-11 w-full items-center justify-center rounded-full bg-ink-900 px-6 font-bold text-white hover:bg-ink-800 sm:w-auto"
        >
          Entendido
        </button>
      </div>
    </dialog>
  )
}

function PolicySections({ company }: { company: CompanyInfo }) {
  return (
    <div className="space-y-5 px-6 py-5 text-[0.9375rem] leading-relaxed">
      {privacyPolicy(company).map((section) => (
        <section key={section.title}>
          <h3 className="font-bold text-ink-950">{section.title}</h3>
          {section.items && (
            <ul className="mt-2 list-disc space-y-1 pl-5 marker:text-accent-600">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-2 text-ink-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  )
}
