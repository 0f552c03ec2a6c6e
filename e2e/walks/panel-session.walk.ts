/**
 * Walk: the founder books the session with the panel, as its people
 * would. A founder applies; an admin (1280 px) moves the application to
 * "Sesión con panel de expertos" and sends its e-mail from "Correos por
 * enviar"; a reviewer has declared a conflict on it, another has none. The
 * admin offers three times with the reviewer without conflict (the conflicted
 * one is never offered), one after the stage's due date. The founder, on a
 * phone, opens the link read from the .eml outbox and books one; a second
 * founder answers "Ninguno me sirve". The conflicted reviewer is refused the
 * application; the panel member finds the session in "Mis pendientes"; the
 * founder moves it; the admin cancels it. Every step is photographed at 390
 * and 1280 px, and every e-mail (text, HTML and its .ics) is saved beside the
 * screenshots in e2e-artifacts/walks/panel/ for people to read.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import PostalMime from 'postal-mime'
import { formatDateTime, formatIsoDay, formatWeekdayDateTime } from '../../domain/format.ts'
import { calendarText, invitation, nthMail, type Mail } from '../fixtures/outbox-mail.ts'
import type { RunningServer } from '../fixtures/server.ts'
import { addMember, expect, fillPanelOffer, newMemberContext, signInWithLink, submitApplication, test, uniqueEmail, uniqueName } from '../fixtures/workspace.ts'

const OUT = 'e2e-artifacts/walks/panel'

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready)
  const before = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true })
  }
  if (before) await page.setViewportSize(before)
}

/** The e-mail as people read it: subject and text, its HTML, and its calendar file, beside the screenshots. */
function saveMail(mail: Mail, name: string) {
  const headers = `De: ${mail.parsed.from?.name ?? ''} <${mail.parsed.from?.address ?? ''}>\nPara: ${mail.to.join(', ')}\nAsunto: ${mail.parsed.subject ?? ''}\nArchivo: ${mail.file}\n\n`
  writeFileSync(`${OUT}/${name}.txt`, headers + (mail.parsed.text ?? ''))
  if (mail.parsed.html) writeFileSync(`${OUT}/${name}.html`, mail.parsed.html)
  const ics = calendarText(mail)
  if (ics) {
    writeFileSync(`${OUT}/${name}.ics`, ics)
    const part = mail.parsed.attachments.find((a) => a.mimeType.startsWith('text/calendar'))!
    writeFileSync(`${OUT}/${name}.parts.txt`, mail.parsed.attachments.map((a) => `${a.mimeType} method=${a.method ?? ''} disposition=${a.disposition ?? ''} filename=${a.filename ?? ''}`).join('\n') + `\n(calendar part method=${part.method ?? ''})\n`)
  }
}

/**
 * The `n`th invitation the founder and the panel member each received, saved as mail-<founderName> and
 * mail-<panelName>; returns both parsed (the founder's first).
 */
async function bothInvitations(server: RunningServer, n: number, to: { founder: string; panelist: string }, names: [string, string]) {
  const founder = await nthMail(server, 'founder_panel_invitation', to.founder, n)
  const panel = await nthMail(server, 'team_panel_invitation', to.panelist, n)
  saveMail(founder, names[0])
  saveMail(panel, names[1])
  return { founder, panel, parsed: [invitation(founder), invitation(panel)] }
}

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

/** The admin moves the application to the panel stage and sends its stage e-mail from "Correos por enviar". */
async function toPanelStage(page: Page, app: { id: string; reference: string }, shotPrefix?: string) {
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')
  await page.goto('/equipo/correos-por-enviar')
  const draft = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${app.reference}` })
  if (shotPrefix) {
    await draft.getByText('Leer el correo').click()
    await expect(draft.locator('pre')).toContainText('[enlace personal]')
    await shoot(page, `${shotPrefix}-admin-stage-mail-draft`)
  }
  await draft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(draft).toHaveCount(0)
}

async function personalLink(ws: RunningServer, founderEmail: string, origin: string): Promise<{ link: string; mail: Mail }> {
  const mail = await nthMail(ws, 'founder_status', founderEmail, 1)
  const url = /https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')
  expect(url, 'the personal link in the stage e-mail').not.toBeNull()
  // The e-mail's origin is the site's configured URL, not this server's port.
  return { link: `${origin}${new URL(url![0]).pathname}`, mail }
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  return { context, page: await context.newPage() }
}

test('panel session walk', async ({ page, ws, origin, request, browser }) => {
  mkdirSync(OUT, { recursive: true })
  const admin = uniqueEmail('directora')
  const conflicted = uniqueEmail('evaluador.conflicto')
  const conflictedName = uniqueName('Evaluador')
  const panelist = uniqueEmail('panelista')
  const panelistName = uniqueName('Panelista')
  const founderEmail = uniqueEmail('maria.gomez', 'huertaviva.example')
  const otherFounder = uniqueEmail('andres.rojas', 'cafetal.example')
  await addMember(ws, admin, 'admin', 'Directora Programa')
  await addMember(ws, conflicted, 'reviewer', conflictedName)
  await addMember(ws, panelist, 'reviewer', panelistName)
  const app = await submitApplication(request, origin, { email: founderEmail, tradeName: 'Huerta Viva', companyName: 'Huerta Viva S.A.S.' })
  const other = await submitApplication(request, origin, { email: otherFounder, tradeName: 'Cafetal Digital', companyName: 'Cafetal Digital S.A.S.' })

  // The conflicted reviewer declares the conflict on Huerta Viva (before the panel is named).
  const reviewer = await newMemberContext(browser, origin)
  await signInWithLink(reviewer.page, ws, conflicted)
  await reviewer.page.goto(`/equipo/postulaciones/${app.id}`)
  const conflictPanel = reviewer.page.getByRole('region', { name: 'Conflicto de interés' })
  await conflictPanel.getByLabel('Tipo').selectOption('personal')
  await conflictPanel.getByRole('button', { name: 'Declarar conflicto' }).click()
  await reviewer.page.getByRole('dialog').getByRole('button', { name: 'Declarar conflicto' }).click()
  await expect(reviewer.page.getByText('Conflicto de interés declarado')).toBeVisible()

  // 1. The admin, at a desk, moves both applications to the panel stage and sends their e-mails.
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInWithLink(page, ws, admin)
  await toPanelStage(page, app, '01')
  await toPanelStage(page, other)
  const founderStage = await personalLink(ws, founderEmail, origin)
  saveMail(founderStage.mail, 'mail-01-founder-stage')

  // 2. Three times: two days ahead (past the 24-hour cut-off), and one after the stage's week.
  const soon = formatIsoDay(new Date(Date.now() + 2 * 86_400_000))
  const late = formatIsoDay(new Date(Date.now() + 9 * 86_400_000))
  const times = [
    { day: soon, time: '09:00' },
    { day: soon, time: '15:00' },
    { day: late, time: '10:00' },
  ].map((t) => ({ ...t, at: new Date(`${t.day}T${t.time}:00-05:00`) }))

  await page.goto(`/equipo/postulaciones/${app.id}`)
  const section = page.getByRole('region', { name: 'Sesión con el panel' })
  const form = section.getByRole('form', { name: 'Ofrecer horarios' })
  await expect(form.getByRole('checkbox', { name: panelistName })).toBeVisible()
  // The conflicted reviewer is named as left out, never offered.
  await expect(form.getByRole('checkbox', { name: conflictedName })).toHaveCount(0)
  await expect(form).toContainText(`tienen un conflicto de interés con esta postulación: ${conflictedName}`)
  await shoot(page, '02-admin-offer-empty')
  await fillPanelOffer(form, { panelist: panelistName, link: 'https://meet.example/catalitico-panel-huerta', times })
  await expect(form.getByText('Este horario queda después de la fecha límite de la etapa.')).toBeVisible()
  await shoot(page, '03-admin-offer-filled-warning')
  await form.getByRole('button', { name: 'Ofrecer horarios' }).click()
  const offered = section.getByRole('region', { name: 'Horarios ofrecidos' })
  await expect(offered.getByRole('listitem')).toHaveCount(3)
  for (const t of times) await expect(offered).toContainText(formatDateTime(t.at))
  await expect(offered.getByRole('listitem').nth(2)).toContainText('fecha límite')
  await shoot(page, '04-admin-offered')
  // The founder is told at once: the times in Bogotá time, the length, the place, their link.
  const timesMail = await nthMail(ws, 'founder_panel_times', founderEmail, 1)
  for (const t of times) expect(timesMail.parsed.text).toContain(formatDateTime(t.at))
  saveMail(timesMail, 'mail-01b-founder-times')

  // The second application: two times, the same panel.
  await page.goto(`/equipo/postulaciones/${other.id}`)
  const otherForm = page.getByRole('region', { name: 'Sesión con el panel' }).getByRole('form', { name: 'Ofrecer horarios' })
  await otherForm.getByRole('checkbox', { name: panelistName }).check()
  await otherForm.getByRole('radio', { name: 'Dirección' }).check()
  await otherForm.getByLabel('Dirección de la sesión').fill('Calle 93 #11-26, oficina 502, Bogotá')
  await otherForm.getByLabel('Fecha del horario 1').fill(soon)
  await otherForm.getByLabel('Hora del horario 1').fill('11:00')
  await otherForm.getByRole('button', { name: 'Ofrecer horarios' }).click()
  await expect(page.getByRole('region', { name: 'Horarios ofrecidos' }).getByRole('listitem')).toHaveCount(1)

  // 3. The founder, on a phone, opens the link read from the e-mail: the times in Bogotá time; books the first.
  const founder = await phone(browser)
  const fp = founder.page
  await fp.goto(founderStage.link)
  await expect(fp.getByRole('heading', { name: 'Elige el horario de tu sesión con el panel' })).toBeVisible()
  for (const t of times) await expect(fp.getByText(`${formatDateTime(t.at)} (hora de Bogotá)`)).toBeVisible()
  await shoot(fp, '05-founder-times')
  await fp.getByRole('listitem').filter({ hasText: formatDateTime(times[0]!.at) }).getByRole('button', { name: 'Reservar' }).click()
  await expect(fp.getByText('Reservamos tu sesión con el panel.')).toBeVisible()
  await expect(fp.getByText(`${formatDateTime(times[0]!.at)} (hora de Bogotá)`).first()).toBeVisible()
  await shoot(fp, '06-founder-booked')

  const people = { founder: founderEmail, panelist }
  const first = await bothInvitations(ws, 1, people, ['mail-02-founder-invitation', 'mail-03-panel-invitation'])
  const booked = first.parsed
  const uid = booked[0]!.uid
  for (const inv of booked) {
    expect(inv).toMatchObject({ method: 'REQUEST', partMethod: 'REQUEST', sequence: 0, uid, start: times[0]!.at })
    expect(inv.attendees).toEqual(expect.arrayContaining([founderEmail.toLowerCase(), panelist.toLowerCase()]))
    expect(inv.attendees).not.toContain(conflicted.toLowerCase())
  }
  expect(first.founder.parsed.text).toContain(formatDateTime(times[0]!.at))

  // The second founder: "Ninguno me sirve", with a note.
  const second = await phone(browser)
  const secondStage = await personalLink(ws, otherFounder, origin)
  await second.page.goto(secondStage.link)
  await second.page.getByLabel('Cuéntanos qué días y horas te sirven (opcional)').fill('Solo puedo los martes y jueves después de las 2 p. m.')
  await shoot(second.page, '07-second-founder-none-fits-filled')
  await second.page.getByRole('button', { name: 'Ninguno me sirve' }).click()
  await expect(second.page.getByText('Le avisamos al equipo que ningún horario te sirve.')).toBeVisible()
  await shoot(second.page, '08-second-founder-none-fits-done')
  await page.goto(`/equipo/postulaciones/${other.id}`)
  await expect(page.getByText('Solo puedo los martes y jueves después de las 2 p. m.')).toBeVisible()
  await shoot(page, '09-admin-sees-none-fits')

  // 4. The conflicted reviewer is refused the application and its panel, at a desk and on a phone.
  await reviewer.page.goto(`/equipo/postulaciones/${app.id}`)
  await expect(reviewer.page.getByText('Conflicto de interés declarado')).toBeVisible()
  await expect(reviewer.page.getByRole('region', { name: 'Sesión con el panel' })).toHaveCount(0)
  await shoot(reviewer.page, '10-conflicted-reviewer-application')
  const panelApi = await reviewer.page.request.get(`${origin}/equipo/api/applications/${app.id}/panel`)
  expect(panelApi.status()).toBe(403)
  writeFileSync(`${OUT}/10-conflicted-reviewer-panel-api.txt`, `GET /equipo/api/applications/:id/panel → ${panelApi.status()}\n${await panelApi.text()}\n`)
  await reviewer.page.goto('/equipo/pendientes')
  await expect(reviewer.page.getByText('No tienes sesiones con panel próximas.')).toBeVisible()
  await shoot(reviewer.page, '11-conflicted-reviewer-pending')

  // The panel member finds the session in "Mis pendientes".
  const member = await newMemberContext(browser, origin)
  await signInWithLink(member.page, ws, panelist)
  await member.page.goto('/equipo/pendientes')
  await expect(member.page.getByRole('link', { name: `Sesión con panel: Huerta Viva, ${formatWeekdayDateTime(times[0]!.at)}` })).toBeVisible()
  await shoot(member.page, '12-panelist-pending')
  await member.page.getByRole('link', { name: `Sesión con panel: Huerta Viva, ${formatWeekdayDateTime(times[0]!.at)}` }).click()
  await expect(member.page.getByRole('region', { name: 'Sesión reservada' })).toContainText(formatDateTime(times[0]!.at))
  await shoot(member.page, '13-panelist-application')

  // 5. The founder moves the session to the second time: same UID, SEQUENCE 1.
  await fp.goto(founderStage.link)
  await fp.getByRole('listitem').filter({ hasText: formatDateTime(times[1]!.at) }).getByRole('button', { name: 'Cambiar a este horario' }).click()
  await expect(fp.getByText('Cambiamos la hora de tu sesión.')).toBeVisible()
  await shoot(fp, '14-founder-rescheduled')
  // «Cancelar mi sesión» asks first (a page of its own, nothing changed yet); the founder goes back.
  await fp.getByRole('button', { name: 'Cancelar mi sesión' }).click()
  await expect(fp.getByRole('heading', { name: '¿Cancelar tu sesión con el panel?' })).toBeVisible()
  await shoot(fp, '14b-founder-cancel-confirm')
  await fp.getByRole('link', { name: 'No, volver a mi postulación' }).click()
  await expect(fp.getByRole('button', { name: 'Cancelar mi sesión' })).toBeVisible()
  const changed = await bothInvitations(ws, 2, people, ['mail-04-founder-changed', 'mail-05-panel-changed'])
  for (const inv of changed.parsed) {
    expect(inv).toMatchObject({ method: 'REQUEST', partMethod: 'REQUEST', sequence: 1, uid, start: times[1]!.at })
  }

  // The admin sees the moved session and cancels it, with a reason.
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const session = page.getByRole('region', { name: 'Sesión reservada' })
  await expect(session).toContainText(formatDateTime(times[1]!.at))
  await expect(session).toContainText(panelistName)
  await shoot(page, '15-admin-booked-session')
  // The reschedule dialog's date and time (side by side or stacked, never overlapping), then closed.
  await session.getByRole('button', { name: 'Cambiar horario' }).click()
  await expect(page.getByRole('dialog', { name: 'Cambiar el horario de la sesión' })).toBeVisible()
  await shoot(page, '15b-admin-reschedule-dialog')
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar', exact: true }).click()
  await session.getByRole('button', { name: 'Cancelar sesión' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Cancelar la sesión?' })
  await dialog.getByLabel(/Motivo/).fill('El panelista tuvo una calamidad doméstica; les ofreceremos nuevos horarios.')
  await shoot(page, '16-admin-cancel-dialog')
  await dialog.getByRole('button', { name: 'Cancelar sesión' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('region', { name: 'Sesión con el panel' })).toContainText('se canceló')
  await expect(page.getByRole('region', { name: 'Sesión con el panel' })).toContainText('Motivo: El panelista tuvo una calamidad doméstica')
  await shoot(page, '17-admin-cancelled')
  const cancelled = await bothInvitations(ws, 3, people, ['mail-06-founder-cancelled', 'mail-07-panel-cancelled'])
  for (const inv of cancelled.parsed) {
    expect(inv).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL', uid })
    expect(inv.sequence).toBeGreaterThan(1)
  }

  // The founder's page after the team's cancellation.
  // The offer closed with it: the reason, no time to book, new times to come by e-mail.
  await fp.goto(founderStage.link)
  await expect(fp.getByText('Motivo: El panelista tuvo una calamidad doméstica; les ofreceremos nuevos horarios.')).toBeVisible()
  await expect(fp.getByRole('button', { name: 'Reservar' })).toHaveCount(0)
  await shoot(fp, '18-founder-after-cancel')

  // 6. The admin offers new times; the founder gets them by e-mail and sees them on the page.
  const newTime = { day: soon, time: '17:00', at: new Date(`${soon}T17:00:00-05:00`) }
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const again = page.getByRole('region', { name: 'Sesión con el panel' }).getByRole('form', { name: 'Ofrecer horarios' })
  await again.getByRole('checkbox', { name: panelistName }).check()
  await again.getByLabel('Enlace de la videollamada').fill('https://meet.example/catalitico-panel-huerta')
  await again.getByLabel('Fecha del horario 1').fill(newTime.day)
  await again.getByLabel('Hora del horario 1').fill(newTime.time)
  await again.getByRole('button', { name: 'Ofrecer horarios' }).click()
  await expect(page.getByRole('region', { name: 'Horarios ofrecidos' }).getByRole('listitem')).toHaveCount(1)
  await shoot(page, '19-admin-new-offer')
  const newTimesMail = await nthMail(ws, 'founder_panel_times', founderEmail, 2)
  expect(newTimesMail.parsed.text).toContain(formatDateTime(newTime.at))
  saveMail(newTimesMail, 'mail-08-founder-new-times')
  await fp.goto(founderStage.link)
  await expect(fp.getByRole('listitem').filter({ hasText: formatDateTime(newTime.at) }).getByRole('button', { name: 'Reservar' })).toBeVisible()
  await shoot(fp, '20-founder-new-times')

  // Every other e-mail of this walk, for reading: the team's notices of the founders' actions.
  const dir = join(ws.dataDir, 'outbox')
  const refs = [app.reference, other.reference]
  const rest = readdirSync(dir).filter((f) => f.endsWith('.eml') && (f.includes('team_notification') || f.includes('founder_activity') || f.includes('panel')))
  let n = 0
  for (const file of rest.sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(dir, file), 'utf8'))
    const body = `${parsed.subject ?? ''}\n${parsed.text ?? ''}`
    if (!refs.some((r) => body.includes(r))) continue
    if (/founder_panel_invitation|team_panel_invitation|founder_panel_times/.test(file)) continue
    saveMail({ file, to: (parsed.to ?? []).map((a) => a.address ?? ''), parsed }, `mail-other-${String(++n).padStart(2, '0')}`)
  }

  await founder.context.close()
  await second.context.close()
  await reviewer.context.close()
  await member.context.close()
})
