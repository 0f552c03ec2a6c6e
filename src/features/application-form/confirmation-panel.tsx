import type { RefObject } from 'react'
import { DUE_DILIGENCE_DOCUMENTS, PROCESS_STAGES } from '../../../domain/programme.ts'
import { STATUS_RECOVERY_PATH } from '../../content/landing.ts'

/**
 * Shown in place of the form once the application is stored: the reference
 * to quote, where the confirmation went, and what happens next. Focus moves
 * here so screen readers announce it.
 */
export function ConfirmationPanel({
  reference,
  email,
  onSendAnother,
  ref,
}: {
  reference: string | undefined
  email: string
  onSendAnother: () => void
  ref: RefObject<HTMLElement | null>
}) {
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="application-confirmation-title"
      className="scroll-mt-4 rounded-3xl border border-ink-100 bg-white p-6 shadow-[0_12px_32px_-20px_rgba(6,13,31,0.25)] focus-visible:outline-offset-4 sm:p-8"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-5">
        <span aria-hidden="true" className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-[#e7f6ee] text-[#067647]">
          <svg viewBox="0 0 24 24" className="size-7">
            <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div>
          <h3 id="application-confirmation-title" className="text-2xl font-extrabold tracking-tight text-ink-950">
            Recibimos tu postulación
          </h3>
          {reference && (
            <p className="mt-3 text-ink-700">
              Tu número de referencia es{' '}
              <strong className="rounded-md bg-accent-50 px-2 py-0.5 font-mono text-lg font-bold tracking-wide whitespace-nowrap text-ink-950">
                {reference}
              </strong>
              . Menciónalo si nos escribes.
            </p>
          )}
          <p className="mt-2 text-ink-700">
            Te enviamos una confirmación a <strong className="font-semibold wrap-anywhere text-ink-900">{email}</strong> con tu enlace
            personal para seguir tu postulación. Si no la ves en unos minutos, revisa la carpeta de spam.
          </p>
          <p className="mt-2 text-ink-700">
            ¿No te llegó o perdiste el enlace?{' '}
            <a
              href={STATUS_RECOVERY_PATH}
              className="font-semibold text-accent-700 underline decoration-accent-700/40 underline-offset-4 hover:decoration-accent-700"
            >
              Pide un enlace nuevo
            </a>
            .
          </p>
        </div>
      </div>

      <h4 className="mt-8 text-lg font-bold text-ink-950">Qué sigue</h4>
      <ol className="mt-4 grid gap-3 @min-[34rem]:grid-cols-3">
        {PROCESS_STAGES.map((stage) => (
          <li key={stage.number} className="rounded-2xl bg-paper p-4">
            <p className="flex items-center justify-between gap-2 text-sm font-bold">
              <span className="inline-flex size-7 items-center justify-center rounded-full bg-ink-900 text-white">{stage.number}</span>
              <span className="text-accent-700">{stage.duration}</span>
            </p>
            <p className="mt-3 font-bold text-ink-950">{stage.title}</p>
            <p className="mt-1 text-sm leading-relaxed text-ink-600">{stage.description}</p>
          </li>
        ))}
      </ol>

      <h4 className="mt-8 text-lg font-bold text-ink-950">Ve preparando estos documentos</h4>
      <p className="mt-1 text-sm text-ink-600">Te los pediremos en la etapa de due diligence si tu startup avanza.</p>
      <ul className="mt-4 grid gap-x-6 gap-y-2 @min-[34rem]:grid-cols-2">
        {DUE_DILIGENCE_DOCUMENTS.map((document) => (
          <li key={document} className="flex items-start gap-2 text-[0.9375rem] text-ink-800">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent-700">
              <path d="m5 10.5 3.2 3.2L15 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {document}
          </li>
        ))}
      </ul>

      <button
        type="button"
        onClick={onSendAnother}
        className="mt-8 inline-flex h-12 items-center justify-center rounded-full border border-ink-200 bg-white px-6 font-bold text-ink-900 hover:border-ink-400"
      >
        Enviar otra postulación
      </button>
    </section>
  )
}
