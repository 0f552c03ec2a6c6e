/**
 * Superseded drafts in the browser (ADR 0138): two founders moved to the panel, one then closed
 * as not selected. "Correos por enviar" holds one e-mail per founder (the
 * replaced one says why), the menu counts them, "Enviar todos" names how
 * many and to whom and asks once, and each founder receives only the e-mail
 * of their current stage. Axe stays clean; screenshots at 390 and 1280 px
 * under e2e-artifacts/screenshots/ with `npm run screenshots`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { expect, fillDeal, inviteFromCli, signInWithLink, submitApplication, test } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'

const ADMIN = 'coordinadora@catalitico.example'

/**
 * The stage e-mails this test's founders received. The server is shared with
 * the worker's other tests, whose founders get mail of their own: only the
 * messages addressed to `to` count.
 */
function mails(dataDir: string, to: readonly string[]): string[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && f.includes('founder_status'))
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => to.some((address) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}\\s*$`, 'm').test(m)))
}

async function move(page: Page, action: string, reason?: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  if (reason) await dialog.getByLabel(/Motivo de la decisión/).fill(reason)
  await dialog.getByRole('button', { name: reason ? 'Cerrar postulación' : 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

test('one e-mail per founder after contradictory moves; "Enviar todos" asks once; each founder gets the e-mail of their stage', async ({ page, ws, origin, request }) => {
  const stamp = Date.now()
  const panel = `panel.${stamp}@startup.example`
  const closed = `cerrada.${stamp}@startup.example`
  const a = await submitApplication(request, origin, { email: panel, tradeName: 'Huerta Viva' })
  const b = await submitApplication(request, origin, { email: closed, tradeName: 'Radio Nube' })

  await inviteFromCli(ws, ADMIN, 'admin', 'Coordinadora Programa')
  await signInWithLink(page, ws, ADMIN)
  for (const app of [a, b]) {
    await page.goto(`/equipo/postulaciones/${app.id}`)
    await move(page, 'Mover a Validación preliminar')
    await move(page, 'Mover a Sesión con panel de expertos')
  }
  await move(page, 'Cerrar como no seleccionada', 'Poca tracción por ahora')

  await page.getByRole('link', { name: /Correos por enviar/ }).first().click()
  await expect(page.getByRole('link', { name: 'Correos por enviar 2 pendientes' })).toBeVisible()
  await expect(page.getByRole('article')).toHaveCount(2)
  await expect(page.getByText(/Reemplazado por el cambio a «No seleccionada» el .+; no se envió\./)).toBeVisible()
  await expect(page.getByText('Una vez enviado no se puede deshacer.').first()).toBeVisible()
  expect(await axeViolations(page, { everyImpact: true, everyRule: true })).toEqual([])
  await screenshotsAtWidths(page, 'workspace-drafts', [390, 1280])

  await page.getByRole('button', { name: 'Enviar todos (2)' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Enviar 2 correos ahora?' })
  await expect(dialog).toContainText(panel)
  await expect(dialog).toContainText(closed)
  expect(await axeViolations(page, { everyImpact: true, everyRule: true })).toEqual([])
  await screenshotsAtWidths(page, 'workspace-drafts-send-all', [390, 1280], { fullPage: false })
  expect(mails(ws.dataDir, [panel, closed])).toEqual([])
  await dialog.getByRole('button', { name: 'Enviar 2 correos' }).click()
  await expect(page.getByText('No hay correos por enviar.')).toBeVisible()

  const deadline = Date.now() + 15_000
  while (mails(ws.dataDir, [panel, closed]).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  await new Promise((r) => setTimeout(r, 500))
  const sent = mails(ws.dataDir, [panel, closed])
  expect(sent.filter((m) => m.includes(closed))).toHaveLength(1)
  expect(sent.filter((m) => m.includes(panel))).toHaveLength(1)

  await page.goto('/equipo')
  await expect(page.getByText('No hay correos a personas fundadoras esperando envío.')).toBeVisible()
  const fresh = await submitApplication(request, origin, { email: `nueva.${stamp}@startup.example`, tradeName: 'Tinta Azul' })
  await page.goto('/equipo/postulaciones')
  await page.getByRole('checkbox', { name: `Marcar ${fresh.reference}` }).check()
  await expect(page.getByRole('button', { name: 'Seleccionar la postulación marcada' })).toBeVisible()
  await screenshotsAtWidths(page, 'workspace-list-picked', [390, 1280])
  // Only the moves that apply to the ticked row are offered, and this one writes to no founder.
  await page.getByRole('button', { name: 'Seleccionar la postulación marcada' }).click()
  const bar = page.getByRole('region', { name: 'Acción masiva' })
  await expect(bar).toContainText('1 postulación marcada en la lista.')
  const stages = bar.getByLabel('Etapa')
  await expect(stages.locator('option')).toHaveText(['Validación preliminar (1)', 'Retirada (1)'])
  await bar.getByRole('button', { name: 'Continuar' }).click()
  const bulkDialog = page.getByRole('dialog')
  await expect(bulkDialog).toContainText('Este cambio no le escribe a ninguna persona fundadora.')
  await expect(bulkDialog).not.toContainText('correo a la persona fundadora')
  await screenshotsAtWidths(page, 'workspace-bulk-picked-dialog', [390, 1280], { fullPage: false })
  await bulkDialog.getByRole('button', { name: /Mover a «Validación preliminar» 1 postulación/ }).click()
  await expect(page.getByText('Listo: 1 postulación movida.')).toBeVisible()
})

test('"Acuerdo firmado" with required documents missing lists them and asks for a confirmation with a reason; Resumen counts the waiting e-mails', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { email: `firma.${Date.now()}@startup.example`, tradeName: 'Café Lumen' })
  await inviteFromCli(ws, 'firmas@catalitico.example', 'admin', 'Responsable Firmas')
  await signInWithLink(page, ws, 'firmas@catalitico.example')
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')
  await move(page, 'Mover a Due diligence y acuerdo')

  await page.goto('/equipo')
  await expect(page.getByText(/1 correo a una persona fundadora espera/)).toBeVisible()
  await screenshotsAtWidths(page, 'workspace-overview-waiting-mail', [390, 1280], { fullPage: false })

  await page.goto(`/equipo/postulaciones/${app.id}`)
  await page.getByRole('button', { name: 'Mover a Acuerdo firmado' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Faltan documentos obligatorios de due diligence:')
  await expect(dialog).toContainText('RUT o identificación tributaria equivalente')
  await expect(dialog).not.toContainText('Contratos clave y propiedad intelectual')
  await expect(dialog.getByLabel('Motivo o comentario (interno: la persona fundadora no lo ve)')).toBeVisible()
  expect(await axeViolations(page, { everyImpact: true, everyRule: true })).toEqual([])
  await screenshotsAtWidths(page, 'workspace-signed-missing-documents', [390, 1280], { fullPage: false })
  // Not without the confirmation and the reason.
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByText('Falta tu confirmación')).toBeVisible()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Confirmo que se firma el acuerdo sin estos documentos').check()
  await dialog.getByLabel(/Por qué se firma sin ellos/).fill('Los documentos llegan con la firma notarial.')
  await fillDeal(dialog)
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Ahora está en «Acuerdo firmado».')).toBeVisible()
})
