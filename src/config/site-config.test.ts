import { describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import { DEFAULT_SITE_URL, siteConfigFrom } from './site-config.ts'

describe('siteConfigFrom', () => {
  it('falls back to the documented defaults when nothing (or only blanks) is set', () => {
    expect(siteConfigFrom({})).toEqual({ siteUrl: DEFAULT_SITE_URL, company: DEFAULT_COMPANY })
    expect(siteConfigFrom({ VITE_SITE_URL: '  ', VITE_COMPANY_LEGAL_NAME: '' })).toEqual(siteConfigFrom({}))
  })

  it('takes the configured values, without a trailing slash on URLs', () => {
    const config = siteConfigFrom({
      VITE_SITE_URL: 'https://postula.catalitico.co/',
      VITE_COMPANY_LEGAL_NAME: 'Catalítico Capital S.A.S.',
      VITE_COMPANY_WEBSITE: 'https://catalitico.co/',
      VITE_COMPANY_CONTACT_EMAIL: 'hola@catalitico.co',
    })
    expect(config).toEqual({
      siteUrl: 'https://postula.catalitico.co',
      company: { legalName: 'Catalítico Capital S.A.S.', website: 'https://catalitico.co', contactEmail: 'hola@catalitico.co' },
    })
  })

  it('rejects a value that would produce broken links, naming the variable', () => {
    expect(() => siteConfigFrom({ VITE_SITE_URL: 'catalitico.co' })).toThrow(/VITE_SITE_URL must be an absolute http\(s\) URL/)
    expect(() => siteConfigFrom({ VITE_COMPANY_WEBSITE: 'javascript:alert(1)' })).toThrow(/VITE_COMPANY_WEBSITE/)
    expect(() => siteConfigFrom({ VITE_COMPANY_CONTACT_EMAIL: 'postulaciones' })).toThrow(/VITE_COMPANY_CONTACT_EMAIL/)
  })
})
