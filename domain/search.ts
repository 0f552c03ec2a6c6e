/**
 * The text the workspace search matches: lower case, without accents or
 * repeated spaces, so "bogota" finds "Bogotá" and "ÑANDÚ" finds "ñandú".
 * The stores keep this key of an application's company, trade name,
 * founder, e-mail, reference and city (applications.search_text); a query is
 * reduced the same way and matched as a substring.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** The fields of an application the search covers, in one key. */
export function applicationSearchText(fields: {
  companyName: string
  tradeName: string
  founderName: string
  email: string
  reference: string
  city: string
}): string {
  // The city last: the list's company order sorts by this key (review-store.ts company_asc).
  return searchKey([fields.companyName, fields.tradeName, fields.founderName, fields.email, fields.reference, fields.city].join(' '))
}
