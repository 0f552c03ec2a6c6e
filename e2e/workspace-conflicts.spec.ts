/**
 * Conflicts of interest in Chromium against the real server: a reviewer
 * declares a conflict from the application's page, and from then on is
 * refused the page (also by direct URL), sees only the reference in the list,
 * and every API call on the application answers 403 conflict_of_interest.
 * Declaring one's own conflict and lifting one are asked in the workspace's
 * own dialogs (labelled, focus inside, Escape cancels, focus back on the
 * opener), checked with axe like the other workspace screens.
 */
import type { Locator } from '@playwright/test'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail, uniqueName } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'

// The worker's server is shared: each test has its own members.
let ADMIN = ''
let REVIEWER = ''
let REVIEWER_NAME = ''
test.beforeEach(() => {
  ADMIN = uniqueEmail('directora')
  REVIEWER = uniqueEmail('evaluadora')
  REVIEWER_NAME = uniqueName('Evaluadora')
})

const focusIsInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement))

test('a reviewer who declares a conflict is refused the application everywhere', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
  await addMember(ws, REVIEWER, 'reviewer', REVIEWER_NAME)
  await signInWithLink(page, ws, REVIEWER)

  await page.goto(`/equipo/postulaciones/${app.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Conflicto de interés' })
  await panel.getByLabel('Tipo').selectOption('comercial')
  await panel.getByLabel('Nota (opcional; interno: la persona fundadora no lo ve)').fill('Invertí en su ronda semilla')
  // No native confirm: a browser dialog would fail the test.
  page.on('dialog', (d) => {
    throw new Error(`unexpected native ${d.type()} dialog`)
  })
  const declareButton = panel.getByRole('button', { name: 'Declarar conflicto' })
  await declareButton.click()
  const dialog = page.getByRole('dialog', { name: '¿Declarar el conflicto de interés?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('no podrás ver esta postulación')
  expect(await focusIsInside(dialog)).toBe(true)
  expect(await axeViolations(page)).toEqual([])
  // Escape cancels: nothing declared, focus back on the button.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(declareButton).toBeFocused()
  await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
  await declareButton.click()
  await dialog.getByRole('button', { name: 'Declarar conflicto' }).click()

  // The page itself now refuses it…
  await expect(page.getByRole('heading', { name: 'Conflicto de interés declarado' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toHaveCount(0)
  // …and so does a direct URL, after a reload.
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await expect(page.getByRole('heading', { name: 'Conflicto de interés declarado' })).toBeVisible()
  await expect(page.getByText('Huerta Viva')).toHaveCount(0)

  // The list shows only the reference.
  await page.goto('/equipo/postulaciones')
  const row = page.getByRole('row').filter({ hasText: app.reference })
  await expect(row).toContainText('Conflicto declarado')
  await expect(row).not.toContainText('Huerta Viva')
  await expect(row.getByRole('link')).toHaveCount(0)

  // Every API call on the application, with the browser's own session and CSRF token.
  const session = (await (await page.request.get(`${origin}/equipo/api/session`)).json()) as { csrfToken: string }
  const headers = { 'X-CSRF-Token': session.csrfToken, Origin: origin }
  const calls = [
    page.request.get(`${origin}/equipo/api/applications/${app.id}`),
    page.request.get(`${origin}/equipo/api/applications/${app.id}/documents`),
    page.request.post(`${origin}/equipo/api/applications/${app.id}/notes`, { headers, data: { body: 'Nota' } }),
    page.request.post(`${origin}/equipo/api/applications/${app.id}/transitions`, { headers, data: { from: 'recibida', to: 'validacion_preliminar' } }),
    page.request.put(`${origin}/equipo/api/applications/${app.id}/review`, { headers, data: {} }),
  ]
  for (const res of await Promise.all(calls)) {
    expect(res.status()).toBe(403)
    expect(((await res.json()) as { error: string }).error).toBe('conflict_of_interest')
  }
})

test('an admin records a conflict for a reviewer and lifts it with a reason, in accessible dialogs', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Río Claro', companyName: 'Río Claro S.A.S.' })
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await addMember(ws, REVIEWER, 'reviewer', REVIEWER_NAME)
  await signInWithLink(page, ws, ADMIN)
  page.on('dialog', (d) => {
    throw new Error(`unexpected native ${d.type()} dialog`)
  })

  await page.goto(`/equipo/postulaciones/${app.id}`)
  const panel = page.getByRole('region', { name: 'Conflicto de interés' })
  await panel.getByLabel('Persona', { exact: true }).selectOption({ label: REVIEWER_NAME })
  await panel.getByLabel('Tipo').selectOption('personal')
  // Recording one for someone else does not close the page to the admin: no question asked.
  await panel.getByRole('button', { name: 'Registrar conflicto' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Conflicto registrado.' })).toBeVisible()

  const lift = panel.getByRole('button', { name: 'Levantar' })
  await lift.click()
  const dialog = page.getByRole('dialog', { name: `¿Levantar el conflicto de ${REVIEWER_NAME}?` })
  await expect(dialog).toBeVisible()
  const reason = dialog.getByLabel('¿Por qué se levanta este conflicto?')
  await expect(reason).toBeFocused()
  expect(await axeViolations(page)).toEqual([])
  // A reason is required: refused without one, and said so next to the field.
  await dialog.getByRole('button', { name: 'Levantar conflicto' }).click()
  await expect(dialog).toContainText('Escribe el motivo para continuar.')
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  // Escape cancels; the conflict stays.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(lift).toBeFocused()

  await lift.click()
  await reason.fill('Ya no tiene relación con la empresa')
  await dialog.getByRole('button', { name: 'Levantar conflicto' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Conflicto levantado.' })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(panel.getByRole('button', { name: 'Levantar' })).toHaveCount(0)
  // On the record, with its reason, on the server.
  const conflicts = (await (await page.request.get(`${origin}/equipo/api/conflicts?applicationId=${app.id}`)).json()) as {
    items: { liftedAt: string | null; liftReason: string | null }[]
  }
  expect(conflicts.items).toEqual([expect.objectContaining({ liftReason: 'Ya no tiene relación con la empresa' })])
})
