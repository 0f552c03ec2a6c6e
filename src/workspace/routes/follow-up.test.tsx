// @vitest-environment jsdom
/**
 * «Seguimiento»: every signed startup with its last check-in and the trend of its sales, a
 * sparkline with the trend in words (domain/follow-up-chart.ts trend); a startup the admin has a
 * conflict with shows its reference only; reviewers are refused.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FollowUpPortfolio, PortfolioRow } from '../../../domain/workspace-api/follow-up.ts'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { FollowUpPage } from './follow-up.tsx'

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')
const months = (values: (number | null)[]) => values.map((value, i) => ({ period: `2027-${String(i + 1).padStart(2, '0')}`, value }))

const BASE: PortfolioRow = {
  applicationId: '11111111-1111-4111-8111-111111111111',
  reference: 'CAT-2027-SUBE01',
  companyName: 'Pauta Viva S.A.S.',
  tradeName: 'Pauta Viva',
  followUpStart: '2027-01-10',
  current: { number: 6, period: '2027-06', dueOn: '2027-07-10', closesOn: '2027-07-31', state: 'answered' },
  lastCheckIn: { month: 6, period: '2027-06', at: '2027-07-04T15:00:00.000Z' },
  answered: 6,
  missed: 0,
  milestones: [],
  closedAt: null,
  sales: months([100_000, 100_000, 100_000, 150_000, 150_000, 160_000]),
  conflicted: false,
  pace: { valueShare: 0.5, windowShare: 0.55, behindPoints: 5, lastMonth: false, behind: false, ran: 750_000_000, remaining: 750_000_000 },
}

const PORTFOLIO: FollowUpPortfolio = {
  today: '2027-07-05',
  late: 0,
  items: [
    BASE,
    {
      ...BASE,
      applicationId: '22222222-2222-4222-8222-222222222222',
      reference: 'CAT-2027-BAJA02',
      tradeName: 'Ruta Lenta',
      sales: months([500_000, 480_000, 510_000, 300_000, 250_000, 200_000]),
      pace: { valueShare: 0.1, windowShare: 0.62, behindPoints: 52, lastMonth: false, behind: true, ran: 150_000_000, remaining: 1_350_000_000 },
    },
    { ...BASE, applicationId: '33333333-3333-4333-8333-333333333333', reference: 'CAT-2027-NUEVA3', tradeName: 'Recién Firmada', current: null, lastCheckIn: null, answered: 0, sales: [] },
    {
      ...BASE,
      applicationId: '44444444-4444-4444-8444-444444444444',
      reference: 'CAT-2027-CONF04',
      companyName: '',
      tradeName: '',
      followUpStart: '',
      current: null,
      lastCheckIn: null,
      answered: 0,
      sales: [],
      conflicted: true,
      pace: null,
    },
  ],
}

function serve(role: 'admin' | 'reviewer') {
  fakeApi({ 'GET /session': sessionAnswer(role), 'GET /follow-up': () => ({ status: 200, body: PORTFOLIO }) })
}

const renderPage = () => renderWithQueries(<FollowUpPage />, { signedIn: true })

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!
const columnOf = (heading: string) => screen.getAllByRole('columnheader').findIndex((th) => th.textContent === heading)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Seguimiento»', () => {
  it("shows each startup's last check-in and its sales' sparkline with the trend in words", async () => {
    serve('admin')
    renderPage()
    await screen.findByRole('table', { name: /tendencia de las ventas/ })
    const sales = columnOf('Ventas del mes')
    expect(sales).toBeGreaterThan(0)
    const up = rowOf('Pauta Viva')
    // The sparkline loads with d3 (lazily); its name says the trend and the last months.
    const upLine = await within(up).findByRole('img', { name: (n) => plain(n).startsWith('Ventas del mes en USD: subiendo.') })
    expect(plain(upLine.getAttribute('aria-label'))).toContain('jun 2027: US$ 1.600')
    expect(up.children[sales]!.textContent).toContain('↗ Subiendo')
    expect(up.children[sales]!.contains(upLine)).toBe(true)
    expect(plain(up.textContent)).toContain('junio de 2027el 4 de julio de 2027') // the last check-in received, and when
    expect(await within(rowOf('Ruta Lenta')).findByText('↘ Bajando')).toBeTruthy()
    expect(rowOf('Recién Firmada').children[sales]!.textContent).toBe('Sin reportes todavía')
    // The media plan's pace beside each startup, behind in words and an icon (not colour alone).
    const pace = columnOf('Pauta en medios')
    expect(pace).toBeGreaterThan(0)
    expect(plain(up.children[pace]!.textContent)).toBe('50 % emitido · 55 % de la ventanaAl ritmo de la ventana')
    expect(plain(rowOf('Ruta Lenta').children[pace]!.textContent)).toBe('10 % emitido · 62 % de la ventana⚠Pauta atrasada')
    // A conflict: the reference only, across every other column.
    const conflicted = rowOf('CAT-2027-CONF04')
    expect(conflicted.children).toHaveLength(2)
    expect(Number(conflicted.children[1]!.getAttribute('colspan'))).toBe(screen.getAllByRole('columnheader').length - 1)
    expect(within(conflicted).queryByRole('img')).toBeNull()
  })

  it('names its two lateness measures apart, in the headline and in the badges: the month\'s report and the media pace (issue 32)', async () => {
    // Ruta Lenta: its report is late and its media behind; Pauta Viva: its report late, its media on pace.
    const late = { ...BASE.current!, state: 'late' as const }
    fakeApi({
      'GET /session': sessionAnswer('admin'),
      'GET /follow-up': () => ({
        status: 200,
        body: { ...PORTFOLIO, late: 2, items: [{ ...PORTFOLIO.items[0]!, current: late }, { ...PORTFOLIO.items[1]!, current: late }, ...PORTFOLIO.items.slice(2)] },
      }),
    })
    renderPage()
    await screen.findByRole('table', { name: /tendencia de las ventas/ })
    expect(plain(screen.getByRole('heading', { level: 1 }).parentElement!.textContent)).toContain(
      '4 startups firmadas; de las 3 que ves, 2 con el reporte del mes atrasado, 1 con la pauta atrasada. Con otra tienes un conflicto de interés: no ves sus cifras.',
    )
    const report = columnOf('Reporte del mes')
    const pace = columnOf('Pauta en medios')
    expect(plain(rowOf('Ruta Lenta').children[report]!.textContent)).toContain('⚠Reporte atrasado')
    expect(plain(rowOf('Ruta Lenta').children[pace]!.textContent)).toContain('⚠Pauta atrasada')
    expect(plain(rowOf('Pauta Viva').children[pace]!.textContent)).not.toContain('atrasad')
    // No bare «Atrasado» left: each says which lateness it is.
    expect(screen.queryAllByText(/^Atrasad[oa]/)).toEqual([])
  })

  it('says "ninguna" for each measure when nothing is late', async () => {
    serve('admin')
    renderPage()
    await screen.findByRole('table', { name: /tendencia de las ventas/ })
    // PORTFOLIO: no report late, Ruta Lenta's media behind.
    expect(plain(screen.getByRole('heading', { level: 1 }).parentElement!.textContent)).toContain(
      '4 startups firmadas; de las 3 que ves, ninguna con el reporte del mes atrasado, 1 con la pauta atrasada. Con otra tienes un conflicto de interés: no ves sus cifras.',
    )
  })

  it('never says "ninguna" of startups it does not measure: one signed startup, with a conflict, is said as such', async () => {
    fakeApi({ 'GET /session': sessionAnswer('admin'), 'GET /follow-up': () => ({ status: 200, body: { ...PORTFOLIO, items: [PORTFOLIO.items[3]!] } }) })
    renderPage()
    await screen.findByRole('table', { name: /tendencia de las ventas/ })
    const headline = plain(screen.getByRole('heading', { level: 1 }).parentElement!.textContent)
    expect(headline).toContain('1 startup firmada, con la que tienes un conflicto de interés: no ves sus cifras.')
    expect(headline).not.toContain('ninguna')
    expect(plain(rowOf('CAT-2027-CONF04').textContent)).toContain('Tienes un conflicto de interés con esta postulación')
  })

  it('is refused to a reviewer', async () => {
    serve('reviewer')
    renderPage()
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('No tienes permiso'))
    expect(screen.queryByRole('table')).toBeNull()
  })
})
