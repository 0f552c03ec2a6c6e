/**
 * The media plan end to end in Chromium (ADRs 0160-0162), on a
 * server of its own: a startup signed with a rate card version and an
 * exposure window that started 60 days ago; an admin builds the plan from
 * the rate card (a flight outside the window refused beside its field),
 * records a spot that ran with its proof link, a missed one with its reason
 * and its make-good, reads the balances and the pacing, and finds the deal,
 * behind its pace, on the overview's «Acuerdos atrasados»; the founder opens
 * the status page from the link in their e-mail on a 390 px phone and reads
 * «Tu plan de medios»: the spot that ran with its proof, the miss and its
 * make-good with its proof kept as a file (a text file named .pdf refused
 * first; ADRs 0163, 0180). Every record goes through one form
 * with the line chosen; a spot recorded by mistake is voided through a
 * dialog that says what the void changes, and a line added by mistake is
 * withdrawn through a confirmation naming it and its value; the founder's
 * page afterwards shows neither. Axe stays clean.
 */
import { formatIsoDay } from '../domain/format.ts'
import { formatDay } from '../domain/deals.ts'
import { addDays } from '../domain/media-plan.ts'
import { signOnServer } from './fixtures/deals.ts'
import { nthMail } from './fixtures/outbox-mail.ts'
import { SCREENSHOTS_ON, SHOTS_DIR } from './fixtures/screenshots.ts'
import type { RunningServer } from './fixtures/server.ts'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { expectAxeClean } from './fixtures/checks.ts'

// The rate card is the programme's, one for the whole database: a server of its own.
test.use({ ownServer: true })

const TODAY = formatIsoDay(Date.now())
/** A small PDF: what file-type recognizes by its first bytes. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')])
/** The exposure window started 60 days ago and lasts 6 months: a third of it is gone. */
const WINDOW_START = addDays(TODAY, -60)

/** A published rate card and the application signed with its deal (e2e/fixtures/deals.ts). */
const signWithRateCard = (server: RunningServer, applicationId: string, adminEmail: string) =>
  signOnServer(server, applicationId, adminEmail, {
    rateCard: [
      { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 },
      { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 },
    ],
    windowStart: WINDOW_START,
    windowMonths: 6,
    followUpStart: WINDOW_START,
  })

test('an admin builds the plan from the rate card, records what ran with its proof and a miss with its make-good, and sees the deal behind pace on the overview', async ({ browser, page, ws, origin, request }) => {
  const adminEmail = uniqueEmail('plan')
  const founder = uniqueEmail('fundadora', 'startup.example')
  const app = await submitApplication(request, origin, { email: founder, tradeName: 'Pauta Viva', companyName: 'Pauta Viva S.A.S.' })
  await addMember(ws, adminEmail, 'admin', 'Directora Plan')
  await signWithRateCard(ws, app.id, adminEmail)
  await signInWithLink(page, ws, adminEmail)

  await page.goto(`/equipo/postulaciones/${app.id}`)
  const plan = page.getByRole('region', { name: 'Plan de medios' })
  await expect(plan).toContainText('Todavía no hay líneas en el plan.')
  await expect(plan).toContainText('Comprometido$\u00a01.500.000.000')

  // A line from the rate card: a flight past the window's end is refused beside its field.
  const add = plan.getByRole('form', { name: 'Agregar una línea al plan' })
  await add.getByLabel('Medio').selectOption('tv_nacional')
  await expect(add.getByLabel('Formato')).toHaveAccessibleDescription(/\$\u00a012\.000\.000 por unidad/)
  await add.getByLabel('Unidades').fill('10')
  await add.getByLabel('Vuelo hasta').fill(addDays(TODAY, 400))
  await add.getByRole('button', { name: 'Agregar línea' }).click()
  await expect(add.getByLabel('Vuelo hasta')).toHaveAccessibleDescription(/El vuelo debe estar dentro de la ventana de exposición del acuerdo/)
  await expect(add.getByLabel('Vuelo hasta')).toHaveAttribute('aria-invalid', 'true')
  await add.getByLabel('Vuelo hasta').fill(addDays(TODAY, 30))
  await add.getByRole('button', { name: 'Agregar línea' }).click()
  const table = plan.getByRole('table', { name: 'Líneas del plan de medios' })
  await expect(table.getByRole('row').nth(1)).toContainText('TV nacional, Spot 30" por franja')
  await expect(table.getByRole('row').nth(1)).toContainText('$\u00a0120.000.000')

  // What ran, with its proof; a miss with its reason; its make-good.
  // One form for the plan, the line chosen; with one line, it is chosen already.
  const line = plan.getByRole('form', { name: 'Registrar en el plan' })
  await expect(line.getByLabel('Línea')).toHaveValue(/.+/)
  await line.getByLabel('Qué pasó').selectOption('ran')
  await line.getByLabel('Día').fill(addDays(TODAY, -10))
  await line.getByLabel('Unidades').fill('2')
  await line.getByLabel('Enlace de la prueba de emisión').fill('https://canal.example.com/pauta/123')
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan.getByRole('link', { name: 'Prueba de emisión' })).toHaveAttribute('href', 'https://canal.example.com/pauta/123')

  await line.getByLabel('Qué pasó').selectOption('missed')
  await line.getByLabel('Día').fill(addDays(TODAY, -7))
  await line.getByLabel('Unidades').fill('1')
  await line.getByLabel('Motivo').fill('Transmisión especial de fútbol')
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('Transmisión especial de fútbol')
  await expect(plan).toContainText('No emitido$\u00a012.000.000')

  await line.getByLabel('Qué pasó').selectOption('make_good')
  await line.getByLabel('«No emitido» que se repone').selectOption({ index: 1 })
  await line.getByLabel('Día').fill(addDays(TODAY, -3))
  await line.getByLabel('Unidades').fill('1')
  // Its proof as a file (ADR 0163 addendum): a text file named .pdf is refused beside its field, a PDF kept.
  const proofFile = line.getByLabel('Archivo de la prueba (PDF o imagen)')
  await proofFile.setInputFiles({ name: 'pauta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('solo texto, no un PDF') })
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(proofFile).toHaveAttribute('aria-invalid', 'true')
  await expect(plan).not.toContainText('Reposición el')
  await proofFile.setInputFiles({ name: 'Reposición 24.pdf', mimeType: 'application/pdf', buffer: PDF })
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('Reposición el')
  const kept = plan.getByRole('link', { name: 'Archivo de la prueba: Reposición 24.pdf' })
  const [download] = await Promise.all([page.waitForEvent('download'), kept.click()])
  expect(download.suggestedFilename()).toBe('Reposición 24.pdf')

  // The balances: 3 of 10 spots aired at $ 12 M, the miss made good.
  await expect(plan).toContainText('Planeado$\u00a0120.000.000')
  await expect(plan).toContainText('Emitido$\u00a036.000.000')
  await expect(plan).toContainText('No emitido$\u00a00')
  await expect(plan).toContainText('Por ubicar$\u00a01.380.000.000')
  await expect(plan).toContainText(/Va al 2\u00a0% del valor con el 3\d\u00a0% de la ventana/)
  await expect(plan.getByRole('status')).toContainText('Acuerdo atrasado')
  // The plan as a flowchart: the line's row, week by week, beside its table.
  await expect(plan.getByRole('img', { name: /^Plan de medios semana a semana: 1 línea en \d+ semanas/ })).toBeVisible()
  await expectAxeClean(page, 'application with its media plan')
  // For people to look at (npm run screenshots): the plan on a desktop and on a phone.
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 })
    await plan.screenshot({ path: `${SHOTS_DIR}/workspace-media-plan-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // Void an entry: a spot recorded by mistake; the dialog says what the void changes before it is recorded.
  await line.getByLabel('Qué pasó').selectOption('ran')
  await line.getByLabel('Día').fill(addDays(TODAY, -1))
  await line.getByLabel('Unidades').fill('1')
  await line.getByLabel('Enlace de la prueba de emisión').fill('https://canal.example.com/pauta/equivocada')
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('Emitido$\u00a048.000.000')
  await line.getByLabel('Qué pasó').selectOption('void')
  const voids = line.getByLabel('Registro que se anula')
  expect(await voids.locator('option').allTextContents()).not.toContain('Ninguno: retirar la línea del plan')
  await voids.selectOption({ label: `Emitido el ${formatDay(addDays(TODAY, -1))}: 1 unidad` })
  await line.getByLabel('Motivo').fill('Se registró dos veces.')
  await line.getByRole('button', { name: 'Revisar la anulación' }).click()
  const voiding = page.getByRole('dialog', { name: '¿Anular este registro?' })
  await expect(voiding).toContainText(`Se anula Emitido el ${formatDay(addDays(TODAY, -1))}: 1 unidad, de la línea 1 · TV nacional, Spot 30" por franja.`)
  await expect(voiding).toContainText('Emitido: pasa de $\u00a048.000.000 a $\u00a036.000.000')
  await expect(voiding).toContainText('Deja de aparecer en la página de la persona fundadora.')
  await expectAxeClean(page, 'the void confirmation')
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS_DIR}/workspace-media-plan-void-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await voiding.getByRole('button', { name: 'Anular el registro' }).click()
  await expect(voiding).toBeHidden()
  await expect(plan).toContainText('Emitido$\u00a036.000.000')
  await expect(plan.getByRole('region', { name: 'Línea 1 · TV nacional, Spot 30" por franja' })).toContainText('Anulación el')

  // Withdraw a line: its own action; the confirmation names the line and its value.
  await add.getByLabel('Medio').selectOption('radio_regional')
  await add.getByLabel('Unidades').fill('225')
  await add.getByLabel('Vuelo hasta').fill(addDays(TODAY, 30))
  await add.getByRole('button', { name: 'Agregar línea' }).click()
  await expect(plan).toContainText('Por ubicar$\u00a01.200.000.000')
  const withdraw = plan.getByRole('form', { name: 'Retirar una línea del plan' })
  await withdraw.getByLabel('Línea que se retira').selectOption({ label: 'Línea 2 · Radio regional, Cuña 30" por región' })
  await withdraw.getByRole('button', { name: 'Retirar la línea…' }).click()
  const withdrawing = page.getByRole('dialog', { name: '¿Retirar la línea 2 del plan?' })
  await expect(withdrawing).toContainText('Línea 2 · Radio regional, Cuña 30" por región: 225 unidades por $\u00a0180.000.000')
  await expect(withdrawing).toContainText('vuelven a «por ubicar»')
  await withdrawing.getByLabel('Motivo del retiro').fill('La línea era de otro acuerdo.')
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS_DIR}/workspace-media-plan-withdraw-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await withdrawing.getByRole('button', { name: 'Retirar la línea 2' }).click()
  await expect(withdrawing).toBeHidden()
  await expect(table.getByRole('row').nth(2)).toContainText('Radio regional, Cuña 30" por región (retirada del plan)')
  await expect(plan).toContainText('Por ubicar$\u00a01.380.000.000')
  await expect(plan.getByRole('region', { name: 'Línea 2 · Radio regional, Cuña 30" por región (retirada del plan)' })).toContainText('Línea retirada el')

  // The overview's «Acuerdos atrasados».
  await page.goto('/equipo')
  const behind = page.getByRole('region', { name: 'Acuerdos atrasados' })
  await expect(behind.getByRole('link', { name: 'Pauta Viva' })).toBeVisible()
  await expect(behind).toContainText('1 acuerdo va más de 15 puntos detrás de su ventana')
  await expectAxeClean(page, 'overview with a deal behind its pace')

  // The founder, on a phone, opens their status page from the link in the e-mail they received.
  const mail = await nthMail(ws, 'applicant_confirmation', founder, 1)
  const link = /https?:\/\/[^\s"<>]+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0]
  expect(link, `a status page link in ${mail.file}`).toBeTruthy()
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO' })
  const founderPage = await phone.newPage()
  await founderPage.goto(new URL(link!).pathname)
  const mine = founderPage.getByRole('region', { name: 'Tu plan de medios' })
  await expect(mine.getByRole('heading', { level: 2, name: 'Tu plan de medios' })).toBeVisible()
  await expect(mine).toContainText('Hasta hoy salió al aire $\u00a036.000.000 de $\u00a01.500.000.000 comprometidos en medios')
  await expect(mine).toContainText(`Salió al aire el ${formatDay(addDays(TODAY, -10))}: 2 unidades de TV nacional, Spot 30" por franja.`)
  await expect(mine).toContainText(`No salió al aire el ${formatDay(addDays(TODAY, -7))}: 1 unidad de TV nacional, Spot 30" por franja. Ya se repuso.`)
  await expect(mine).toContainText(`Reposición el ${formatDay(addDays(TODAY, -3))}: 1 unidad`)
  await expect(mine).not.toContainText('Transmisión especial de fútbol')
  await expect(mine.getByRole('heading', { level: 3, name: 'Semana a semana' })).toBeVisible()
  // Afterwards: neither the voided spot nor the withdrawn line reaches the founder's page.
  await expect(mine).not.toContainText(`Salió al aire el ${formatDay(addDays(TODAY, -1))}`)
  await expect(mine).not.toContainText('Cuña 30" por región')
  const proof = mine.getByRole('link', { name: `Ver prueba del ${formatDay(addDays(TODAY, -10))}` })
  await expect(proof).toHaveAttribute('href', 'https://canal.example.com/pauta/123')
  await expect(proof).toHaveAttribute('rel', 'noopener noreferrer')
  // The make-good's proof kept as a file: downloaded under the founder's own link, the bytes the team sent.
  const fileProof = mine.getByRole('link', { name: `Ver prueba del ${formatDay(addDays(TODAY, -3))}` })
  const href = await fileProof.getAttribute('href')
  expect(href).toMatch(/^\/postulacion\/[A-Za-z0-9_-]{43}\/plan\/pruebas\/[0-9a-f-]{36}$/)
  const got = await founderPage.request.get(href!)
  expect(got.status()).toBe(200)
  expect(got.headers()['content-disposition']).toContain('attachment')
  expect(Buffer.compare(await got.body(), PDF)).toBe(0)
  expect(await founderPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0)
  await expectAxeClean(founderPage, "the founder's status page with the media plan")
  // For people to look at (npm run screenshots): the section alone, on a phone and on a desktop.
  for (const width of SCREENSHOTS_ON ? [390, 1280] : []) {
    await founderPage.setViewportSize({ width, height: 900 })
    await mine.screenshot({ path: `${SHOTS_DIR}/founder-media-plan-${width}.png` })
  }
  await phone.close()
})
