/**
 * The media plan end to end in Chromium (issue 20; ADRs 0160-0162), on a
 * server of its own: a startup signed with a rate card version and an
 * exposure window that started 60 days ago; an admin builds the plan from
 * the rate card (a flight outside the window refused beside its field),
 * records a spot that ran with its proof link, a missed one with its reason
 * and its make-good, reads the balances and the pacing, and finds the deal,
 * behind its pace, on the overview's «Acuerdos atrasados». Axe stays clean.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { formatIsoDay } from '../domain/format.ts'
import { addDays } from '../domain/media-plan.ts'
import { engineOf } from '../server/db/engine-of.ts'
import { openReviewStore } from '../server/db/stores/review-store.ts'
import { openWorkspaceStores } from '../server/db/stores/open-workspace-stores.ts'
import { openStore } from '../server/open-store.ts'
import { readConfig } from '../server/shared/env.ts'
import type { RunningServer } from './fixtures/server.ts'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'

// The rate card is the programme's, one for the whole database: a server of its own.
test.use({ ownServer: true })

const TODAY = formatIsoDay(Date.now())
/** The exposure window started 60 days ago and lasts 6 months: a third of it is gone. */
const WINDOW_START = addDays(TODAY, -60)

async function clean(page: Page, what: string) {
  const violations = (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()).violations
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id), what).toEqual([])
}

/** A published rate card and the application signed with its deal, as the stores do (ADR 0159), on the server's database. */
async function signWithRateCard(server: RunningServer, applicationId: string, adminEmail: string) {
  const store = await openStore(readConfig({ ...process.env, DATA_DIR: server.dataDir }).database)
  try {
    const stores = openWorkspaceStores(store)
    const admin = (await stores.team.listMembers()).find((m) => m.email === adminEmail)!
    const card = await stores.deals.createRateCard({
      note: 'Precios 2027',
      items: [
        { outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 12_000_000 },
        { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: 800_000 },
      ],
      memberId: admin.id,
      at: new Date(),
    })
    await stores.deals.publishRateCard(card.id, { memberId: admin.id, at: new Date() })
    const reviews = openReviewStore(engineOf(store))
    const steps = [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel'], ['sesion_panel', 'due_diligence'], ['due_diligence', 'acuerdo_firmado']] as const
    for (const [from, to] of steps) {
      const deal =
        to === 'acuerdo_firmado'
          ? { equityBp: 450, instrument: 'acciones' as const, discountBp: null, valuationUsdCents: 150_000_000, mediaValueCop: 1_500_000_000, investmentValueCop: 500_000_000, windowStart: WINDOW_START, windowMonths: 6, followUpStart: WINDOW_START, rateCardVersionId: card.id }
          : undefined
      const moved = await reviews.transition(applicationId, { from, to, reason: null, memberId: admin.id, at: new Date(), ...(deal ? { deal } : {}) })
      expect(moved.status, `${from} → ${to}`).toBe('moved')
    }
  } finally {
    await store.close()
  }
}

test('an admin builds the plan from the rate card, records what ran with its proof and a miss with its make-good, and sees the deal behind pace on the overview', async ({ page, ws, origin, request }) => {
  test.setTimeout(180_000)
  const adminEmail = uniqueEmail('plan')
  const app = await submitApplication(request, origin, { tradeName: 'Pauta Viva', companyName: 'Pauta Viva S.A.S.' })
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
  const line = plan.getByRole('form', { name: 'Registrar en la línea 1' })
  await line.getByLabel('Qué pasó').selectOption('ran')
  await line.getByLabel('Día').fill(addDays(TODAY, -10))
  await line.getByLabel('Unidades').fill('2')
  await line.getByLabel('Enlace de la prueba de emisión').fill('https://canal.example/pauta/123')
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan.getByRole('link', { name: 'Prueba de emisión' })).toHaveAttribute('href', 'https://canal.example/pauta/123')

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
  await line.getByRole('button', { name: 'Guardar registro' }).click()
  await expect(plan).toContainText('Reposición el')

  // The balances: 3 of 10 spots aired at $ 12 M, the miss made good.
  await expect(plan).toContainText('Planeado$\u00a0120.000.000')
  await expect(plan).toContainText('Emitido$\u00a036.000.000')
  await expect(plan).toContainText('No emitido$\u00a00')
  await expect(plan).toContainText('Por ubicar$\u00a01.380.000.000')
  await expect(plan).toContainText(/Va al 2\u00a0% del valor con el 3\d\u00a0% de la ventana/)
  await expect(plan.getByRole('status')).toContainText('Acuerdo atrasado')
  await clean(page, 'application with its media plan')

  // The overview's «Acuerdos atrasados».
  await page.goto('/equipo')
  const behind = page.getByRole('region', { name: 'Acuerdos atrasados' })
  await expect(behind.getByRole('link', { name: 'Pauta Viva' })).toBeVisible()
  await expect(behind).toContainText('1 acuerdo va más de 15 puntos detrás de su ventana')
  await clean(page, 'overview with a deal behind its pace')
})
