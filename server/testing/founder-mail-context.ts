/**
 * A founder's e-mail context for the mail templates' tests: hostile on purpose (markup in the name,
 * a header injection in the trade name), with a personal link of the real shape.
 */
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import type { FounderMailContext } from '../shared/mail/founder-templates.ts'

export const STATUS_URL = 'https://catalitico.example/postulacion/' + 'A'.repeat(43)

export const founderMailContext = (over: Partial<FounderMailContext> = {}): FounderMailContext => ({
  reference: 'CAT-2026-7KQ3XZ',
  founderName: 'Ana <script>alert(1)</script>',
  tradeName: 'Sol & "Luna"\r\nBcc: x@evil.example',
  statusUrl: STATUS_URL,
  company: DEFAULT_COMPANY,
  policyVersion: '2026-11-23',
  ...over,
})
