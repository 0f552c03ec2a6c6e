// @vitest-environment jsdom
/**
 * The application page's «Seguimiento» section draws a chart per metric from the follow-up answer (ADR
 * 0176): the founder's figures in each chart's table, the media weeks behind them, nothing for a month
 * without a figure.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { METRICS, METRIC_KEYS, followUpView, type CheckInRecord } from '../../../../domain/follow-up.ts'
import type { FollowUpAnswer } from '../../../../domain/workspace-api/follow-up.ts'
import { fakeApi, renderWithQueries } from '../../testing/fake-api.tsx'
import { FollowUpPanel } from './follow-up-panel.tsx'

const APP = '11111111-1111-4111-8111-111111111111'
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')

const MARCH: CheckInRecord = {
  month: 3,
  version: 1,
  submittedAt: new Date('2027-04-05T15:00:00.000Z'),
  salesUsdCents: 1_234_550,
  activeCustomers: 1_480,
  newCustomers: 85,
  siteVisits: null,
  leads: 340,
  teamSize: 6,
  runwayMonths: 5,
  wentWell: 'Cerramos dos clientes grandes.',
  wentBadly: '',
  needs: '',
}

function answerWith(checkIns: CheckInRecord[], mediaDays: FollowUpAnswer['mediaDays']): FollowUpAnswer {
  const view = followUpView({ followUpStart: '2027-01-15', checkIns, milestones: [], closing: null }, '2027-04-20')
  // Through JSON, as the browser reads it.
  return JSON.parse(JSON.stringify({ followUp: { applicationId: APP, reference: 'CAT-2027-AB12CD', ...view }, memberNames: {}, mediaDays })) as FollowUpAnswer
}

function serve(answer: FollowUpAnswer) {
  fakeApi({ [`GET /applications/${APP}/follow-up`]: () => ({ status: 200, body: answer }) })
}

const renderPanel = () => renderWithQueries(<FollowUpPanel applicationId={APP} />)

/** A chart's table as [month, figure, media] rows. */
const tableRows = (title: string) => {
  const table = screen.getByRole('table', { name: `${title}, mes a mes`, hidden: true })
  return within(table).getAllByRole('row', { hidden: true }).slice(1).map((tr) => [...tr.children].map((c) => plain(c.textContent)))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the charts of «Seguimiento» on the application page', () => {
  it("draws one chart per metric with the founder's figure of the month in its table, and the media weeks behind", async () => {
    serve(answerWith([MARCH], [{ from: '2027-03-08', to: '2027-03-21' }]))
    renderPanel()
    const charts = await screen.findAllByRole('img', { name: (name) => plain(name).includes(', de ene 2027 a dic 2027.') })
    expect(charts).toHaveLength(METRIC_KEYS.length)
    expect(charts.map((c) => c.closest('figure')?.querySelector('figcaption')?.textContent)).toEqual(METRIC_KEYS.map((k) => METRICS[k].label))
    const sales = tableRows('Ventas del mes en USD')
    expect(sales).toHaveLength(12)
    expect(sales[2]).toEqual(['mar 2027', 'US$ 12.345,50', 'Sí (14 días)'])
    expect(sales[1]).toEqual(['feb 2027', '—', 'No'])
    expect(tableRows('Clientes o usuarios activos')[2]).toEqual(['mar 2027', '1.480', 'Sí (14 días)'])
    // Not measured: a gap, never a zero.
    expect(tableRows('Visitas al sitio')[2]).toEqual(['mar 2027', '—', 'Sí (14 días)'])
    // The image says it too, and draws the weeks (two Monday-to-Sunday weeks: one band with its mark).
    const salesChart = screen.getByRole('img', { name: /^Ventas del mes en USD,/ })
    expect(plain(salesChart.getAttribute('aria-label'))).toContain('Una sola cifra: US$ 12.345,50 (mar 2027).')
    expect(plain(salesChart.getAttribute('aria-label'))).toContain('Pauta en medios en 1 mes: mar 2027.')
    expect(salesChart.querySelectorAll('rect[fill="#ffe3d6"]').length).toBeGreaterThan(1)
    expect(salesChart.querySelectorAll('circle')).toHaveLength(1)
  })

  it('draws no media weeks when none ran, and says when there is no figure yet', async () => {
    serve(answerWith([], []))
    renderPanel()
    const sales = await screen.findByRole('img', { name: /^Ventas del mes en USD,/ })
    expect(plain(sales.getAttribute('aria-label'))).toContain('Todavía no hay cifras. Sin pauta en medios en estos meses.')
    expect(sales.querySelectorAll('rect')).toHaveLength(0)
    expect(tableRows('Ventas del mes en USD').every((r) => r[1] === '—' && r[2] === 'No')).toBe(true)
  })
})
