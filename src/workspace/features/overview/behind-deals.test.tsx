// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BehindDeals } from '../../../../domain/workspace-api/media-plan.ts'
import { BehindDealsGlance } from './behind-deals.tsx'

function serve(answer: BehindDeals) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/media-plans/behind')
        ? new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{}', { status: 404 }),
    ),
  )
}
const renderGlance = () => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}><BehindDealsGlance /></QueryClientProvider>)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Acuerdos atrasados»', () => {
  it('lists each deal behind its pace with its pacing in words and links to it; a conflicted one by its reference only', async () => {
    serve({
      today: '2027-07-01',
      deals: 3,
      items: [
        { applicationId: 'a1', reference: 'CAT-2026-AAAA11', tradeName: 'Pauta Viva', conflicted: false, committed: 100_000_000, ran: 20_000_000, remaining: 80_000_000, pacing: { valueShare: 0.2, windowShare: 0.62, behindPoints: 42, lastMonth: false }, windowEnd: '2027-10-14' },
        { applicationId: 'a2', reference: 'CAT-2026-BBBB22', tradeName: '', conflicted: true, committed: null, ran: null, remaining: null, pacing: null, windowEnd: null },
      ],
    })
    renderGlance()
    const panel = await screen.findByRole('region', { name: 'Acuerdos atrasados' })
    expect(within(panel).getByRole('link', { name: 'Pauta Viva' }).getAttribute('href')).toContain('a1')
    const text = panel.textContent!.replace(/\u00a0/g, ' ')
    expect(text).toContain('2 acuerdos van más de 15 puntos detrás de su ventana')
    expect(text).toContain('(CAT-2026-AAAA11): Va al 20 % del valor con el 62 % de la ventana; quedan $ 80.000.000 por emitir hasta el 14 de octubre de 2027.')
    expect(text).toContain('CAT-2026-BBBB22 (tienes un conflicto de interés: no ves sus datos)')
    expect(within(panel).getAllByRole('link')).toHaveLength(1)
  })

  it('says all are on pace when none is behind', async () => {
    serve({ today: '2027-07-01', deals: 2, items: [] })
    renderGlance()
    expect(await screen.findByText('Todos los acuerdos van al ritmo de su ventana de exposición.')).toBeTruthy()
  })
})
