/**
 * The company behind the programme. These are clearly fictitious defaults;
 * the real values are configuration (VITE_COMPANY_* at build time for the site,
 * COMPANY_* at start-up for the e-mails). See README "Configuration".
 */
export interface CompanyInfo {
  legalName: string
  website: string
  contactEmail: string
}

export const DEFAULT_COMPANY: CompanyInfo = {
  legalName: 'Catalítico Ventures S.A.S.',
  website: 'https://catalitico.example',
  contactEmail: 'postulaciones@catalitico.example',
}
