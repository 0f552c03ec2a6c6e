// @vitest-environment jsdom
/**
 * The overview's counts lead to lists of as many: «Recibidas esta semana» and
 * «Recibidas este mes» open the list filtered by when they were received
 * (both opened the whole list).
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { STAGES } from '../../../domain/pipeline.ts'
import type { Overview } from '../../../domain/workspace-api/review.ts'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { OverviewPage } from './overview.tsx'

const OVERVIEW: Overview = {
  byStage: Object.fromEntries(STAGES.map((s) => [s, 0])) as Overview['byStage'],
  overdue: 0,
  dueSoon: 0,
  receivedThisWeek: 2,
  receivedThisMonth: 7,
  medianDaysInStage: Object.fromEntries(STAGES.map((s) => [s, null])) as Overview['medianDaysInStage'],
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the overview', () => {
  it('links «Recibidas esta semana» and «Recibidas este mes» to the list filtered by reception', async () => {
    fakeApi({ 'GET /session': sessionAnswer('reviewer'), 'GET /overview': () => ({ status: 200, body: OVERVIEW }) })
    renderWithQueries(<OverviewPage />, { signedIn: true })
    const query = (name: RegExp) => new URLSearchParams(screen.getByRole('link', { name }).getAttribute('href')!.split('?')[1])
    await screen.findByRole('link', { name: /Recibidas esta semana/ })
    expect(query(/Recibidas esta semana/).get('received')).toBe('week')
    expect(query(/Recibidas este mes/).get('received')).toBe('month')
  })
})
