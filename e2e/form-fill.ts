/**
 * Helpers for the application-form specs: ways to find, fill and read the
 * form as a person does, by its labels. (The worker's server allows many
 * submissions: e2e/fixtures/test.ts.)
 */
import type { Page, Request, Route } from '@playwright/test'
import { INPUT_FIELDS, type Application } from '../domain/application.ts'
import { sampleApplication } from '../domain/sample-application.ts'
import { FIELD_SPECS, type InputField } from '../src/features/application-form/field-specs.ts'
import { expect } from './fixtures/test.ts'

export { test, expect } from './fixtures/test.ts'

export const FUNCTION_PATH = '/functions/v1/send-application-email'
export const SUBMIT = 'Enviar aplicación'
export const CONSENT = /^Autorizo a .* a tratar mis datos personales/

export function labelOf(field: InputField): string {
  return FIELD_SPECS.find((spec) => spec.name === field)!.label
}

export function controlOf(page: Page, field: InputField) {
  // The label's text starts with the field's label; a required marker or "(opcional)" may follow.
  return page.getByLabel(new RegExp(`^${labelOf(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
}

export function isSelect(field: InputField): boolean {
  return FIELD_SPECS.find((spec) => spec.name === field)!.control === 'select'
}

/** Open the page with the form and wait until React has hydrated it. */
export async function openForm(page: Page, path = '/#formulario'): Promise<void> {
  await page.goto(path)
  // The form's prerendered markup goes in place, and the app loads, when its section
  // nears the viewport (docs/decisions/0006, 0085).
  await page.locator('#formulario').scrollIntoViewIfNeeded()
  // The prerendered form works only once hydrated; React attaches its listeners then.
  await expect(page.locator('form[aria-label="Formulario de aplicación"]')).toBeVisible()
  await page.locator('form[aria-label="Formulario de aplicación"]').scrollIntoViewIfNeeded()
  await page.waitForFunction(() => {
    const form = document.querySelector('form[aria-label="Formulario de aplicación"]')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
}

/** Fill the 19 inputs with `values` (fields left out stay as they are), and tick the consent unless told not to. */
export async function fillForm(
  page: Page,
  values: Partial<Application> = sampleApplication(),
  options: { consent?: boolean } = {},
): Promise<void> {
  for (const field of INPUT_FIELDS) {
    const value = values[field]
    if (value === undefined) continue
    if (isSelect(field)) await controlOf(page, field).selectOption(value)
    else await controlOf(page, field).fill(value)
  }
  if (options.consent ?? true) await page.getByRole('checkbox', { name: CONSENT }).check()
}

/** The value of every input, keyed by field name. */
export async function readForm(page: Page): Promise<Record<InputField, string>> {
  const entries = await Promise.all(INPUT_FIELDS.map(async (field) => [field, await controlOf(page, field).inputValue()] as const))
  return Object.fromEntries(entries) as Record<InputField, string>
}

/** The values `fillForm(sampleApplication())` leaves in the 19 inputs. */
export function sampleInputs(overrides: Partial<Application> = {}): Record<InputField, string> {
  const sample = sampleApplication(overrides)
  return Object.fromEntries(INPUT_FIELDS.map((field) => [field, sample[field]])) as Record<InputField, string>
}

/** Every call the page makes to the function, as it happens. */
export function recordCalls(page: Page): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === FUNCTION_PATH && request.method() === 'POST') calls.push(request)
  })
  return calls
}

/**
 * Holds every request matching `url` until the returned `release()` is called,
 * then lets it through (or answers it with `answer`). For states that only
 * exist while a request is pending: the page before React, a send in flight.
 */
export async function holdRequests(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await answer(route)
  })
  return release
}
