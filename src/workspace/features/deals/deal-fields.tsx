/**
 * The deal's fields, in the signature's dialog and in the
 * correction: numbers typed as Colombians write them ("4,5", "1.500.000"),
 * read by the same rules as the server (domain/deals.ts readDeal), each
 * message beside its field; the rate between the media and the investment
 * shown as it is typed.
 */
import { useId } from 'react'
import {
  INSTRUMENT_LABELS,
  INSTRUMENTS,
  WINDOW_MONTHS_MAX,
  WINDOW_MONTHS_MIN,
  dealInputOf,
  formatDay,
  mediaRate,
  monthsText,
  pastFollowUpStartProblem,
  periodEnd,
  readDeal,
  type DealField,
  type DealTerms,
  type Instrument,
} from '../../../../domain/deals.ts'
import { isCalendarDay } from '../../../../domain/bogota-days.ts'
import { formatIsoDay } from '../../../../domain/format.ts'
import { readCount } from '../../../../domain/numbers.ts'
import type { DealInputBody, RateCardVersion } from '../../../../domain/workspace-api/deals.ts'
import { ApiError } from '../../api/client.ts'
import { FieldError, inputClass, labelClass } from '../../components/ui.tsx'

/** The form's state: every field as text (the months and the version too). */
export interface DealForm {
  equityPercent: string
  instrument: Instrument
  discountPercent: string
  valuationUsd: string
  mediaValueCop: string
  investmentValueCop: string
  windowStart: string
  windowMonths: string
  followUpStart: string
  /** The admin confirmed a follow-up start before today. */
  confirmPastFollowUpStart: boolean
  /** '' for none. */
  rateCardVersionId: string
}

export type DealErrors = Partial<Record<DealField, string>>

/** A new deal: the follow-up starts today (Bogotá), with the latest published rate card. */
export function newDealForm(rateCardVersionId: string | null, today = formatIsoDay(new Date())): DealForm {
  return {
    equityPercent: '',
    instrument: 'acciones',
    discountPercent: '',
    valuationUsd: '',
    mediaValueCop: '',
    investmentValueCop: '',
    windowStart: today,
    windowMonths: String(WINDOW_MONTHS_MIN),
    followUpStart: today,
    confirmPastFollowUpStart: false,
    rateCardVersionId: rateCardVersionId ?? '',
  }
}

export function dealFormOf(terms: DealTerms): DealForm {
  const input = dealInputOf(terms)
  return { ...input, discountPercent: input.discountPercent ?? '', windowMonths: String(input.windowMonths), rateCardVersionId: input.rateCardVersionId ?? '', confirmPastFollowUpStart: false }
}

export function dealBody(form: DealForm): DealInputBody {
  const { confirmPastFollowUpStart, ...fields } = form
  return {
    ...fields,
    discountPercent: form.instrument === 'nota_convertible' ? form.discountPercent : null,
    windowMonths: Number(form.windowMonths),
    rateCardVersionId: form.rateCardVersionId === '' ? null : form.rateCardVersionId,
    ...(confirmPastFollowUpStart ? { confirmPastFollowUpStart: true } : {}),
  }
}

/**
 * The browser's own reading, with the server's messages: nothing is sent that the server would refuse for
 * these rules. `previousFollowUpStart`: the start a corrected deal already had (no confirmation to keep it).
 */
export function checkDeal(form: DealForm, { today = formatIsoDay(new Date()), previousFollowUpStart = null }: { today?: string; previousFollowUpStart?: string | null } = {}): DealErrors {
  const read = readDeal(dealBody(form))
  const errors: DealErrors = read.ok ? {} : read.errors
  const past = pastFollowUpStartProblem(form, today, previousFollowUpStart)
  if (past && !errors.followUpStart) errors.followUpStart = past
  return errors
}

/** The server's field messages of a 422 (path `deal.<field>`), for the same places. */
export function dealErrorsOf(error: unknown): DealErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  const issues = (error.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
  const errors: DealErrors = {}
  for (const i of issues) if (i.path.startsWith('deal.')) errors[i.path.slice(5) as DealField] = i.message
  return Object.keys(errors).length > 0 ? errors : null
}

const MONTHS = Array.from({ length: WINDOW_MONTHS_MAX - WINDOW_MONTHS_MIN + 1 }, (_, i) => WINDOW_MONTHS_MIN + i)

export function DealFields({
  form,
  errors,
  onChange,
  rateCards,
  previousFollowUpStart = null,
  signedWithoutRateCard = false,
}: {
  form: DealForm
  errors: DealErrors
  onChange: (form: DealForm) => void
  /** Published versions, newest first. */
  rateCards: readonly RateCardVersion[]
  /** A correction: the start the deal already has (keeping it asks nothing). */
  previousFollowUpStart?: string | null
  /** A correction of a deal signed when no rate card was published: «none» stays a choice, said as such. */
  signedWithoutRateCard?: boolean
}) {
  const id = useId()
  const set = <K extends keyof DealForm>(key: K, value: DealForm[K]) => onChange({ ...form, [key]: value })
  const media = readCount(form.mediaValueCop)
  const investment = readCount(form.investmentValueCop)
  const rate = media.ok && investment.ok ? mediaRate(media.number, investment.number) : '—'
  const months = Number(form.windowMonths)

  // A start before today asks for a confirmation; keeping a corrected deal's own start asks nothing.
  const today = formatIsoDay(new Date())
  const pastStart = isCalendarDay(form.followUpStart) && form.followUpStart < today && form.followUpStart !== previousFollowUpStart
  // «Sin tarifario» only when there is none to choose, or for a deal signed without one.
  const noneLabel = rateCards.length === 0 ? 'Sin tarifario publicado' : signedWithoutRateCard ? 'Sin tarifario (se firmó sin uno)' : null

  const field = (key: Exclude<DealField, 'instrument' | 'windowMonths' | 'rateCardVersionId' | 'confirmPastFollowUpStart'>, label: string, hint: string, type: 'text' | 'date' = 'text') => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label} {hint && <span className="font-normal text-ink-600">{hint}</span>}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        autoComplete="off"
        className={`${inputClass} mt-1`}
        value={form[key]}
        aria-invalid={errors[key] !== undefined}
        aria-describedby={`${id}-${key}-error`}
        onChange={(e) => set(key, e.target.value)}
      />
      <FieldError id={`${id}-${key}-error`} message={errors[key]} />
    </div>
  )

  return (
    <fieldset className="mt-4 rounded-md border border-ink-200 p-3">
      <legend className="px-1 text-sm font-bold text-ink-900">El acuerdo</legend>
      <div className="grid gap-x-3 sm:grid-cols-2">
        {field('equityPercent', 'Participación', '(%, por ejemplo 4,5)')}
        <div>
          <label htmlFor={`${id}-instrument`} className={labelClass}>Instrumento</label>
          <select id={`${id}-instrument`} className={`${inputClass} mt-1`} value={form.instrument} onChange={(e) => set('instrument', e.target.value as Instrument)}>
            {INSTRUMENTS.map((i) => (
              <option key={i} value={i}>{INSTRUMENT_LABELS[i]}</option>
            ))}
          </select>
          <FieldError id={`${id}-instrument-error`} message={errors.instrument} />
        </div>
        {form.instrument === 'nota_convertible' && field('discountPercent', 'Descuento de la nota', '(%)')}
        {field('valuationUsd', 'Valoración de referencia', '(US$)')}
        {field('mediaValueCop', 'Pauta en medios a tarifa', '(pesos)')}
        {field('investmentValueCop', 'Valor de inversión acordado', '(pesos)')}
      </div>
      <p className="mb-3 text-sm text-ink-700">
        Relación pauta : inversión <strong aria-live="polite">{rate}</strong>
      </p>
      <div className="grid gap-x-3 sm:grid-cols-2">
        {field('windowStart', 'Inicio de la exposición', '', 'date')}
        <div>
          <label htmlFor={`${id}-windowMonths`} className={labelClass}>Duración de la exposición</label>
          <select
            id={`${id}-windowMonths`}
            className={`${inputClass} mt-1`}
            value={form.windowMonths}
            aria-invalid={errors.windowMonths !== undefined}
            aria-describedby={`${id}-windowMonths-error`}
            onChange={(e) => set('windowMonths', e.target.value)}
          >
            {MONTHS.map((m) => (
              <option key={m} value={String(m)}>{monthsText(m)}</option>
            ))}
          </select>
          {errors.windowMonths !== undefined || !(form.windowStart && months) ? (
            <FieldError id={`${id}-windowMonths-error`} message={errors.windowMonths} />
          ) : (
            // Where the window ends is a hint, not an error: in the hint's colour, still read with the field.
            <p id={`${id}-windowMonths-error`} className="mt-1 min-h-5 text-xs text-ink-600">{`Termina el ${formatDay(periodEnd(form.windowStart, months))}.`}</p>
          )}
        </div>
        <div>
          {field('followUpStart', 'Inicio del seguimiento', '(12 meses)', 'date')}
          {pastStart && (
            <label htmlFor={`${id}-pastStart`} className="mb-3 flex items-start gap-2 text-sm text-ink-800">
              <input
                id={`${id}-pastStart`}
                type="checkbox"
                className="mt-0.5 size-4"
                checked={form.confirmPastFollowUpStart}
                onChange={(e) => set('confirmPastFollowUpStart', e.target.checked)}
              />
              <span>Confirmo que el seguimiento empieza antes de hoy: ningún reporte de un mes que se abrió antes del acuerdo contará como sin respuesta; el que siga abierto se pide sin recordatorios.</span>
            </label>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-rateCard`} className={labelClass}>Tarifario</label>
          <select id={`${id}-rateCard`} className={`${inputClass} mt-1`} value={form.rateCardVersionId} aria-describedby={`${id}-rateCard-error`} onChange={(e) => set('rateCardVersionId', e.target.value)}>
            {rateCards.map((v) => (
              <option key={v.id} value={v.id}>Versión {v.number}</option>
            ))}
            {noneLabel && <option value="">{noneLabel}</option>}
          </select>
          <FieldError id={`${id}-rateCard-error`} message={errors.rateCardVersionId ?? (rateCards.length === 0 ? 'Todavía no hay un tarifario publicado.' : undefined)} />
        </div>
      </div>
    </fieldset>
  )
}
