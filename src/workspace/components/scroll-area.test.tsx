// @vitest-environment jsdom
/**
 * A table wider than the phone says it scrolls: a labelled region
 * in the tab order, and «Desliza para ver más →» while columns are hidden on
 * the right; nothing when the table fits. jsdom lays nothing out: the widths
 * are set by hand, as a 390 px phone would have them.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SCROLL_HINT, ScrollArea } from './scroll-area.tsx'
import { stubScrollWidths } from '../testing/scroll-widths.ts'

let restore: () => void
beforeAll(() => (restore = stubScrollWidths()))
afterAll(() => restore())
afterEach(cleanup)

const table = (width: number) => (
  <table data-width={width}>
    <caption id="cap">Cifras</caption>
    <tbody>
      <tr>
        <td>1</td>
      </tr>
    </tbody>
  </table>
)

describe('ScrollArea', () => {
  it('a table wider than its box: a focusable region named by the caption, the hint while columns hide on the right', () => {
    render(<ScrollArea labelledBy="cap">{table(640)}</ScrollArea>)
    const region = screen.getByRole('region', { name: 'Cifras' })
    expect(region.tabIndex).toBe(0)
    expect(screen.getByText(SCROLL_HINT)).toBeTruthy()
    // Scrolled to the end: nothing more on the right, so no hint.
    act(() => {
      region.scrollLeft = 640 - 390
      fireEvent.scroll(region)
    })
    expect(screen.queryByText(SCROLL_HINT)).toBeNull()
  })

  it('a table that fits: no hint', () => {
    render(<ScrollArea label="Cifras">{table(300)}</ScrollArea>)
    expect(screen.getByRole('region', { name: 'Cifras' })).toBeTruthy()
    expect(screen.queryByText(SCROLL_HINT)).toBeNull()
  })
})
