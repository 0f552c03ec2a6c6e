import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import type { FounderMailContext } from '../../shared/mail/founder-templates.ts'
import { renderNewLinkMail } from './new-link-mail.ts'

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

describe('the new-link e-mail', () => {
  it('carries the link', () => {
    expect(renderNewLinkMail(ctx()).text).toContain(URL_)
  })
})
