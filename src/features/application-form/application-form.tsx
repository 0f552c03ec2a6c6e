/**
 * The application form (SPEC §3, §4, §5, §8). Inputs are uncontrolled: the
 * DOM holds the values and React renders only what changes the page (errors,
 * the submitting state, the draft notice, the confirmation), which keeps the
 * typing fast and the bundle small (docs/decisions/0011).
 */
import { useEffect, useRef, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import type { FieldErrors } from '../../../domain/application.ts'
import { CONSENT_OUTDATED_MESSAGE, CONSENT_REQUIRED_MESSAGE, SUBMITTING_LABEL, SUBMIT_LABEL, TOASTS, errorMessage } from '../../../domain/messages.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import { HONEYPOT_FIELD, type ConsentError, type SubmissionBody } from '../../../domain/submission.ts'
import { SITE } from '../../config/site.ts'
import { newIdempotencyKey, sendApplication, type SendOutcome } from '../../lib/backend-client.ts'
import { notify } from '../../lib/toast.tsx'

import { ConfirmationPanel } from './confirmation-panel.tsx'
import { CONSENT_INPUT_ID, CONSENT_INPUT_NAME, ConsentField } from './consent-field.tsx'
import { DraftNotice } from './draft-notice.tsx'
import { clearDraft, clearKeptSource, keepFirstSource, saveDraft } from './draft-storage.ts'
import { HEARD_FROM_NAME, HeardFromField } from './heard-from-field.tsx'
import { isSourceOutlet, type KeptSource } from '../../../domain/sources.ts'
import { ErrorSummary, type SummaryItem } from './error-summary.tsx'
import { FIELD_GROUPS, FIELD_SPECS, controlId } from './field-specs.ts'
import { FormField } from './form-field.tsx'
import { checkField, checkForm, controlOf, isInputField, readHoneypot, readInputs, toApplication, writeInputs } from './form-values.ts'
import { useHydrated } from './use-hydrated.ts'
import { useRestoredDraft } from './use-restored-draft.ts'

/** The form's toasts are one action's: a successful send dismisses the errors of the tries before it. */
const SUBMITTING = { action: 'application' }

/** Wait this long after the last keystroke before writing the draft. */
const DRAFT_SAVE_DELAY_MS = 400

/** `send`: the call that submits (the backend client); tests pass one that fails in ways a network cannot. */
export function ApplicationForm({ send = sendApplication }: { send?: typeof sendApplication } = {}) {
  const formRef = useRef<HTMLFormElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const panelRef = useRef<HTMLElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  // Until React runs, the submit button stays disabled: with no default button
  // enabled, the browser cannot submit the form natively and put the founder's
  // answers in a URL.
  const hydrated = useHydrated()

  const [errors, setErrors] = useState<FieldErrors>({})
  const [consentError, setConsentError] = useState<ConsentError>()
  const [summaryShown, setSummaryShown] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [sent, setSent] = useState<{ reference: string | undefined; email: string } | null>(null)
  const [draftNoticeDismissed, setDraftNoticeDismissed] = useState(false)

  // A ref, not state: a second click lands before React re-renders the disabled button.
  const inFlight = useRef(false)
  // The Idempotency-Key of the last attempt and the data it carried: a retry of
  // the same data reuses the key, so the server stores the application once.
  const lastAttempt = useRef<{ key: string; data: string } | null>(null)
  const draftTimer = useRef<number | undefined>(undefined)

  // The first source this browser saw (ADR 0168): read from the address now that the form's script runs.
  const keptSource = useRef<KeptSource | null>(null)
  useEffect(() => {
    keptSource.current = keepFirstSource(window.location.search)
  }, [])

  const restoredDraft = useRestoredDraft()
  useEffect(() => {
    if (restoredDraft && formRef.current) writeInputs(formRef.current, restoredDraft.values)
  }, [restoredDraft])

  // Write a pending draft when the tab is hidden or closed, before the timer fires.
  useEffect(() => {
    const flush = () => {
      if (draftTimer.current === undefined || !formRef.current) return
      window.clearTimeout(draftTimer.current)
      draftTimer.current = undefined
      saveDraft(readInputs(formRef.current))
    }
    const onVisibility = () => document.visibilityState === 'hidden' && flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])

  function scheduleDraftSave(form: HTMLFormElement) {
    window.clearTimeout(draftTimer.current)
    draftTimer.current = window.setTimeout(() => {
      draftTimer.current = undefined
      saveDraft(readInputs(form))
    }, DRAFT_SAVE_DELAY_MS)
  }

  function cancelDraftSave() {
    window.clearTimeout(draftTimer.current)
    draftTimer.current = undefined
  }

  function setFieldError(field: keyof FieldErrors, code: FieldErrors[keyof FieldErrors]) {
    setErrors((previous) => {
      if (previous[field] === code) return previous
      const next = { ...previous }
      if (code) next[field] = code
      else delete next[field]
      return next
    })
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const form = event.currentTarget
    const target: EventTarget = event.target
    const name = nameOf(target)
    if (name === CONSENT_INPUT_NAME) {
      if (target instanceof HTMLInputElement && target.checked) setConsentError(undefined)
      return
    }
    if (!isInputField(name)) return
    scheduleDraftSave(form)
    // While a field shows an error, clear it as soon as the value is right;
    // a new message waits for blur, so nobody is scolded mid-word.
    if (errors[name] && !checkField(form, name)) setFieldError(name, undefined)
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const name = nameOf(event.target)
    if (!isInputField(name)) return
    const code = checkField(event.currentTarget, name)
    // Leaving an empty field is not an error yet (the founder may be tabbing
    // through); it becomes one on submit.
    if (code === 'required' && !errors[name]) return
    setFieldError(name, code)
  }

  function showErrors(fieldErrors: FieldErrors, consent: ConsentError | undefined) {
    flushSync(() => {
      setErrors(fieldErrors)
      setConsentError(consent)
      setSummaryShown(true)
    })
    summaryRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() })
    summaryRef.current?.focus({ preventScroll: true })
  }

  function idempotencyKeyFor(data: string): string {
    if (lastAttempt.current?.data !== data) lastAttempt.current = { key: newIdempotencyKey(), data }
    return lastAttempt.current.key
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    const form = event.currentTarget
    const fieldErrors = checkForm(form)
    const consentBox = controlOf(form, CONSENT_INPUT_NAME)
    const consentGiven = consentBox instanceof HTMLInputElement && consentBox.checked
    if (Object.keys(fieldErrors).length > 0 || !consentGiven) {
      // SPEC §5 and §8: any required field empty → this toast, and no call.
      if (Object.values(fieldErrors).includes('required')) notify('error', TOASTS.requiredFields, SUBMITTING)
      showErrors(fieldErrors, consentGiven ? undefined : 'consent_required')
      return
    }

    const formData = toApplication(readInputs(form))
    const consent = { accepted: true, policyVersion: PRIVACY_POLICY_VERSION } as const
    const heardFrom = controlOf(form, HEARD_FROM_NAME)?.value
    const attribution = {
      ...(keptSource.current ? { source: keptSource.current.slug } : {}),
      ...(isSourceOutlet(heardFrom) ? { heardFrom } : {}),
    }
    const body: SubmissionBody = { formData, consent, ...(Object.keys(attribution).length > 0 ? { attribution } : {}), [HONEYPOT_FIELD]: readHoneypot(form) }
    const key = idempotencyKeyFor(JSON.stringify({ formData, consent }))

    inFlight.current = true
    setSubmitting(true)
    let outcome: SendOutcome
    try {
      outcome = await send(body, key)
    } catch (cause) {
      outcome = { ok: false, reason: 'network', cause }
    } finally {
      inFlight.current = false
    }

    if (outcome.ok) {
      cancelDraftSave()
      clearDraft()
      clearKeptSource()
      keptSource.current = null
      lastAttempt.current = null
      form.reset()
      notify('success', TOASTS.success, SUBMITTING)
      flushSync(() => {
        setSubmitting(false)
        setErrors({})
        setConsentError(undefined)
        setSummaryShown(false)
        setDraftNoticeDismissed(true)
        setSent({ reference: outcome.reference, email: formData.email })
      })
      panelRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() })
      panelRef.current?.focus({ preventScroll: true })
      return
    }

    // Codes and statuses only: the founder's data never goes to the console.
    console.error('send-application-email failed:', outcome.reason, outcome.status ?? '', outcome.cause)
    notify('error', TOASTS.sendError, SUBMITTING)
    if (outcome.reason === 'validation') {
      const serverErrors = Object.fromEntries(Object.entries(outcome.fieldErrors ?? {}).filter(([field]) => isInputField(field)))
      flushSync(() => setSubmitting(false))
      showErrors(serverErrors, outcome.consentError)
    } else {
      flushSync(() => setSubmitting(false))
      // The disabled button lost focus; give it back so a keyboard user can retry at once.
      if (!document.activeElement || document.activeElement === document.body) submitRef.current?.focus()
    }
  }

  function discardDraft() {
    cancelDraftSave()
    clearDraft()
    formRef.current?.reset()
    flushSync(() => {
      setErrors({})
      setConsentError(undefined)
      setSummaryShown(false)
      setDraftNoticeDismissed(true)
    })
    document.getElementById(controlId('companyName'))?.focus()
  }

  function sendAnother() {
    flushSync(() => setSent(null))
    formRef.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() })
    document.getElementById(controlId('companyName'))?.focus({ preventScroll: true })
  }

  const summaryItems: SummaryItem[] = FIELD_SPECS.flatMap((spec) => {
    const code = errors[spec.name]
    return code ? [{ targetId: controlId(spec.name), label: spec.label, message: errorMessage(spec.name, code) }] : []
  })
  const consentMessage = consentError === 'consent_outdated' ? CONSENT_OUTDATED_MESSAGE : consentError ? CONSENT_REQUIRED_MESSAGE : undefined
  if (consentMessage) summaryItems.push({ targetId: CONSENT_INPUT_ID, label: 'Autorización de datos personales', message: consentMessage })

  return (
    // A container, not the viewport, decides the columns: the form's width depends on the page layout around it.
    <div className="@container">
      {sent && <ConfirmationPanel ref={panelRef} reference={sent.reference} email={sent.email} onSendAnother={sendAnother} />}
      <form
        ref={formRef}
        hidden={sent !== null}
        noValidate
        aria-label="Formulario de aplicación"
        onSubmit={onSubmit}
        onChange={onChange}
        onBlur={onBlur}
        className="relative space-y-6"
      >
        <div className="flex flex-col gap-1 text-sm text-ink-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            Los campos marcados con <span className="font-bold text-danger-700">*</span> son obligatorios.
          </p>
          <p>Guardamos un borrador en este navegador mientras escribes.</p>
        </div>

        {restoredDraft && !draftNoticeDismissed && <DraftNotice savedAt={restoredDraft.savedAt} onDiscard={discardDraft} />}

        {summaryShown && summaryItems.length > 0 && <ErrorSummary ref={summaryRef} items={summaryItems} />}

        {FIELD_GROUPS.map((group, index) => (
          <fieldset key={group.id} className="min-w-0 rounded-3xl border border-ink-100 bg-white p-5 shadow-[0_12px_32px_-20px_rgba(6,13,31,0.25)] sm:p-8">
            <legend className="float-left flex w-full items-center gap-3 text-xl font-extrabold tracking-tight text-ink-950">
              <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-ink-900 text-sm text-white">
                {index + 1}
              </span>
              {group.legend}
            </legend>
            <p className="clear-both pt-1 text-[0.9375rem] text-ink-600 sm:pl-11">{group.description}</p>
            <div className="mt-6 grid gap-x-6 gap-y-4 @min-[34rem]:grid-cols-2">
              {group.fields.map((spec) => (
                <FormField key={spec.name} spec={spec} error={errors[spec.name] ? errorMessage(spec.name, errors[spec.name]!) : undefined} />
              ))}
            </div>
          </fieldset>
        ))}

        <HeardFromField />

        <p className="flex items-start gap-3 rounded-2xl border border-accent-100 bg-accent-50 p-4 text-[0.9375rem] text-ink-800 sm:p-5">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-5 shrink-0 text-accent-700">
            <path
              d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5M9 13h6M9 17h4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>
            <strong className="font-semibold">No adjuntes documentos ahora.</strong> Los documentos se adjuntarán en el siguiente paso del
            proceso.
          </span>
        </p>

        <ConsentField company={SITE.company} error={consentMessage} />

        {/* The honeypot: people never see or reach it; bots that fill every input do. */}
        <div aria-hidden="true" className="absolute -left-[9999px] top-0 h-px w-px overflow-hidden">
          <label htmlFor={`application-${HONEYPOT_FIELD}`}>Deja este campo vacío</label>
          <input id={`application-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ink-600">Te responderemos al correo que indicaste.</p>
          <p role="status" className="sr-only">
            {submitting ? SUBMITTING_LABEL : ''}
          </p>
          <button
            ref={submitRef}
            type="submit"
            disabled={submitting || !hydrated}
            className="inline-flex h-14 items-center justify-center gap-2 rounded-full bg-accent-500 px-8 text-base font-bold text-ink-950 shadow-sm transition-colors duration-150 hover:bg-accent-400 active:bg-accent-300 disabled:cursor-progress disabled:bg-accent-300 motion-reduce:transition-none"
          >
            {submitting && (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin motion-reduce:animate-none">
                <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
                <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
            )}
            {submitting ? SUBMITTING_LABEL : SUBMIT_LABEL}
          </button>
        </div>
      </form>
    </div>
  )
}

/** The name of the control an event came from ('' for anything else). */
function nameOf(target: EventTarget): string {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement ? target.name : ''
}

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}
