/**
 * Scoring and bulk work (ADRs 0105-0108) in Chromium against the real server: an admin "Reparte" the
 * unassigned applications, the assigned reviewer finds theirs on the "Mis
 * pendientes" page and scores it; an admin moves a filtered list of 200
 * applications with one confirmation.
 */
import type { Page } from '@playwright/test'
import { join } from 'node:path'
import { SELECTION_CRITERIA } from '../domain/programme.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { newSubmission } from '../server/testing/fixtures.ts'
import { addMember, expect, newMemberContext, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'

// "Repartir" deals every unassigned application and the bulk move takes the whole filter: each test has an empty server of its own.
test.use({ ownServer: true })

const ADMIN = 'directora@catalitico.example'
const REVIEWER = 'evaluador@catalitico.example'

async function review(page: Page, score: number) {
  const form = page.getByRole('region', { name: /Evalúa esta postulación|Tu evaluación/ })
  for (const criterion of SELECTION_CRITERIA) {
    const group = form.getByRole('group', { name: criterion.title })
    await group.locator('label').filter({ hasText: new RegExp(`^${score}$`) }).click()
  }
  await form.getByRole('radio', { name: 'Avanzar', exact: true }).check()
  await form.getByRole('button', { name: /Enviar evaluación/ }).click()
}

test('a reviewer assigned by Repartir finds the application on the "Mis pendientes" page and scores it', async ({ page, ws, browser, origin, request }) => {
  await submitApplication(request, origin, { tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await addMember(ws, REVIEWER, 'reviewer', 'Evaluador Uno')
  await signInWithLink(page, ws, ADMIN)
  await page.getByRole('link', { name: /^Postulaciones( |$)/ }).click()

  await page.getByRole('button', { name: 'Repartir' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('list', { name: 'Reparto propuesto' })).toContainText('Evaluador Uno: 1')
  await dialog.getByRole('button', { name: 'Asignar 1' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Listo: 1 postulación asignada.' })).toBeVisible()

  const reviewer = await newMemberContext(browser, origin)
  const r = reviewer.page
  await signInWithLink(r, ws, REVIEWER)
  await r.getByRole('link', { name: 'Mis pendientes', exact: true }).click()
  await expect(r).toHaveURL(/\/equipo\/pendientes$/)
  await expect(r.getByRole('heading', { level: 1, name: 'Mis pendientes' })).toBeVisible()
  const pending = r.getByRole('table', { name: /Mis pendientes/ })
  const row = pending.getByRole('row').filter({ hasText: 'Huerta Viva' })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('Falta tu evaluación')
  await row.getByRole('link').first().click()
  const panel = r.getByRole('region', { name: 'Asignación y puntaje' })
  await expect(panel).toContainText('Evaluador Uno · pendiente')
  await review(r, 4)
  await expect(panel).toContainText('Evaluador Uno · ya evaluó')
  await expect(panel).toContainText('Puntaje ponderado: 4,0')
  // Back on the page: scored, it no longer waits for them (and is not due within 3 days), so it has left the list.
  await r.getByRole('link', { name: 'Mis pendientes', exact: true }).click()
  await expect(r.getByText('No tienes evaluaciones pendientes.', { exact: false })).toBeVisible()
  await reviewer.context.close()
})

test('an admin moves a filtered list of 200 applications with one confirmation', async ({ page, ws }) => {
  // Signed in first: the sign-in e-mail would otherwise wait behind the 402 e-mails of the applications below.
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  // 200 applications written straight into the server's database (the public form is rate limited), plus one closed.
  const store = openSqliteStore(join(ws.dataDir, 'catalitico.sqlite'))
  await store.migrate()
  await Promise.all(Array.from({ length: 201 }, () => store.saveSubmission(newSubmission())))
  store.db.prepare("UPDATE applications SET stage = 'retirada', stage_due_at = NULL WHERE rowid = (SELECT min(rowid) FROM applications)").run()
  await store.close()
  await page.goto('/equipo/postulaciones?stage=recibida')
  await page.getByRole('button', { name: 'Seleccionar las 200 postulaciones del filtro' }).click()
  const bar = page.getByRole('region', { name: 'Acción masiva' })
  await bar.getByLabel('Acción').selectOption('move')
  await bar.getByLabel('Etapa').selectOption('validacion_preliminar')
  await bar.getByRole('button', { name: 'Continuar' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading')).toHaveText('Mover a «Validación preliminar»: 200 postulaciones')
  await dialog.getByRole('button', { name: 'Mover a «Validación preliminar» 200 postulaciones' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Listo: 200 postulaciones movidas.' })).toBeVisible()

  await page.goto('/equipo/postulaciones?stage=validacion_preliminar')
  await expect(page.getByRole('button', { name: 'Seleccionar las 200 postulaciones del filtro' })).toBeVisible()
  await page.goto('/equipo/postulaciones?stage=recibida')
  await expect(page.getByText('Ninguna postulación coincide con estos filtros.')).toBeVisible()
})
