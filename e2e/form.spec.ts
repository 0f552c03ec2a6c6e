/**
 * The application form in Chromium (SPEC §3, §4, §5, §7, §8): attributes,
 * validation, the submitting state, success against the real server, and
 * every kind of failure. Failures are produced with Playwright's request
 * routing; the success path goes to the real function of the real server.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { APPLICATION_FIELDS, INPUT_FIELDS, currentYearInBogota } from '../domain/application.ts'
import { TOASTS } from '../domain/messages.ts'
import { PRIVACY_POLICY_VERSION } from '../domain/privacy.ts'
import { sampleApplication } from '../domain/sample-application.ts'
import { IDEMPOTENCY_KEY_RE } from '../domain/submission.ts'
import {
  CONSENT,
  FUNCTION_PATH,
  SUBMIT,
  controlOf,
  expect,
  fillForm,
  holdRequests,
  isSelect,
  openForm,
  readForm,
  recordCalls,
  sampleInputs,
  test,
} from './form-fill.ts'

/** This year in Bogotá, as the form's limit reads it (ADR 0136). */
const bogotaYear = () => currentYearInBogota()

const EMPTY_INPUTS = Object.fromEntries(INPUT_FIELDS.map((field) => [field, '']))

test.describe('the form as served', () => {
  test('has the 19 inputs of SPEC §3 with the browser constraints of SPEC §5, and hides the honeypot from people and assistive technology', async ({ page, consoleErrors }) => {
    await openForm(page)
    const form = page.getByRole('form', { name: 'Formulario de aplicación' })
    await expect(form).toHaveAttribute('novalidate', '')

    const names = await form.locator('input:not([type=checkbox]):not([aria-hidden=true] *), textarea, select').evaluateAll((els) =>
      els.map((el) => (el as HTMLInputElement).name),
    )
    // The 19 inputs, then «¿Dónde nos conociste?» (optional, beside formData, not one of its fields).
    expect(names.filter((name) => name !== 'faxNumber')).toEqual([...INPUT_FIELDS, 'heardFrom'])
    await expect(form.getByLabel(/^¿Dónde nos conociste\?/)).not.toHaveAttribute('required')
    await expect(form.getByLabel(/^¿Dónde nos conociste\?/)).toHaveValue('')
    await expect(form.locator('[name=foundersInfo], [name=currentInvestors]')).toHaveCount(0)

    for (const field of INPUT_FIELDS) {
      const control = controlOf(page, field)
      await expect(control, field).toHaveAttribute('name', field)
      if (isSelect(field)) {
        await expect(control, `${field} has no required attribute`).not.toHaveAttribute('required')
        await expect(control).toHaveValue('')
        await expect(control.locator('option').first()).toHaveText('Selecciona…')
      } else if (field === 'website') {
        await expect(control).not.toHaveAttribute('required')
      } else {
        await expect(control, `${field} is required`).toHaveAttribute('required', '')
      }
    }

    await expect(controlOf(page, 'website')).toHaveAttribute('type', 'url')
    await expect(controlOf(page, 'website')).toHaveAttribute('placeholder', 'https://tuempresa.com')
    // A text input with the e-mail keyboard and the one e-mail rule as its pattern (domain/email.ts):
    // type="email" refuses josé@… in the browser while the server accepts it.
    await expect(controlOf(page, 'email')).toHaveAttribute('type', 'text')
    await expect(controlOf(page, 'email')).toHaveAttribute('inputmode', 'email')
    for (const [typed, valid] of [
      ["o'brien@ejemplo.co", true],
      ['josé@ejemplo.co', true],
      [' JOSÉ@Ejemplo.co ', true],
      ['maria@', false],
      ['dos@arrobas@ejemplo.co', false],
    ] as const) {
      await controlOf(page, 'email').fill(typed)
      expect(await controlOf(page, 'email').evaluate((el: HTMLInputElement) => el.validity.valid), typed).toBe(valid)
    }
    await controlOf(page, 'email').fill('')
    await expect(controlOf(page, 'phone')).toHaveAttribute('type', 'tel')
    // Numeric (SPEC §5) as a number keyboard and the shared reading, not type="number": the browser's
    // own locale would read "4,5" as 45 before the form sees it (ADR 0135).
    for (const [field, mode] of [
      ['foundingYear', 'numeric'],
      ['activeUsers', 'numeric'],
      ['revenue', 'decimal'],
      ['equityPercentage', 'decimal'],
    ] as const) {
      await expect(controlOf(page, field)).toHaveAttribute('type', 'text')
      await expect(controlOf(page, field)).toHaveAttribute('inputmode', mode)
    }
    await expect(controlOf(page, 'companyName')).toHaveAttribute('maxlength', '150')
    await expect(controlOf(page, 'problemSolution')).toHaveAttribute('maxlength', '2000')

    for (const legend of ['La empresa', 'Persona fundadora y contacto', 'Producto y tracción', 'Inversión y acompañamiento']) {
      await expect(page.getByRole('group', { name: legend })).toBeVisible()
    }
    await expect(form).toContainText('en el siguiente paso del proceso')
    await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked()
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled()

    // The honeypot is hidden from people and assistive technology.
    const honeypot = page.locator('input[name=faxNumber]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(honeypot).toHaveAttribute('autocomplete', 'off')
    await expect(page.locator('[aria-hidden=true]').filter({ has: honeypot })).toHaveCount(1)
    const box = await honeypot.boundingBox()
    expect(box!.x + box!.width).toBeLessThan(0)
    await expect(page.getByRole('textbox', { name: /vacío/ })).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })

  test('cannot be submitted natively before React runs: the answers never end up in a URL', async ({ page }) => {
    const release = await holdRequests(page, '**/assets/*.js')
    await page.goto('/#formulario', { waitUntil: 'commit' })
    await expect(page.getByRole('button', { name: SUBMIT })).toBeDisabled()
    await controlOf(page, 'companyName').fill('Huerta Viva S.A.S.')
    await controlOf(page, 'companyName').press('Enter')
    release()
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled()
    // A native submission would have left for /?companyName=… and lost the value (the Enter's navigation starts before React does).
    expect(new URL(page.url()).search).toBe('')
    await expect(controlOf(page, 'companyName')).toHaveValue('Huerta Viva S.A.S.')
  })
})

test.describe('checks before sending', () => {
  test('everything filled but the two dropdowns: the exact toast and no request', async ({ page }) => {
    const calls = recordCalls(page)
    // A request, if one left, would be held unanswered: the button would then read "Enviando aplicación...".
    await holdRequests(page, `**${FUNCTION_PATH}`)
    await openForm(page)
    await fillForm(page, sampleApplication({ productStage: '', legalRestrictions: '' }))
    await page.getByRole('button', { name: SUBMIT }).click()

    await expect(page.getByText(TOASTS.requiredFields.title, { exact: true })).toBeVisible()
    await expect(page.getByText(TOASTS.requiredFields.description, { exact: true })).toBeVisible()
    await expect(controlOf(page, 'productStage')).toHaveAttribute('aria-invalid', 'true')
    await expect(controlOf(page, 'legalRestrictions')).toHaveAccessibleDescription(/Selecciona una opción\./)
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled()
    expect(calls).toHaveLength(0)
  })

  test('an empty form: toast, a focused summary naming every required field, inline messages', async ({ page }) => {
    const calls = recordCalls(page)
    await openForm(page)
    await page.getByRole('button', { name: SUBMIT }).click()

    await expect(page.getByText(TOASTS.requiredFields.title, { exact: true })).toBeVisible()
    const summary = page.getByRole('group', { name: 'Revisa 19 campos antes de enviar' })
    await expect(summary).toBeFocused()
    // 18 required fields and the consent.
    await expect(summary.getByRole('link')).toHaveCount(19)
    for (const field of INPUT_FIELDS.filter((f) => f !== 'website')) {
      await expect(controlOf(page, field), field).toHaveAttribute('aria-invalid', 'true')
    }
    await expect(controlOf(page, 'website')).not.toHaveAttribute('aria-invalid')
    await expect(controlOf(page, 'city')).toHaveAccessibleDescription('Este campo es obligatorio.')
    await expect(page.getByRole('checkbox', { name: CONSENT })).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toHaveLength(0)
  })

  test('an invalid e-mail, year and equity: inline errors and the summary, no request', async ({ page }) => {
    const calls = recordCalls(page)
    await openForm(page)
    await fillForm(page, sampleApplication({ email: 'maria@huertaviva', foundingYear: '1999', equityPercentage: '50' }))
    await page.getByRole('button', { name: SUBMIT }).click()

    const summary = page.getByRole('group', { name: 'Revisa 3 campos antes de enviar' })
    await expect(summary).toBeFocused()
    await expect(summary).toContainText('Correo electrónico: Escribe un correo válido, por ejemplo nombre@empresa.com.')
    await expect(summary).toContainText(`Año de fundación: Escribe un año entre 2000 y ${bogotaYear()}.`)
    await expect(summary).toContainText('Porcentaje de participación ofrecido (%): Escribe un porcentaje entre 1 y 49.')

    await expect(controlOf(page, 'email')).toHaveAttribute('aria-invalid', 'true')
    await expect(controlOf(page, 'email')).toHaveAccessibleDescription(/Escribe un correo válido/)
    await expect(controlOf(page, 'foundingYear')).toHaveAccessibleDescription(new RegExp(`Escribe un año entre 2000 y ${bogotaYear()}\\.`))
    await expect(controlOf(page, 'equityPercentage')).toHaveAccessibleDescription(/Escribe un porcentaje entre 1 y 49\./)
    // Not an empty-field problem: the 'Campos requeridos' toast is for empty fields.
    await expect(page.getByText(TOASTS.requiredFields.title)).toHaveCount(0)
    expect(calls).toHaveLength(0)
  })

  test('a summary link moves focus to its field; fixing a field clears its message', async ({ page }) => {
    await openForm(page)
    await fillForm(page, sampleApplication({ email: 'maria@huertaviva' }))
    await page.getByRole('button', { name: SUBMIT }).click()
    await page.getByRole('group', { name: 'Revisa 1 campo antes de enviar' }).getByRole('link', { name: 'Correo electrónico' }).click()

    const email = controlOf(page, 'email')
    await expect(email).toBeFocused()
    await email.fill('maria@huertaviva.co')
    await expect(email).not.toHaveAttribute('aria-invalid')
    await expect(page.getByRole('group', { name: /Revisa/ })).toHaveCount(0)
  })

  test('a wrong value is flagged when leaving the field; an empty one only on submit', async ({ page }) => {
    await openForm(page)
    await controlOf(page, 'companyName').focus()
    await controlOf(page, 'companyName').press('Tab')
    await expect(controlOf(page, 'companyName')).not.toHaveAttribute('aria-invalid')

    await controlOf(page, 'phone').fill('12345')
    await controlOf(page, 'phone').blur()
    await expect(controlOf(page, 'phone')).toHaveAccessibleDescription(/Escribe un teléfono válido/)
  })

  test('text typed into a number field is "not a number", not "required"', async ({ page }) => {
    await openForm(page)
    await fillForm(page, sampleApplication({ activeUsers: '' }))
    await controlOf(page, 'activeUsers').pressSequentially('1e')
    await page.getByRole('button', { name: SUBMIT }).click()
    await expect(controlOf(page, 'activeUsers')).toHaveAccessibleDescription(/Escribe un número entero/)
    await expect(page.getByText(TOASTS.requiredFields.title)).toHaveCount(0)
  })

  test('without the consent: an inline error and the summary, no request, no required-fields toast', async ({ page }) => {
    const calls = recordCalls(page)
    await openForm(page)
    await fillForm(page, sampleApplication(), { consent: false })
    await page.getByRole('button', { name: SUBMIT }).click()

    const consent = page.getByRole('checkbox', { name: CONSENT })
    await expect(consent).toHaveAttribute('aria-invalid', 'true')
    await expect(consent).toHaveAccessibleDescription(/Debes autorizar el tratamiento de tus datos personales/)
    await expect(page.getByRole('group', { name: 'Revisa 1 campo antes de enviar' })).toBeFocused()
    await expect(page.getByText(TOASTS.requiredFields.title)).toHaveCount(0)
    await consent.check()
    await expect(consent).not.toHaveAttribute('aria-invalid')
    expect(calls).toHaveLength(0)
  })
})

test.describe('sending', () => {
  test('while the request is held: the button is disabled and reads "Enviando aplicación..."', async ({ page }) => {
    const release = await holdRequests(page, `**${FUNCTION_PATH}`, (route) =>
      route.fulfill({ json: { id: 'app_1', reference: 'CAT-HELD-0001' } }),
    )
    await openForm(page)
    await fillForm(page)
    await page.getByRole('button', { name: SUBMIT }).click()

    const button = page.getByRole('button', { name: 'Enviando aplicación...' })
    await expect(button).toBeVisible()
    await expect(button).toBeDisabled()
    await expect(page.getByRole('status').filter({ hasText: 'Enviando aplicación...' })).toBeAttached()
    release()
    await expect(page.getByText('CAT-HELD-0001')).toBeVisible()
  })

  test('a double click sends once', async ({ page }) => {
    const calls = recordCalls(page)
    const release = await holdRequests(page, `**${FUNCTION_PATH}`, (route) =>
      route.fulfill({ json: { id: 'app_1', reference: 'CAT-ONCE-0001' } }),
    )
    await openForm(page)
    await fillForm(page)
    // Both clicks and the Enter are handled by the page before these calls return: a second request would be held by now.
    await page.getByRole('button', { name: SUBMIT }).dblclick()
    await page.keyboard.press('Enter')
    release()
    await expect(page.getByText('CAT-ONCE-0001')).toBeVisible()
    expect(calls).toHaveLength(1)
  })

  test('success, on the real server: exact toast, every field empty, the reference, and the payload of SPEC §7', async ({
    page,
    consoleErrors,
    server,
  }) => {
    await openForm(page)
    await fillForm(page)
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === FUNCTION_PATH && r.method() === 'POST'),
      page.getByRole('button', { name: SUBMIT }).click(),
    ])

    // The payload: formData with exactly the 21 fields, all strings; consent and honeypot next to it.
    const body = request.postDataJSON() as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['consent', 'faxNumber', 'formData'])
    const formData = body.formData as Record<string, unknown>
    expect(Object.keys(formData)).toEqual([...APPLICATION_FIELDS])
    for (const value of Object.values(formData)) expect(typeof value).toBe('string')
    expect(formData).toEqual(sampleApplication())
    expect(formData.foundersInfo).toBe('')
    expect(formData.currentInvestors).toBe('')
    expect(body.consent).toEqual({ accepted: true, policyVersion: PRIVACY_POLICY_VERSION })
    expect(body.faxNumber).toBe('')

    // The Supabase Functions wire protocol, plus the Idempotency-Key.
    const headers = await request.allHeaders()
    expect(headers['content-type']).toContain('application/json')
    expect(headers['apikey']).toBeTruthy()
    expect(headers['authorization']).toBe(`Bearer ${headers['apikey']}`)
    expect(headers['idempotency-key']).toMatch(IDEMPOTENCY_KEY_RE)

    const response = await request.response()
    expect(response!.status()).toBe(200)
    const { reference } = (await response!.json()) as { reference: string }

    await expect(page.getByText(TOASTS.success.title, { exact: true })).toBeVisible()
    await expect(page.getByText(TOASTS.success.description, { exact: true })).toBeVisible()
    const panel = page.getByRole('region', { name: 'Recibimos tu postulación' })
    await expect(panel).toBeFocused()
    await expect(panel).toContainText(reference)
    await expect(panel).toContainText('maria@huertaviva.example')
    for (const stage of ['2 semanas', '1 semana', 'Hasta 2 semanas', 'Pitch deck actualizado', 'Cap table']) {
      await expect(panel).toContainText(stage)
    }

    // Every field reset to empty, the consent unticked, the button back.
    expect(await readForm(page)).toEqual(EMPTY_INPUTS)
    await expect(page.getByRole('checkbox', { name: CONSENT, includeHidden: true })).not.toBeChecked()
    await page.getByRole('button', { name: 'Enviar otra postulación' }).click()
    await expect(controlOf(page, 'companyName')).toBeFocused()
    expect(await readForm(page)).toEqual(EMPTY_INPUTS)
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled()

    // The server stored it and e-mailed it: with no SMTP_URL, e-mails land as .eml files in the outbox.
    const outbox = join(server.dataDir, 'outbox')
    const mailsWithReference = () =>
      existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml') && readFileSync(join(outbox, f), 'utf8').includes(reference)) : []
    await expect.poll(() => mailsWithReference().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(mailsWithReference().some((f) => f.includes('confirmation'))).toBe(true)
    // Personal data stays out of the server's logs.
    expect(server.output()).not.toContain('maria@huertaviva.example')
    expect(consoleErrors).toEqual([])
  })
})

test.describe('numbers as a Colombian writes them (ADR 0135)', () => {
  for (const locale of ['es-CO', 'en-US']) {
    test(`in a ${locale} browser, "4,5", "7.5" and "85.000" are sent as typed and accepted (the server reads them: send-application-email.test.ts)`, async ({ browser, server }) => {
      const context = await browser.newContext({ locale, baseURL: server.url })
      const page = await context.newPage()
      try {
        await openForm(page)
        for (const [equityPercentage, revenue, activeUsers] of [['4,5', '85.000', '1.500'], ['7.5', '1.250.000,50', '1200']] as const) {
          await fillForm(page, sampleApplication({ equityPercentage, revenue, activeUsers }))
          const [request] = await Promise.all([
            page.waitForRequest((r) => new URL(r.url()).pathname === FUNCTION_PATH && r.method() === 'POST'),
            page.getByRole('button', { name: SUBMIT }).click(),
          ])
          // What the founder typed leaves the browser untouched: no locale of the browser reads it first.
          expect((request.postDataJSON() as { formData: Record<string, string> }).formData).toMatchObject({ equityPercentage, revenue, activeUsers })
          expect((await request.response())!.status()).toBe(200)
          await page.getByRole('button', { name: 'Enviar otra postulación' }).click()
        }
      } finally {
        await context.close()
      }
    })
  }

  test('"85,000" is refused with a Spanish message and nothing is sent', async ({ page }) => {
    const calls = recordCalls(page)
    await openForm(page)
    await fillForm(page, sampleApplication({ revenue: '85,000' }))
    await page.getByRole('button', { name: SUBMIT }).click()
    await expect(controlOf(page, 'revenue')).toHaveAccessibleDescription(/No sabemos si son miles o decimales/)
    expect(calls).toHaveLength(0)
  })
})

test.describe('failures keep every value', () => {
  /** Sends the sample whose sending fails: the exact error toast, and the button enabled again. */
  async function sendAndSeeTheErrorToast(page: Page) {
    await openForm(page)
    await fillForm(page)
    await page.getByRole('button', { name: SUBMIT }).click()
    await expect(page.getByText(TOASTS.sendError.title, { exact: true })).toBeVisible()
    await expect(page.getByText(TOASTS.sendError.description, { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled()
  }

  for (const [name, answer] of [
    ['an error answer (500)', { status: 500, json: { error: 'internal_error' } }],
    ['a rate-limit answer (429)', { status: 429, json: { error: 'rate_limited' }, headers: { 'Retry-After': '60' } }],
  ] as const) {
    test(`${name}: the exact error toast, console.error, values kept, button re-enabled`, async ({ page, consoleErrors }) => {
      await page.route(`**${FUNCTION_PATH}`, (route) => route.fulfill(answer))
      await sendAndSeeTheErrorToast(page)
      expect(await readForm(page)).toEqual(sampleInputs())
      await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked()
      await expect.poll(() => consoleErrors.join('\n')).toContain('send-application-email failed')
      // The founder's data never reaches the console.
      expect(consoleErrors.join('\n')).not.toContain('maria@huertaviva.example')
    })
  }

  test('a network failure: the exact error toast, values kept', async ({ page, consoleErrors }) => {
    await page.route(`**${FUNCTION_PATH}`, (route) => route.abort('internetdisconnected'))
    await sendAndSeeTheErrorToast(page)
    // Ready for a retry from the keyboard.
    await expect(page.getByRole('button', { name: SUBMIT })).toBeFocused()
    expect(await readForm(page)).toEqual(sampleInputs())
    await expect.poll(() => consoleErrors.join('\n')).toContain('send-application-email failed')
  })

  test('a 422 from the server: the error toast and its messages inline and in the summary', async ({ page }) => {
    await page.route(`**${FUNCTION_PATH}`, (route) =>
      route.fulfill({
        status: 422,
        json: { error: 'validation_failed', fieldErrors: { email: 'invalid_email', revenue: 'out_of_range' }, consentError: 'consent_outdated' },
      }),
    )
    await openForm(page)
    await fillForm(page)
    await page.getByRole('button', { name: SUBMIT }).click()

    await expect(page.getByText(TOASTS.sendError.title, { exact: true })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Revisa 3 campos antes de enviar' })).toBeFocused()
    await expect(controlOf(page, 'email')).toHaveAccessibleDescription(/Escribe un correo válido/)
    await expect(controlOf(page, 'revenue')).toHaveAccessibleDescription(/Escribe un número igual o mayor que 0\./)
    await expect(page.getByRole('checkbox', { name: CONSENT })).toHaveAccessibleDescription(/La política de datos cambió/)
    expect(await readForm(page)).toEqual(sampleInputs())
  })

  test('a retry of the same data reuses the Idempotency-Key; changed data gets a new one', async ({ page }) => {
    const keys: string[] = []
    await page.route(`**${FUNCTION_PATH}`, async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '')
      await route.abort('connectionreset')
    })
    await openForm(page)
    await fillForm(page)
    const button = page.getByRole('button', { name: SUBMIT })
    await button.click()
    await expect(button).toBeEnabled()
    await expect.poll(() => keys.length).toBe(1)
    await button.click()
    await expect.poll(() => keys.length).toBe(2)
    await expect(button).toBeEnabled()
    await controlOf(page, 'city').fill('Cali')
    await button.click()
    await expect.poll(() => keys.length).toBe(3)

    expect(keys[0]).toMatch(IDEMPOTENCY_KEY_RE)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
  })
})

test.describe('privacy', () => {
  test('the notice names the controller, purposes, rights and contact; the policy opens in a dialog', async ({ page }) => {
    await openForm(page)
    // The notice describes the consent checkbox, so a screen reader reads it with the checkbox.
    const consent = page.getByRole('checkbox', { name: CONSENT })
    await expect(consent).toHaveAccessibleName(/Ley 1581 de 2012.*Decreto 1377 de 2013/)
    await expect(consent).toHaveAccessibleDescription(/^Aviso de privacidad\. Catalítico Ventures S\.A\.S\. es responsable del tratamiento/)
    for (const part of ['evaluar tu postulación', 'conocer, actualizar, rectificar y suprimir', 'revocar esta autorización', 'postulaciones@catalitico.example']) {
      await expect(consent).toHaveAccessibleDescription(new RegExp(part.replace(/\./g, '\\.')))
    }

    const opener = page.getByRole('button', { name: 'Lee la política de tratamiento de datos' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Política de tratamiento de datos personales' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Responsable del tratamiento')
    await expect(dialog).toContainText('Superintendencia de Industria y Comercio')
    await expect(dialog).toContainText(`Versión ${PRIVACY_POLICY_VERSION}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()

    await opener.click()
    await dialog.getByRole('button', { name: 'Entendido' }).click()
    await expect(dialog).toBeHidden()
    // Closing the policy never submits the application.
    await expect(page.getByText(TOASTS.requiredFields.title)).toHaveCount(0)
  })
})
