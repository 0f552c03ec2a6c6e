import { describe, expect, it } from 'vitest'
import { htmlFromEditedText } from './edited-mail-html.ts'

const URL_ = 'https://catalitico.example/postulacion/' + 'A'.repeat(43)

describe('a draft whose text a member edited', () => {
  it('an edited text becomes escaped HTML paragraphs with its links', () => {
    const html = htmlFromEditedText('Asunto', `Hola <b>Ana</b>:\n\nTu enlace: ${URL_}`)
    expect(html).toContain('<p>Hola &lt;b&gt;Ana&lt;/b&gt;:</p>')
    expect(html).toContain(`<a href="${URL_}">${URL_}</a>`)
  })
})
