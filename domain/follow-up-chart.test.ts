import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  CHART_COLORS,
  NO_TREND_LABEL,
  TREND_LABELS,
  alignedCharts,
  followUpChart,
  formatMetricValue,
  mediaWeeks,
  monthsFrom,
  sharedPlotLeft,
  sparkline,
  trend,
  type DayInterval,
  type FollowUpChartInput,
  type MonthValue,
} from './follow-up-chart.ts'

const plain = (s: string) => s.replace(/\u00a0/g, ' ')
const DAY = 86_400_000
const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / DAY
/** Coordinates are rounded to a tenth of a pixel (a band's end adds two roundings). */
const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.1 + 1e-9)

/** The follow-up of a deal signed in January 2027: twelve months, these figures. */
function months(values: readonly (number | null)[], first = '2027-01'): MonthValue[] {
  return monthsFrom(first, values.length).map((period, i) => ({ period, value: values[i]! }))
}

const SALES = [120_000, 150_000, null, 210_050, 260_000, 250_000, 400_000, null, null, 520_000, 480_000, 610_000]
const input = (over: Partial<FollowUpChartInput> = {}): FollowUpChartInput => ({
  title: 'Ventas del mes en USD',
  unit: 'usd_cents',
  points: months(SALES),
  mediaDays: [],
  width: 340,
  height: 200,
  ...over,
})

describe('the chart of one metric: scales', () => {
  it('puts each month at the middle of its days, across the plot, and each figure at its height from zero', () => {
    const chart = followUpChart(input())
    const { left, right, top, bottom } = chart.plot
    // The x scale runs over the days of the twelve months (2027 has 365): a month's point is at its middle.
    const at = (d: number) => left + ((d - day('2027-01-01')) / 365) * (right - left)
    near(chart.points[0]!.x, at(day('2027-01-01') + 31 / 2))
    near(chart.points[1]!.x, at(day('2027-02-01') + 28 / 2))
    near(chart.points[11]!.x, at(day('2027-12-01') + 31 / 2))
    expect(left).toBeGreaterThan(0)
    expect(right).toBeLessThan(340)
    // y: 0 at the bottom, the top tick at the top; sales drawn in dollars (cents ÷ 100).
    const topTick = chart.yTicks[chart.yTicks.length - 1]!
    expect(chart.yTicks[0]).toMatchObject({ value: 0, y: bottom })
    expect(topTick.y).toBe(top)
    expect(topTick.value).toBeGreaterThanOrEqual(6100)
    const y = (dollars: number) => bottom - (dollars / topTick.value) * (bottom - top)
    near(chart.points[0]!.y!, y(1200))
    near(chart.points[3]!.y!, y(2100.5))
    near(chart.points[11]!.y!, y(6100))
  })

  it('starts counts at zero, with whole ticks only, even for a team of three', () => {
    const chart = followUpChart(input({ title: 'Personas en el equipo', unit: 'count', points: months([2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]) }))
    expect(chart.yTicks[0]!.value).toBe(0)
    expect(chart.yTicks[0]!.y).toBe(chart.plot.bottom)
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 1, 2, 3])
    expect(chart.yTicks.every((t) => Number.isInteger(t.value))).toBe(true)
  })

  it('draws the line lower for a smaller figure and higher for a larger one', () => {
    const chart = followUpChart(input({ unit: 'count', points: months([10, 50, 30]) }))
    const [a, b, c] = chart.points.map((p) => p.y!)
    expect(b!).toBeLessThan(c!)
    expect(c!).toBeLessThan(a!)
  })
})

describe('the chart of one metric: months without a figure', () => {
  it('leaves a gap in the line, never a zero, and no point', () => {
    const chart = followUpChart(input())
    expect(chart.points[2]).toMatchObject({ period: '2027-03', y: null, value: null, text: '—' })
    expect(chart.points[7]!.y).toBeNull()
    // Three runs of figures (jan–feb, apr–jul, oct–dec): three "move to"s, and no point drawn at zero height.
    expect(chart.path.match(/M/g)).toHaveLength(3)
    expect(chart.path).not.toContain(`,${chart.plot.bottom}`)
    const moves = chart.path.split('M').filter(Boolean).map((run) => run.split('L').length)
    expect(moves).toEqual([2, 4, 3])
  })

  it('draws no line at all before the first figure, and says so', () => {
    const chart = followUpChart(input({ points: months(Array(12).fill(null)) }))
    expect(chart.path).toBe('')
    expect(chart.points.every((p) => p.y === null)).toBe(true)
    expect(chart.yTicks.map((t) => t.value)).toEqual([0])
    expect(chart.note).toMatchObject({ text: 'Todavía no hay cifras', y: (chart.plot.top + chart.plot.bottom) / 2 })
    expect(chart.summary).toContain('Todavía no hay cifras.')
    expect(followUpChart(input()).note).toBeNull()
  })
})

describe('the chart of one metric: the weeks media ran', () => {
  const x = (chart: ReturnType<typeof followUpChart>, d: string) =>
    chart.plot.left + ((day(d) - day('2027-01-01')) / 365) * (chart.plot.right - chart.plot.left)

  it('draws a day that ran as its whole week, Monday to Sunday, at that week\'s place', () => {
    // Wednesday 3 February 2027: the week of Monday 1 to Sunday 7.
    const chart = followUpChart(input({ mediaDays: [{ from: '2027-02-03', to: '2027-02-03' }] }))
    expect(chart.bands).toHaveLength(1)
    const band = chart.bands[0]!
    expect(band).toMatchObject({ from: '2027-02-01', to: '2027-02-07' })
    near(band.x, x(chart, '2027-02-01'))
    near(band.x + band.width, x(chart, '2027-02-08'))
    // It lies inside February's stretch of the axis, left of February's point (the 15th).
    expect(band.x).toBeGreaterThan(chart.points[0]!.x)
    expect(band.x + band.width).toBeLessThan(chart.points[1]!.x)
  })

  it('joins the weeks of a flight and of days in touching weeks into one band, keeps apart weeks apart', () => {
    const media: DayInterval[] = [
      { from: '2027-03-02', to: '2027-03-12' }, // weeks of 1 and 8 March
      { from: '2027-03-17', to: '2027-03-17' }, // week of 15 March: touches, joins
      { from: '2027-04-01', to: '2027-04-01' }, // week of 29 March: apart
    ]
    const chart = followUpChart(input({ mediaDays: media }))
    expect(chart.bands.map((b) => [b.from, b.to])).toEqual([
      ['2027-03-01', '2027-03-21'],
      ['2027-03-29', '2027-04-04'],
    ])
  })

  it('cuts the weeks at the chart\'s first and last day, and leaves out media outside its months', () => {
    // 1 January 2027 is a Friday: its week starts on Monday 28 December 2026, before the chart.
    const weeks = mediaWeeks(
      [
        { from: '2027-01-01', to: '2027-01-01' },
        { from: '2027-12-30', to: '2028-01-05' },
        { from: '2026-06-01', to: '2026-06-30' },
        { from: '2028-03-01', to: '2028-03-01' },
      ],
      day('2027-01-01'),
      day('2028-01-01'),
    )
    expect(weeks).toEqual([
      { start: day('2027-01-01'), end: day('2027-01-04') },
      { start: day('2027-12-27'), end: day('2028-01-01') },
    ])
  })

  it('says in the table how many days ran each month, counted once when entries overlap', () => {
    const chart = followUpChart(
      input({
        mediaDays: [
          { from: '2027-02-03', to: '2027-02-20' },
          { from: '2027-02-10', to: '2027-02-12' }, // inside the flight above
          { from: '2027-06-30', to: '2027-07-02' }, // across two months
        ],
      }),
    )
    const media = Object.fromEntries(chart.rows.map((r) => [r.period, plain(r.media)]))
    expect(media['2027-01']).toBe('No')
    expect(media['2027-02']).toBe('Sí (18 días)')
    expect(media['2027-06']).toBe('Sí (1 día)')
    expect(media['2027-07']).toBe('Sí (2 días)')
    expect(chart.legend?.text).toBe('Semanas con pauta en medios')
    expect(plain(chart.summary)).toContain('Pauta en medios en 3 meses: feb 2027, jun 2027 y jul 2027.')
  })

  it('has no legend when no media ran', () => {
    const chart = followUpChart(input())
    expect(chart.bands).toEqual([])
    expect(chart.legend).toBeNull()
    expect(chart.summary).toContain('Sin pauta en medios en estos meses.')
  })
})

describe('the chart of one metric: labels in es-CO', () => {
  it('labels sales in dollars from the cents, with "." for thousands', () => {
    const chart = followUpChart(input())
    expect(chart.yTicks.map((t) => plain(t.label))).toEqual(['US$ 0', 'US$ 2.000', 'US$ 4.000', 'US$ 6.000', 'US$ 8.000'])
    expect(plain(chart.rows[3]!.value)).toBe('US$ 2.100,50')
    expect(plain(chart.rows[0]!.value)).toBe('US$ 1.200')
    expect(chart.rows[2]!.value).toBe('—')
    expect(plain(formatMetricValue('count', 12_500))).toBe('12.500')
  })

  it('labels the months "ene" with the year under the first and where it changes; every month when there is room', () => {
    const wide = followUpChart(input({ points: months(SALES, '2027-06'), width: 900 }))
    expect(wide.xTicks).toHaveLength(12)
    expect(wide.xTicks.map((t) => t.month)).toEqual(['jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic', 'ene', 'feb', 'mar', 'abr', 'may'])
    expect(wide.xTicks.map((t) => t.year)).toEqual(['2027', null, null, null, null, null, null, '2028', null, null, null, null])
    expect(wide.rows.map((r) => plain(r.month)).slice(6, 8)).toEqual(['dic 2027', 'ene 2028'])
  })

  it('labels fewer months on a phone, each label at its month\'s point, never closer than a label\'s width', () => {
    const narrow = followUpChart(input({ width: 320 }))
    expect(narrow.xTicks.length).toBeLessThan(12)
    expect(narrow.xTicks.length).toBeGreaterThanOrEqual(4)
    for (const t of narrow.xTicks) expect(narrow.points.some((p) => p.x === t.x)).toBe(true)
    const gaps = narrow.xTicks.slice(1).map((t, i) => t.x - narrow.xTicks[i]!.x)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(36)
    expect(narrow.xTicks[0]!.year).toBe('2027')
  })

  it('lines charts of one size up: the widest labels\' margin for all, never less than a chart\'s own (issue 32)', () => {
    const team = input({ title: 'Personas en el equipo', unit: 'count', points: months([3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7]) })
    const alone = [followUpChart(input()), followUpChart(team)]
    expect(alone[0]!.plot.left).toBeGreaterThan(alone[1]!.plot.left)
    const lined = alignedCharts([input(), team], { width: 340, height: 200 })
    expect(sharedPlotLeft([input(), team], 200)).toBe(alone[0]!.plot.left)
    expect(lined.map((c) => c.plot.left)).toEqual([alone[0]!.plot.left, alone[0]!.plot.left])
    expect(lined[1]!.xTicks).toEqual(lined[0]!.xTicks)
    expect(lined[1]!.points.map((p) => p.x)).toEqual(lined[0]!.points.map((p) => p.x))
    // A smaller plotLeft than the labels need is ignored: the labels never run off the chart.
    expect(followUpChart(input({ plotLeft: 5 })).plot.left).toBe(alone[0]!.plot.left)
  })

  it('sums the chart up in words', () => {
    const chart = followUpChart(input())
    expect(plain(chart.summary)).toBe(
      'Ventas del mes en USD, de ene 2027 a dic 2027. Cifras de 9 de los 12 meses: la primera, US$ 1.200 (ene 2027); la última, US$ 6.100 (dic 2027); la mayor, US$ 6.100 (dic 2027). Sin pauta en medios en estos meses.',
    )
    const one = followUpChart(input({ unit: 'count', points: months([null, 40, null]) }))
    expect(plain(one.summary)).toContain('Una sola cifra: 40 (feb 2027).')
  })
})

describe('the chart of one metric: a caller\'s bug is refused, not drawn wrong', () => {
  it('refuses months that skip or are not "AAAA-MM", media days off the calendar or backwards, broken figures, a tiny size', () => {
    expect(() => followUpChart(input({ points: [{ period: '2027-01', value: 1 }, { period: '2027-03', value: 2 }] }))).toThrow(/not consecutive/)
    expect(() => followUpChart(input({ points: [{ period: '2027-13', value: 1 }] }))).toThrow(/AAAA-MM/)
    expect(() => followUpChart(input({ points: [] }))).toThrow(/no months/)
    expect(() => followUpChart(input({ mediaDays: [{ from: '2027-02-30', to: '2027-03-01' }] }))).toThrow(/calendar days/)
    expect(() => followUpChart(input({ mediaDays: [{ from: '2027-03-02', to: '2027-03-01' }] }))).toThrow(/start after/)
    expect(() => followUpChart(input({ points: months([1.5]) }))).toThrow(/whole number/)
    expect(() => followUpChart(input({ points: months([Number.NaN]) }))).toThrow(/whole number/)
    expect(() => followUpChart(input({ width: 150 }))).toThrow(/too small/)
  })
})

describe('the look: the site\'s tokens, at WCAG AA', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (hi! + 0.05) / (lo! + 0.05)
  }

  it('takes every colour from src/theme.css', () => {
    const theme = readFileSync(new URL('../src/theme.css', import.meta.url), 'utf8')
    const token = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`).exec(theme)?.[1]
    expect(CHART_COLORS.line).toBe(token('ink-700'))
    expect(CHART_COLORS.text).toBe(token('ink-600'))
    expect(CHART_COLORS.grid).toBe(token('ink-100'))
    expect(CHART_COLORS.baseline).toBe(token('ink-300'))
    expect(CHART_COLORS.band).toBe(token('accent-100'))
    expect(CHART_COLORS.bandMark).toBe(token('accent-600'))
  })

  it('keeps text at 4.5:1 and the line and the media marks at 3:1, on white and on a media week', () => {
    for (const back of ['#ffffff', CHART_COLORS.band]) {
      expect(contrast(CHART_COLORS.text, back)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(CHART_COLORS.line, back)).toBeGreaterThanOrEqual(3)
      expect(contrast(CHART_COLORS.bandMark, back)).toBeGreaterThanOrEqual(3)
    }
  })
})

describe('the trend of a metric', () => {
  it('compares the average of the last three months with the three before, 10 % either way', () => {
    expect(trend([100, 100, 100, 120, 120, 120])).toBe('subiendo')
    expect(trend([100, 100, 100, 89, 89, 89])).toBe('bajando')
    expect(trend([100, 100, 100, 110, 110, 110])).toBe('estable') // exactly 10 %: not above it
    expect(trend([100, 100, 100, 90, 90, 90])).toBe('estable')
    expect(trend([100, 100, 100, 111, 110, 110])).toBe('subiendo') // 110,33… > 110
    // Only the last six months count: an old peak does not.
    expect(trend([1000, 5, 100, 100, 100, 100, 100, 100])).toBe('estable')
  })

  it('with fewer months, compares halves: the last against the one before, then two against two', () => {
    expect(trend([100, 150])).toBe('subiendo')
    expect(trend([100, 100, 80])).toBe('bajando')
    expect(trend([100, 100, 105, 100])).toBe('estable')
    expect(trend([50, 50, 100, 100, 100])).toBe('subiendo')
  })

  it('skips months without a figure, ends at the last month with one', () => {
    expect(trend([100, null, 100, 130, null, 130, null, null])).toBe('subiendo')
    expect(trend([null, null, 100, 100])).toBe('estable')
  })

  it('rises from zero, stays at zero', () => {
    expect(trend([0, 0, 0, 0, 0, 1])).toBe('subiendo')
    expect(trend([0, 0, 0, 0])).toBe('estable')
    expect(trend([5, 5, 5, 0, 0, 0])).toBe('bajando')
  })

  it('has no trend with fewer than two months apart with figures, or a window with none', () => {
    expect(trend([])).toBeNull()
    expect(trend([null, null])).toBeNull()
    expect(trend([100])).toBeNull()
    expect(trend([null, 100, null])).toBeNull()
    expect(trend([100, null, 150])).toBeNull() // the month before the last is empty
  })

  it('compares exactly, whatever the size (US$ 10.000 millones in cents)', () => {
    const big = 1_000_000_000_000
    expect(trend([big, big, big, big + 1, big + 1, big + 1])).toBe('estable')
    expect(trend([big / 10, big / 10, big / 10, big, big, big])).toBe('subiendo')
  })
})

describe('the sparkline', () => {
  it('draws the months given across its width, from zero to its highest figure', () => {
    const s = sparkline({ title: 'Ventas del mes en USD', unit: 'usd_cents', points: months([100_000, 200_000, null, 300_000]) })
    expect(s.width).toBe(96)
    expect(s.points.map((p) => p.period)).toEqual(['2027-01', '2027-02', '2027-04'])
    const [a, b, d] = s.points
    expect(a!.x).toBeLessThan(b!.x)
    expect(d!.x).toBeGreaterThan(b!.x)
    expect(a!.y).toBeGreaterThan(b!.y) // lower figure, lower on screen (larger y)
    expect(d!.y).toBeLessThan(b!.y)
    // The highest figure at the top (inside the last dot's radius), zero at the bottom: a third of the
    // highest is two thirds of the way down.
    expect(d!.y).toBe(3.5)
    expect(s.zeroY).toBe(28 - 3.5)
    near(a!.y, 28 - 3.5 - (1 / 3) * (28 - 7))
    expect(s.last).toEqual({ x: d!.x, y: d!.y })
    expect(s.path.match(/M/g)).toHaveLength(2) // broken at March
    expect(s.points.map((p) => p.alone)).toEqual([false, false, true])
  })

  it('draws a stable figure flat, as the trend reads it', () => {
    const s = sparkline({ title: 'Ventas del mes en USD', unit: 'usd_cents', points: months([900_000, 880_000, 910_000, 870_000, 905_000, 890_000]) })
    expect(s.trend).toBe('estable')
    const ys = s.points.map((p) => p.y)
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(1.5)
  })

  it('says the trend in words beside it and, for a screen reader, the last months\' figures', () => {
    const s = sparkline({ title: 'Ventas del mes en USD', unit: 'usd_cents', points: months([100_000, 100_000, 100_000, 150_000, 150_000, null]) })
    expect(s.trend).toBe('subiendo')
    expect(s.label).toBe(TREND_LABELS.subiendo)
    expect(plain(s.text)).toBe('Ventas del mes en USD: subiendo. Últimos meses: abr 2027: US$ 1.500; may 2027: US$ 1.500; jun 2027: sin cifra.')
  })

  it('says when there is too little to tell, or nothing yet', () => {
    const one = sparkline({ title: 'Leads', unit: 'count', points: months([40]) })
    expect(one.trend).toBeNull()
    expect(one.label).toBe(NO_TREND_LABEL)
    expect(one.points[0]!.x).toBe(48)
    expect(plain(one.text)).toBe('Leads: sin datos suficientes para una tendencia. Últimos meses: ene 2027: 40.')
    const none = sparkline({ title: 'Leads', unit: 'count', points: months([null, null]) })
    expect(none.path).toBe('')
    expect(none.last).toBeNull()
    expect(none.text).toBe('Leads: todavía no hay cifras.')
  })
})
