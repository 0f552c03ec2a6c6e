/**
 * "Ofrecer horarios" (admins): who sits on the panel, how long, where, and
 * the times, typed as dates and hours in Bogotá. Each field's error sits
 * under it (aria-describedby); a submit with errors moves focus to the first
 * one. Warnings (after the due date, a holiday or a weekend, a member busy)
 * are shown while typing; a time at which a chosen member is busy is refused
 * on sending (the founder could not book it); the server's refusal is shown
 * beside the button as it words it.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { formatWeekdayDateTime, sentence } from '../../../../domain/format.ts'
import {
  PANEL_LENGTHS_MINUTES,
  PANEL_PLACE_KINDS,
  PANEL_PLACE_LABELS,
  PANEL_PLACE_MAX,
  PANEL_TIMES_MAX,
  PANEL_TIMES_MIN,
  type PanelPlaceKind,
} from '../../../../domain/panel-sessions.ts'
import type { PanelState, SaveOfferRequest } from '../../../../domain/workspace-api/panel.ts'
import { Button, FieldError, cn, inputClass, labelClass } from '../../components/ui.tsx'
import { DateTimeFields } from './date-time-fields.tsx'
import { checkOfferValues, newRow, rowWarnings, type Candidate, type OfferErrors, type OfferValues } from './offer-values.ts'

export const PLACE_INPUT_LABELS: Record<PanelPlaceKind, string> = {
  video: 'Enlace de la videollamada',
  address: 'Dirección de la sesión',
}

export interface OfferFormProps {
  state: PanelState
  candidates: readonly Candidate[]
  /** Active members with a conflict declared on this application: named, never offered. */
  excluded: readonly { id: string; name: string }[]
  initial: OfferValues
  pending: boolean
  /** The server's refusal, in its own Spanish words. */
  serverError: string | null
  onSubmit: (request: SaveOfferRequest) => void
  onCancel?: () => void
  /** For tests: the instant "in the past" is measured from. */
  now?: () => Date
}

const NO_ERRORS: OfferErrors = { rows: {} }

export function OfferForm({ state, candidates, excluded, initial, pending, serverError, onSubmit, onCancel, now = () => new Date() }: OfferFormProps) {
  const id = useId()
  const [values, setValues] = useState<OfferValues>(initial)
  const [errors, setErrors] = useState<OfferErrors>(NO_ERRORS)
  const formRef = useRef<HTMLFormElement>(null)
  const full = values.rows.length >= PANEL_TIMES_MAX

  const ids = {
    members: `${id}-members`,
    length: `${id}-length`,
    place: `${id}-place`,
    times: `${id}-times`,
    server: `${id}-server`,
    add: `${id}-add`,
    row: (key: string, part: 'day' | 'time' | 'error' | 'warnings') => `${id}-${key}-${part}`,
  }

  function set<K extends keyof OfferValues>(key: K, value: OfferValues[K]) {
    setValues((v) => ({ ...v, [key]: value }))
  }

  function setRow(key: string, part: 'day' | 'time', value: string) {
    setValues((v) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? { ...r, [part]: value } : r)) }))
  }

  function addRow() {
    const row = newRow()
    setValues((v) => ({ ...v, rows: [...v.rows, row] }))
    // The new row's date input takes the focus once it exists.
    requestAnimationFrame(() => document.getElementById(ids.row(row.key, 'day'))?.focus())
  }

  function removeRow(index: number) {
    const rows = values.rows.filter((_, i) => i !== index)
    setValues((v) => ({ ...v, rows }))
    // Focus goes to the row that took its place, or to "Añadir horario".
    const next = rows[Math.min(index, rows.length - 1)]
    requestAnimationFrame(() => (next ? document.getElementById(ids.row(next.key, 'day')) : document.getElementById(ids.add))?.focus())
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    const check = checkOfferValues(values, now(), candidates)
    if (!check.ok) {
      setErrors(check.errors)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setErrors(NO_ERRORS)
    onSubmit(check.request)
  }

  const invalid = (message: string | undefined) => (message ? true : undefined)

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Ofrecer horarios">
      <fieldset aria-describedby={`${ids.members}-error`}>
        <legend className={labelClass}>Panel</legend>
        <p className="mt-0.5 text-xs text-ink-600">Debajo de cada persona, sus otras sesiones con panel: evita cruzarlas.</p>
        {candidates.length === 0 ? (
          <p className="mt-2 text-sm text-ink-700">No hay miembros del equipo disponibles para este panel.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {candidates.map((m, i) => (
              <li key={m.id} className="rounded-md border border-ink-200 p-2 text-sm">
                <label className="flex items-start gap-2 font-semibold text-ink-900">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0"
                    checked={values.memberIds.includes(m.id)}
                    aria-invalid={i === 0 ? invalid(errors.members) : undefined}
                    aria-describedby={`${ids.members}-error ${ids.members}-${m.id}-sessions`}
                    onChange={(e) =>
                      set('memberIds', e.target.checked ? [...values.memberIds, m.id] : values.memberIds.filter((x) => x !== m.id))
                    }
                  />
                  <span className="min-w-0 break-words">{m.name}</span>
                </label>
                <div id={`${ids.members}-${m.id}-sessions`} className="mt-1 pl-6 text-xs text-ink-700">
                  {m.otherSessions.length === 0 ? (
                    'Sin otras sesiones con panel.'
                  ) : (
                    <>
                      <span>Otras sesiones:</span>
                      <ul className="list-disc pl-4">
                        {m.otherSessions.map((s) => (
                          <li key={`${s.applicationId}-${s.startsAt}`}>
                            {s.reference}: {formatWeekdayDateTime(s.startsAt)}
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {excluded.length > 0 && (
          <p className="mt-2 text-xs text-ink-700">
            No se ofrecen porque tienen un conflicto de interés con esta postulación: {excluded.map((m) => m.name).join(', ')}.
          </p>
        )}
        <FieldError id={`${ids.members}-error`} message={errors.members} />
      </fieldset>

      <div>
        <label htmlFor={ids.length} className={labelClass}>
          Duración
        </label>
        <select
          id={ids.length}
          className={cn(inputClass, 'mt-1 sm:w-48')}
          value={values.lengthMinutes}
          onChange={(e) => set('lengthMinutes', Number(e.target.value))}
        >
          {PANEL_LENGTHS_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} minutos
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className={labelClass}>Lugar</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {PANEL_PLACE_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-place-kind`} value={kind} checked={values.placeKind === kind} onChange={() => set('placeKind', kind)} />
              {PANEL_PLACE_LABELS[kind]}
            </label>
          ))}
        </div>
        <label htmlFor={ids.place} className={cn(labelClass, 'mt-2')}>
          {PLACE_INPUT_LABELS[values.placeKind]}
        </label>
        <input
          id={ids.place}
          type={values.placeKind === 'video' ? 'url' : 'text'}
          inputMode={values.placeKind === 'video' ? 'url' : undefined}
          className={cn(inputClass, 'mt-1')}
          placeholder={values.placeKind === 'video' ? 'https://' : undefined}
          maxLength={PANEL_PLACE_MAX}
          value={values.place}
          aria-invalid={invalid(errors.place)}
          aria-describedby={`${ids.place}-error`}
          onChange={(e) => set('place', e.target.value)}
        />
        <FieldError id={`${ids.place}-error`} message={errors.place} />
      </fieldset>

      <fieldset aria-describedby={`${ids.times}-hint`}>
        <legend className={labelClass}>Horarios (hora de Bogotá)</legend>
        <p id={`${ids.times}-hint`} className="mt-0.5 text-xs text-ink-600">
          Ofrece entre {PANEL_TIMES_MIN} y {PANEL_TIMES_MAX} horarios.
          {state.stageDueAt ? ` ${sentence(`La etapa vence el ${formatWeekdayDateTime(state.stageDueAt)}`)}` : ''}
        </p>
        <ol className="mt-2 flex flex-col gap-2">
          {values.rows.map((row, index) => {
            const error = errors.rows[row.key]
            const warnings = rowWarnings(row, values, state.stageDueAt, candidates)
            const described = `${ids.row(row.key, 'error')} ${ids.row(row.key, 'warnings')}`
            return (
              <li key={row.key} className="rounded-md border border-ink-200 p-2">
                <div className="flex flex-wrap items-end gap-2">
                  <span className="w-full text-xs font-semibold text-ink-700">Horario {index + 1}</span>
                  <DateTimeFields
                    dayId={ids.row(row.key, 'day')}
                    timeId={ids.row(row.key, 'time')}
                    day={row.day}
                    time={row.time}
                    onDay={(value) => setRow(row.key, 'day', value)}
                    onTime={(value) => setRow(row.key, 'time', value)}
                    invalid={error !== undefined}
                    describedBy={described}
                    labelSuffix={` del horario ${index + 1}`}
                  />
                  <Button variant="ghost" disabled={values.rows.length <= PANEL_TIMES_MIN} onClick={() => removeRow(index)} aria-label={`Quitar el horario ${index + 1}`}>
                    Quitar
                  </Button>
                </div>
                <FieldError id={ids.row(row.key, 'error')} message={error} />
                <ul id={ids.row(row.key, 'warnings')} className="text-xs text-[#8a4b00]">
                  {warnings.map((w) => (
                    <li key={w}>⚠ {w}</li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ol>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <Button id={ids.add} onClick={addRow} disabled={full}>
            Añadir horario
          </Button>
          {full && <p className="text-xs text-ink-700">Llegaste al máximo de {PANEL_TIMES_MAX} horarios.</p>}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2">
        <div role="alert" id={ids.server}>
          {serverError && <p className="rounded-md border border-danger-700 bg-white p-2 text-sm font-semibold text-danger-700">{serverError}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Guardando…' : state.offer ? 'Guardar los horarios' : 'Ofrecer horarios'}
          </Button>
          {onCancel && <Button onClick={onCancel}>Descartar cambios</Button>}
        </div>
      </div>
    </form>
  )
}
