import { describe, expect, it } from 'vitest'
import { FIELD_LABELS } from '../../../domain/application.ts'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import { validApplication } from '../../testing/fixtures.ts'
import { formatReceivedAt, renderApplicantConfirmation, renderTeamNotification, type MailContext } from './mails.ts'

const config = { from: 'Catalítico <postulaciones@catalitico.example>', teamEmail: 'equipo@catalitico.example', company: DEFAULT_COMPANY }
const ctx = (overrides: Parameters<typeof validApplication>[0] = {}): MailContext => ({
  reference: 'CAT-2026-7KQ3XZ',
  receivedAt: new Date('2026-05-04T14:30:00.000Z'),
  formData: validApplication(overrides),
  policyVersion: PRIVACY_POLICY_VERSION,
})

describe('the e-mails', () => {
  it('date the application in Colombian time, in Spanish', () => {
    const { text } = renderApplicantConfirmation(ctx(), config)
    expect(text).toContain('4 de mayo de 2026')
    expect(text).toMatch(/9:30\sa\.\sm\..*hora de Colombia/)
  })

  it('date each e-mail to its own minute, whichever was rendered before', () => {
    const at = (iso: string) => formatReceivedAt(new Date(iso))
    const times = ['2026-05-04T14:30:59.999Z', '2026-05-04T14:31:00.000Z', '2026-05-04T14:30:00.000Z', '2026-05-05T14:30:30.000Z'].map(at)
    expect(times.map((t) => /(\d+:\d+)/.exec(t)![1])).toEqual(['9:30', '9:31', '9:30', '9:30'])
    expect(times[3]).toContain('5 de mayo de 2026')
  })

  it('write money, percentages and counts as Colombians read them ("US$ 85.000", "7,5 %"), the evening with one "p. m."', () => {
    const mail = renderTeamNotification(ctx({ revenue: '85000', equityPercentage: '7.5', activeUsers: '12000' }), config)
    const text = mail.text.replace(/\u00a0/g, ' ')
    expect(text).toContain('US$ 85.000')
    expect(text).toContain('7,5 %')
    expect(text).toContain('12.000')
    expect(text).not.toContain('85000 USD')
    expect(text).not.toContain('7.5 %')
    expect(mail.html.replace(/\u00a0/g, ' ')).toContain('US$ 85.000')
    // 01:26 UTC is 8:26 p. m. of the day before in Bogotá.
    expect(formatReceivedAt(new Date('2026-11-26T01:26:00Z')).replace(/\u00a0/g, ' ')).toBe('25 de noviembre de 2026, 8:26 p. m. (hora de Colombia)')
  })

  it('show the enumerations by their Spanish labels and skip the hidden fields', () => {
    const { text } = renderTeamNotification(ctx({ productStage: 'scaling', legalRestrictions: 'partial' }), config)
    expect(text).toContain('Escalando')
    expect(text).toContain('Algunas restricciones')
    expect(text).not.toContain(FIELD_LABELS.foundersInfo)
  })

  it('put the founder-chosen website into text only, never into a link', () => {
    const { html } = renderApplicantConfirmation(ctx({ website: 'javascript:alert(1)//x.co' }), config)
    expect(html).not.toMatch(/href="javascript:/)
  })

  it('carry the data-protection notice with the policy version and the contact address', () => {
    for (const mail of [renderApplicantConfirmation(ctx(), config)]) {
      expect(mail.text).toContain('Ley 1581 de 2012')
      expect(mail.text).toContain(PRIVACY_POLICY_VERSION)
      expect(mail.html).toContain(`mailto:${DEFAULT_COMPANY.contactEmail}`)
    }
  })
})
