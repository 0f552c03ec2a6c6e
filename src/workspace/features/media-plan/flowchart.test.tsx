// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FLOWCHART_HEADER_HEIGHT, FLOWCHART_MARKS, FLOWCHART_MARK_LABELS, FLOWCHART_ROW_HEIGHT, mediaPlanFlowchart, weekShort } from '../../../../domain/media-plan-flowchart.ts'
import { balancesOf, behindPace, lineTitle, pacingOf } from '../../../../domain/media-plan.ts'
import { SAMPLE_DEAL, SAMPLE_ENTRIES, SAMPLE_LINES, SAMPLE_TODAY, SAMPLE_WINDOW } from '../../../../domain/testing/media-plan-flowchart-sample.ts'
import type { MediaPlanAnswer, MediaPlanView } from '../../../../domain/workspace-api/media-plan.ts'
import { fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID } from '../../testing/fake-api.tsx'
import { PLACEHOLDER_LAYOUT } from './flowchart-lazy.tsx'
import { FLOWCHART_REGION_LABEL, PlanFlowchart, SCROLL_CUE } from './flowchart.tsx'
import { MediaPlanPanel } from './media-plan-panel.tsx'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const APP = '11111111-1111-4111-8111-111111111111'
const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')

function view(): MediaPlanView {
  const balances = balancesOf(SAMPLE_DEAL, SAMPLE_LINES, SAMPLE_ENTRIES)
  return {
    applicationId: APP,
    mediaValueCop: SAMPLE_DEAL.mediaValueCop,
    windowStart: SAMPLE_WINDOW.start,
    windowEnd: SAMPLE_WINDOW.end,
    rateCardVersionId: 'v1',
    rateCardVersionNumber: 1,
    rateCard: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: 18_000_000 }],
    lines: SAMPLE_LINES.map((l) => ({ ...l, applicationId: APP, createdBy: TEST_ADMIN_ID, createdAt: '2026-12-01T15:00:00.000Z' })),
    entries: SAMPLE_ENTRIES.map((e) => ({ ...e, proofFileName: null, applicationId: APP, recordedBy: TEST_ADMIN_ID, recordedAt: '2027-02-01T15:00:00.000Z' })),
    balances,
    pacing: pacingOf(balances, SAMPLE_TODAY),
    behind: behindPace(balances, SAMPLE_TODAY),
    today: SAMPLE_TODAY,
  }
}

/** The weeks the chart marks with `kind` in a line's row, by their short names ("14 dic 2026"). */
const chartWeeks = (svg: Element, lineId: string, kind: string) =>
  [...svg.querySelectorAll(`g[data-line="${lineId}"][data-week]`)].filter((g) => g.querySelector(`[data-kind="${kind}"]`)).map((g) => plain(weekShort(g.getAttribute('data-week')!)))
/** The weeks the table lists in a cell: "14 dic 2026 (2); 11 ene 2027 (1, repuesto)" → ["14 dic 2026", "11 ene 2027"]. */
const tableWeeks = (cell: Element) => (plain(cell.textContent) === '—' ? [] : plain(cell.textContent).split('; ').map((item) => item.replace(/ \(.*\)$/, '')))

describe('«Semana a semana»: the plan as a flowchart', () => {
  it('draws a row per line and, in the table beside it, the same weeks for every mark: the two agree', () => {
    render(<PlanFlowchart plan={view()} width={700} />)
    const svg = screen.getByRole('img', { name: /^Plan de medios semana a semana: 6 líneas \(1 retirada\)/ })
    const table = screen.getByRole('table', { name: /^El plan semana a semana/, hidden: true })
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1)
    // One row per line, in the same order as the chart's.
    expect(rows.map((r) => r.getAttribute('data-line'))).toEqual(SAMPLE_LINES.map((l) => l.id))
    expect([...svg.querySelectorAll('[data-flight], [data-withdrawn]')].map((f) => f.getAttribute('data-line'))).toEqual(SAMPLE_LINES.map((l) => l.id))
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['Línea', 'Vuelo', ...FLOWCHART_MARKS.map((k) => FLOWCHART_MARK_LABELS[k]), 'Otros registros'])
    let marks = 0
    for (const row of rows) {
      const lineId = row.getAttribute('data-line')!
      for (const kind of FLOWCHART_MARKS) {
        const inChart = chartWeeks(svg, lineId, kind)
        expect(tableWeeks(row.querySelector(`td[data-kind="${kind}"]`)!), `${lineId} ${kind}`).toEqual(inChart)
        marks += inChart.length
      }
    }
    // Not a blind comparison: every kind is drawn somewhere, and as many marks as the geometry placed.
    for (const kind of FLOWCHART_MARKS) expect(svg.querySelectorAll(`[data-kind="${kind}"]`).length, kind).toBeGreaterThan(0)
    const chart = mediaPlanFlowchart({ window: SAMPLE_WINDOW, lines: SAMPLE_LINES, entries: SAMPLE_ENTRIES, today: SAMPLE_TODAY, width: 700 })
    expect(marks).toBe(chart.rows.reduce((sum, r) => sum + r.cells.reduce((s, c) => s + c.marks.length, 0), 0))
    // The TV line, as a planner reads it.
    const tv = rows[0]!
    expect(plain(tv.querySelector('th')!.textContent)).toBe('Línea 1 · TV nacional, Spot 30" por franja')
    expect(plain(tv.querySelector('td[data-kind="missed"]')!.textContent)).toBe('11 ene 2027 (1, repuesto)')
    expect(plain(rows[1]!.querySelector('td[data-kind="missed"]')!.textContent)).toBe('18 ene 2027 (4, falta reponer 2)')
  })

  it('never draws a voided entry; shows a withdrawn line hatched and named, with nothing in it', () => {
    const { container } = render(<PlanFlowchart plan={view()} width={700} />)
    const svg = container.querySelector('svg[role="img"]')!
    // Radio's 9 wrongly recorded on 26 January were voided: its week holds the 5 that ran.
    const week = svg.querySelector('g[data-line="radio"][data-week="2027-01-25"]')!
    expect(plain(week.querySelector('title')!.textContent)).toBe('Semana del 25 ene 2027 · Emitido: 5')
    const withdrawn = svg.querySelector('[data-withdrawn][data-line="diario"]')!
    expect(withdrawn.querySelector('rect')!.getAttribute('fill')).toMatch(/^url\(#hatch-/)
    expect(withdrawn.querySelector('text')!.textContent).toBe('Retirada')
    expect(svg.querySelectorAll('g[data-line="diario"][data-week]')).toHaveLength(0)
    const row = screen.getByRole('table', { hidden: true }).querySelector('tr[data-line="diario"]')!
    expect(plain(row.querySelector('td')!.textContent)).toBe('Retirada el 25 de enero de 2027')
  })

  it('draws today where the geometry puts it, says the week in words, and names every shape in the legend', () => {
    const { container } = render(<PlanFlowchart plan={view()} width={700} />)
    const chart = mediaPlanFlowchart({ window: SAMPLE_WINDOW, lines: SAMPLE_LINES, entries: SAMPLE_ENTRIES, today: SAMPLE_TODAY, width: 700 })
    const today = container.querySelector('g[data-today="2027-02-17"]')!
    expect(Number(today.querySelector('line')!.getAttribute('x1'))).toBe(chart.today!.x)
    expect(today.textContent).toBe('Hoy')
    expect(screen.getByText('Hoy: semana del 15 de febrero de 2027.')).toBeTruthy()
    const legend = screen.getByRole('list', { name: 'Convenciones' })
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Semanas del vuelo (lo planeado)', 'Reservado', 'Emitido', 'No emitido', 'Reposición', 'Hoy', 'Línea retirada',
    ])
  })

  it('scrolls the weeks sideways when they do not fit, says so, and keeps the lines\' names beside them', () => {
    render(<PlanFlowchart plan={view()} width={200} />)
    const region = screen.getByRole('region', { name: FLOWCHART_REGION_LABEL })
    expect(region.className).toContain('overflow-x-auto')
    expect(region.getAttribute('tabindex')).toBe('0')
    expect(plain(region.getAttribute('aria-describedby') && document.getElementById(region.getAttribute('aria-describedby')!)!.textContent)).toBe(`↔ ${SCROLL_CUE}`)
    // The names sit outside the scrolling part, one per row: cut short on a phone, whole on hover there and
    // on each line's flight in the picture (the table under it has them whole too).
    const names = region.parentElement!.firstElementChild!
    expect(names.textContent).toContain('Línea 6')
    const full = SAMPLE_LINES.map((l) => lineTitle(l))
    expect([...names.querySelectorAll('[title]')].map((n) => n.getAttribute('title'))).toEqual(full)
    const svg = within(region).getByRole('img')
    expect([...svg.querySelectorAll(':is([data-flight], [data-withdrawn]) > title')].map((t) => t.textContent)).toEqual(full)
    cleanup()
    render(<PlanFlowchart plan={view()} width={2000} />)
    expect(screen.queryByText(SCROLL_CUE)).toBeNull()
  })

  it('waits in a box of its own layout: the placeholder\'s numbers are the geometry\'s', () => {
    expect(PLACEHOLDER_LAYOUT.header).toBe(FLOWCHART_HEADER_HEIGHT)
    expect(PLACEHOLDER_LAYOUT.row).toBe(FLOWCHART_ROW_HEIGHT)
  })

  it('is drawn in «Plan de medios», loaded lazily, under the lines\' table', async () => {
    const answer: MediaPlanAnswer = { plan: view(), memberNames: { [TEST_ADMIN_ID]: 'Admin Uno' } }
    fakeApi({ 'GET /session': sessionAnswer('admin'), [`GET /applications/${APP}/media-plan`]: () => ({ status: 200, body: answer }) })
    renderWithQueries(<MediaPlanPanel applicationId={APP} />, { signedIn: true })
    const img = await screen.findByRole('img', { name: /^Plan de medios semana a semana/ })
    const panel = screen.getByRole('region', { name: 'Plan de medios' })
    expect(panel.contains(img)).toBe(true)
    const lines = within(panel).getByRole('table', { name: 'Líneas del plan de medios' })
    expect(lines.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(panel).getByRole('heading', { name: 'Semana a semana' })).toBeTruthy()
  })
})
