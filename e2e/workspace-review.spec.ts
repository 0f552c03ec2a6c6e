/**
 * A reviewer and an admin work the pipeline in two browsers against the real
 * server: an invited reviewer signs in, scores stay hidden until one's own
 * review is in, one application goes from recibida to acuerdo_firmado and
 * another is closed as no_seleccionada with its reason.
 */
import type { Page } from '@playwright/test'
import { SELECTION_CRITERIA } from '../domain/programme.ts'
import {
  addMember,
  expect,
  fillDeal,
  newMemberContext,
  nextSignInMail,
  signInWithLink,
  submitApplication,
  test,
} from './fixtures/workspace.ts'

// The overview's totals count the whole database: an empty server of its own.
test.use({ ownServer: true })

const ADMIN = 'directora@catalitico.example'
const REVIEWER = 'evaluador@catalitico.example'

async function openApplication(page: Page, tradeName: string) {
  await page.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tradeName)
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(tradeName).replace(/%20/g, '\\+')}`))
  const row = page.getByRole('row').filter({ hasText: tradeName })
  await expect(row).toHaveCount(1)
  await row.getByRole('link').first().click()
  await expect(page.getByRole('heading', { level: 1, name: tradeName })).toBeVisible()
}

async function review(page: Page, scores: number[], recommendation: string) {
  const form = page.getByRole('region', { name: /Evalúa esta postulación|Tu evaluación/ })
  for (const [i, criterion] of SELECTION_CRITERIA.entries()) {
    // The score buttons are styled labels over visually hidden radios: click what a person sees.
    const group = form.getByRole('group', { name: criterion.title })
    await group.locator('label').filter({ hasText: new RegExp(`^${scores[i]}$`) }).click()
    await expect(group.getByRole('radio', { name: String(scores[i]) })).toBeChecked()
  }
  await form.getByRole('radio', { name: recommendation, exact: true }).check()
  await form.getByRole('button', { name: /Enviar evaluación|Actualizar mi evaluación/ }).click()
}

async function move(page: Page, action: string, reason?: string, signingWithoutDocuments?: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  if (reason) await dialog.getByRole('textbox', { name: /^Motivo/ }).fill(reason)
  if (signingWithoutDocuments) {
    // No due-diligence document was uploaded: the signature asks for a confirmation and a reason (ADR 0139).
    await expect(dialog).toContainText('Faltan documentos obligatorios de due diligence:')
    await dialog.getByLabel('Confirmo que se firma el acuerdo sin estos documentos').check()
    await dialog.getByLabel(/Por qué se firma sin ellos/).fill(signingWithoutDocuments)
    // "Acuerdo firmado" records the deal.
    await fillDeal(dialog)
  }
  await dialog.getByRole('button', { name: /Confirmar|Cerrar postulación/ }).click()
  await expect(dialog).toBeHidden()
}

const stagePanel = (page: Page) => page.getByRole('region', { name: 'Etapa', exact: true })

test('a reviewer and an admin take one application to acuerdo_firmado and close another as no_seleccionada', async ({ page, ws, browser, origin, request }) => {
  const first = await submitApplication(request, origin, { tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
  await submitApplication(request, origin, { tradeName: 'Ruta Andina', companyName: 'Ruta Andina S.A.S.' })

  // The admin signs in and invites the reviewer from the members page.
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  await page.getByRole('link', { name: 'Equipo', exact: true }).click()
  const invite = page.getByRole('region', { name: 'Invitar a un miembro' })
  await invite.getByLabel('Nombre').fill('Evaluador Uno')
  await invite.getByLabel('Correo').fill(REVIEWER)
  await invite.getByLabel('Rol').selectOption('reviewer')
  await invite.getByRole('button', { name: 'Enviar invitación' }).click()
  await expect(page.getByRole('row').filter({ hasText: REVIEWER })).toContainText('Evaluador')

  // The invited reviewer signs in with the invitation's link.
  const reviewer = await newMemberContext(browser, origin)
  const r = reviewer.page
  const invitation = await nextSignInMail(ws, REVIEWER)
  await r.goto(`/equipo/entrar#token=${invitation.token}`)
  await r.getByRole('button', { name: 'Entrar al espacio del equipo' }).click()
  await expect(r.getByRole('banner')).toContainText('Evaluador Uno')
  // Reviewers see no admin sections.
  await expect(r.getByRole('link', { name: 'Auditoría' })).toHaveCount(0)

  // The admin reviews first.
  await openApplication(page, 'Huerta Viva')
  await review(page, [4, 4, 5, 3, 4], 'Avanzar')
  // The lasting outcome, not the toast (it may be gone on a slow machine before the check runs).
  await expect(page.getByRole('region', { name: 'Tu evaluación' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Historial' })).toContainText('Evaluación enviada')

  // The reviewer sees neither the admin's scores nor the average before their own review.
  await r.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  await expect(r.getByRole('row').filter({ hasText: 'Huerta Viva' })).toContainText('Oculto hasta tu evaluación')
  await openApplication(r, 'Huerta Viva')
  const team = r.getByRole('region', { name: 'Evaluaciones del equipo' })
  await expect(team).toContainText('Las evaluaciones del equipo se muestran cuando envíes la tuya')
  await expect(team).not.toContainText('Directora Programa')
  await review(r, [3, 3, 3, 3, 3], 'Discutir en equipo')
  await expect(team).toContainText('Directora Programa')
  // The admin's mean is 4.0 and the reviewer's 3.0: 3.5 on average, 1.0 apart.
  await expect(team).toContainText('3,5 ± 1,0')
  await r.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  await expect(r.getByRole('row').filter({ hasText: 'Huerta Viva' })).not.toContainText('Oculto')

  // Notes are shared within the team.
  await openApplication(r, 'Huerta Viva')
  await r.getByLabel('Nueva nota (interno: la persona fundadora no lo ve)').fill('Pedir el cap table antes del panel.')
  await r.getByRole('button', { name: 'Agregar nota' }).click()
  await expect(r.getByRole('region', { name: 'Notas internas' })).toContainText('Pedir el cap table antes del panel.')

  // Through every stage, taking turns; each move is confirmed in a dialog.
  await move(r, 'Mover a Validación preliminar')
  await expect(stagePanel(r)).toContainText('Validación preliminar')
  await page.reload()
  await expect(page.getByRole('region', { name: 'Notas internas' })).toContainText('Pedir el cap table antes del panel.')
  await move(page, 'Mover a Sesión con panel de expertos', 'Encaje claro con los medios.')
  await r.reload()
  await move(r, 'Mover a Due diligence y acuerdo')
  await page.reload()
  await move(page, 'Mover a Acuerdo firmado', undefined, 'Los documentos llegan con la firma notarial.')
  await expect(stagePanel(page)).toContainText('Acuerdo firmado')
  await expect(stagePanel(page)).toContainText('Esta postulación está cerrada.')
  const history = page.getByRole('region', { name: 'Historial' })
  await expect(history).toContainText('Motivo: Encaje claro con los medios.')
  await expect(history.getByText('Cambio de etapa', { exact: true })).toHaveCount(4)

  // The reviewer's page still shows due diligence: only an admin signs (the deal carries its figures, ADR 0159); a reload catches up.
  await expect(r.getByRole('button', { name: 'Mover a Acuerdo firmado' })).toHaveCount(0)
  await expect(stagePanel(r)).toContainText('Solo un administrador marca «Acuerdo firmado»')
  await r.reload()
  await expect(stagePanel(r)).toContainText('Esta postulación está cerrada.')
  // Nor does the reviewer see the deal.
  await expect(r.getByRole('region', { name: 'Acuerdo', exact: true })).toHaveCount(0)

  // The second application: closing as no_seleccionada needs a reason.
  await openApplication(r, 'Ruta Andina')
  await r.getByRole('button', { name: 'Cerrar como no seleccionada' }).click()
  const dialog = r.getByRole('dialog')
  await expect(dialog.getByRole('textbox', { name: 'Motivo de la decisión' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Cerrar postulación' }).click()
  await expect(dialog).toContainText('Escribe el motivo para continuar.')
  await dialog.getByRole('textbox', { name: 'Motivo de la decisión' }).fill('Sin tracción suficiente todavía.')
  await dialog.getByRole('button', { name: 'Cerrar postulación' }).click()
  await expect(stagePanel(r)).toContainText('No seleccionada')
  await expect(r.getByRole('region', { name: 'Historial' })).toContainText('Motivo: Sin tracción suficiente todavía.')

  // The overview counts both outcomes and links into the list.
  await page.getByRole('link', { name: 'Resumen' }).click()
  const byStage = page.getByRole('region', { name: 'Por etapa' })
  await expect(byStage.getByRole('row', { name: /Acuerdo firmado/ }).getByRole('cell').first()).toHaveText('1')
  await expect(byStage.getByRole('row', { name: /No seleccionada/ }).getByRole('cell').first()).toHaveText('1')
  await expect(byStage.getByRole('row', { name: /Recibida/ }).getByRole('cell').first()).toHaveText('0')
  await byStage.getByRole('link', { name: 'Acuerdo firmado' }).click()
  await expect(page).toHaveURL(/stage=acuerdo_firmado/)
  await expect(page.getByRole('row').filter({ hasText: first.reference })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: 'Ruta Andina' })).toHaveCount(0)
  await reviewer.context.close()
})
