/** The recovered draft's notice: its time on Bogotá's clock, one period after "p. m.", no gendered "listo". */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DraftNotice } from './draft-notice.tsx'

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ')

describe('DraftNotice', () => {
  it('says when the draft was saved in Bogotá time, ending the sentence with one period', () => {
    // 01:26 UTC on 26 November is 8:26 p. m. on the 25th in Bogotá, whatever the machine's zone.
    const html = renderToStaticMarkup(<DraftNotice savedAt={Date.parse('2026-11-26T01:26:00Z')} onDiscard={() => {}} />)
    expect(text(html)).toContain('guardado el 25 de noviembre de 2026, 8:26 p. m. Revisa los datos')
    expect(text(html)).not.toContain('p. m..')
    expect(text(html)).not.toMatch(/estés listo/)
  })
})
