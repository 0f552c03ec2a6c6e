/**
 * The deal at the signature, in Chromium against the real server:
 * an admin finds an empty rate card, creates and publishes its first
 * version, signs an application with its deal (a number a Colombian would
 * not write is refused beside its field, the dialog stays open), sees the
 * "Acuerdo" section, corrects it, and the audit log shows both in the
 * workspace's words. Axe stays clean; nothing is wider than a 390 px phone.
 * Screenshots at 390 and 1280 px with `npm run screenshots`.
 *
 * On the way (ADR 0185) the founder books a panel session two days
 * ahead from the link of their e-mail; moving to due diligence, the dialog
 * says it would be cancelled and the admin keeps it on purpose; signing with
 * it still ahead cancels it: the panel member's METHOD:CANCEL and the
 * founder's, inside the welcome, are read from the .eml outbox with their
 * calendars; the founder's page no longer offers «Cancelar mi sesión», and
 * the day-before reminder's pass finds nothing to send.
 */
import type { Page } from '@playwright/test'
import { formatDateTime, formatIsoDay, formatWeekdayDateTime } from '../domain/format.ts'
import { expectAxeClean, expectScreenFits } from './fixtures/checks.ts'
import { invitation, mailsOf, nthMail, reminderPass } from './fixtures/outbox-mail.ts'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { addMember, expect, fillDeal, fillPanelOffer, signInWithLink, submitApplication, test, uniqueEmail, uniqueName } from './fixtures/workspace.ts'

// The rate card is the programme's, one for the whole database: an empty server of its own, to see its empty state.
test.use({ ownServer: true })

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
}

test('an admin publishes the rate card, signs an application with its deal, corrects it, and the audit shows both', async ({ page, browser, ws, origin, request }) => {
  test.setTimeout(240_000)
  const admin = uniqueEmail('acuerdos')
  const panelist = uniqueEmail('panelista')
  const panelistName = uniqueName('Panelista')
  const founderEmail = uniqueEmail('fundadora.acuerdo', 'startup.example')
  const app = await submitApplication(request, origin, { tradeName: 'Pauta Viva', companyName: 'Pauta Viva S.A.S.', email: founderEmail })
  await addMember(ws, admin, 'admin', 'Directora Acuerdos')
  await addMember(ws, panelist, 'reviewer', panelistName)
  await signInWithLink(page, ws, admin)

  // The rate card: empty, then a first version, published.
  await page.getByRole('link', { name: 'Tarifario' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tarifario' })).toBeVisible()
  await expect(page.getByText('Todavía no hay tarifario.')).toBeVisible()
  await expectAxeClean(page, 'empty rate card')
  await page.getByRole('button', { name: 'Crear la primera versión' }).click()
  const draft = page.getByRole('region', { name: 'Versión 1 · borrador' })
  await draft.getByLabel('Medio de la línea 1').selectOption('tv_nacional')
  await draft.getByLabel('Formato de la línea 1').fill('Spot 30" por franja')
  await draft.getByLabel('Precio unitario de la línea 1').fill('12.000.000')
  await draft.getByRole('button', { name: 'Agregar línea' }).click()
  await draft.getByLabel('Medio de la línea 2').selectOption('radio_regional')
  await draft.getByLabel('Formato de la línea 2').fill('Cuña 30" por región')
  await draft.getByLabel('Precio unitario de la línea 2').fill('-800.000')
  await draft.getByRole('button', { name: 'Guardar borrador' }).click()
  await expect(draft.getByText('El precio unitario no puede ser negativo.')).toBeVisible()
  await draft.getByLabel('Precio unitario de la línea 2').fill('800.000')
  await expectScreenFits(page, 'rate card draft', 'workspace-rate-card-draft')
  await draft.getByRole('button', { name: 'Publicar versión 1' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click()
  const published = page.getByRole('region', { name: 'Versión 1 · vigente' })
  await expect(published.getByRole('row').filter({ hasText: 'Spot 30" por franja' })).toContainText('$\u00a012.000.000')
  await expect(published.getByRole('row').filter({ hasText: 'Radio regional' })).toContainText('$\u00a0800.000')
  await screenshotsAtWidths(page, 'workspace-rate-card', [390, 1280])

  // Through the stages to the signature.
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')

  // At the panel stage: its e-mail sent from «Correos por enviar», the founder's link read from the .eml.
  await page.goto('/equipo/correos-por-enviar')
  const stageDraft = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${app.reference}` })
  await stageDraft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(stageDraft).toHaveCount(0)
  const stageMail = await nthMail(ws, 'founder_status', founderEmail, 1)
  const link = new URL(/https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(stageMail.parsed.text ?? '')![0]).pathname
  // One time two days ahead, with a panel member; the founder books it from their page.
  const day = formatIsoDay(new Date(Date.now() + 2 * 86_400_000))
  const startsAt = new Date(`${day}T10:00:00-05:00`)
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const section = page.getByRole('region', { name: 'Sesión con el panel' })
  const offerForm = section.getByRole('form', { name: 'Ofrecer horarios' })
  await fillPanelOffer(offerForm, { panelist: panelistName, link: 'https://meet.example/pauta-viva', times: [{ day, time: '10:00' }] })
  await offerForm.getByRole('button', { name: 'Ofrecer horarios' }).click()
  await expect(section.getByRole('region', { name: 'Horarios ofrecidos' })).toContainText(formatDateTime(startsAt))
  const founder = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const founderPage = await founder.newPage()
  await founderPage.goto(link)
  await founderPage.getByRole('listitem').filter({ hasText: formatDateTime(startsAt) }).getByRole('button', { name: 'Reservar' }).click()
  await expect(founderPage.getByText('Reservamos tu sesión con el panel.')).toBeVisible()
  await expect(founderPage.getByRole('button', { name: 'Cancelar mi sesión' })).toBeVisible()
  const booked = invitation(await nthMail(ws, 'team_panel_invitation', panelist, 1))
  expect(booked).toMatchObject({ method: 'REQUEST', sequence: 0, start: startsAt })

  // Due diligence with the session still ahead: the dialog says it would be cancelled; the admin keeps it on purpose.
  await page.reload()
  await page.getByRole('button', { name: 'Mover a Due diligence y acuerdo' }).click()
  const moveDialog = page.getByRole('dialog')
  const moveEffects = moveDialog.getByRole('list', { name: 'Qué hará este cambio' })
  await expect(moveEffects).toContainText(`La sesión con el panel del ${formatWeekdayDateTime(startsAt)} (hora de Bogotá) se cancela`)
  await moveDialog.getByRole('checkbox', { name: /Mantener la sesión con el panel/ }).check()
  await expect(moveEffects).toContainText('se mantiene')
  await expectAxeClean(page, 'stage dialog keeping the session')
  await screenshotsAtWidths(page, 'workspace-stage-keep-session', [390, 1280], { fullPage: false })
  await moveDialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(moveDialog).toBeHidden()
  await expect(section.getByRole('region', { name: 'Sesión reservada' })).toContainText('Se mantuvo a propósito al cambiar de etapa')
  // Kept: the founder still sees it, but past the panel stage no longer cancels it from their page.
  await founderPage.reload()
  await expect(founderPage.getByRole('heading', { name: 'Tu sesión con el panel' })).toBeVisible()
  await expect(founderPage.getByRole('button', { name: 'Cancelar mi sesión' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Mover a Acuerdo firmado' }).click()
  const dialog = page.getByRole('dialog')
  // Signing with the session still ahead: it is cancelled (nobody ticks «Mantener»); «Sin tarifario» is no choice beside a published version.
  await expect(dialog.getByRole('list', { name: 'Qué hará este cambio' })).toContainText(`La sesión con el panel del ${formatWeekdayDateTime(startsAt)} (hora de Bogotá) se cancela`)
  await expect(dialog.getByRole('checkbox', { name: /Mantener la sesión con el panel/ })).not.toBeChecked()
  await expect(dialog.getByLabel('Tarifario').locator('option')).toHaveText(['Versión 1'])
  await dialog.getByLabel('Confirmo que se firma el acuerdo sin estos documentos').check()
  await dialog.getByLabel(/Por qué se firma sin ellos/).fill('Los documentos llegan con la firma notarial.')
  await dialog.getByLabel('Instrumento').selectOption('nota_convertible')
  await dialog.getByLabel(/^Descuento de la nota/).fill('20')
  // "1,500,000": a million and a half, or one and a half with decimals? Refused, never guessed.
  await fillDeal(dialog, { investmentCop: '1,500,000' })
  await dialog.getByLabel('Duración de la exposición').selectOption('9')
  await expect(dialog.getByLabel('Tarifario')).toHaveValue(/.+/)
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog.getByText('Ese número se puede leer de dos formas: escríbelo como en Colombia, por ejemplo 500.000.000.')).toBeVisible()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel(/^Valor de inversión acordado/).fill('500.000.000')
  await expect(dialog).toContainText('3,0 : 1')
  await expectAxeClean(page, 'signature dialog')
  await screenshotsAtWidths(page, 'workspace-deal-signature', [390, 1280], { fullPage: false })
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()

  // The panel member's METHOD:CANCEL left at once (same UID, SEQUENCE 1); the section says so.
  const panelCancel = invitation(await nthMail(ws, 'team_panel_invitation', panelist, 2))
  expect(panelCancel).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL', uid: booked.uid, sequence: 1, start: startsAt })
  await expect(section).toContainText('se canceló')

  // The deal on the application's page.
  const deal = page.getByRole('region', { name: 'Acuerdo', exact: true })
  await expect(deal).toContainText('4,5\u00a0% · Nota convertible con 20\u00a0% de descuento')
  await expect(deal).toContainText('US$\u00a01.500.000')
  await expect(deal).toContainText('$\u00a01.500.000.000')
  await expect(deal).toContainText('3,0 : 1')
  await expect(deal).toContainText('(9 meses)')
  await expect(deal).toContainText('Versión 1')
  await expect(deal).toContainText('por Directora Acuerdos')
  await expectScreenFits(page, 'application with its deal', 'workspace-deal')

  // Corrected: another equity and a 12-month window.
  await deal.getByRole('button', { name: 'Corregir acuerdo' }).click()
  const correction = page.getByRole('dialog')
  await expect(correction.getByLabel(/^Participación/)).toHaveValue('4,5')
  await correction.getByLabel(/^Participación/).fill('5')
  await correction.getByLabel('Duración de la exposición').selectOption('12')
  await correction.getByRole('button', { name: 'Guardar corrección' }).click()
  await expect(correction).toBeHidden()
  await expect(deal).toContainText('5\u00a0% · Nota convertible')
  await expect(deal).toContainText('(12 meses)')
  await expect(deal).toContainText('Última corrección')

  // The audit log, in the workspace's words.
  await page.getByRole('link', { name: 'Auditoría' }).click()
  const entry = (action: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: action, exact: true }) })
  await expect(entry('Registró el acuerdo firmado')).toContainText('Tarifario versión 1')
  await expect(entry('Corrigió el acuerdo')).toContainText('Cambió: participación, duración de la exposición')
  await expect(entry('Publicó una versión del tarifario')).toContainText('Versión 1')
  await expect(entry('Mantuvo la sesión con el panel al cambiar de etapa')).toContainText('A «Due diligence y acuerdo»')

  // The welcome waits in «Correos por enviar» carrying the founder's CANCEL; sent, it delivers both in one e-mail.
  await page.goto('/equipo/correos-por-enviar')
  const welcomeDraft = page.getByRole('article', { name: `Acuerdo firmado, ${app.reference}` })
  await expect(welcomeDraft).toContainText('Lleva la cancelación de la sesión con el panel')
  await screenshotsAtWidths(page, 'workspace-welcome-carries-cancel', [390, 1280])
  await welcomeDraft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(welcomeDraft).toHaveCount(0)
  const welcome = await nthMail(ws, 'founder_status', founderEmail, 2)
  expect(welcome.parsed.subject).toMatch(/acuerdo firmado/)
  expect(invitation(welcome)).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL', uid: booked.uid, sequence: 1, start: startsAt })
  expect(invitation(welcome).attendees).toEqual(expect.arrayContaining([founderEmail.toLowerCase(), panelist.toLowerCase()]))
  expect(welcome.parsed.text).toContain(`Con este cambio cancelamos tu sesión con el panel de expertos del ${formatWeekdayDateTime(startsAt)} (hora de Bogotá)`)
  expect(welcome.parsed.text).toContain('Tu reporte mensual')
  // No e-mail of the session's own to the founder: its cancellation came inside the welcome.
  expect((await mailsOf(ws, 'founder_panel_invitation', founderEmail)).map((m) => invitation(m).method)).toEqual(['REQUEST'])

  // The founder's page offers nothing of the panel stage; the reminder's pass the day before finds nothing to send.
  await founderPage.reload()
  await expect(founderPage.getByRole('button', { name: 'Cancelar mi sesión' })).toHaveCount(0)
  await expect(founderPage.getByRole('heading', { name: 'Tu sesión con el panel' })).toHaveCount(0)
  await screenshotsAtWidths(founderPage, 'founder-signed-no-session', [390, 1280])
  const dayBefore08 = new Date(`${formatIsoDay(new Date(startsAt.getTime() - 86_400_000))}T08:00:00-05:00`)
  expect(await reminderPass(ws, dayBefore08)).toBe(0)
  for (const [kind, to] of [['founder_panel_reminder', founderEmail], ['team_panel_reminder', panelist]] as const) expect(await mailsOf(ws, kind, to)).toEqual([])
  await founder.close()
})
