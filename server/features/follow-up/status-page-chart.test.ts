// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { followUpChart } from '../../../domain/follow-up-chart.ts'
import { SAMPLE_CHARTS, SAMPLE_MEDIA, sampleMonths } from '../../../domain/testing/follow-up-chart-samples.ts'
import { FOLLOW_UP_CHART_CSS, STATUS_PAGE_CHART_SIZE, followUpChartHtml, followUpChartsHtml } from './status-page-chart.ts'

/** The page's HTML as a browser reads it (jsdom's parser). */
const parse = (html: string) => new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
const sales = SAMPLE_CHARTS[0]!

describe("the follow-up chart on the founder's status page", () => {
  it('is an SVG image named by its summary, with the geometry\'s points, line, weeks and labels', () => {
    const chart = followUpChart({ ...sales, ...STATUS_PAGE_CHART_SIZE })
    const doc = parse(followUpChartHtml(chart))
    const svg = doc.querySelector('figure svg')!
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(svg.getAttribute('role')).toBe('img')
    expect(svg.getAttribute('aria-label')).toBe(chart.summary)
    expect(svg.querySelector('title')?.textContent).toBe(chart.summary)
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${STATUS_PAGE_CHART_SIZE.width} ${STATUS_PAGE_CHART_SIZE.height}`)
    // One point per month with a figure (10 of 12), where the geometry put them.
    const circles = [...svg.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])
    expect(circles).toEqual(chart.points.filter((p) => p.y !== null).map((p) => [p.x, p.y]))
    expect(circles).toHaveLength(10)
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(chart.path)
    // Each media week twice: the band behind the line and its mark under the axis.
    const rects = (y: number) => [...svg.querySelectorAll('rect')].filter((r) => r.getAttribute('y') === String(y)).map((r) => [Number(r.getAttribute('x')), Number(r.getAttribute('width'))])
    expect(chart.bands.length).toBeGreaterThan(0)
    expect(rects(chart.plot.top)).toEqual(chart.bands.map((b) => [b.x, b.width]))
    expect(rects(chart.bandMarkY)).toEqual(chart.bands.map((b) => [b.x, b.width]))
    const texts = [...svg.querySelectorAll('text')].map((t) => t.textContent)
    expect(texts).toContain('US$\u00a00')
    expect(texts).toContain('ene')
    expect(texts).toContain('2027')
    expect(texts).toContain('Semanas con pauta en medios')
  })

  it('gives the same figures in a table under it: month, figure, media', () => {
    const chart = followUpChart({ ...sales, ...STATUS_PAGE_CHART_SIZE })
    const doc = parse(followUpChartHtml(chart))
    expect(doc.querySelector('details > summary')?.textContent).toBe('Ver las cifras')
    const table = doc.querySelector('details table')!
    expect(table.querySelector('caption')?.textContent).toBe('Ventas del mes en USD, mes a mes')
    expect([...table.querySelectorAll('thead th')].map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Mes', 'col'],
      ['Cifra', 'col'],
      ['Pauta en medios', 'col'],
    ])
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent!.replace(/\u00a0/g, ' ')))
    expect(rows).toHaveLength(12)
    expect(rows[0]).toEqual(['ene 2027', 'US$ 1.200', 'No'])
    expect(rows[1]).toEqual(['feb 2027', 'US$ 1.500', 'Sí (18 días)'])
    expect(rows[2]).toEqual(['mar 2027', '—', 'No'])
    expect(rows[3]).toEqual(['abr 2027', 'US$ 2.100,50', 'No'])
    expect(table.querySelector('tbody th')?.getAttribute('scope')).toBe('row')
  })

  it('escapes every text it writes', () => {
    const title = `<img src=x onerror="alert(1)"> Ventas & "más" 'todo'`
    const doc = parse(followUpChartHtml(followUpChart({ title, unit: 'count', points: sampleMonths([1, 2]), mediaDays: SAMPLE_MEDIA, ...STATUS_PAGE_CHART_SIZE })))
    expect(doc.querySelector('img')).toBeNull()
    expect(doc.querySelector('figcaption')?.textContent).toBe(title)
    expect(doc.querySelector('svg')?.getAttribute('aria-label')?.startsWith(title)).toBe(true)
    expect(doc.querySelector('caption')?.textContent).toBe(`${title}, mes a mes`)
  })

  it('lays the metrics out in the page\'s grid, with no script and no inline handler', () => {
    const html = followUpChartsHtml(SAMPLE_CHARTS)
    const doc = parse(html)
    expect(doc.querySelectorAll('.fu-charts > figure.fu-chart')).toHaveLength(SAMPLE_CHARTS.length)
    expect(doc.querySelectorAll('svg[role="img"]')).toHaveLength(SAMPLE_CHARTS.length)
    expect(html).not.toMatch(/<script|\son[a-z]+=/i)
    expect(FOLLOW_UP_CHART_CSS).toContain('.fu-chart svg{display:block;width:100%;height:auto}')
  })

  it('draws every metric\'s months at the same places with the same labels, whatever the width of its figures (issue 32)', () => {
    // Sales are labelled "US$ 6.000", the team "7": each chart's own margin moved its months and thinned its labels.
    const doc = parse(followUpChartsHtml(SAMPLE_CHARTS))
    const axes = [...doc.querySelectorAll('svg')].map((svg) =>
      [...svg.querySelectorAll('text[text-anchor="middle"]')].filter((t) => t.textContent !== 'Todavía no hay cifras').map((t) => `${t.textContent}@${t.getAttribute('x')}`),
    )
    expect(axes).toHaveLength(SAMPLE_CHARTS.length)
    expect(axes[0]!.length).toBeGreaterThan(0)
    for (const axis of axes.slice(1)) expect(axis).toEqual(axes[0])
    // The media weeks stand at the same places too.
    const bands = [...doc.querySelectorAll('svg')].filter((svg) => svg.querySelector('rect')).map((svg) => [...svg.querySelectorAll('rect')].slice(0, 3).map((r) => r.getAttribute('x')))
    for (const b of bands.slice(1)) expect(b).toEqual(bands[0])
  })
})
