import type { ApplicationField } from '../../../domain/application.ts'
import type { FieldSpec } from './field-specs.ts'
import { SELECT_PLACEHOLDER, controlId, isOptional, maxLengthOf } from './field-specs.ts'
import { ErrorLine } from './error-line.tsx'

/** Shared by every control: 48 px tall, 16 px text (no zoom on iOS), red border when aria-invalid. */
export const CONTROL =
  'block w-full rounded-xl border border-ink-200 bg-white px-4 text-base text-ink-950 shadow-xs transition-colors ' +
  'duration-150 motion-reduce:transition-none placeholder:text-ink-500 hover:border-ink-400 ' +
  'focus-visible:border-accent-600 focus-visible:outline-offset-1 ' +
  'aria-invalid:border-danger-700 aria-invalid:bg-[#fffbfa] aria-invalid:hover:border-danger-700'

export function errorId(field: ApplicationField): string {
  return `${controlId(field)}-error`
}

function hintId(field: ApplicationField): string {
  return `${controlId(field)}-hint`
}

/**
 * One labelled control with its hint and its error line. The error line is
 * always rendered, so a message appearing does not push the form around,
 * and is linked with aria-describedby only while it holds a message.
 */
export function FormField({ spec, error }: { spec: FieldSpec; error: string | undefined }) {
  const id = controlId(spec.name)
  const optional = isOptional(spec.name)
  const max = maxLengthOf(spec.name)
  const hint = spec.control === 'textarea' ? [spec.hint, `Máximo ${max} caracteres.`].filter(Boolean).join(' ') : spec.hint
  const describedBy = [hint ? hintId(spec.name) : '', error ? errorId(spec.name) : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  }

  return (
    // Three rows of the parent grid (label and hint, control, error), shared with the field beside it,
    // so the two controls of a row line up whatever the length of their labels or messages.
    <div
      data-field
      className={`row-span-3 grid scroll-mt-4 grid-rows-subgrid gap-y-0 ${spec.control === 'textarea' ? '@min-[34rem]:col-span-2' : ''}`}
    >
      <div className="self-end">
        <label htmlFor={id} className="block text-[0.9375rem] font-semibold text-ink-900">
          {spec.label}
          {optional ? (
            <span className="ml-1.5 font-normal text-ink-600">(opcional)</span>
          ) : (
            <span aria-hidden="true" className="ml-0.5 text-danger-700">
              *
            </span>
          )}
        </label>
        {hint && (
          <p id={hintId(spec.name)} className="mt-1 text-sm leading-snug text-ink-600">
            {hint}
          </p>
        )}
      </div>
      <div className="pt-2">
        {spec.control === 'input' && (
          <input
            {...common}
            type={spec.type}
            required={!optional}
            maxLength={max}
            inputMode={spec.inputMode}
            pattern={spec.pattern}
            autoCapitalize={spec.autoCapitalize}
            spellCheck={spec.spellCheck}
            placeholder={spec.placeholder}
            autoComplete={spec.autoComplete}
            className={`${CONTROL} h-12`}
          />
        )}
        {spec.control === 'textarea' && (
          <textarea
            {...common}
            required={!optional}
            maxLength={max}
            rows={spec.rows}
            className={`${CONTROL} min-h-28 resize-y py-3 leading-relaxed`}
          />
        )}
        {spec.control === 'select' && (
          <div className="relative">
            {/* No `required` attribute on the dropdowns (SPEC §5): the check happens on submit. */}
            <select {...common} defaultValue="" aria-required="true" className={`${CONTROL} h-12 appearance-none pr-11`}>
              <option value="">{SELECT_PLACEHOLDER}</option>
              {spec.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-600"
            >
              <path d="m5 7.5 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
        )}
      </div>
      <ErrorLine id={errorId(spec.name)} message={error} className="mt-1.5" />
    </div>
  )
}
