import { describe, expect, it } from 'vitest'
import { onApplication, pathOf } from './endpoint.ts'
import { WORKSPACE_API } from './all.ts'

describe('an endpoint of the tables', () => {
  it('fills its path params, each encoded, and adds the query string', () => {
    expect(pathOf(WORKSPACE_API.mediaPlan.withdrawLine, { id: 'a b', lineId: 'x/y' })).toBe('/applications/a%20b/media-plan/lines/x%2Fy/withdrawal')
    expect(pathOf(WORKSPACE_API.review.applications, {}, 'q=a')).toBe('/applications?q=a')
    expect(() => pathOf(WORKSPACE_API.review.application, {} as { id: string })).toThrow(':id')
  })

  it('works on one application (the conflict rule) only under /applications/:id', () => {
    expect(onApplication(WORKSPACE_API.review.application)).toBe(true)
    expect(onApplication(WORKSPACE_API.panel.saveOffer)).toBe(true)
    expect(onApplication(WORKSPACE_API.review.applications)).toBe(false)
    expect(onApplication(WORKSPACE_API.conflicts.declare)).toBe(false)
  })
})
