/**
 * jsdom lays nothing out: every box is 0 px wide. For the tables' scroll cue (components/scroll-area.tsx),
 * a scroll box is 390 px wide (a phone) and as wide inside as the `data-width` of the table it holds (or
 * `tableWidth` when none says). Returns the function that puts jsdom's widths back.
 */
export function stubScrollWidths(tableWidth = 390): () => void {
  const proto = HTMLElement.prototype
  const saved = (['clientWidth', 'scrollWidth'] as const).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const)
  const inner = (el: HTMLElement) => Number(el.querySelector('[data-width]')?.getAttribute('data-width') ?? tableWidth)
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.hasAttribute('data-scroll-area') ? 390 : 0 } })
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get(this: HTMLElement) { return this.hasAttribute('data-scroll-area') ? Math.max(390, inner(this)) : 0 } })
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor)
      else delete (proto as unknown as Record<string, unknown>)[key]
    }
  }
}
