/**
 * Walk: a round of the programme team, as its people would take it, on a server of its own.
 *
 * 1. An admin publishes the rate card; four founders apply with Colombian data. One startup goes to
 *    «Sesión con panel», its founder books a time from the e-mailed link on a phone; the admin moves it
 *    to «Due diligence y acuerdo» (keeping the session on purpose) and signs it with the session still
 *    ahead. The stage dialogs, «Correos por enviar» and the outbox (.eml, calendars parsed with ical.js)
 *    are kept; the day-before reminder's pass must send nothing; the founder's page no longer offers
 *    «Cancelar mi sesión».
 * 2. The signed startup's media plan: lines, records through «Registrar en el plan» (one double-submitted),
 *    a void and a withdrawn line behind their dialogs, the flowchart and the founder's «Semana a semana».
 * 3. The list filtered to one company, exported as .xlsx and CSV and read back.
 * 4. A reviewer and an admin with a conflict on the signed startup try the list, its page, the audit log
 *    and the panel of another application sharing panel members.
 * 5. Founders on a phone: the signed startup's status page, and one still choosing a panel time.
 * Also «Estado del sistema», «Seguimiento» and the signed startup's page with its jump links at 390 px.
 *
 * Screenshots at 1280 and 390 px, e-mails and the exports' readings in e2e-artifacts/walks/team-round/.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ExcelJS from 'exceljs'
import type { Browser, Locator, Page } from '@playwright/test'
import PostalMime from 'postal-mime'
import { addMonths } from '../../domain/follow-up.ts'
import { formatIsoDay, formatWeekdayDateTime } from '../../domain/format.ts'
import { addDays } from '../../domain/media-plan.ts'
import { readCsv, readXlsx } from '../../server/testing/spreadsheets.ts'
import { calendarText, invitation, mailsOf, reminderPass, type Mail } from '../fixtures/outbox-mail.ts'
import type { RunningServer } from '../fixtures/server.ts'
import { addMember, expect, fillDeal, fillPanelOffer, newMemberContext, signInWithLink, submitApplication, test } from '../fixtures/workspace.ts'

test.use({ ownServer: true })

const OUT = 'e2e-artifacts/walks/team-round'
const TODAY = formatIsoDay(Date.now())
const WINDOW_START = addDays(TODAY, -45)
const FOLLOW_UP_START = `${addMonths(TODAY.slice(0, 7), -1)}-01`
const notes: string[] = []
const note = (line: string) => notes.push(line)

/** Full-page screenshots at 1280 and 390 px (height 900), the viewport put back afterwards. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean; widths?: number[] } = {}) {
  await page.evaluate(() => document.fonts.ready)
  const before = page.viewportSize()
  for (const width of options.widths ?? [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(150)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    if (overflow > 0) note(`${name}-${width}: page is ${overflow}px wider than the viewport`)
    await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: options.fullPage ?? true })
  }
  if (before) await page.setViewportSize(before)
}

function saveMail(mail: Mail, name: string) {
  const headers = `De: ${mail.parsed.from?.address ?? ''}\nPara: ${mail.to.join(', ')}\nAsunto: ${mail.parsed.subject ?? ''}\nArchivo: ${mail.file}\n\n`
  writeFileSync(`${OUT}/${name}.txt`, headers + (mail.parsed.text ?? ''))
  const ics = calendarText(mail)
  if (ics) writeFileSync(`${OUT}/${name}.ics`, ics)
}

/** Waits until `to` has at least `count` e-mails of `kind`; returns them all. */
async function mailsAtLeast(server: RunningServer, kind: string, to: string, count: number): Promise<Mail[]> {
  let found: Mail[] = []
  await expect.poll(async () => (found = await mailsOf(server, kind, to)).length, { timeout: 30_000, message: `${count} ${kind} to ${to}` }).toBeGreaterThanOrEqual(count)
  return found
}

function linkIn(mail: Mail, origin: string): string {
  const url = /https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')
  expect(url, `a personal link in ${mail.file}`).not.toBeNull()
  return `${origin}${new URL(url![0]).pathname}`
}

async function move(page: Page, action: string) {
  await page.getByRole('button', { name: action }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(dialog).toBeHidden()
}

async function chooseOption(select: Locator, contains: string) {
  const labels = await select.locator('option').allTextContents()
  const label = labels.find((l) => l.includes(contains))
  expect(label, `an option with «${contains}» among ${labels.join(' | ')}`).toBeTruthy()
  await select.selectOption({ label: label! })
}

async function sendDraft(page: Page, name: string) {
  await page.goto('/equipo/correos-por-enviar')
  const draft = page.getByRole('article', { name })
  await draft.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(draft).toHaveCount(0)
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ locale: 'es-CO', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  return { context, page: await context.newPage() }
}

const typeName = (t: ExcelJS.ValueType) => Object.entries(ExcelJS.ValueType).find(([, v]) => v === t)?.[0] ?? String(t)
const cellText = (c: ExcelJS.Cell) => `${JSON.stringify(c.value instanceof Date ? c.value.toISOString() : c.value)} (${typeName(c.type)}${c.numFmt ? `, numFmt ${c.numFmt}` : ''})`

test('team round walk', async ({ page, ws, origin, request, browser }) => {
  test.setTimeout(900_000)
  mkdirSync(OUT, { recursive: true })
  const started = Date.now()
  const ADMIN = 'directora@catalitico.example'
  const ADMIN2 = 'socia@catalitico.example'
  const REVIEWER = 'evaluador@catalitico.example'
  const PANELIST = 'panelista@catalitico.example'
  await addMember(ws, ADMIN, 'admin', 'Ángela Restrepo Uribe')
  await addMember(ws, ADMIN2, 'admin', 'Socia Beatriz Ocampo')
  await addMember(ws, REVIEWER, 'reviewer', 'Evaluador Julián Peña')
  await addMember(ws, PANELIST, 'reviewer', 'Panelista Camila Suárez')

  // Four founders apply, with Colombian data.
  const F = {
    a: 'maria.jose@rutaandina.co',
    b: 'lucia.castano@huertaviva.co',
    c: 'jose.munoz@pagoclaro.co',
    d: 'andres.gomez@tejidoswayuu.co',
  }
  const A = await submitApplication(request, origin, {
    email: F.a, tradeName: 'Ruta Andina', companyName: 'Ruta Andina Logística S.A.S.', founderName: 'María José Núñez Peña', city: 'Bogotá',
    phone: '+57 300 123 4567', revenue: '120000.75', foundingYear: '2020', website: 'https://rutaandina.co',
  })
  const B = await submitApplication(request, origin, {
    email: F.b, tradeName: 'Huerta Viva', companyName: 'Huerta Viva Agroecológica S.A.S.', founderName: 'Lucía Castaño Jaramillo', city: 'Medellín', phone: '+57 315 222 3344',
  })
  const C = await submitApplication(request, origin, {
    email: F.c, tradeName: 'Pago Claro', companyName: 'Pago Claro Fintech S.A.S.', founderName: 'José Ángel Muñoz', city: 'Bogotá', phone: '+57 301 987 6543',
  })
  const D = await submitApplication(request, origin, {
    email: F.d, tradeName: 'Tejidos Wayúu', companyName: 'Tejidos Wayúu Digital S.A.S.', founderName: 'Andrés Felipe Gómez Ríos', city: 'Medellín', phone: '+57 310 555 0199',
  })

  // The reviewer declares a conflict on Ruta Andina before any panel is named.
  const reviewer = await newMemberContext(browser, origin)
  await signInWithLink(reviewer.page, ws, REVIEWER)
  await reviewer.page.goto(`/equipo/postulaciones/${A.id}`)
  const conflictPanel = reviewer.page.getByRole('region', { name: 'Conflicto de interés' })
  await conflictPanel.getByLabel('Tipo').selectOption('personal')
  await conflictPanel.getByRole('button', { name: 'Declarar conflicto' }).click()
  await shoot(reviewer.page, '00-reviewer-declare-conflict-dialog', { fullPage: false })
  await reviewer.page.getByRole('dialog').getByRole('button', { name: 'Declarar conflicto' }).click()
  await expect(reviewer.page.getByText('Conflicto de interés declarado')).toBeVisible()

  // ---------------------------------------------------------------- 1. the admin
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInWithLink(page, ws, ADMIN)
  // The admin records the second admin's conflict on Ruta Andina.
  await page.goto(`/equipo/postulaciones/${A.id}`)
  const adminConflict = page.getByRole('region', { name: 'Conflicto de interés' })
  await adminConflict.getByLabel('Persona', { exact: true }).selectOption({ label: 'Socia Beatriz Ocampo' })
  await adminConflict.getByLabel('Tipo').selectOption('comercial')
  await adminConflict.getByRole('button', { name: 'Registrar conflicto' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Conflicto registrado.' })).toBeVisible()

  // The rate card, published.
  await page.getByRole('link', { name: 'Tarifario' }).click()
  await page.getByRole('button', { name: 'Crear la primera versión' }).click()
  const draft = page.getByRole('region', { name: 'Versión 1 · borrador' })
  const rateLines = [
    ['tv_nacional', 'Spot 30" por franja', '12.000.000'],
    ['radio_regional', 'Cuña 30" por región', '800.000'],
    ['diario_popular', 'Página completa a color', '25.000.000'],
  ]
  for (const [i, [outlet, format, price]] of rateLines.entries()) {
    if (i > 0) await draft.getByRole('button', { name: 'Agregar línea' }).click()
    await draft.getByLabel(`Medio de la línea ${i + 1}`).selectOption(outlet!)
    await draft.getByLabel(`Formato de la línea ${i + 1}`).fill(format!)
    await draft.getByLabel(`Precio unitario de la línea ${i + 1}`).fill(price!)
  }
  await shoot(page, '01-admin-rate-card-draft')
  await draft.getByRole('button', { name: 'Publicar versión 1' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click()
  await expect(page.getByRole('region', { name: 'Versión 1 · vigente' })).toBeVisible()
  await shoot(page, '02-admin-rate-card-published')

  await page.goto('/equipo/postulaciones')
  await expect(page.getByText('Tejidos Wayúu', { exact: true }).locator('visible=true').first()).toBeVisible()
  await shoot(page, '03-admin-list-four')

  // Pago Claro to «Validación preliminar»; Ruta Andina and Huerta Viva to the panel, their e-mails sent.
  await page.goto(`/equipo/postulaciones/${C.id}`)
  await move(page, 'Mover a Validación preliminar')
  for (const app of [A, B]) {
    await page.goto(`/equipo/postulaciones/${app.id}`)
    await move(page, 'Mover a Validación preliminar')
    await move(page, 'Mover a Sesión con panel de expertos')
  }
  await page.goto('/equipo/correos-por-enviar')
  await shoot(page, '04-admin-founder-mail-panel-drafts')
  await sendDraft(page, `Avanza a la sesión con el panel, ${A.reference}`)
  await sendDraft(page, `Avanza a la sesión con el panel, ${B.reference}`)

  // Ruta Andina: two times with the panel member, two and three days ahead.
  const dayA = formatIsoDay(new Date(Date.now() + 2 * 86_400_000))
  const timesA = [
    { day: dayA, time: '16:00' },
    { day: addDays(dayA, 1), time: '10:00' },
  ].map((t) => ({ ...t, at: new Date(`${t.day}T${t.time}:00-05:00`) }))
  await page.goto(`/equipo/postulaciones/${A.id}`)
  const sectionA = page.getByRole('region', { name: 'Sesión con el panel' })
  const offerA = sectionA.getByRole('form', { name: 'Ofrecer horarios' })
  await fillPanelOffer(offerA, { panelist: 'Panelista Camila Suárez', link: 'https://meet.example/ruta-andina', times: timesA })
  await shoot(page, '05-admin-offer-ruta-andina-filled')
  await offerA.getByRole('button', { name: 'Ofrecer horarios' }).click()
  await expect(sectionA.getByRole('region', { name: 'Horarios ofrecidos' }).getByRole('listitem')).toHaveCount(2)

  // Huerta Viva: three times five and six days ahead, with the panel member and the reviewer (no conflict there).
  const dayB = formatIsoDay(new Date(Date.now() + 5 * 86_400_000))
  const timesB = [
    { day: dayB, time: '16:00' },
    { day: dayB, time: '09:30' },
    { day: addDays(dayB, 1), time: '11:00' },
  ].map((t) => ({ ...t, at: new Date(`${t.day}T${t.time}:00-05:00`) }))
  await page.goto(`/equipo/postulaciones/${B.id}`)
  const offerB = page.getByRole('region', { name: 'Sesión con el panel' }).getByRole('form', { name: 'Ofrecer horarios' })
  await fillPanelOffer(offerB, { panelist: 'Panelista Camila Suárez', link: 'https://meet.example/huerta-viva', times: timesB })
  await offerB.getByRole('checkbox', { name: 'Evaluador Julián Peña' }).check()
  await offerB.getByRole('button', { name: 'Ofrecer horarios' }).click()
  await expect(page.getByRole('region', { name: 'Horarios ofrecidos' }).getByRole('listitem')).toHaveCount(3)

  // The founder of Ruta Andina books the first time from the e-mailed link, on a phone.
  const stageA = (await mailsAtLeast(ws, 'founder_status', F.a, 1)).at(-1)!
  saveMail(stageA, 'mail-01-ruta-andina-panel-stage')
  const linkA = linkIn(stageA, origin)
  const founderA = await phone(browser)
  await founderA.page.goto(linkA)
  await expect(founderA.page.getByRole('heading', { name: 'Elige el horario de tu sesión con el panel' })).toBeVisible()
  await shoot(founderA.page, '06-founder-a-choose-time', { widths: [390] })
  await founderA.page.getByRole('listitem').filter({ hasText: formatWeekdayDateTime(timesA[0]!.at) }).getByRole('button', { name: 'Reservar' }).click()
  await expect(founderA.page.getByText('Reservamos tu sesión con el panel.')).toBeVisible()
  await shoot(founderA.page, '07-founder-a-booked', { widths: [390] })
  const booked = invitation((await mailsAtLeast(ws, 'team_panel_invitation', PANELIST, 1))[0]!)
  note(`booked: ${booked.method} uid=${booked.uid} start=${booked.start.toISOString()}`)

  // While Ruta Andina's session is booked: the conflicted reviewer looks at Huerta Viva's panel (shared panel member) and «Mis pendientes».
  await reviewer.page.goto(`/equipo/postulaciones/${B.id}`)
  await expect(reviewer.page.getByRole('region', { name: 'Sesión con el panel' })).toBeVisible()
  await shoot(reviewer.page, '08-reviewer-other-panel-while-booked')
  await reviewer.page.goto('/equipo/pendientes')
  await shoot(reviewer.page, '09-reviewer-pending-while-booked')

  // «Due diligence y acuerdo»: the dialog says what happens to the session; the admin keeps it on purpose.
  await page.goto(`/equipo/postulaciones/${A.id}`)
  await page.getByRole('button', { name: 'Mover a Due diligence y acuerdo' }).click()
  const ddDialog = page.getByRole('dialog')
  await expect(ddDialog.getByRole('list', { name: 'Qué hará este cambio' })).toBeVisible()
  note(`DD dialog: ${(await ddDialog.innerText()).replace(/\s+/g, ' ')}`)
  await shoot(page, '10-admin-dd-dialog', { fullPage: false })
  await ddDialog.getByRole('checkbox', { name: /Mantener la sesión con el panel/ }).check()
  note(`DD dialog kept: ${(await ddDialog.getByRole('list', { name: 'Qué hará este cambio' }).innerText()).replace(/\s+/g, ' ')}`)
  await shoot(page, '11-admin-dd-dialog-keep', { fullPage: false })
  await ddDialog.getByRole('button', { name: 'Confirmar' }).click()
  await expect(ddDialog).toBeHidden()

  // «Acuerdo firmado» with the session still ahead: the dialog, the deal, confirmed.
  await page.getByRole('button', { name: 'Mover a Acuerdo firmado' }).click()
  const sign = page.getByRole('dialog')
  note(`Sign dialog: ${(await sign.innerText()).replace(/\s+/g, ' ')}`)
  await sign.getByLabel('Confirmo que se firma el acuerdo sin estos documentos').check()
  await sign.getByLabel(/Por qué se firma sin ellos/).fill('Los documentos llegan con la firma notarial en Bogotá.')
  await fillDeal(sign)
  await sign.getByLabel('Inicio de la exposición').fill(WINDOW_START)
  await sign.getByLabel('Duración de la exposición').selectOption('6')
  await sign.getByLabel('Inicio del seguimiento').fill(FOLLOW_UP_START)
  const pastStart = sign.getByLabel(/Confirmo que el seguimiento empieza antes de hoy/)
  if (await pastStart.count()) await pastStart.check()
  await shoot(page, '12-admin-sign-dialog', { fullPage: false })
  // The dialog scrolled to its effects and its button.
  await sign.getByRole('list', { name: 'Qué hará este cambio' }).scrollIntoViewIfNeeded()
  await shoot(page, '13-admin-sign-dialog-effects', { fullPage: false })
  await sign.getByRole('button', { name: 'Confirmar' }).click()
  await expect(sign).toBeHidden()
  await shoot(page, '14-admin-signed-detail')

  await page.goto('/equipo/correos-por-enviar')
  await shoot(page, '15-admin-founder-mail-after-signing')
  await sendDraft(page, `Acuerdo firmado, ${A.reference}`)

  // The outbox: the founder's stage e-mail carries METHOD:CANCEL; the panel member gets CANCEL too.
  const welcome = (await mailsAtLeast(ws, 'founder_status', F.a, 2)).at(-1)!
  saveMail(welcome, 'mail-02-ruta-andina-signed')
  const founderCancel = invitation(welcome)
  note(`founder welcome "${welcome.parsed.subject}": METHOD=${founderCancel.method} part=${founderCancel.partMethod} uid=${founderCancel.uid} seq=${founderCancel.sequence}`)
  expect(founderCancel.method).toBe('CANCEL')
  const panelMails = await mailsAtLeast(ws, 'team_panel_invitation', PANELIST, 2)
  saveMail(panelMails.at(-1)!, 'mail-03-panelist-cancel')
  const panelCancel = invitation(panelMails.at(-1)!)
  note(`panelist "${panelMails.at(-1)!.parsed.subject}": METHOD=${panelCancel.method} uid=${panelCancel.uid} seq=${panelCancel.sequence}`)
  expect(panelCancel.method).toBe('CANCEL')
  // The reminder's pass the day before and an hour before: nothing to send.
  const dayBefore = new Date(`${formatIsoDay(new Date(timesA[0]!.at.getTime() - 86_400_000))}T08:00:00-05:00`)
  const reminded = [await reminderPass(ws, dayBefore), await reminderPass(ws, new Date(timesA[0]!.at.getTime() - 3_600_000))]
  note(`reminder passes (day before 08:00, an hour before): ${reminded.join(', ')}`)
  await page.waitForTimeout(2000)
  const outbox = join(ws.dataDir, 'outbox')
  const subjects = await Promise.all(readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort().map(async (f) => `${f}  «${(await PostalMime.parse(readFileSync(join(outbox, f), 'utf8'))).subject ?? ''}»`))
  writeFileSync(`${OUT}/outbox-after-signing.txt`, subjects.join('\n') + '\n')
  const reminders = subjects.filter((s) => /Mañana: tu sesión con el panel|_panel_reminder-/.test(s))
  note(`reminders in the outbox: ${reminders.length ? reminders.join(' / ') : 'none'}`)
  expect(reminders).toEqual([])

  // The founder's page after signing: no «Cancelar mi sesión».
  const linkA2 = linkIn(welcome, origin)
  await founderA.page.goto(linkA2)
  await expect(founderA.page.getByRole('button', { name: 'Cancelar mi sesión' })).toHaveCount(0)
  await shoot(founderA.page, '16-founder-a-signed')

  // ---------------------------------------------------------------- 2. the media plan
  await page.goto(`/equipo/postulaciones/${A.id}`)
  const plan = page.getByRole('region', { name: 'Plan de medios' })
  const add = plan.getByRole('form', { name: 'Agregar una línea al plan' })
  const addLine = async (outlet: string, units: string, from: string, to: string) => {
    await add.getByLabel('Medio').selectOption(outlet)
    await add.getByLabel('Unidades').fill(units)
    await add.getByLabel('Vuelo desde').fill(from)
    await add.getByLabel('Vuelo hasta').fill(to)
    await add.getByRole('button', { name: 'Agregar línea' }).click()
  }
  const table = plan.getByRole('table', { name: 'Líneas del plan de medios' })
  await addLine('tv_nacional', '10', addDays(TODAY, -30), addDays(TODAY, 30))
  await expect(table.getByRole('row')).toHaveCount(2)
  await addLine('diario_popular', '4', addDays(TODAY, -20), addDays(TODAY, 40))
  await expect(table.getByRole('row')).toHaveCount(3)
  await addLine('radio_regional', '225', TODAY, addDays(TODAY, 60))
  await expect(table.getByRole('row')).toHaveCount(4)

  const entry = plan.getByRole('form', { name: 'Registrar en el plan' })
  await shoot(page, '17-admin-plan-lines')
  // A spot that ran, the form double-submitted.
  await chooseOption(entry.getByLabel('Línea'), 'TV nacional')
  await entry.getByLabel('Qué pasó').selectOption('ran')
  await entry.getByLabel('Día').fill(addDays(TODAY, -10))
  await entry.getByLabel('Unidades').fill('2')
  await entry.getByLabel('Enlace de la prueba de emisión').fill('https://canal.example.com/pauta/ruta-andina-1')
  await entry.getByRole('button', { name: 'Guardar registro' }).dblclick()
  await expect(plan.getByRole('link', { name: 'Prueba de emisión' }).first()).toBeVisible()
  await page.waitForTimeout(1500)
  const emitted = (await plan.innerText()).match(/Emitido\s*\$\s?[\d.]+/)?.[0]
  note(`after the double-submitted record (2 × $ 12.000.000): ${emitted}; proof links: ${await plan.getByRole('link', { name: 'Prueba de emisión' }).count()}`)
  // A page in the daily paper that ran, a TV miss.
  await chooseOption(entry.getByLabel('Línea'), 'Diario popular')
  await entry.getByLabel('Qué pasó').selectOption('ran')
  await entry.getByLabel('Día').fill(addDays(TODAY, -5))
  await entry.getByLabel('Unidades').fill('1')
  await entry.getByLabel('Enlace de la prueba de emisión').fill('https://diario.example.com/edicion/ruta-andina')
  await entry.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('diario.example.com', { timeout: 1000 }).catch(() => undefined)
  await chooseOption(entry.getByLabel('Línea'), 'TV nacional')
  await entry.getByLabel('Qué pasó').selectOption('missed')
  await entry.getByLabel('Día').fill(addDays(TODAY, -7))
  await entry.getByLabel('Unidades').fill('1')
  await entry.getByLabel('Motivo').fill('Transmisión especial del partido de la Selección Colombia')
  await entry.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('Transmisión especial del partido')
  // A spot recorded by mistake, then voided.
  await chooseOption(entry.getByLabel('Línea'), 'TV nacional')
  await entry.getByLabel('Qué pasó').selectOption('ran')
  await entry.getByLabel('Día').fill(addDays(TODAY, -1))
  await entry.getByLabel('Unidades').fill('1')
  await entry.getByLabel('Enlace de la prueba de emisión').fill('https://canal.example.com/pauta/equivocada')
  await entry.getByRole('button', { name: 'Guardar registro' }).click()
  await page.waitForTimeout(1000)
  await chooseOption(entry.getByLabel('Línea'), 'TV nacional')
  await entry.getByLabel('Qué pasó').selectOption('void')
  await chooseOption(entry.getByLabel('Registro que se anula'), 'Emitido')
  const voidOptions = await entry.getByLabel('Registro que se anula').locator('option').allTextContents()
  note(`void options: ${voidOptions.join(' | ')}`)
  // The last «Emitido» is the mistake.
  const mistaken = voidOptions.filter((o) => o.startsWith('Emitido')).at(-1)!
  await entry.getByLabel('Registro que se anula').selectOption({ label: mistaken })
  await entry.getByLabel('Motivo').fill('Se registró dos veces.')
  await entry.getByRole('button', { name: 'Revisar la anulación' }).click()
  const voiding = page.getByRole('dialog', { name: '¿Anular este registro?' })
  await expect(voiding).toBeVisible()
  note(`void dialog: ${(await voiding.innerText()).replace(/\s+/g, ' ')}`)
  await shoot(page, '18-admin-void-dialog', { fullPage: false })
  await voiding.getByRole('button', { name: 'Anular el registro' }).click()
  await expect(voiding).toBeHidden()
  // Withdraw the radio line.
  const withdraw = plan.getByRole('form', { name: 'Retirar una línea del plan' })
  await chooseOption(withdraw.getByLabel('Línea que se retira'), 'Radio regional')
  await withdraw.getByRole('button', { name: 'Retirar la línea…' }).click()
  const withdrawing = page.getByRole('dialog', { name: /^¿Retirar la línea \d del plan\?$/ })
  await expect(withdrawing).toBeVisible()
  note(`withdraw dialog: ${(await withdrawing.innerText()).replace(/\s+/g, ' ')}`)
  await withdrawing.getByLabel('Motivo del retiro').fill('La línea era de otro acuerdo.')
  await shoot(page, '19-admin-withdraw-dialog', { fullPage: false })
  await withdrawing.getByRole('button', { name: /^Retirar la línea \d$/ }).click()
  await expect(withdrawing).toBeHidden()
  await expect(table).toContainText('(retirada del plan)')
  // The plan and its flowchart, week by week.
  const flow = plan.getByRole('img', { name: /^Plan de medios semana a semana/ })
  await expect(flow).toBeVisible()
  note(`flowchart name: ${await flow.getAttribute('aria-label')}`)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await plan.screenshot({ path: `${OUT}/20-admin-media-plan-${width}.png` })
    await flow.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${OUT}/21-admin-flowchart-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // The founder's «Tu plan de medios» and «Semana a semana».
  await founderA.page.goto(linkA2)
  const mine = founderA.page.getByRole('region', { name: 'Tu plan de medios' })
  await expect(mine.getByRole('heading', { level: 3, name: 'Semana a semana' })).toBeVisible()
  for (const width of [390, 1280]) {
    await founderA.page.setViewportSize({ width, height: 900 })
    await mine.screenshot({ path: `${OUT}/22-founder-a-plan-section-${width}.png` })
  }
  await founderA.page.setViewportSize({ width: 390, height: 844 })

  // ---------------------------------------------------------------- 3. exports
  await page.goto('/equipo/postulaciones')
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Ruta Andina')
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await expect(page.getByText('1 postulación con estos filtros.')).toBeVisible()
  await shoot(page, '23-admin-list-filtered', { fullPage: false })
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()])
    return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) }
  }
  const xlsx = await download('Exportar Excel (.xlsx)')
  const csv = await download('Exportar CSV')
  writeFileSync(`${OUT}/${xlsx.name}`, xlsx.bytes)
  writeFileSync(`${OUT}/${csv.name}`, csv.bytes)
  const report: string[] = [`xlsx: ${xlsx.name}`]
  for (const [sheetName, sheet] of await readXlsx(xlsx.bytes)) {
    report.push(`\n== sheet «${sheetName}»: ${sheet.rows.length} row(s); headers: ${sheet.headers.join(' | ')}`)
    for (const [i, row] of sheet.rows.entries()) {
      report.push(`-- row ${i + 1}`)
      for (const [h, c] of row) report.push(`   ${h}: ${cellText(c)}`)
    }
  }
  const { bom, rows } = await readCsv(csv.bytes)
  const csvText = csv.bytes.toString('utf8')
  report.push(`\ncsv: ${csv.name}; BOM ${bom}; ${rows.length - 1} data row(s); first line: ${csvText.split(/\r?\n/)[0]}`)
  for (const [i, r] of rows.slice(1).entries()) {
    report.push(`-- csv row ${i + 1}`)
    for (const [j, h] of rows[0]!.entries()) report.push(`   ${h}: ${JSON.stringify(r[j])}`)
  }
  for (const other of [B, C, D]) report.push(`contains ${other.reference}? ${csvText.includes(other.reference)}`)
  writeFileSync(`${OUT}/exports-read-back.txt`, report.join('\n') + '\n')
  expect(bom).toBe(true)
  expect(rows.length - 1).toBe(1)

  // ---------------------------------------------------------------- 4. members with a conflict
  const rp = reviewer.page
  await rp.goto('/equipo/postulaciones')
  await expect(rp.getByRole('row').filter({ hasText: A.reference }).or(rp.getByRole('listitem').filter({ hasText: A.reference })).first()).toBeVisible()
  await shoot(rp, '24-reviewer-list')
  await rp.goto(`/equipo/postulaciones/${A.id}`)
  await expect(rp.getByText('Conflicto de interés declarado')).toBeVisible()
  await shoot(rp, '25-reviewer-conflicted-detail')
  await rp.goto(`/equipo/auditoria?q=${encodeURIComponent(A.reference)}`)
  await shoot(rp, '26-reviewer-audit')
  await rp.goto(`/equipo/postulaciones/${B.id}`)
  await expect(rp.getByRole('region', { name: 'Sesión con el panel' })).toBeVisible()
  await shoot(rp, '27-reviewer-other-panel-after-signing')
  await rp.goto('/equipo/pendientes')
  await shoot(rp, '28-reviewer-pending-after-signing')
  const reviewerLeaks: string[] = []
  for (const url of ['/equipo/postulaciones', `/equipo/postulaciones/${B.id}`, '/equipo/pendientes', `/equipo/postulaciones/${A.id}`, '/equipo']) {
    await rp.goto(url)
    await rp.waitForLoadState('networkidle')
    const body = await rp.locator('body').innerText()
    for (const leak of ['Ruta Andina', 'María José', 'rutaandina', 'meet.example/ruta-andina']) if (body.includes(leak)) reviewerLeaks.push(`${url}: «${leak}»`)
  }
  note(`reviewer leaks: ${reviewerLeaks.join('; ') || 'none'}`)

  // The second admin, whose conflict the admin recorded: list, detail, the audit log filtered by the reference.
  const admin2 = await newMemberContext(browser, origin)
  await signInWithLink(admin2.page, ws, ADMIN2)
  const ap = admin2.page
  await ap.goto('/equipo/postulaciones')
  await shoot(ap, '29-admin2-list')
  await ap.goto(`/equipo/postulaciones/${A.id}`)
  await shoot(ap, '30-admin2-conflicted-detail')
  await ap.goto('/equipo/auditoria')
  await ap.getByLabel('Postulación').fill(A.reference)
  await ap.getByRole('button', { name: 'Filtrar' }).click()
  await ap.waitForLoadState('networkidle')
  await shoot(ap, '31-admin2-audit-filtered')
  await ap.goto('/equipo/auditoria')
  await ap.waitForLoadState('networkidle')
  await shoot(ap, '32-admin2-audit-all')
  await ap.goto(`/equipo/postulaciones/${B.id}`)
  await shoot(ap, '33-admin2-other-panel')
  await ap.goto('/equipo/correos-por-enviar')
  await shoot(ap, '34-admin2-founder-mail')
  await ap.goto('/equipo/seguimiento')
  await ap.waitForLoadState('networkidle')
  await shoot(ap, '35-admin2-follow-up')
  const admin2Leaks: string[] = []
  for (const url of ['/equipo/postulaciones', `/equipo/postulaciones/${A.id}`, `/equipo/postulaciones/${B.id}`, '/equipo/auditoria', '/equipo', '/equipo/seguimiento', '/equipo/correos-por-enviar', '/equipo/pendientes']) {
    await ap.goto(url)
    await ap.waitForLoadState('networkidle')
    const body = await ap.locator('body').innerText()
    for (const leak of ['Ruta Andina', 'María José', 'rutaandina', 'meet.example/ruta-andina']) if (body.includes(leak)) admin2Leaks.push(`${url}: «${leak}»`)
  }
  note(`admin2 leaks: ${admin2Leaks.join('; ') || 'none'}`)

  // ---------------------------------------------------------------- 5. founders on a phone
  await founderA.page.goto(linkA2)
  await shoot(founderA.page, '36-founder-a-status-phone', { widths: [390] })
  const founderB = await phone(browser)
  const stageB = (await mailsAtLeast(ws, 'founder_status', F.b, 1)).at(-1)!
  saveMail(stageB, 'mail-04-huerta-viva-panel-stage')
  const timesMailB = (await mailsAtLeast(ws, 'founder_panel_times', F.b, 1)).at(-1)!
  saveMail(timesMailB, 'mail-05-huerta-viva-times')
  await founderB.page.goto(linkIn(stageB, origin))
  await expect(founderB.page.getByRole('heading', { name: 'Elige el horario de tu sesión con el panel' })).toBeVisible()
  for (const t of timesB) note(`B time expected «${formatWeekdayDateTime(t.at)}» on page: ${await founderB.page.getByText(formatWeekdayDateTime(t.at)).count()}`)
  await shoot(founderB.page, '37-founder-b-choose-time', { widths: [390, 1280] })

  // ---------------------------------------------------------------- the rest: overview, Seguimiento, the detail with its jump links
  await page.goto('/equipo')
  await expect(page.getByRole('region', { name: 'Estado del sistema' })).toBeVisible()
  await shoot(page, '38-admin-overview')
  await page.getByRole('region', { name: 'Estado del sistema' }).scrollIntoViewIfNeeded()
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.getByRole('region', { name: 'Estado del sistema' }).screenshot({ path: `${OUT}/39-admin-system-status-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/equipo/seguimiento')
  await page.waitForLoadState('networkidle')
  await shoot(page, '40-admin-follow-up')
  await page.goto(`/equipo/postulaciones/${A.id}`)
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(page.getByRole('navigation', { name: 'Partes de la postulación' })).toBeVisible()
  note(`jump links: ${(await page.getByRole('navigation', { name: 'Partes de la postulación' }).getByRole('link').allTextContents()).join(' | ')}`)
  await page.screenshot({ path: `${OUT}/41-admin-signed-detail-top-390.png` })
  await shoot(page, '42-admin-signed-detail', { widths: [390, 1280] })
  for (const link of await page.getByRole('navigation', { name: 'Partes de la postulación' }).getByRole('link').all()) {
    const label = (await link.textContent())?.trim() ?? ''
    await page.setViewportSize({ width: 390, height: 844 })
    await link.click()
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${OUT}/43-admin-signed-detail-jump-${label.normalize('NFD').replace(/[^A-Za-z]/g, '')}-390.png` })
  }

  note(`walk took ${Math.round((Date.now() - started) / 1000)} s`)
  writeFileSync(`${OUT}/notes.txt`, notes.join('\n') + '\n')
  for (const c of [founderA.context, founderB.context, reviewer.context, admin2.context]) await c.close()
})
