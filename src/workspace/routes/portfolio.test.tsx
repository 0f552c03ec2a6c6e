// @vitest-environment jsdom
/**
 * «Portafolio»: the quarter's report of the stakes: a row per holding with its figures formatted in
 * Spanish, the totals, the totals by outlet, year and stage, what to review, the deals without an
 * issuance, the .xlsx and printing; a conflicted startup shows its reference only; reviewers are refused.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PortfolioAnswer, PortfolioGroup, PortfolioRow, PortfolioTotals } from '../../../domain/workspace-api/holdings.ts'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { PortfolioPage } from './portfolio.tsx'

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')
const cells = (row: HTMLElement) => [...row.children].map((c) => plain(c.textContent))

const CAFE: PortfolioRow = {
  applicationId: '11111111-1111-4111-8111-111111111111',
  reference: 'CAT-2027-CAFE01',
  conflicted: false,
  tradeName: 'Café Andino',
  outlet: 'Radio',
  signedYear: 2027,
  companyStage: 'Ventas iniciales',
  media: { committedCop: 1_500_000_000, ranCop: 60_000_000, forfeitedCop: 0 },
  figures: {
    shares: 137_500,
    companyShares: 1_337_500,
    fullyDilutedShares: 1_437_500,
    ownershipIssued: String(137_500 / 1_337_500),
    ownershipFullyDiluted: String(137_500 / 1_437_500),
    costCop: 500_000_000,
    rateCardCop: 1_500_000_000,
    fairValueCop: 687_500_000,
    basis: { kind: 'mark', method: 'ronda_reciente', day: '2027-05-10', price: '5000' },
    proceedsCop: 0,
    moic: '1.38',
  },
  payment: { subscribedCop: 500_000_000, paidCop: 20_000_000, unpaidCop: 480_000_000, forfeitedCop: 0, subscribedShares: 137_500, paidShares: 5_500, unpaidShares: 132_000, deadline: '2029-01-15', status: 'paying', consequence: null },
  lastMark: { method: 'ronda_reciente', day: '2027-05-10', price: '5000' },
  staleSince: null,
  impairment: ['Caja para 4 meses (menos de 6)'],
}
const CONFLICTED: PortfolioRow = { ...CAFE, applicationId: '22222222-2222-4222-8222-222222222222', reference: 'CAT-2027-CONF02', conflicted: true, tradeName: '', outlet: '', signedYear: null, companyStage: '', media: null, figures: null, payment: null, lastMark: null, impairment: [] }
const TOTALS: PortfolioTotals = { holdings: 1, committedCop: 1_500_000_000, ranCop: 60_000_000, forfeitedCop: 0, costCop: 500_000_000, rateCardCop: 1_500_000_000, fairValueCop: 687_500_000, proceedsCop: 0, subscribedCop: 500_000_000, paidCop: 20_000_000, unpaidCop: 480_000_000, moic: '1.38' }
const group = (key: string, label: string): PortfolioGroup => ({ ...TOTALS, key, label })

const ANSWER: PortfolioAnswer = {
  today: '2027-06-01',
  quarter: '2.º trimestre de 2027',
  rows: [CAFE, CONFLICTED, { ...CAFE, applicationId: '33333333-3333-4333-8333-333333333333', reference: 'CAT-2026-VIEJA3', tradeName: 'Agro Llanos', staleSince: '2026-03-01', impairment: [] }],
  totals: TOTALS,
  byOutlet: [group('Radio', 'Radio')],
  byYear: [group('2027', '2027')],
  byStage: [group('Ventas iniciales', 'Ventas iniciales')],
  withoutIssuance: 2,
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Portafolio»', () => {
  it('the quarter, a row per holding in Spanish figures, the totals, the groups, what to review, the .xlsx and printing', async () => {
    fakeApi({ 'GET /session': sessionAnswer('admin'), 'GET /portfolio': () => ({ status: 200, body: ANSWER }) })
    renderWithQueries(<PortfolioPage />, { signedIn: true })
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Informe del portafolio — 2.º trimestre de 2027')
    expect(plain(document.body.textContent)).toContain('Al 1 de junio de 2027.')

    const table = screen.getByRole('table', { name: 'Participaciones del programa' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Referencia',
      'Startup',
      'Medio',
      'Año',
      'Etapa',
      'Pauta comprometida',
      'Pauta emitida',
      'Pauta perdida',
      'Costo (valor invertido)',
      'Valor razonable',
      'MOIC',
      'Participación emitida',
      'Pagado / suscrito',
      'Última valoración',
    ])
    const [, cafe, conflicted, , total] = within(table).getAllByRole('row')
    expect(cells(cafe!)).toEqual([
      'CAT-2027-CAFE01',
      'Café Andino',
      'Radio',
      '2027',
      'Ventas iniciales',
      '$ 1.500.000.000',
      '$ 60.000.000',
      '$ 0',
      '$ 500.000.000',
      '$ 687.500.000',
      '1,38x',
      '10,28 %',
      '$ 20.000.000 / $ 500.000.000',
      'Ronda reciente, 10 de mayo de 2027: $ 5.000',
    ])
    expect(within(cafe!).getByRole('link', { name: 'CAT-2027-CAFE01' }).getAttribute('href')).toBe('/postulaciones/11111111-1111-4111-8111-111111111111')
    // A conflicted startup: its reference, nothing else.
    expect(cells(conflicted!)).toEqual(['CAT-2027-CONF02', 'Conflicto de interés'])
    expect(within(conflicted!).queryByRole('link')).toBeNull()
    expect(cells(total!).slice(0, 7)).toEqual(['Total del portafolio', '$ 1.500.000.000', '$ 60.000.000', '$ 0', '$ 500.000.000', '$ 687.500.000', '1,38x'])

    for (const name of ['Totales por medio de origen', 'Totales por año de firma', 'Totales por etapa de la compañía']) {
      const t = screen.getByRole('table', { name })
      expect(cells(within(t).getAllByRole('row')[1]!)).toEqual([expect.any(String), '1', '$ 500.000.000', '$ 687.500.000', '1,38x'])
    }

    const review = screen.getByRole('region', { name: 'Para revisar' })
    const text = plain(review.textContent)
    expect(text).toContain('Revisar deterioro: Caja para 4 meses (menos de 6)')
    expect(text).toContain('Sin valoración desde el 1 de marzo de 2026: revisar')
    expect(text).not.toContain('CAT-2027-CONF02')
    expect(screen.getByText('2 acuerdos firmados sin emisión registrada')).toBeTruthy()

    expect(screen.getByRole('link', { name: 'Descargar el informe (.xlsx)' }).getAttribute('href')).toBe('/equipo/api/portfolio/report.xlsx')
    const print = vi.fn()
    vi.stubGlobal('print', print)
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }))
    expect(print).toHaveBeenCalledOnce()
  })

  it('refuses a reviewer without asking the server', async () => {
    const calls = fakeApi({ 'GET /session': sessionAnswer('reviewer'), 'GET /portfolio': () => ({ status: 200, body: ANSWER }) })
    renderWithQueries(<PortfolioPage />, { signedIn: true })
    expect(await screen.findByRole('heading', { name: 'No tienes permiso' })).toBeTruthy()
    expect(calls.map((c) => c.path)).toEqual(['/session'])
  })
})
