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

/**
 * The form in its three looks, with `at` called in each: empty (fonts
 * loaded), with errors (a bad address and founding year, no consent; the
 * error summary focused), and confirmed (after a reload and "Descartar
 * borrador", the sample sent and answered here; the confirmation focused).
 */
export async function walkFormLooks(page: Page, at: (look: 'empty' | 'errors' | 'confirmed') => Promise<void>): Promise<void> {
  await page.route(`**${FUNCTION_PATH}`, (route) => route.fulfill({ json: { id: 'app_1', reference: 'CAT-7K2M-9QXD' } }))
  await openForm(page)
  await page.evaluate(() => document.fonts.ready)
  await at('empty')

  await fillForm(page, { companyName: 'Huerta Viva S.A.S.', email: 'maria@huertaviva', foundingYear: '1999' }, { consent: false })
  await page.getByRole('button', { name: SUBMIT }).click()
  await expect(page.getByRole('group', { name: /Revisa \d+ campos antes de enviar/ })).toBeFocused()
  await at('errors')

  await page.reload()
  await openForm(page)
  await page.getByRole('button', { name: 'Descartar borrador' }).click()
  await fillForm(page)
  await page.getByRole('button', { name: SUBMIT }).click()
  await expect(page.getByRole('region', { name: 'Recibimos tu postulación' })).toBeFocused()
  await at('confirmed')
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
