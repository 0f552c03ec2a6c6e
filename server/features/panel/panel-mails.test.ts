import { describe, expect, it } from 'vitest'
import { STATUS_URL, founderMailContext } from '../../testing/founder-mail-context.ts'
import { renderPanelSessionMail, renderPanelTimesMail } from './panel-mails.ts'

const URL_ = STATUS_URL
const ctx = founderMailContext

describe('the panel session e-mails', () => {
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
})
