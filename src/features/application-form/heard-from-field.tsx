import { HEARD_FROM_HINT, HEARD_FROM_LABEL, HEARD_FROM_OPTIONS } from '../../../domain/sources.ts'
import { SELECT_PLACEHOLDER } from './field-specs.ts'
import { CONTROL } from './form-field.tsx'

export const HEARD_FROM_NAME = 'heardFrom'
const ID = 'application-heardFrom'

/**
 * «¿Dónde nos conociste?»: optional, for those who typed the home
 * address. Not one of the application's fields (SPEC §3): it travels beside
 * formData, as the consent does, and the server keeps only a known answer.
 */
export function HeardFromField() {
  return (
    <div className="rounded-3xl border border-ink-100 bg-white p-5 shadow-[0_12px_32px_-20px_rgba(6,13,31,0.25)] sm:p-8">
      <label htmlFor={ID} className="block text-[0.9375rem] font-semibold text-ink-900">
        {HEARD_FROM_LABEL}
        <span className="ml-1.5 font-normal text-ink-600">(opcional)</span>
      </label>
      <p id={`${ID}-hint`} className="mt-1 text-sm leading-snug text-ink-600">
        {HEARD_FROM_HINT}
      </p>
      <div className="relative mt-2 max-w-sm">
        <select id={ID} name={HEARD_FROM_NAME} defaultValue="" aria-describedby={`${ID}-hint`} className={`${CONTROL} h-12 appearance-none pr-11`}>
          <option value="">{SELECT_PLACEHOLDER}</option>
          {Object.entries(HEARD_FROM_OPTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-600">
          <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </div>
  )
}
