import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { STATUS_MAIL_KINDS } from '../../../domain/founder-mail.ts'
import { STATUS_URL, founderMailContext } from '../../testing/founder-mail-context.ts'
import { renderStatusMail } from './stage-mail.ts'

const URL_ = STATUS_URL
const ctx = founderMailContext

describe('founder status e-mails', () => {
  it.each(STATUS_MAIL_KINDS)('%s: Spanish, with the link, the reference and the contact, every value escaped, a one-line subject', (kind) => {
    const mail = renderStatusMail(kind, ctx())
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.subject).toContain('CAT-2026-7KQ3XZ')
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(URL_)
      expect(part).toContain(DEFAULT_COMPANY.contactEmail)
      expect(part).toContain(PROGRAMME_NAME)
    }
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).not.toContain('"Luna"')
  })

  it('tells a not-selected founder the reason the team chose to share, and only when there is one', () => {
    const withReason = renderStatusMail('no_seleccionada', ctx({ founderReason: 'Buscamos <más> tracción.' }))
    expect(withReason.text).toContain('Buscamos <más> tracción.')
    expect(withReason.html).toContain('Buscamos &lt;más&gt; tracción.')
    const without = renderStatusMail('no_seleccionada', ctx({ founderReason: '  ' }))
    expect(without.text).not.toContain('Queremos compartirte')
  })

  it('the panel stage e-mail fixes no length or place (the times e-mail says them): it says the times come by e-mail', () => {
    const mail = renderStatusMail('sesion_panel', ctx())
    expect(mail.text).not.toMatch(/una hora|videollamada:|\d+ minutos/)
    expect(mail.text).toContain('te enviaremos por correo los horarios')
    expect(mail.text).toContain('con la duración de la sesión y el lugar o el enlace de la videollamada')
  })
})
