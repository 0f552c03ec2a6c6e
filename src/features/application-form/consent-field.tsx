import { useRef } from 'react'
import type { CompanyInfo } from '../../../domain/company.ts'
import { PrivacyPolicyDialog } from '../privacy/privacy-policy-dialog.tsx'
import { POLICY_LINK_LABEL, consentLabel, privacyNotice } from '../privacy/privacy-policy.ts'
import { ErrorLine } from './error-line.tsx'

export const CONSENT_INPUT_ID = 'application-consent'
export const CONSENT_INPUT_NAME = 'consent'

/**
 * The data-processing authorisation (Ley 1581 de 2012, art. 9: prior,
 * express and informed): an unticked required checkbox, the privacy notice
 * right under it, and the full policy one click away.
 */
export function ConsentField({ company, error }: { company: CompanyInfo; error: string | undefined }) {
  const policy = useRef<HTMLDialogElement>(null)
  const describedBy = ['application-consent-notice', error ? 'application-consent-error' : ''].filter(Boolean).join(' ')
  return (
    <div data-field className="scroll-mt-4 rounded-2xl border border-ink-100 bg-ink-50 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <input
          id={CONSENT_INPUT_ID}
          name={CONSENT_INPUT_NAME}
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-6 shrink-0 cursor-pointer rounded accent-accent-700"
        />
        <label htmlFor={CONSENT_INPUT_ID} className="cursor-pointer text-[0.9375rem] leading-snug font-semibold text-ink-900">
          {consentLabel(company)}
          <span aria-hidden="true" className="ml-0.5 text-danger-700">
            *
          </span>
        </label>
      </div>
      <p id="application-consent-notice" className="mt-3 text-sm leading-relaxed text-ink-600 sm:pl-9">
        <strong className="font-semibold text-ink-800">Aviso de privacidad.</strong> {privacyNotice(company)}{' '}
        <button
          type="button"
          onClick={() => policy.current?.showModal()}
          aria-haspopup="dialog"
          className="font-semibold text-accent-700 underline decoration-accent-700/40 underline-offset-3 hover:decoration-accent-700"
        >
          {POLICY_LINK_LABEL}
        </button>
        .
      </p>
      <PrivacyPolicyDialog company={company} ref={policy} />
      <ErrorLine id="application-consent-error" message={error} className="mt-2 sm:pl-9" />
    </div>
  )
}
