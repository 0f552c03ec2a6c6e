// @vitest-environment jsdom
/**
 * /equipo/postulaciones: the company's name in the table opens the
 * application, like the reference beside it; the list filters by when the
 * applications were received (the overview's «Recibidas esta semana/este
 * mes»), shown as a filter the member can see and clear.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApplicationListItem, ApplicationPage } from '../../../domain/workspace-api/review.ts'
import { fakeApi, renderWithQueries, sessionAnswer, type FakeCall } from '../testing/fake-api.tsx'
import { ApplicationsPage } from './applications.tsx'

const ITEM: ApplicationListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  reference: 'CAT-2026-7KQ3XZ',
  companyName: 'Pauta Viva S.A.S.',
  tradeName: 'Pauta Viva',
  founderName: 'Ana Ríos',
  city: 'Cali',
  productStage: 'mvp',
  stage: 'recibida',
  createdAt: '2026-11-30T15:00:00.000Z',
  stageDueAt: '2026-12-14T15:00:00.000Z',
  reviewCount: 0,
  myReview: false,
  average: null,
  spread: null,
  dueState: 'on_time',
  normalised: null,
  discussion: false,
  conflicted: false,
}
const PAGE: ApplicationPage = { items: [ITEM], total: 1, page: 1, pageSize: 50 }

let calls: FakeCall[]
function serve(query: string) {
  calls = fakeApi({
    'GET /session': sessionAnswer('reviewer'),
    [`GET /applications${query ? `?${query}` : ''}`]: () => ({ status: 200, body: PAGE }),
    'GET /founder-activity': () => ({ status: 200, body: { items: [] } }),
    'GET /sources': () => ({ status: 200, body: { sources: [], siteOrigin: 'https://catalitico.example', reserved: [] } }),
  })
}

beforeEach(() => window.history.replaceState(null, '', '/'))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the list of applications', () => {
  it("links the company's name in the table to the application", async () => {
    serve('')
    renderWithQueries(<ApplicationsPage />, { signedIn: true })
    const table = await screen.findByRole('table', { name: /Postulaciones/ })
    const row = within(table).getByText('CAT-2026-7KQ3XZ').closest('tr')!
    const company = within(row).getByRole('link', { name: /Pauta Viva/ })
    expect(company.getAttribute('href')).toBe(`/postulaciones/${ITEM.id}`)
  })

  it('filters by reception (this week, this month) from the URL, shows it, and clears it', async () => {
    window.history.replaceState(null, '', '/?received=week')
    serve('received=week')
    renderWithQueries(<ApplicationsPage />, { signedIn: true })
    await screen.findByRole('table', { name: /Postulaciones/ })
    expect(calls.some((c) => c.path === '/applications?received=week')).toBe(true)
    const received = screen.getByLabelText('Recibidas') as HTMLSelectElement
    expect(received.value).toBe('week')
    expect([...received.options].map((o) => o.textContent)).toEqual(['Cuando sea', 'Esta semana', 'Este mes'])
    expect(screen.getByText(/1 postulación con estos filtros/)).toBeTruthy()
    fireEvent.change(received, { target: { value: 'month' } })
    await waitFor(() => expect(window.location.search).toBe('?received=month'))
  })
})
