// @vitest-environment jsdom
/**
 * The landing page's form ships inert in a template and, once revived, is
 * exactly the markup React rendered, which is what hydration compares.
 */
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { App } from '../app.tsx'
import { render } from '../entry-server.tsx'
import { deferMarkup, NO_SCRIPT_LINE, reviveDeferredMarkup } from './deferred-markup.ts'

function parsed(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  return root
}

describe('the landing page as prerendered', () => {
  const live = renderToString(<App ssrPath="/" />)
  const deferred = render('/')

  it('has no form in its live DOM, but the form in a template, a placeholder and a line for readers without JavaScript', () => {
    const root = parsed(deferred)
    expect(root.querySelector('form')).toBeNull()
    expect(root.querySelector<HTMLTemplateElement>('#formulario template')?.content.querySelector('form[aria-label="Formulario de aplicación"]')).not.toBeNull()
    expect(root.querySelector('#formulario [aria-hidden="true"].noscript\\:hidden')).not.toBeNull()
    expect(root.querySelector('#formulario noscript')?.textContent).toContain(NO_SCRIPT_LINE)
    // The anchors' targets stay live.
    expect(root.querySelector('#formulario-titulo')).not.toBeNull()
  })

  it('once revived, is the markup React rendered, node for node', () => {
    const root = parsed(deferred)
    reviveDeferredMarkup(root)
    expect(root.innerHTML).toBe(parsed(live).innerHTML)
    expect(root.querySelectorAll('form input, form select, form textarea').length).toBeGreaterThan(10)
  })

  it('reviving twice changes nothing', () => {
    const root = parsed(deferred)
    reviveDeferredMarkup(root)
    const once = root.innerHTML
    reviveDeferredMarkup(root)
    expect(root.innerHTML).toBe(once)
  })
})

describe('deferMarkup', () => {
  it('moves the whole marked element, nested divs included, and nothing after it', () => {
    const html = '<main><div data-deferred-markup="" class="x"><div><div>a</div></div><p>b</p></div><div>after</div></main>'
    expect(deferMarkup(html)).toMatch(
      /^<main><div data-deferred-markup="" class="x"><template><div><div>a<\/div><\/div><p>b<\/p><\/template><div aria-hidden="true"[^>]*><\/div><noscript>.*<\/noscript><\/div><div>after<\/div><\/main>$/,
    )
  })

  it('leaves a page without a marked element alone', () => {
    expect(deferMarkup('<div class="x"><p>a</p></div>')).toBe('<div class="x"><p>a</p></div>')
  })

  it('refuses an element it cannot close', () => {
    expect(() => deferMarkup('<div data-deferred-markup=""><div>a</div>')).toThrow(/not closed/)
  })
})
