import { describe, expect, it } from 'vitest'
import { applicationsExportPath } from './review.ts'

describe('the list’s export path (issue 32)', () => {
  it('carries the list’s query (filter, search, sort) without its page: every page of what the list shows', () => {
    const list = new URLSearchParams('q=caf%C3%A9+andino&stage=recibida&source=none&sort=company_asc&page=3&pageSize=20')
    expect(applicationsExportPath('xlsx', list)).toBe('/exports/applications.xlsx?q=caf%C3%A9+andino&stage=recibida&source=none&sort=company_asc')
    expect(applicationsExportPath('csv', new URLSearchParams('page=2'))).toBe('/exports/applications.csv')
    expect(applicationsExportPath('json', new URLSearchParams())).toBe('/exports/applications.json')
    // The list's own query is left as it was.
    expect(list.get('page')).toBe('3')
  })
})
