/**
 * Prerendered markup that stays inert during the load (docs/decisions/0085):
 * the form's HTML ships inside a `<template>`, so the browser parses it but
 * neither styles, lays out nor scans it (Chromium's autofill laid the whole
 * form out at DOMContentLoaded). The inline entry (src/main.tsx) puts it in
 * place when the reader nears it, before React hydrates it.
 *
 * The server marks the element whose content is deferred with
 * `data-deferred-markup`; `deferMarkup` moves that content into a template,
 * adds a placeholder of the same height and a line for readers without
 * JavaScript; `reviveDeferredMarkup` undoes it in the browser, leaving
 * exactly the markup React rendered.
 */

export const DEFERRED_ATTRIBUTE = 'data-deferred-markup'

/** What a reader without JavaScript sees instead of the form (which only JavaScript can send). */
export const NO_SCRIPT_LINE = 'Activa JavaScript en tu navegador para enviar tu postulación.'

const OPENING = new RegExp(`<div\\b[^>]*\\s${DEFERRED_ATTRIBUTE}=""[^>]*>`, 'g')
const DIV_TAG = /<div[\s>]|<\/div>/g
const PLACEHOLDER = '<div aria-hidden="true" class="h-(--deferred-height) noscript:hidden"></div>'

/**
 * The HTML with every marked element's content moved into a `<template>`,
 * followed by a placeholder of the content's height (the marked element's
 * `--deferred-height`; hidden when scripting is off) and a `<noscript>` line.
 * React escapes `<` in text and attributes, so counting `<div` and `</div>`
 * finds the element's end.
 */
export function deferMarkup(html: string): string {
  let result = ''
  let copied = 0
  for (const opening of html.matchAll(OPENING)) {
    const contentStart = opening.index + opening[0].length
    if (contentStart <= copied) throw new Error('deferMarkup: deferred elements cannot be nested')
    const contentEnd = closingTagOf(html, contentStart)
    result +=
      html.slice(copied, contentStart) +
      `<template>${html.slice(contentStart, contentEnd)}</template>${PLACEHOLDER}` +
      `<noscript><p class="rounded-3xl border border-ink-100 bg-white p-5 text-ink-800 sm:p-8">${NO_SCRIPT_LINE}</p></noscript>`
    copied = contentEnd
  }
  return result + html.slice(copied)
}

function closingTagOf(html: string, from: number): number {
  DIV_TAG.lastIndex = from
  let depth = 1
  for (let tag = DIV_TAG.exec(html); tag; tag = DIV_TAG.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1
    if (depth === 0) return tag.index
  }
  throw new Error('deferMarkup: a deferred element is not closed')
}

/**
 * Puts every deferred template's content back in place and removes the
 * placeholder and the `<noscript>` line, so the DOM is what the server
 * rendered. Does nothing the second time.
 */
export function reviveDeferredMarkup(root: ParentNode = document): void {
  for (const slot of root.querySelectorAll(`[${DEFERRED_ATTRIBUTE}]`)) {
    const template = slot.firstElementChild
    if (!(template instanceof HTMLTemplateElement)) continue
    while (template.nextSibling) template.nextSibling.remove()
    template.replaceWith(template.content)
  }
}
