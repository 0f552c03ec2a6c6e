/**
 * A member may edit the text of a draft in «Correos por enviar»
 * (founder-mail-routes.ts): its HTML is written again from the text.
 */
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { escapeHtml, headerSafe, htmlDocument } from '../../shared/mail/templates.ts'

/**
 * The HTML of a draft whose text a member edited: paragraphs escaped, http(s)
 * addresses as links, and the founder's link placeholder as a link the worker
 * fills in when the e-mail leaves.
 */
export function htmlFromEditedText(subject: string, text: string): string {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => {
      const escaped = escapeHtml(p).replace(/\n/g, '<br>')
      const linked = escaped
        .replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`)
        .split(PERSONAL_LINK_PLACEHOLDER)
        .join(`<a href="${PERSONAL_LINK_PLACEHOLDER}">${PERSONAL_LINK_PLACEHOLDER}</a>`)
      return `<p>${linked}</p>`
    })
  return htmlDocument(headerSafe(subject), paragraphs.join('\n'))
}
