/**
 * Conflicts of interest in Chromium against the real server: a reviewer
 * declares a conflict from the application's page, and from then on is
 * refused the page (also by direct URL), sees only the reference in the list,
 * and every API call on the application answers 403 conflict_of_interest.
 */
import { expect, inviteFromCli, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'

const REVIEWER = 'evaluadora@catalitico.example'

// The server fixture starts inside this budget too; the machine is shared.
test.describe.configure({ timeout: 150_000 })

test('a reviewer who declares a conflict is refused the application everywhere', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
  await inviteFromCli(ws, REVIEWER, 'reviewer', 'Evaluadora Uno')
  await signInWithLink(page, ws, REVIEWER)

  await page.goto(`/equipo/postulaciones/${app.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Huerta Viva' })).toBeVisible()
  const panel = page.getByRole('region', { name: 'Conflicto de interés' })
  await panel.getByLabel('Tipo').selectOption('comercial')
  await panel.getByLabel('Nota (opcional)').fill('Invertí en su ronda semilla')
  page.once('dialog', (dialog) => void dialog.accept())
  await panel.getByRole('button', { name: 'Declarar conflicto' }).click()

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
