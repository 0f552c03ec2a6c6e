// @vitest-environment jsdom
/**
 * The follow-up chart's two renderers, React in the workspace and the HTML string of the founder's
 * status page, draw the one geometry (domain/follow-up-chart.ts) into the same SVG: element for element,
 * attribute for attribute, and the same table. This test imports both sides (eslint.config.js lets this
 * one file reach into server/, ADR 0176).
 */
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { followUpChart, type FollowUpChartInput } from '../../../../domain/follow-up-chart.ts'
import { SAMPLE_CHARTS, SAMPLE_MEDIA, sampleMonths } from '../../../../domain/testing/follow-up-chart-samples.ts'
import { followUpChartSvg, followUpChartTable } from '../../../../server/features/follow-up/status-page-chart.ts'
import { ChartSvg, ChartTable } from './metric-chart.tsx'

afterEach(cleanup)

/** An element as a canonical string: name, attributes sorted (classes left out: each side styles its own), children; blank text dropped. */
function canonical(node: Element): string {
  const attributes = [...node.attributes]
    .filter((a) => a.name !== 'class')
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .sort()
  const children = [...node.childNodes].flatMap((c) => {
    if (c.nodeType === c.TEXT_NODE) return c.textContent!.trim() === '' ? [] : [JSON.stringify(c.textContent)]
    return c.nodeType === c.ELEMENT_NODE ? [canonical(c as Element)] : []
  })
  return `<${node.namespaceURI === 'http://www.w3.org/2000/svg' ? 'svg:' : ''}${node.localName} ${attributes.join(' ')}>${children.join('')}</>`
}

function fromString(html: string, selector: string): Element {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  return doc.querySelector(selector)!
}

const cases: [string, FollowUpChartInput][] = [
  ['sales with gaps and media weeks, on a phone', { ...SAMPLE_CHARTS[0]!, width: 340, height: 200 }],
  ['a count with every month, on a wide screen', { ...SAMPLE_CHARTS[1]!, width: 1180, height: 260 }],
  ['no figures yet, media only', { ...SAMPLE_CHARTS[4]!, width: 320, height: 200 }],
  ['a team of three, no media', { ...SAMPLE_CHARTS[5]!, width: 500, height: 180 }],
  ['a follow-up across the new year, one month', { title: 'Leads', unit: 'count', points: sampleMonths([12], '2027-12'), mediaDays: SAMPLE_MEDIA, width: 300, height: 160 }],
]

describe('the React chart and the status page\'s chart', () => {
  it.each(cases)('draw the same SVG for the same input: %s', (_, input) => {
    const chart = followUpChart(input)
    const { container } = render(<ChartSvg chart={chart} />)
    const react = container.querySelector('svg')!
    const server = fromString(followUpChartSvg(chart), 'svg')
    expect(server.namespaceURI).toBe(react.namespaceURI)
    expect(canonical(server)).toBe(canonical(react))
    // Not two empty pictures: the points the geometry placed are both sides' circles.
    expect(react.querySelectorAll('circle')).toHaveLength(chart.points.filter((p) => p.y !== null).length)
    expect(react.querySelectorAll('text').length).toBeGreaterThan(3)
  })

  it.each(cases)('give the same table: %s', (_, input) => {
    const chart = followUpChart(input)
    const { container } = render(<ChartTable chart={chart} />)
    const react = container.querySelector('table')!
    expect(canonical(fromString(followUpChartTable(chart), 'table'))).toBe(canonical(react))
    expect(react.querySelectorAll('tbody tr')).toHaveLength(input.points.length)
  })

  it('would notice a difference (the comparison is not blind)', () => {
    const chart = followUpChart(cases[0]![1])
    const { container } = render(<ChartSvg chart={{ ...chart, points: chart.points.map((p, i) => (i === 0 ? { ...p, y: (p.y ?? 0) + 1 } : p)) }} />)
    expect(canonical(fromString(followUpChartSvg(chart), 'svg'))).not.toBe(canonical(container.querySelector('svg')!))
  })
})
