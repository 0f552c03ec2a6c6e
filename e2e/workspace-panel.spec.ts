/**
 * The panel session (ADRs 0152-0156) end to end in Chromium, on a server of its own whose mail server is
 * a real SMTP peer (startSmtpSink; every e-mail, the sign-in links included,
 * is read from what that peer received, by recipient and subject): an admin moves an application to the panel stage and
 * sends the founder's stage e-mail; offers three times in "Sesión con el
 * panel" with a panel member; the founder opens the personal link read from
 * that e-mail and books one; the founder and the panel member each receive an
 * invitation (METHOD:REQUEST, SEQUENCE 0, DTSTART the chosen Bogotá time in
 * UTC); the panel member finds it in "Mis pendientes"; the founder moves it
 * (same UID, SEQUENCE 1); the team cancels it (METHOD:CANCEL, same UID).
 * Calendars are parsed with ical.js and e-mails with postal-mime, never
 * matched as strings. Only the mail addressed to this test's people counts.
 */
import type { Page } from '@playwright/test'
import { formatDateTime, formatIsoDay, formatWeekdayDateTime } from '../domain/format.ts'
import { startSmtpSink, type SmtpSink } from '../server/testing/smtp-sink.ts'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'
import { invitation, nthSmtpMail, signInThroughSmtp } from './fixtures/outbox-mail.ts'
import { startServer } from './fixtures/server.ts'
import { addMember, expect, fillPanelOffer, newMemberContext, submitApplication, test as base, uniqueEmail, uniqueName } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'

const test = base.extend<{ sink: SmtpSink }>({
  // eslint-disable-next-line no-empty-pattern
  sink: async ({}, use) => {
    const sink = await startSmtpSink()
    await use(sink)
    await sink.close()
  },
  // Its own server, whose mail goes to the sink.
  ws: async ({ sink }, use) => {
    const server = await startServer({ RATE_LIMIT_MAX: '1000', SMTP_URL: sink.url }, { from: 'bundle' })
    await use(server)
    await server.stop()
  },
})

/** The date and the time of a pair, at `width` px: side by side or one under the other, never one over the other. */
async function pairApart(page: Page, day: ReturnType<Page['getByLabel']>, time: ReturnType<Page['getByLabel']>, width: number) {
  const viewport = page.viewportSize()
  await page.setViewportSize({ width, height: 900 })
  const a = (await day.boundingBox())!
  const b = (await time.boundingBox())!
  const apart = a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5 || b.y + b.height <= a.y + 0.5
  expect(apart, `date ${JSON.stringify(a)} and time ${JSON.stringify(b)} at ${width} px`).toBe(true)
  // Each wholly on the screen.
  for (const box of [a, b]) expect(box.x + box.width, `inside ${width} px`).toBeLessThanOrEqual(width)
  if (viewport) await page.setViewportSize(viewport)
}

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

test('panel session: three times offered, the founder books from the e-mailed link, both get the invitation, the founder moves it, the team cancels', async ({
  page,
  browser,
  ws,
  origin,
  request,
  sink,
}) => {
  test.setTimeout(360_000)
  const admin = uniqueEmail('coordinadora.panel')
  const panelist = uniqueEmail('panelista')
  const panelistName = uniqueName('Panelista')
  const founderEmail = uniqueEmail('fundadora.panel', 'startup.example')
  await addMember(ws, admin, 'admin', 'Coordinadora Panel')
  await addMember(ws, panelist, 'reviewer', panelistName)
  const app = await submitApplication(request, origin, { email: founderEmail, tradeName: 'Huerta Viva' })

  // Three times two days ahead (past the founder's 24-hour cut-off whatever the hour now), on the hour in Bogotá.
  const day = formatIsoDay(new Date(Date.now() + 2 * 86_400_000))
  const times = ['09:00', '11:00', '15:00'].map((time) => ({ day, time, at: new Date(`${day}T${time}:00-05:00`) }))

  await signInThroughSmtp(page, sink, admin)
  await page.goto(`/equipo/postulaciones/${app.id}`)
  await move(page, 'Mover a Validación preliminar')
  await move(page, 'Mover a Sesión con panel de expertos')

  // The stage e-mail waits in "Correos por enviar"; the admin sends it.
  await page.goto('/equipo/correos-por-enviar')
  const draft = page.getByRole('article', { name: `Avanza a la sesión con el panel, ${app.reference}` })
  await draft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(draft).toHaveCount(0)

  // "Sesión con el panel": the panel, the place, three times.
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const section = page.getByRole('region', { name: 'Sesión con el panel' })
  const form = section.getByRole('form', { name: 'Ofrecer horarios' })
  await fillPanelOffer(form, { panelist: panelistName, link: 'https://meet.example/catalitico-panel', times })
  for (const width of [390, 1280]) await pairApart(page, form.getByLabel('Fecha del horario 2'), form.getByLabel('Hora del horario 2'), width)
  expect(await axeViolations(page, { include: 'main', everyImpact: true, everyRule: true })).toEqual([])
  await screenshotsAtWidths(page, 'workspace-panel-offer', [390, 1280])
  await form.getByRole('button', { name: 'Ofrecer horarios' }).click()
  const offered = section.getByRole('region', { name: 'Horarios ofrecidos' })
  await expect(offered.getByRole('listitem')).toHaveCount(3)
  for (const t of times) await expect(offered).toContainText(formatDateTime(t.at))

  // At the panel stage the page's jump links lead to the section too, still one row on a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  const parts = page.getByRole('navigation', { name: 'Partes de la postulación' })
  expect((await parts.boundingBox())!.height, 'the jump links are one row').toBeLessThan(60)
  for (const link of await parts.getByRole('link').all()) expect((await link.boundingBox())!.x + (await link.boundingBox())!.width).toBeLessThanOrEqual(390)
  await parts.getByRole('link', { name: 'Panel', exact: true }).click()
  await expect(section.getByRole('heading', { name: 'Sesión con el panel', exact: true })).toBeInViewport()
  await page.setViewportSize({ width: 1280, height: 900 })

  // Saving the offer e-mails the founder the times at once, in Bogotá time, with their personal link.
  const timesMail = await nthSmtpMail(sink, founderEmail, /^Horarios para tu sesión con el panel de expertos/, 1)
  for (const t of times) expect(timesMail.parsed.text).toContain(formatDateTime(t.at))
  expect(timesMail.parsed.text).toMatch(/\/postulacion\/[A-Za-z0-9_-]{43}/)

  // The founder opens the link of the e-mail they received and books the second time.
  const stageMail = await nthSmtpMail(sink, founderEmail, /avanza a la sesión con nuestro panel de expertos/, 1)
  const link = new URL(/https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(stageMail.parsed.text ?? '')![0]).pathname
  const founder = await browser.newContext({ baseURL: origin, locale: 'es-CO' })
  const founderPage = await founder.newPage()
  await founderPage.goto(link)
  await expect(founderPage.getByRole('heading', { name: 'Elige el horario de tu sesión con el panel' })).toBeVisible()
  // The page lists the e-mail's times, each with its weekday.
  for (const t of times) expect(timesMail.parsed.text).toContain(formatWeekdayDateTime(t.at))
  for (const t of times) await expect(founderPage.getByRole('listitem').filter({ hasText: formatWeekdayDateTime(t.at) })).toHaveCount(1)
  await screenshotsAtWidths(founderPage, 'founder-panel-times', [390, 1280])
  await founderPage.getByRole('listitem').filter({ hasText: formatDateTime(times[1]!.at) }).getByRole('button', { name: 'Reservar' }).click()
  await expect(founderPage.getByText('Reservamos tu sesión con el panel.')).toBeVisible()

  // Both sides receive the invitation: one UID, SEQUENCE 0, the chosen time in UTC, the part's method= the file's.
  /** The invitation the founder and the panel member each received for one change, found by its subjects: exactly one each. */
  const invitations = async (founderSubject: RegExp, teamSubject: RegExp) => [
    invitation(await nthSmtpMail(sink, founderEmail, founderSubject, 1)),
    invitation(await nthSmtpMail(sink, panelist, teamSubject, 1)),
  ]
  const booked = await invitations(/^Sesión con el panel de expertos: /, /^Sesión con el panel: /)
  const uid = booked[0]!.uid
  for (const inv of booked) {
    expect(inv).toMatchObject({ method: 'REQUEST', partMethod: 'REQUEST', sequence: 0, uid, start: times[1]!.at })
    expect(inv.attendees).toEqual(expect.arrayContaining([founderEmail.toLowerCase(), panelist.toLowerCase()]))
  }

  // The panel member finds it in "Mis pendientes".
  const member = await newMemberContext(browser, origin)
  await signInThroughSmtp(member.page, sink, panelist)
  await member.page.goto('/equipo/pendientes')
  await expect(member.page.getByRole('link', { name: `Sesión con panel: Huerta Viva, ${formatWeekdayDateTime(times[1]!.at)}` })).toBeVisible()
  await member.context.close()

  // The founder moves it to the third time: the same UID, SEQUENCE 1.
  await founderPage.getByRole('listitem').filter({ hasText: formatDateTime(times[2]!.at) }).getByRole('button', { name: 'Cambiar a este horario' }).click()
  await expect(founderPage.getByText('Cambiamos la hora de tu sesión.')).toBeVisible()
  for (const inv of await invitations(/^Nueva hora de tu sesión con el panel/, /^Nueva hora de la sesión con el panel/)) expect(inv).toMatchObject({ method: 'REQUEST', partMethod: 'REQUEST', sequence: 1, uid, start: times[2]!.at })

  // The workspace shows the session where it now is; the team cancels it behind a confirmation.
  await page.reload()
  const session = section.getByRole('region', { name: 'Sesión reservada' })
  await expect(session).toContainText(formatDateTime(times[2]!.at))
  await expect(session).toContainText(panelistName)
  expect(await axeViolations(page, { include: 'main', everyImpact: true, everyRule: true })).toEqual([])
  await screenshotsAtWidths(page, 'workspace-panel-booked', [390, 1280])
  // The reschedule dialog's date and time, at a phone's width and a desk's.
  await session.getByRole('button', { name: 'Cambiar horario' }).click()
  const reschedule = page.getByRole('dialog', { name: 'Cambiar el horario de la sesión' })
  for (const width of [390, 1280]) await pairApart(page, reschedule.getByLabel('Fecha'), reschedule.getByLabel('Hora'), width)
  await reschedule.getByRole('button', { name: 'Cancelar', exact: true }).click()
  await expect(reschedule).toBeHidden()
  await session.getByRole('button', { name: 'Cancelar sesión' }).click()
  const dialog = page.getByRole('dialog', { name: '¿Cancelar la sesión?' })
  await expect(dialog.getByLabel(/Motivo/)).toBeFocused()
  expect(await axeViolations(page, { everyImpact: true, everyRule: true })).toEqual([])
  await dialog.getByLabel(/Motivo/).fill('El panel no puede ese día')
  await dialog.getByRole('button', { name: 'Cancelar sesión' }).click()
  await expect(dialog).toBeHidden()
  await expect(section).toContainText('se canceló')
  await expect(section).toContainText('Motivo: El panel no puede ese día')
  // The team's cancellation closes the offer: the founder sees why, no time to book, new times to come by e-mail.
  await founderPage.reload()
  await expect(founderPage.getByText('Motivo: El panel no puede ese día')).toBeVisible()
  await expect(founderPage.getByRole('button', { name: 'Reservar' })).toHaveCount(0)
  await expect(founderPage.getByText(/Te enviaremos nuevos horarios por correo/)).toBeVisible()
  for (const inv of await invitations(/^Sesión con el panel cancelada/, /^Sesión con el panel cancelada/)) {
    expect(inv).toMatchObject({ method: 'CANCEL', partMethod: 'CANCEL', uid, sequence: 2 })
  }
  await founder.close()
})
