/**
 * Reading and writing the form's uncontrolled inputs. The DOM holds the
 * values (no React state per keystroke); these helpers turn them into the
 * Application of the shared schema and check them with its rules.
 */
import {
  APPLICATION_FIELDS,
  INPUT_FIELDS,
  validateField,
  type Application,
  type ApplicationField,
  type ErrorCode,
  type FieldErrors,
} from '../../../domain/application.ts'
import { HONEYPOT_FIELD } from '../../../domain/submission.ts'
import type { InputField } from './field-specs.ts'

export type InputValues = Record<InputField, string>
type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

export function isInputField(name: string): name is InputField {
  return (INPUT_FIELDS as readonly string[]).includes(name)
}

export function controlOf(form: HTMLFormElement, field: string): Control | null {
  const el = form.elements.namedItem(field)
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el : null
}

/** The values as typed, for the draft. */
export function readInputs(form: HTMLFormElement): InputValues {
  return Object.fromEntries(INPUT_FIELDS.map((f) => [f, controlOf(form, f)?.value ?? ''])) as InputValues
}

/**
 * The payload's formData: exactly the 21 fields in the SPEC's order, every
 * value a trimmed string, and '' for the two fields without an input.
 */
export function toApplication(values: InputValues): Application {
  return Object.fromEntries(
    APPLICATION_FIELDS.map((f) => [f, isInputField(f) ? values[f].trim() : '']),
  ) as Application
}

/**
 * The error code of one field, or undefined. The number fields are text
 * inputs, so the value is what the founder typed ("4,5", "85.000") and the
 * shared rules read it exactly as the server will (ADR 0135).
 */
export function checkField(form: HTMLFormElement, field: InputField): ErrorCode | undefined {
  const el = controlOf(form, field)
  if (!el) return undefined
  return validateField(field, el.value.trim())
}

export function checkForm(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of INPUT_FIELDS) {
    const code = checkField(form, field)
    if (code) errors[field] = code
  }
  return errors
}

/** Fill the inputs from a draft; a field the founder already typed in wins. */
export function writeInputs(form: HTMLFormElement, values: Partial<Record<ApplicationField, string>>): void {
  for (const field of INPUT_FIELDS) {
    const el = controlOf(form, field)
    const value = values[field]
    if (el && value && el.value === '') el.value = value
  }
}

export function readHoneypot(form: HTMLFormElement): string {
  return controlOf(form, HONEYPOT_FIELD)?.value ?? ''
}
