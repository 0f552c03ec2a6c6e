/**
 * How the workspace names a company: by its trade name (what the team and
 * the founder call it), the legal name beside it where it differs. One rule
 * for the list, Mis pendientes, the detail and the team's e-mails.
 */

/** The trade name; the legal name when there is no trade name. */
export function companyDisplayName(company: { companyName: string; tradeName: string }): string {
  return company.tradeName.trim() || company.companyName
}

/** The legal name when it says something the display name does not; null otherwise. */
export function companyLegalNameAside(company: { companyName: string; tradeName: string }): string | null {
  const shown = companyDisplayName(company)
  return company.companyName && company.companyName !== shown ? company.companyName : null
}
