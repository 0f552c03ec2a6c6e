// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { followUpChart, sparkline } from '../../../../domain/follow-up-chart.ts'
import { SAMPLE_CHARTS, sampleMonths } from '../../../../domain/testing/follow-up-chart-samples.ts'
import { FollowUpChart, FollowUpCharts, FollowUpSparkline } from './lazy.tsx'
import { DEFAULT_CHART_HEIGHT, MetricChart, MetricCharts, MetricSparkline } from './metric-chart.tsx'

afterEach(cleanup)

const plain = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ')
const sales = SAMPLE_CHARTS[0]!

describe("the workspace's follow-up chart", () => {
  it('is an image named by its summary, drawing the geometry\'s points and line', () => {
    render(<MetricChart {...sales} width={600} />)
    const chart = followUpChart({ ...sales, width: 600, height: DEFAULT_CHART_HEIGHT })
    const svg = screen.getByRole('img', { name: chart.summary })
    expect(svg.getAttribute('viewBox')).toBe(`0 0 600 ${DEFAULT_CHART_HEIGHT}`)
    expect(svg.querySelector('title')?.textContent).toBe(chart.summary)
    expect([...svg.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])).toEqual(
      chart.points.filter((p) => p.y !== null).map((p) => [p.x, p.y]),
    )
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(chart.path)
    // At 600 px every month has its label.
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(expect.arrayContaining(['ene', 'feb', 'mar', 'dic', '2027']))
    expect(screen.getByText('Ventas del mes en USD', { selector: 'figcaption' })).toBeTruthy()
  })

  it('has the same figures in a table under it', () => {
    render(<MetricChart {...sales} width={340} />)
    expect(screen.getByText('Ver las cifras', { selector: 'summary' })).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Ventas del mes en USD, mes a mes', hidden: true })
    const rows = within(table).getAllByRole('row', { hidden: true }).slice(1).map((tr) => [...tr.children].map((c) => plain(c.textContent)))
    expect(rows).toHaveLength(12)
    expect(rows[1]).toEqual(['feb 2027', 'US$ 1.500', 'Sí (18 días)'])
    expect(rows[8]).toEqual(['sept 2027', '—', 'No'])
  })

  it('draws at the width it is given, and at a phone\'s before it can measure (no ResizeObserver here)', () => {
    const { container } = render(<MetricChart {...sales} />)
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('340')
  })

  it('loads lazily and then draws every metric', async () => {
    render(<FollowUpCharts charts={SAMPLE_CHARTS.map((c) => ({ ...c, width: 340 }))} />)
    expect(await screen.findAllByRole('img')).toHaveLength(SAMPLE_CHARTS.length)
    cleanup()
    render(<FollowUpChart {...sales} width={340} />)
    expect(await screen.findByRole('img', { name: /^Ventas del mes en USD, de ene/ })).toBeTruthy()
  })

  it('draws several metrics\' months at the same places with the same labels (issue 32)', () => {
    const { container } = render(<MetricCharts charts={SAMPLE_CHARTS.map((c) => ({ ...c, width: 340 }))} />)
    const axes = [...container.querySelectorAll('svg')].map((svg) =>
      [...svg.querySelectorAll('text[text-anchor="middle"]')].filter((t) => t.textContent !== 'Todavía no hay cifras').map((t) => `${t.textContent}@${t.getAttribute('x')}`),
    )
    expect(axes).toHaveLength(SAMPLE_CHARTS.length)
    expect(axes[0]!.length).toBeGreaterThan(0)
    for (const axis of axes.slice(1)) expect(axis).toEqual(axes[0])
  })
})

describe("the portfolio's sparkline", () => {
  const points = sampleMonths([100_000, 100_000, 100_000, 150_000, 150_000, 160_000])

  it('says the trend beside the line and the last months to a screen reader', () => {
    render(<MetricSparkline title="Ventas del mes en USD" unit="usd_cents" points={points} />)
    const s = sparkline({ title: 'Ventas del mes en USD', unit: 'usd_cents', points })
    const svg = screen.getByRole('img', { name: s.text })
    expect(plain(s.text)).toContain('subiendo')
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(s.path)
    expect(svg.getAttribute('width')).toBe('96')
    expect(screen.getByText('↗ Subiendo').getAttribute('aria-hidden')).toBe('true')
  })

  it('draws a lone month as a dot, and says when there is too little to tell', async () => {
    const { container } = render(<FollowUpSparkline title="Leads" unit="count" points={sampleMonths([40, null, 55])} />)
    expect(await screen.findByText('Sin datos suficientes')).toBeTruthy()
    expect(container.querySelectorAll('circle')).toHaveLength(2) // the lone January and the last, March
  })
})
