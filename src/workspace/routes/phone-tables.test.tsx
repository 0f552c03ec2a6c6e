// @vitest-environment jsdom
/**
 * Tables at 390 px (the sources' funnel, the plan's values and the
 * follow-up hid the columns that matter, with nothing to say so). The sources'
 * funnel stacks on a phone, a card per row with every figure named; the plan's
 * lines, «Seguimiento» and a startup's months scroll sideways in a labelled
 * region that says «Desliza para ver más →» while columns are hidden. jsdom
 * lays nothing out: the scroll boxes are given a phone's width by hand.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatIsoDay } from '../../../domain/format.ts'
import { followUpView } from '../../../domain/follow-up.ts'
import { balancesOf, behindPace, pacingOf, type PlanLine } from '../../../domain/media-plan.ts'
import type { FollowUpAnswer, FollowUpPortfolio } from '../../../domain/workspace-api/follow-up.ts'
import type { MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import type { PortfolioAnswer } from '../../../domain/workspace-api/holdings.ts'
import type { SourceList, SourceOverviewAnswer } from '../../../domain/workspace-api/sources.ts'
import { SCROLL_HINT } from '../components/scroll-area.tsx'
import { MediaPlanPanel } from '../features/media-plan/media-plan-panel.tsx'
import { FollowUpPanel } from '../features/follow-up/follow-up-panel.tsx'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { stubScrollWidths } from '../testing/scroll-widths.ts'
import { FollowUpPage } from './follow-up.tsx'
import { PortfolioPage } from './portfolio.tsx'
import { SourcesPage } from './sources.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')

let restore: () => void
// Every table here is wider than the phone (as their min-widths make them at 390 px).
beforeAll(() => (restore = stubScrollWidths(900)))
afterAll(() => restore())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The hint under a region, when there is one. */
const hintOf = (region: HTMLElement) => region.parentElement!.parentElement!.querySelector('[data-scroll-hint]')?.textContent ?? null

describe('tables on a 390 px phone', () => {
  it("the sources' funnel: a card per source with each figure named, the table kept for wider screens", async () => {
    const LIST: SourceList = {
      sources: [{ id: APP, slug: 'radio-cali', name: 'Radio Cali', outlet: 'radio', createdBy: null, createdAt: '2026-11-01T15:00:00.000Z', updatedAt: '2026-11-01T15:00:00.000Z', inUse: true }],
      siteOrigin: 'https://catalitico.example',
      reserved: [],
    }
    const OVERVIEW: SourceOverviewAnswer = {
      from: '2026-11-01',
      to: '2026-11-30',
      bySource: [
        { sourceId: APP, visits: 120, applications: 5, panel: 2, dueDiligence: 1, signed: 1 },
        { sourceId: null, visits: 0, applications: 3, panel: 0, dueDiligence: 0, signed: 0 },
      ],
      byHeardFrom: [{ heardFrom: 'radio', applications: 4, panel: 2, dueDiligence: 1, signed: 1 }],
    }
    // The page asks for the last 30 Bogotá days.
    const to = formatIsoDay(new Date())
    const from = formatIsoDay(new Date(Date.now() - 29 * 86_400_000))
    fakeApi({
      'GET /session': sessionAnswer('reviewer'),
      'GET /sources': () => ({ status: 200, body: LIST }),
      [`GET /sources/overview?from=${from}&to=${to}`]: () => ({ status: 200, body: OVERVIEW }),
    })
    renderWithQueries(<SourcesPage />, { signedIn: true })
    const cards = await screen.findByRole('list', { name: 'Visitas y postulaciones por fuente en el periodo' })
    const radio = within(cards).getAllByRole('listitem')[0]!
    const figures = Object.fromEntries(
      within(radio)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, plain(dt.nextElementSibling!.textContent)]),
    )
    expect(figures).toEqual({
      Visitas: '120',
      Postulaciones: '5 postulaciones de Radio Cali',
      'Llegaron al panel': '2 (40 %)',
      'Due diligence': '1 (20 %)',
      'Acuerdo firmado': '1 (20 %)',
    })
    expect(within(radio).getByRole('link', { name: /^5\s*postulaciones de Radio Cali$/ }).getAttribute('href')).toBe(`/postulaciones?source=${APP}`)
    expect(await screen.findByRole('list', { name: /según su respuesta/ })).toBeTruthy()
    // The table is still there for wider screens (hidden below 640 px by its class).
    expect(screen.getByRole('table', { name: 'Visitas y postulaciones por fuente en el periodo' }).closest('.sm\\:block')).not.toBeNull()
  })

  it("the plan's lines scroll sideways in a labelled region that says so", async () => {
    const line: PlanLine = { id: 'l1', number: 1, outlet: 'tv_nacional', format: 'Spot 30" por franja', units: 5, unitPriceCop: 10_000_000, flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: '' }
    const deal = { mediaValueCop: 100_000_000, windowStart: '2027-01-15', windowMonths: 9 }
    const balances = balancesOf(deal, [line], [])
    const answer = {
      plan: {
        applicationId: APP,
        mediaValueCop: deal.mediaValueCop,
        windowStart: deal.windowStart,
        windowEnd: '2027-10-14',
        rateCardVersionId: 'v1',
        rateCardVersionNumber: 3,
        rateCard: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 10_000_000 }],
        lines: [{ ...line, applicationId: APP, createdBy: null, createdAt: '2027-02-01T15:00:00.000Z' }],
        entries: [],
        balances,
        pacing: pacingOf(balances, '2027-03-01'),
        behind: behindPace(balances, '2027-03-01'),
        today: '2027-03-01',
      },
      memberNames: {},
    } as unknown as MediaPlanAnswer
    fakeApi({ 'GET /session': sessionAnswer('admin'), [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: answer }) })
    renderWithQueries(<MediaPlanPanel applicationId={APP} />, { signedIn: true })
    const region = await screen.findByRole('region', { name: 'Líneas del plan, desplazable' })
    expect(region.tabIndex).toBe(0)
    expect(within(region).getByRole('table', { name: 'Líneas del plan de medios' })).toBeTruthy()
    // Apart from the panel's own name: a locator of «Plan de medios» finds the panel alone.
    expect(screen.getAllByRole('region').filter((r) => /plan de medios/i.test(r.getAttribute('aria-label') ?? ''))).toHaveLength(1)
    await waitFor(() => expect(hintOf(region)).toBe(SCROLL_HINT))
  })

  it('«Seguimiento» and a startup\'s months scroll sideways in labelled regions that say so', async () => {
    const view = followUpView({ followUpStart: '2027-01-15', checkIns: [], milestones: [], closing: null }, '2027-04-20')
    const followUp = JSON.parse(JSON.stringify({ followUp: { applicationId: APP, reference: 'CAT-2027-AB12CD', ...view }, memberNames: {}, mediaDays: [] })) as FollowUpAnswer
    const portfolio: FollowUpPortfolio = {
      today: '2027-04-20',
      late: 0,
      items: [
        {
          applicationId: APP,
          reference: 'CAT-2027-AB12CD',
          companyName: 'Pauta Viva S.A.S.',
          tradeName: 'Pauta Viva',
          followUpStart: '2027-01-15',
          current: null,
          lastCheckIn: null,
          answered: 0,
          missed: 0,
          milestones: [],
          closedAt: null,
          sales: [],
          conflicted: false,
          pace: null,
        },
      ],
    }
    fakeApi({
      'GET /session': sessionAnswer('admin'),
      'GET /follow-up': () => ({ status: 200, body: portfolio }),
      [`GET /applications/${APP}/follow-up`]: () => ({ status: 200, body: followUp }),
    })
    renderWithQueries(<FollowUpPage />, { signedIn: true })
    const list = await screen.findByRole('region', { name: /^Startups en seguimiento/ })
    expect(list.tabIndex).toBe(0)
    await waitFor(() => expect(hintOf(list)).toBe(SCROLL_HINT))
    cleanup()
    renderWithQueries(<FollowUpPanel applicationId={APP} />, { signedIn: true })
    const months = await screen.findByRole('region', { name: 'Cifras mes a mes' })
    expect(months.tabIndex).toBe(0)
    await waitFor(() => expect(hintOf(months)).toBe(SCROLL_HINT))
  })
  it('«Portafolio»: the holdings and each group of totals scroll sideways in labelled regions that say so', async () => {
    const totals = { holdings: 1, committedCop: 1_500_000_000, ranCop: 0, forfeitedCop: 0, costCop: 500_000_000, rateCardCop: 1_500_000_000, fairValueCop: 500_000_000, proceedsCop: 0, subscribedCop: 500_000_000, paidCop: 0, unpaidCop: 500_000_000, moic: '1.00' }
    const answer: PortfolioAnswer = {
      today: '2027-04-20',
      quarter: '2.º trimestre de 2027',
      rows: [{ applicationId: APP, reference: 'CAT-2027-AB12CD', conflicted: false, tradeName: 'Pauta Viva', outlet: 'Radio', signedYear: 2027, companyStage: 'Idea', media: null, figures: null, payment: null, lastMark: null, staleSince: null, impairment: [] }],
      totals,
      byOutlet: [{ ...totals, key: 'Radio', label: 'Radio' }],
      byYear: [],
      byStage: [],
      withoutIssuance: 1,
    }
    fakeApi({ 'GET /session': sessionAnswer('admin'), 'GET /portfolio': () => ({ status: 200, body: answer }) })
    renderWithQueries(<PortfolioPage />, { signedIn: true })
    const holdings = await screen.findByRole('region', { name: 'Participaciones del programa' })
    expect(holdings.tabIndex).toBe(0)
    await waitFor(() => expect(hintOf(holdings)).toBe(SCROLL_HINT))
    const outlets = screen.getByRole('region', { name: 'Por medio de origen, desplazable' })
    await waitFor(() => expect(hintOf(outlets)).toBe(SCROLL_HINT))
  })
})
