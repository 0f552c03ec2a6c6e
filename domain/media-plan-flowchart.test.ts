import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  FLOWCHART_COLORS,
  FLOWCHART_MARKS,
  FLOWCHART_HEADER_HEIGHT,
  FLOWCHART_ROW_HEIGHT,
  MARK_RADIUS,
  MARK_RADIUS_SMALL,
  WEEK_WIDTH_MAX,
  WEEK_WIDTH_MIN,
  flowchartScrollStart,
  mediaPlanFlowchart,
  type FlowchartInput,
} from './media-plan-flowchart.ts'
import { ENTRY_KINDS, ENTRY_KIND_FACTS, windowOf, type PlanEntry, type PlanLine } from './media-plan.ts'

const plain = (s: string) => s.replace(/\u00a0/g, ' ')

/** A deal whose window starts on Wednesday 9 December 2026, for six months (to Tuesday 8 June 2027). */
const WINDOW = windowOf({ mediaValueCop: 500_000_000, windowStart: '2026-12-09', windowMonths: 6 })
const line = (id: string, number: number, flightFrom: string, flightTo: string, over: Partial<PlanLine> = {}): PlanLine => ({
  id, number, outlet: 'tv_nacional', format: 'Spot 30" por franja', units: 20, unitPriceCop: 10_000_000, flightFrom, flightTo, notes: '', ...over,
})
let n = 0
const entry = (x: Partial<PlanEntry> & Pick<PlanEntry, 'lineId' | 'kind' | 'day' | 'units'>): PlanEntry => ({
  id: `e${++n}`, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null, ...x,
})

const L1 = line('l1', 1, '2026-12-10', '2027-01-31')
const L2 = line('l2', 2, '2027-01-04', '2027-03-28', { outlet: 'radio_regional', format: 'Cuña 30"', unitPriceCop: 800_000, units: 100 })
const L3 = line('l3', 3, '2027-02-01', '2027-02-28', { outlet: 'diario_popular', format: 'Página' })
const ENTRIES: PlanEntry[] = [
  entry({ lineId: 'l1', kind: 'booked', day: '2026-12-10', units: 4 }), // Thursday of the first week
  entry({ lineId: 'l1', kind: 'ran', day: '2026-12-13', units: 2, proofUrl: 'https://a.example/1' }), // its Sunday
  entry({ id: 'miss', lineId: 'l1', kind: 'missed', day: '2026-12-16', units: 2, reason: 'Parrilla' }), // second week
  entry({ lineId: 'l1', kind: 'make_good', day: '2026-12-22', units: 1, makeGoodFor: 'miss' }), // third week
  entry({ id: 'wrong', lineId: 'l2', kind: 'ran', day: '2027-01-05', units: 3, proofUrl: 'https://a.example/2' }),
  entry({ lineId: 'l2', kind: 'void', day: '2027-01-06', units: 3, voids: 'wrong', reason: 'Era otra cuña' }),
  entry({ lineId: 'l2', kind: 'ran', day: '2027-01-07', units: 5, proofUrl: 'https://a.example/3' }),
  entry({ lineId: 'l2', kind: 'moved', day: '2027-01-08', units: 10, toLineId: 'l1' }),
  entry({ lineId: 'l3', kind: 'booked', day: '2027-02-02', units: 1 }),
  entry({ lineId: 'l3', kind: 'void', day: '2027-01-20', units: 0, reason: 'El diario cerró' }),
]
const input = (over: Partial<FlowchartInput> = {}): FlowchartInput => ({ window: WINDOW, lines: [L1, L2, L3], entries: ENTRIES, today: '2027-01-06', ...over })

describe("the flowchart's marks and the ledger's kinds", () => {
  it('draws exactly the kinds the ledger says are drawn, in its order', () => {
    expect([...FLOWCHART_MARKS]).toEqual(ENTRY_KINDS.filter((k) => ENTRY_KIND_FACTS[k].flowchart === 'mark'))
  })
})

describe('the flowchart: its weeks', () => {
  it('runs Monday to Sunday across the exposure window, from the Monday before its first day to the week of its last', () => {
    const chart = mediaPlanFlowchart(input())
    expect(chart.weeks[0]!.start).toBe('2026-12-07')
    expect(chart.weeks[0]!.end).toBe('2026-12-13')
    expect(chart.weeks.at(-1)!.start).toBe('2027-06-07')
    expect(chart.weeks.at(-1)!.end).toBe('2027-06-13')
    expect(chart.weeks).toHaveLength(27)
    expect(chart.weeks.every((w, i) => w.index === i && w.x === i * chart.weekWidth)).toBe(true)
    expect(chart.width).toBe(27 * chart.weekWidth)
    // From Wednesday 9 December to the end of Tuesday 8 June (x rounded to a tenth of a pixel).
    expect(chart.window).toMatchObject({ start: '2026-12-09', end: '2027-06-08' })
    expect(chart.window.x0).toBeCloseTo((2 / 7) * chart.weekWidth, 1)
    expect(chart.window.x1).toBeCloseTo(26 * chart.weekWidth + (2 / 7) * chart.weekWidth, 1)
  })

  it('labels each Monday by its day, the month where one starts and the year under the first and where it changes', () => {
    const { weeks } = mediaPlanFlowchart(input())
    expect(weeks.slice(0, 6).map((w) => w.day)).toEqual(['7', '14', '21', '28', '4', '11'])
    expect(weeks.slice(0, 6).map((w) => w.month)).toEqual(['dic', null, null, null, 'ene', null])
    expect(weeks.slice(0, 6).map((w) => w.year)).toEqual(['2026', null, null, null, '2027', null])
    // June shows one week at the chart's right edge: no room for its label.
    expect(weeks.filter((w) => w.month !== null).map((w) => w.month)).toEqual(['dic', 'ene', 'feb', 'mar', 'abr', 'may'])
  })

  it('gives a month\'s label its year only where the next leaves room, else moves the year on; a month of one week gets none', () => {
    // From Wednesday 23 September 2026: September shows two weeks (21 and 28), 36 px at the least width.
    const start = '2026-09-23'
    const chart = mediaPlanFlowchart(input({ window: { start, end: '2027-03-22' }, lines: [], entries: [], today: start }))
    const labels = chart.weeks.filter((w) => w.month !== null).map((w) => [w.start, w.month, w.year])
    expect(labels.slice(0, 2)).toEqual([['2026-09-21', 'sept', null], ['2026-10-05', 'oct', '2026']])
    expect(labels).toContainEqual(['2027-01-04', 'ene', '2027'])
    // With room (three weeks of September at the widest), the first label keeps its year.
    const wide = mediaPlanFlowchart(input({ window: { start: '2026-09-16', end: '2027-03-15' }, lines: [], entries: [], today: start, width: 4000 }))
    expect(wide.weeks[0]).toMatchObject({ start: '2026-09-14', month: 'sept', year: '2026' })
    expect(wide.weeks[3]).toMatchObject({ start: '2026-10-05', month: 'oct', year: null })
    // From Monday 28 September: one week of September, no room for "sept"; October carries the year.
    const one = mediaPlanFlowchart(input({ window: { start: '2026-09-28', end: '2027-03-27' }, lines: [], entries: [], today: start }))
    expect(one.weeks.slice(0, 2).map((w) => [w.month, w.year])).toEqual([[null, null], ['oct', '2026']])
  })

  it('takes the room it is given, between a phone\'s least and a readable most per week', () => {
    expect(mediaPlanFlowchart(input()).weekWidth).toBe(WEEK_WIDTH_MIN)
    expect(mediaPlanFlowchart(input({ width: 270 })).weekWidth).toBe(WEEK_WIDTH_MIN)
    expect(mediaPlanFlowchart(input({ width: 27 * 25 + 10 })).weekWidth).toBe(25)
    expect(mediaPlanFlowchart(input({ width: 4000 })).weekWidth).toBe(WEEK_WIDTH_MAX)
  })

  it('stretches to a make-good recorded after the window\'s end, so nothing recorded falls off', () => {
    const late = entry({ lineId: 'l1', kind: 'make_good', day: '2027-06-21', units: 1, makeGoodFor: 'miss' })
    const chart = mediaPlanFlowchart(input({ entries: [...ENTRIES, late], today: '2027-06-25' }))
    expect(chart.weeks.at(-1)!.start).toBe('2027-06-21')
    expect(chart.weeks.at(-1)!.inWindow).toBe(false)
    expect(chart.weeks.at(-3)!.inWindow).toBe(true) // 7 June holds the window's last day
    expect(chart.rows[0]!.cells.at(-1)).toMatchObject({ week: chart.weeks.length - 1, units: { make_good: 1 } })
  })
})

describe('the flowchart: a row per line', () => {
  it('draws the flight as whole weeks, from its first day\'s week to its last day\'s', () => {
    const chart = mediaPlanFlowchart(input())
    expect(chart.rows.map((r) => r.label)).toEqual(['Línea 1 · TV nacional, Spot 30" por franja', 'Línea 2 · Radio regional, Cuña 30"', 'Línea 3 · Diario popular, Página'])
    expect(chart.rows.map((r) => r.y)).toEqual([FLOWCHART_HEADER_HEIGHT, FLOWCHART_HEADER_HEIGHT + FLOWCHART_ROW_HEIGHT, FLOWCHART_HEADER_HEIGHT + 2 * FLOWCHART_ROW_HEIGHT])
    const l1 = chart.rows[0]!.flight
    // Thursday 10 December 2026 to Sunday 31 January 2027: the weeks of 7 December to 25 January.
    expect([l1.firstWeek, l1.lastWeek]).toEqual([0, 7])
    expect(chart.weeks[7]!.start).toBe('2027-01-25')
    expect([l1.x, l1.width]).toEqual([0, 8 * chart.weekWidth])
  })

  it('puts each entry in the week of its day, one cell per week with every kind\'s units; a void and what it cancels are not drawn', () => {
    const chart = mediaPlanFlowchart(input())
    const [l1, l2] = chart.rows
    expect(l1!.cells.map((c) => [c.week, c.units])).toEqual([
      [0, { booked: 4, ran: 2, missed: 0, make_good: 0 }],
      [1, { booked: 0, ran: 0, missed: 2, make_good: 0 }],
      [2, { booked: 0, ran: 0, missed: 0, make_good: 1 }],
    ])
    // The miss of 2 was made good by 1: 1 still owed.
    expect(l1!.cells[1]!.owed).toBe(1)
    // Line 2: the voided 3 are gone, the 5 that ran on Thursday 7 January are in the week of 4 January.
    expect(l2!.cells.map((c) => [chart.weeks[c.week]!.start, c.units.ran])).toEqual([['2027-01-04', 5]])
    // A move is written in the table, not drawn.
    expect(l2!.others).toEqual([{ kind: 'moved', day: '2027-01-08', week: 4, units: 10 }])
  })

  it('places a mark alone in the middle of its cell, two side by side, more in its quarters', () => {
    const chart = mediaPlanFlowchart(input({ width: 27 * 24 }))
    const w = chart.weekWidth
    const [both, missed] = chart.rows[0]!.cells
    const top = chart.rows[0]!.y
    expect(missed!.marks).toEqual([{ kind: 'missed', x: w + w / 2, y: top + FLOWCHART_ROW_HEIGHT / 2, r: MARK_RADIUS }])
    expect(both!.marks).toEqual([
      { kind: 'booked', x: w / 4, y: top + FLOWCHART_ROW_HEIGHT / 2, r: MARK_RADIUS_SMALL },
      { kind: 'ran', x: (3 * w) / 4, y: top + FLOWCHART_ROW_HEIGHT / 2, r: MARK_RADIUS_SMALL },
    ])
    const busy = mediaPlanFlowchart(
      input({
        lines: [L1],
        entries: [
          entry({ lineId: 'l1', kind: 'booked', day: '2026-12-28', units: 1 }),
          entry({ lineId: 'l1', kind: 'ran', day: '2026-12-28', units: 1 }),
          entry({ id: 'm2', lineId: 'l1', kind: 'missed', day: '2026-12-29', units: 1 }),
          entry({ lineId: 'l1', kind: 'make_good', day: '2026-12-30', units: 1, makeGoodFor: 'm2' }),
        ],
        width: 27 * 24,
      }),
    )
    const cell = busy.rows[0]!.cells[0]!
    expect(cell.week).toBe(3)
    expect(cell.owed).toBe(0)
    expect(cell.marks.map((m) => [m.kind, m.x - 3 * w, m.y - FLOWCHART_HEADER_HEIGHT])).toEqual([
      ['booked', w / 4, FLOWCHART_ROW_HEIGHT / 4],
      ['ran', (3 * w) / 4, FLOWCHART_ROW_HEIGHT / 4],
      ['missed', w / 4, (3 * FLOWCHART_ROW_HEIGHT) / 4],
      ['make_good', (3 * w) / 4, (3 * FLOWCHART_ROW_HEIGHT) / 4],
    ])
    expect(plain(cell.text)).toBe('Semana del 28 dic 2026 · Reservado: 1 · Emitido: 1 · No emitido: 1, repuesto · Reposición: 1')
  })

  it('shows a withdrawn line as such: its row stays, marked, with nothing drawn in it (not even its bookings)', () => {
    const chart = mediaPlanFlowchart(input())
    const l3 = chart.rows[2]!
    expect(l3).toMatchObject({ withdrawn: true, withdrawnOn: '2027-01-20', cells: [] })
    expect(chart.table[2]!.flight).toBe('Retirada el 20 de enero de 2027')
    expect(chart.rows.slice(0, 2).every((r) => !r.withdrawn && r.withdrawnOn === null)).toBe(true)
  })
})

describe('the flowchart: today', () => {
  it('draws today in the middle of its day, in its Monday-to-Sunday week', () => {
    const chart = mediaPlanFlowchart(input({ today: '2027-01-06' })) // a Wednesday
    expect(chart.today).toMatchObject({ day: '2027-01-06', week: 4 })
    expect(chart.today!.x).toBeCloseTo(4 * chart.weekWidth + (2.5 / 7) * chart.weekWidth, 1)
    expect(chart.todayText).toBe('Hoy: semana del 4 de enero de 2027.')
    // A Sunday belongs to the week that began the Monday before.
    expect(mediaPlanFlowchart(input({ today: '2027-01-10' })).today!.week).toBe(4)
    expect(mediaPlanFlowchart(input({ today: '2027-01-11' })).today!.week).toBe(5)
  })

  it('opens a phone\'s scroll near today on a week\'s edge that cuts no month label', () => {
    // The walk's plan: from Monday 19 October 2026, today 30 November, 200 px of weeks on a 390 px phone.
    // Today in the middle scrolled 9 px into «oct», leaving its «t».
    const walk = mediaPlanFlowchart(input({ window: { start: '2026-10-19', end: '2027-04-18' }, lines: [], entries: [], today: '2026-11-30', width: 200 }))
    expect(walk.weeks[0]).toMatchObject({ x: 0, month: 'oct' })
    expect(walk.today!.x - 100).toBeGreaterThan(0)
    expect(flowchartScrollStart(walk, 200)).toBe(0)
    // Mid-February: on January's first week, «ene 2027» whole at the left edge.
    const chart = mediaPlanFlowchart(input({ today: '2027-02-17', width: 200 }))
    expect(chart.weeks.find((w) => w.x === flowchartScrollStart(chart, 200))).toMatchObject({ start: '2027-01-04', month: 'ene', year: '2027' })
    // Any day of the window: no label cut (as drawn: 3 px in, at most 6.6 px a character), today 16 px inside
    // (at the scroll's very end, in view).
    const labels = chart.weeks.filter((w) => w.month !== null).map((w) => ({ from: w.x, to: w.x + 3 + `${w.month}${w.year ? ` ${w.year}` : ''}`.length * 6.6 }))
    const edges = new Set(chart.weeks.map((w) => w.x))
    let moved = 0
    for (let day = new Date('2026-12-09T12:00:00Z'); day <= new Date('2027-06-08T12:00:00Z'); day = new Date(day.getTime() + 86_400_000)) {
      const today = day.toISOString().slice(0, 10)
      const c = mediaPlanFlowchart(input({ today, width: 200 }))
      const at = flowchartScrollStart(c, 200)
      // A week's edge, or the scroll's end (where the last weeks keep today in view).
      expect(edges.has(at) || at === c.width - 200, `${today} opens at ${at}`).toBe(true)
      expect(labels.some((l) => l.from < at && at < l.to), `${today} cuts a label at ${at}`).toBe(false)
      if (at > 0) expect(c.today!.x - at).toBeGreaterThanOrEqual(16)
      expect(c.today!.x - at).toBeLessThanOrEqual(at === c.width - 200 ? 200 : 200 - 16)
      if (at > 0) moved++
    }
    expect(moved).toBeGreaterThan(100)
    // Nothing to scroll: the weeks fit, or today is not drawn.
    expect(flowchartScrollStart(mediaPlanFlowchart(input({ width: 4000 })), 4000)).toBe(0)
    expect(flowchartScrollStart(mediaPlanFlowchart(input({ today: '2027-09-01', width: 200 })), 200)).toBe(0)
  })

  it('draws no line when today is outside the weeks, and says where it stands', () => {
    const before = mediaPlanFlowchart(input({ today: '2026-11-20' }))
    expect(before.today).toBeNull()
    expect(before.todayText).toBe('Hoy, 20 de noviembre de 2026, la ventana de exposición todavía no empieza.')
    const after = mediaPlanFlowchart(input({ today: '2027-09-01' }))
    expect(after.today).toBeNull()
    expect(after.todayText).toBe('Hoy, 1 de septiembre de 2027, la ventana de exposición ya terminó.')
  })
})

describe('the flowchart in words', () => {
  it('gives each line\'s flight and the weeks of each mark with their units in the table', () => {
    const chart = mediaPlanFlowchart(input())
    expect(chart.table.map((r) => ({ ...r, flight: plain(r.flight), weeks: Object.fromEntries(Object.entries(r.weeks).map(([k, v]) => [k, plain(v)])), others: plain(r.others) }))).toEqual([
      {
        lineId: 'l1',
        label: 'Línea 1 · TV nacional, Spot 30" por franja',
        flight: '7 dic 2026 a 25 ene 2027 (8 semanas)',
        weeks: { booked: '7 dic 2026 (4)', ran: '7 dic 2026 (2)', missed: '14 dic 2026 (2, falta reponer 1)', make_good: '21 dic 2026 (1)' },
        others: '—',
      },
      {
        lineId: 'l2',
        label: 'Línea 2 · Radio regional, Cuña 30"',
        flight: '4 ene 2027 a 22 mar 2027 (12 semanas)',
        weeks: { booked: '—', ran: '4 ene 2027 (5)', missed: '—', make_good: '—' },
        others: 'Movido a otra línea: 10 (4 ene 2027)',
      },
      { lineId: 'l3', label: 'Línea 3 · Diario popular, Página', flight: 'Retirada el 20 de enero de 2027', weeks: { booked: '—', ran: '—', missed: '—', make_good: '—' }, others: '—' },
    ])
  })

  it('sums the chart up for a screen reader', () => {
    expect(plain(mediaPlanFlowchart(input()).summary)).toBe(
      'Plan de medios semana a semana: 3 líneas (1 retirada) en 27 semanas, del 7 dic 2026 al 13 jun 2027; ventana de exposición del 9 de diciembre de 2026 al 8 de junio de 2027. ' +
        'Hoy: semana del 4 de enero de 2027. Reservado en 1 semana, emitido en 2, no emitido en 1 y reposición en 1. La tabla «Ver el plan en una tabla» da cada semana.',
    )
  })
})

describe("the flowchart at the bench's size", () => {
  it('computes 50 lines over 52 weeks in one pass: every row, its cells and marks ready to draw', () => {
    const window = windowOf({ mediaValueCop: 10_000_000_000, windowStart: '2026-12-07', windowMonths: 12 })
    const lines = Array.from({ length: 50 }, (_, i) => line(`b${i}`, i + 1, '2026-12-07', '2027-12-05', { units: 200 }))
    const entries: PlanEntry[] = lines.flatMap((l) =>
      Array.from({ length: 52 }, (_, w) => entry({ lineId: l.id, kind: w < 26 ? 'ran' : 'booked', day: new Date(Date.UTC(2026, 11, 8 + 7 * w)).toISOString().slice(0, 10), units: 1 })),
    )
    const chart = mediaPlanFlowchart({ window, lines, entries, today: '2027-06-07', width: 900 })
    // Monday 7 December 2026 to Monday 6 December 2027: 53 weeks, the last holding one day.
    expect(chart.weeks).toHaveLength(53)
    expect(chart.rows).toHaveLength(50)
    expect(chart.rows.every((r) => r.cells.length === 52 && r.cells.every((c, w) => c.week === w && c.marks.length === 1))).toBe(true)
    expect(chart.rows.every((r) => r.cells.slice(0, 26).every((c) => c.marks[0]!.kind === 'ran') && r.cells.slice(26).every((c) => c.marks[0]!.kind === 'booked'))).toBe(true)
    expect(chart.today!.week).toBe(26)
    expect(chart.height).toBe(FLOWCHART_HEADER_HEIGHT + 50 * FLOWCHART_ROW_HEIGHT + 1)
  })
})

describe('the flowchart\'s look: the site\'s tokens, at WCAG AA', () => {
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
    const tokens = new Set([...theme.matchAll(/--color-[a-z0-9-]+:\s*(#[0-9a-f]{6})/g)].map((m) => m[1]))
    for (const [name, colour] of Object.entries(FLOWCHART_COLORS)) if (colour !== '#ffffff') expect(tokens.has(colour), name).toBe(true)
  })

  it('keeps text at 4.5:1 and every mark and the flight\'s edge at 3:1, on white, on a flight week and outside the window', () => {
    for (const back of ['#ffffff', FLOWCHART_COLORS.flight, FLOWCHART_COLORS.outside]) {
      expect(contrast(FLOWCHART_COLORS.text, back)).toBeGreaterThanOrEqual(4.5)
      expect(contrast(FLOWCHART_COLORS.todayText, back)).toBeGreaterThanOrEqual(4.5)
      for (const mark of [FLOWCHART_COLORS.ran, FLOWCHART_COLORS.missed, FLOWCHART_COLORS.madeGood, FLOWCHART_COLORS.today]) expect(contrast(mark, back)).toBeGreaterThanOrEqual(3)
    }
  })
})
