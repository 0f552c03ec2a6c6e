/**
 * The agreement's parties as the admin types them (domain/workspace-api/agreements.ts
 * AgreementPartiesSchema): every field as text, each server message (a 422's `parties.<field>`) beside
 * its field, as deal-fields.tsx does for the deal's.
 */
import { useId } from 'react'
import { REPRESENTATIVE_ID_TYPES, type RepresentativeIdType } from '../../../../domain/agreements-records.ts'
import type { AgreementPartiesBody } from '../../../../domain/workspace-api/agreements.ts'
import { ApiError } from '../../api/client.ts'
import { FieldError, inputClass, labelClass } from '../../components/ui.tsx'

export type PartyField = keyof AgreementPartiesBody
export type PartiesErrors = Partial<Record<PartyField, string>>

export const ID_TYPE_LABELS: Record<RepresentativeIdType, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  PA: 'Pasaporte',
}

const TEXT_FIELDS: { key: Exclude<PartyField, 'representativeIdType'>; label: string; maxLength: number; inputMode?: 'numeric' | 'text' }[] = [
  { key: 'legalName', label: 'Razón social', maxLength: 300 },
  { key: 'tradeName', label: 'Nombre comercial', maxLength: 300 },
  { key: 'nit', label: 'NIT', maxLength: 40 },
  { key: 'representativeName', label: 'Representante legal', maxLength: 300 },
]
const AFTER_ID_TYPE: typeof TEXT_FIELDS = [
  { key: 'representativeId', label: 'Número de documento', maxLength: 40 },
  { key: 'shares', label: 'Acciones suscritas (si se conocen)', maxLength: 40, inputMode: 'numeric' },
  { key: 'shareClass', label: 'Clase de acciones (si se conoce)', maxLength: 120 },
  { key: 'city', label: 'Ciudad de firma', maxLength: 200 },
]

/** The server's field messages of a 422 (path `parties.<field>`), for the places beside each field. */
export function partiesErrorsOf(error: unknown): PartiesErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  const issues = (error.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
  const errors: PartiesErrors = {}
  for (const i of issues) if (i.path.startsWith('parties.')) errors[i.path.slice('parties.'.length) as PartyField] = i.message
  return Object.keys(errors).length > 0 ? errors : null
}

export function PartiesFields({ form, errors, onChange }: { form: AgreementPartiesBody; errors: PartiesErrors; onChange: (form: AgreementPartiesBody) => void }) {
  const id = useId()
  const set = <K extends PartyField>(key: K, value: AgreementPartiesBody[K]) => onChange({ ...form, [key]: value })
  const field = ({ key, label, maxLength, inputMode }: (typeof TEXT_FIELDS)[number]) => (
    <div key={key}>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        maxLength={maxLength}
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
      <legend className="px-1 text-sm font-bold text-ink-900">Las partes</legend>
      <div className="grid gap-x-3 sm:grid-cols-2">
        {TEXT_FIELDS.map(field)}
        <div>
          <label htmlFor={`${id}-representativeIdType`} className={labelClass}>
            Tipo de documento
          </label>
          <select
            id={`${id}-representativeIdType`}
            className={`${inputClass} mt-1`}
            value={form.representativeIdType}
            aria-invalid={errors.representativeIdType !== undefined}
            aria-describedby={`${id}-representativeIdType-error`}
            onChange={(e) => set('representativeIdType', e.target.value as RepresentativeIdType)}
          >
            {REPRESENTATIVE_ID_TYPES.map((t) => (
              <option key={t} value={t}>
                {ID_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-representativeIdType-error`} message={errors.representativeIdType} />
        </div>
        {AFTER_ID_TYPE.map(field)}
      </div>
    </fieldset>
  )
}
