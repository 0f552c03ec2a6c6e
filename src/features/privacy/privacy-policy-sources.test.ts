/**
 * The policy says what is kept about where a founder came from
 * (the outlet's name, not the person), and its version moved with the text.
 */
import { expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import { privacyPolicy } from './privacy-policy.ts'

it('says the source kept is the outlet’s name, remembered by the browser without cookies, and visits are counts only', () => {
  const text = privacyPolicy(DEFAULT_COMPANY)
    .flatMap((s) => [...(s.paragraphs ?? []), ...(s.items ?? [])])
    .join(' ')
  expect(text).toContain('Es el nombre del medio, no un dato sobre ti')
  expect(text).toContain('No usamos cookies para esto.')
  expect(text).toContain('no guardamos tu dirección IP ni nada que te identifique')
  // The sources' text (ADR 0168) took effect on 2026-11-25; a later change moves the version on (2026-11-28: ADR 0178).
  expect(PRIVACY_POLICY_VERSION >= '2026-11-25').toBe(true)
})
