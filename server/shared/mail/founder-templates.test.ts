import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { STATUS_MAIL_KINDS } from '../../../domain/founder-mail.ts'
import { htmlFromEditedText, renderNewLinkMail, renderPanelSessionMail, renderPanelTimesMail, renderStatusMail, type FounderMailContext } from './founder-templates.ts'

const URL_ = 'https://catalitico.example/postulacion/' + 'A'.repeat(43)
const ctx = (over: Partial<FounderMailContext> = {}): FounderMailContext => ({
  reference: 'CAT-2026-7KQ3XZ',
  founderName: 'Ana <script>alert(1)</script>',
  tradeName: 'Sol & "Luna"\r\nBcc: x@evil.example',
  statusUrl: URL_,
  company: DEFAULT_COMPANY,
  policyVersion: '2026-11-23',
  ...over,
})

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

  it('the times e-mail lists them, says the length and the place (a video call a link in the HTML), and whether they replace earlier ones', () => {
    const facts = { times: ['3 de diciembre de 2026, 10:00 a. m.', '4 de diciembre de 2026, 3:00 p. m.'], lengthMinutes: 45, place: { kind: 'video' as const, value: 'https://meet.example/x?a=1&b=2' }, replaced: false }
    const mail = renderPanelTimesMail(ctx(), facts)
    expect(mail.subject).toBe('Horarios para tu sesión con el panel de expertos (CAT-2026-7KQ3XZ)')
    expect(mail.text).toContain('- 3 de diciembre de 2026, 10:00 a. m.\n- 4 de diciembre de 2026, 3:00 p. m.')
    expect(mail.text).toContain('La sesión dura 45 minutos.')
    expect(mail.text).toContain(URL_)
    expect(mail.html).toContain('<a href="https://meet.example/x?a=1&amp;b=2">https://meet.example/x?a=1&amp;b=2</a>')
    const replaced = renderPanelTimesMail(ctx(), { ...facts, replaced: true, place: { kind: 'address', value: 'Calle 93 <b>' } })
    expect(replaced.subject).toMatch(/^Nuevos horarios/)
    expect(replaced.text).toContain('los anteriores ya no están disponibles')
    expect(replaced.html).toContain('En esta dirección: Calle 93 &lt;b&gt;')
  })

  it("the team's cancellation says why and that new times come by e-mail; the founder's own does not", () => {
    const base = { kind: 'cancelled' as const, when: '3 de diciembre de 2026, 10:00 a. m.', lengthMinutes: 60, place: { kind: 'video' as const, value: 'https://meet.example/x' }, cutoffHours: 24 }
    const team = renderPanelSessionMail(ctx(), { ...base, byTeam: true, reason: 'El panel <no> puede' })
    expect(team.text).toContain('Motivo: El panel <no> puede')
    expect(team.html).toContain('Motivo: El panel &lt;no&gt; puede')
    expect(team.text).toContain('Te enviaremos nuevos horarios por correo')
    const own = renderPanelSessionMail(ctx(), { ...base, byTeam: false, reason: null })
    expect(own.text).not.toContain('Motivo')
    expect(own.text).toContain('puedes elegir otro')
    // The invitation's video call is a link in the HTML.
    expect(renderPanelSessionMail(ctx(), { ...base, kind: 'booked' }).html).toContain('<a href="https://meet.example/x">https://meet.example/x</a>')
  })

  it('the new-link e-mail carries the link', () => {
    expect(renderNewLinkMail(ctx()).text).toContain(URL_)
  })

  it('an edited text becomes escaped HTML paragraphs with its links', () => {
    const html = htmlFromEditedText('Asunto', `Hola <b>Ana</b>:\n\nTu enlace: ${URL_}`)
    expect(html).toContain('<p>Hola &lt;b&gt;Ana&lt;/b&gt;:</p>')
    expect(html).toContain(`<a href="${URL_}">${URL_}</a>`)
  })
})
