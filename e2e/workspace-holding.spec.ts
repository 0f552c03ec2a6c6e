/**
 * The stake the programme holds, end to end in Chromium (ADR 0215), on a server of its own: a deal signed
 * as a convertible note at 25 % under a cap; an admin records the issuance on the application's page;
 * spots run (written to the ledger meanwhile) and «Pagado con pauta» rises; a round modelled shows its
 * pro-forma and, confirmed, converts the note; a valuation mark proposed with its evidence cannot be
 * approved by the one who proposed it and is approved by a second admin; the OCF package downloaded from
 * the page validates against the standard's schemas; «Portafolio» lists the holding with its totals (the
 * second admin, once conflicted, sees its reference alone; a reviewer is refused the page); the founder, on a
 * 390 px phone, reads their shares and what is paid. Axe stays clean.
 */
import { readFileSync } from 'node:fs'
import JSZip from 'jszip'
import { formatIsoDay } from '../domain/format.ts'
import { readPlanEntry, readPlanLine, balancesOf, addDays } from '../domain/media-plan.ts'
import { ocfProblems } from '../server/testing/ocf-validator.ts'
import { expectAxeClean } from './fixtures/checks.ts'
import { onServerStores, signOnServer } from './fixtures/deals.ts'
import { nthMail } from './fixtures/outbox-mail.ts'
import { SCREENSHOTS_ON, SHOTS_DIR } from './fixtures/screenshots.ts'
import { addMember, expect, newMemberContext, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'

// The rate card is the programme's, one for the whole database: a server of its own.
test.use({ ownServer: true })

const TODAY = formatIsoDay(Date.now())
const WINDOW_START = addDays(TODAY, -60)
/** A small PDF: what file-type recognizes by its first bytes. */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')])
const NBSP = '\u00a0'

test('a note signed, spots run, a round converts it, a second admin approves a mark, the founder reads their shares, the OCF package validates', async ({ browser, page, ws, origin, request }) => {
  const adminEmail = uniqueEmail('portafolio')
  const secondEmail = uniqueEmail('aprobadora')
  const founder = uniqueEmail('fundadora', 'startup.example')
  const app = await submitApplication(request, origin, { email: founder, tradeName: 'Nota Viva', companyName: 'Nota Viva S.A.S.' })
  await addMember(ws, adminEmail, 'admin', 'Directora Portafolio')
  await addMember(ws, secondEmail, 'admin', 'Segunda Aprobadora')
  await signOnServer(ws, app.id, adminEmail, {
    rateCard: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 }],
    windowStart: WINDOW_START,
    windowMonths: 6,
    followUpStart: WINDOW_START,
    instrument: 'nota_convertible',
    discountBp: 2500,
  })
  await signInWithLink(page, ws, adminEmail)
  await page.goto(`/equipo/postulaciones/${app.id}`)
  const holding = page.getByRole('region', { name: 'Participación del programa' })
  await expect(holding).toContainText('Todavía no hay emisión registrada')

  // The issuance, its form started from the deal: a note of $ 500.000.000 at 25 %; the cap and the company's shares typed.
  await holding.getByText('Registrar la emisión', { exact: true }).first().click()
  const issuance = holding.getByRole('form', { name: 'Registrar la emisión' })
  await expect(issuance.getByLabel('Instrumento')).toHaveValue('nota_convertible')
  await expect(issuance.getByLabel('Descuento en la conversión (%)')).toHaveValue('25')
  await issuance.getByLabel('Tope de valoración, pre-money (pesos; opcional)').fill('4.000.000.000')
  await issuance.getByLabel('Acciones en circulación de la compañía, después de la emisión').fill('1.000.000')
  await issuance.getByLabel('Acciones totalmente diluidas, después de la emisión').fill('1.100.000')
  // A term beyond the law's two years is refused beside its field.
  await issuance.getByLabel('Plazo para pagarla (meses)').fill('30')
  await issuance.getByRole('button', { name: 'Registrar la emisión' }).click()
  await expect(issuance.getByLabel('Plazo para pagarla (meses)')).toHaveAccessibleDescription(/no puede pasar de 24 meses \(Ley 1258 de 2008, art\. 9\)/)
  await issuance.getByLabel('Plazo para pagarla (meses)').fill('24')
  await issuance.getByRole('button', { name: 'Registrar la emisión' }).click()
  const payment = holding.getByRole('region', { name: 'Pagado con pauta' })
  await expect(payment).toContainText(`Suscrito$${NBSP}500.000.000`)
  await expect(payment).toContainText(`Pagado$${NBSP}0`)

  // Spots run, written to the ledger meanwhile: 5 of $ 12.000.000 at rate card pay $ 20.000.000 at the deal's value.
  await onServerStores(ws, async (stores) => {
    const admin = (await stores.team.listMembers()).find((m) => m.email === adminEmail)!
    const by = { memberId: admin.id, at: new Date() }
    const line = await stores.mediaPlan.addLine(
      app.id,
      (l) => readPlanLine({ outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: WINDOW_START, flightTo: addDays(TODAY, 30), notes: '' }, { deal: l.deal, rateCard: l.deal.rateCard, rateCardNumber: l.deal.rateCardVersionNumber, placed: balancesOf(l.deal, l.lines, l.entries).placed }),
      by,
    )
    if (line.status !== 'written') throw new Error(JSON.stringify(line))
    const ran = await stores.mediaPlan.appendEntry(app.id, (l) => readPlanEntry({ lineId: line.value.id, kind: 'ran', day: addDays(TODAY, -5), units: '5', proofUrl: 'https://canal.example.com/pauta/1' }, { deal: l.deal, lines: l.lines, entries: l.entries, today: TODAY }), by)
    if (ran.status !== 'written') throw new Error(JSON.stringify(ran))
  })
  await page.reload()
  await expect(payment).toContainText(`Pagado$${NBSP}20.000.000`)
  await expect(payment).toContainText(`Por pagar$${NBSP}480.000.000`)

  // A round modelled: $ 5.000 a share; the note converts at the cap, $ 3.636,3636 (lower than 5.000 × 0,75): 137.500 shares.
  await holding.getByText('Modelar una ronda', { exact: true }).first().click()
  const round = holding.getByRole('form', { name: 'Modelar una ronda' })
  await round.getByLabel('Nombre de la ronda').fill('Semilla')
  // Dated before the issuance: refused by the preview already.
  await round.getByLabel('Fecha').fill(addDays(TODAY, -1))
  await round.getByLabel('Valoración pre-money (pesos)').fill('5.500.000.000')
  await round.getByLabel('Monto de la ronda (pesos)').fill('1.000.000.000')
  await round.getByRole('button', { name: 'Ver el efecto' }).click()
  await expect(holding).toContainText('Ningún evento puede ser anterior a la emisión al programa.')
  await round.getByLabel('Fecha').fill(TODAY)
  await round.getByLabel('Valoración pre-money (pesos)').fill('5.500.000.000')
  await round.getByLabel('Monto de la ronda (pesos)').fill('1.000.000.000')
  await round.getByRole('button', { name: 'Ver el efecto' }).click()
  const effect = holding.getByRole('table', { name: 'Efecto de la ronda: antes y después' })
  await expect(effect).toContainText('137.500')
  await expect(effect).toContainText(`10,28${NBSP}%`)
  await expect(holding).toContainText(`$${NBSP}3.636,3636`)
  await expectAxeClean(page, 'the round modelled before it is recorded')
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 })
    await holding.screenshot({ path: `${SHOTS_DIR}/workspace-holding-round-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await holding.getByRole('button', { name: 'Confirmar la ronda' }).click()
  const register = holding.getByRole('table', { name: 'Eventos de la participación' })
  await expect(register).toContainText('Conversión: 137.500 acciones a $')
  await expect(holding).toContainText(`Participación emitida10,28${NBSP}%`)

  // A mark with its evidence: its proposer cannot approve it.
  await holding.getByText('Proponer una valoración', { exact: true }).first().click()
  const mark = holding.getByRole('form', { name: 'Proponer una valoración' })
  await mark.getByLabel('Método').selectOption('ronda_reciente')
  await mark.getByLabel('Fecha de la valoración').fill(TODAY)
  await mark.getByLabel('Precio por acción (pesos)').fill('5.000')
  await mark.getByLabel('Evidencia (PDF, hoja de cálculo o imagen)').setInputFiles({ name: 'acta-semilla.pdf', mimeType: 'application/pdf', buffer: PDF })
  await mark.getByRole('button', { name: 'Proponer la valoración' }).click()
  const marks = holding.getByRole('table', { name: 'Valoraciones propuestas y decididas' })
  await expect(marks).toContainText('Propuesta')
  await expect(marks.getByRole('button', { name: /Aprobar/ })).toHaveCount(0)

  // A second admin approves it: the fair value is the mark's, 137.500 × $ 5.000.
  const second = await newMemberContext(browser, origin)
  await signInWithLink(second.page, ws, secondEmail)
  await second.page.goto(`/equipo/postulaciones/${app.id}`)
  const theirs = second.page.getByRole('region', { name: 'Participación del programa' })
  await theirs.getByRole('button', { name: /^Aprobar la valoración/ }).click()
  await expect(theirs.getByRole('table', { name: 'Valoraciones propuestas y decididas' })).toContainText('Aprobada')
  await expect(theirs).toContainText(`Valor razonable$${NBSP}687.500.000`)
  await expect(theirs).toContainText('MOIC1,38x')
  await expectAxeClean(second.page, 'the holding with its approved mark')
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await second.page.setViewportSize({ width, height: 900 })
    await theirs.screenshot({ path: `${SHOTS_DIR}/workspace-holding-${width}.png` })
  }
  // The second admin then declares a conflict with the startup: «Portafolio» shows them its reference alone, out of the totals.
  await second.page.setViewportSize({ width: 1280, height: 900 })
  const conflict = second.page.getByRole('region', { name: 'Conflicto de interés' })
  await conflict.getByLabel('Tipo').selectOption('comercial')
  await conflict.getByRole('button', { name: 'Declarar conflicto' }).click()
  await second.page.getByRole('dialog', { name: '¿Declarar el conflicto de interés?' }).getByRole('button', { name: 'Declarar conflicto' }).click()
  await expect(second.page.getByRole('heading', { name: 'Conflicto de interés declarado' })).toBeVisible()
  await second.page.goto('/equipo/portafolio')
  await expect(second.page.getByRole('main')).toContainText('Conflicto de interés')
  await expect(second.page.getByRole('main')).not.toContainText('Nota Viva')
  await expect(second.page.getByRole('main')).not.toContainText('687.500.000')
  await second.context.close()
  // A reviewer: no «Portafolio» for them.
  const reviewerEmail = uniqueEmail('revisora')
  await addMember(ws, reviewerEmail, 'reviewer', 'Revisora Externa')
  const reviewer = await newMemberContext(browser, origin)
  await signInWithLink(reviewer.page, ws, reviewerEmail)
  await reviewer.page.goto('/equipo/portafolio')
  await expect(reviewer.page.getByRole('heading', { name: 'No tienes permiso' })).toBeVisible()
  await reviewer.context.close()

  // The OCF package, downloaded from the page: every file validates against the standard's schemas.
  await page.reload()
  const [download] = await Promise.all([page.waitForEvent('download'), holding.getByRole('link', { name: 'Exportar en OCF' }).click()])
  const zip = await JSZip.loadAsync(readFileSync((await download.path())!))
  const names = Object.keys(zip.files)
  expect(names).toEqual(expect.arrayContaining(['Manifest.ocf.json', 'Transactions.ocf.json', 'StockClasses.ocf.json', 'Stakeholders.ocf.json', 'Valuations.ocf.json']))
  for (const name of names) expect(ocfProblems(JSON.parse(await zip.file(name)!.async('string'))), name).toBeNull()
  const transactions = await zip.file('Transactions.ocf.json')!.async('string')
  expect(transactions).toContain('TX_CONVERTIBLE_CONVERSION')

  // «Portafolio»: the holding and the totals.
  await page.goto('/equipo/portafolio')
  await expect(page.getByRole('heading', { level: 1 })).toContainText('trimestre de')
  await expect(page.getByRole('row', { name: /Total del portafolio/ })).toContainText(`$${NBSP}687.500.000`)
  await expectAxeClean(page, '«Portafolio»')
  for (const width of SCREENSHOTS_ON ? [1280, 390] : []) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${SHOTS_DIR}/workspace-portfolio-${width}.png`, fullPage: true })
  }

  // The founder, on a phone, from the link in their e-mail: their shares, what is paid, what remains and until when.
  const mail = await nthMail(ws, 'applicant_confirmation', founder, 1)
  const link = /https?:\/\/[^\s"<>]+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0]
  expect(link, `a status page link in ${mail.file}`).toBeTruthy()
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'es-CO' })
  const founderPage = await phone.newPage()
  await founderPage.goto(new URL(link!).pathname)
  const mine = founderPage.getByRole('region', { name: 'Tu participación' })
  await expect(mine).toContainText(`El programa suscribió 137.500 acciones (Ordinarias) de tu compañía por $${NBSP}500.000.000`)
  // $ 20.000.000 of $ 500.000.000 paid: 5.500 of 137.500 shares.
  await expect(mine).toContainText(`Hasta hoy la pauta emitida pagó $${NBSP}20.000.000: 5.500 de 137.500 acciones están pagadas.`)
  await expect(mine).toContainText(`Faltan $${NBSP}480.000.000 (132.000 acciones)`)
  await expect(mine).not.toContainText('Valor razonable')
  await expectAxeClean(founderPage, 'the founder’s «Tu participación»')
  if (SCREENSHOTS_ON) await mine.screenshot({ path: `${SHOTS_DIR}/founder-holding-390.png` })
  await phone.close()
})
