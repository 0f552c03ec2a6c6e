/**
 * ADR 0178: the policy says what the follow-up keeps and for how long (retention follows the
 * deal, not the 12-month rule of closed applications), with the numbers retention runs on, and its
 * version moved with the text.
 */
import { expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP, COMMERCIAL_PAPERS_YEARS, PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import { privacyPolicy } from './privacy-policy.ts'

const text = (title: string) => {
  const s = privacyPolicy(DEFAULT_COMPANY).find((p) => p.title === title)!
  return [...(s.paragraphs ?? []), ...(s.items ?? [])].join(' ')
}

it('states what a signed agreement keeps, for how long, and when the check-ins’ texts go', () => {
  expect(COMMERCIAL_PAPERS_YEARS).toBe(10)
  expect(CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP).toBe(12)
  expect(text('2. Datos que tratamos')).toContain('tratamos también lo que nos reportas cada mes')
  expect(text('3. Finalidades')).toContain('acompañar a tu startup durante los 12 meses de seguimiento')
  const keeping = text('6. Conservación y seguridad')
  expect(keeping).toContain(
    'mientras duren el acuerdo y sus 12 meses de seguimiento, y después durante 10 años, el plazo que la ley exige conservar los papeles de comercio (artículo 60 del Código de Comercio); cumplido ese plazo, los suprimimos.',
  )
  expect(keeping).toContain('qué salió mal y qué necesitas lo borramos 12 meses después de que termina el seguimiento; las cifras se quedan con el acuerdo.')
  expect(keeping).not.toContain('mientras dure la relación y los plazos que exija la ley')
  expect(PRIVACY_POLICY_VERSION).toBe('2026-11-28')
  expect(text('8. Vigencia')).toContain('Versión 2026-11-28.')
})
