/**
 * A deliberate action: a native modal <dialog> (focus moves into it and is
 * trapped by the browser, Escape cancels, focus returns to the opener).
 * Optional reason field, optionally required; optional typed confirmation
 * ("type the address to delete").
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button, FieldError, inputClass, labelClass } from './ui.tsx'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  variant?: 'primary' | 'danger'
  /** Show a reason field; `required` makes confirming without one impossible. */
  reason?: { label: string; required: boolean; maxLength?: number }
  /** More fields, after the reason (e.g. what the founder's e-mail should say). */
  extra?: ReactNode
  /** The member must type this exact text to confirm. */
  typedConfirmation?: { label: string; expected: string }
  pending?: boolean
  /** The button that closes without acting ("Cancelar"); "Volver" where the action itself is a cancellation. */
  closeLabel?: string
  onConfirm: (reason: string) => void
  onClose: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  const reasonId = useId()
  const typedId = useId()
  const [reason, setReason] = useState('')
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string>()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) {
      opener.current = document.activeElement
      setReason('')
      setTyped('')
      setError(undefined)
      dialog.showModal()
    } else if (!props.open && dialog.open) {
      dialog.close()
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
    }
  }, [props.open])

  function confirm() {
    if (props.reason?.required && reason.trim() === '') {
      setError('Escribe el motivo para continuar.')
      return
    }
    if (props.typedConfirmation && typed.trim().toLowerCase() !== props.typedConfirmation.expected.trim().toLowerCase()) {
      setError('El texto no coincide.')
      return
    }
    props.onConfirm(reason.trim())
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-ink-200 bg-white p-0 text-ink-900 shadow-xl"
      onCancel={(e) => {
        e.preventDefault()
        props.onClose()
      }}
    >
      <form
        method="dialog"
        noValidate
        className="p-5"
        onSubmit={(e) => {
          e.preventDefault()
          confirm()
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-ink-950">
          {props.title}
        </h2>
        <div className="mt-2 text-sm text-ink-700">{props.children}</div>
        {props.reason && (
          <div className="mt-4">
            <label htmlFor={reasonId} className={labelClass}>
              {props.reason.label}
              {!props.reason.required && <span className="font-normal text-ink-600"> (opcional)</span>}
            </label>
            <textarea
              id={reasonId}
              className={`${inputClass} mt-1`}
              rows={3}
              maxLength={props.reason.maxLength}
              value={reason}
              required={props.reason.required}
              aria-invalid={error !== undefined && props.reason.required && reason.trim() === ''}
              aria-describedby={`${reasonId}-error`}
              onChange={(e) => setReason(e.target.value)}
            />
            <FieldError id={`${reasonId}-error`} message={props.typedConfirmation ? undefined : error} />
          </div>
        )}
        {props.extra}
        {props.typedConfirmation && (
          <div className="mt-4">
            <label htmlFor={typedId} className={labelClass}>
              {props.typedConfirmation.label}
            </label>
            <input
              id={typedId}
              className={`${inputClass} mt-1`}
              value={typed}
              autoComplete="off"
              aria-invalid={error !== undefined}
              aria-describedby={`${typedId}-error`}
              onChange={(e) => setTyped(e.target.value)}
            />
            <FieldError id={`${typedId}-error`} message={error} />
          </div>
        )}
        {!props.reason && !props.typedConfirmation && error && <FieldError id={`${titleId}-error`} message={error} />}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Button onClick={props.onClose}>{props.closeLabel ?? 'Cancelar'}</Button>
          <Button type="submit" variant={props.variant ?? 'primary'} disabled={props.pending}>
            {props.pending ? 'Guardando…' : props.confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  )
}
