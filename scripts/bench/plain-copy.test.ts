import { describe, expect, it } from 'vitest'
import { PLAIN_COPY_PATH, plainCopy, plainCopyPath } from './plain-copy.ts'

describe('the landing’s plain copy for the web benches', () => {
  it('drops the scripts the browser would run and keeps everything else, JSON-LD included', () => {
    const html =
      '<head><script type="application/ld+json">{"@type":"Organization"}</script><style>p{}</style></head>' +
      '<body><p>Hola</p><template><div>form</div></template>\n<script type="module">import("/a.js")</script>\n' +
      '<script src="/b.js"></script><SCRIPT>x()</SCRIPT></body>'
    expect(plainCopy(html)).toBe(
      '<head><script type="application/ld+json">{"@type":"Organization"}</script><style>p{}</style></head>' +
        '<body><p>Hola</p><template><div>form</div></template>\n</body>',
    )
  })

  it('measures the same visit on the copy: query and fragment kept, only / has a copy', () => {
    expect(plainCopyPath('/')).toBe(PLAIN_COPY_PATH)
    expect(plainCopyPath('/#formulario')).toBe(`${PLAIN_COPY_PATH}#formulario`)
    expect(plainCopyPath('/?fuente=radio-cali')).toBe(`${PLAIN_COPY_PATH}?fuente=radio-cali`)
    expect(() => plainCopyPath('/no-existe')).toThrow(/only/)
  })
})
