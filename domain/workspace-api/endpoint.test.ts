import { describe, expect, it } from 'vitest'
import { onApplication, pathOf } from './endpoint.ts'
import { conflictEndpoints as conflicts } from './conflicts.ts'
import { mediaPlanEndpoints as mediaPlan } from './media-plan.ts'
import { panelEndpoints as panel } from './panel.ts'
import { reviewEndpoints as review } from './review.ts'

describe('an endpoint of the tables', () => {
  it('fills its path params, each encoded, and adds the query string', () => {
    expect(pathOf(mediaPlan.withdrawLine, { id: 'a b', lineId: 'x/y' })).toBe('/applications/a%20b/media-plan/lines/x%2Fy/withdrawal')
    expect(pathOf(review.applications, {}, 'q=a')).toBe('/applications?q=a')
    expect(() => pathOf(review.application, {} as { id: string })).toThrow(':id')
  })

  it('works on one application (the conflict rule) only under /applications/:id', () => {
    expect(onApplication(review.application)).toBe(true)
    expect(onApplication(panel.saveOffer)).toBe(true)
    expect(onApplication(review.applications)).toBe(false)
    expect(onApplication(conflicts.declare)).toBe(false)
  })
})
