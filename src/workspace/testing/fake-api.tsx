/**
 * The workspace's API faked for the browser tests (jsdom): `fakeApi` answers
 * each "METHOD /path" from a table, read at each call (a test may add an
 * answer later), with the API's 404 refusal for any other, and records the
 * calls; `renderWithQueries` draws a component with a fresh query client that
 * does not retry, behind the session check when `signedIn`.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { RequireSession } from '../components/require-session.tsx'

export type FakeAnswer = () => { status: number; body: unknown }

export interface FakeCall {
  method: string
  path: string
  /** The JSON sent; a multipart form's fields as they were sent. */
  body: unknown
  /** The request's headers, by name as sent (the form's Idempotency-Key, ADR 0189). */
  headers: Record<string, string>
}

export const TEST_ADMIN_ID = '55555555-5555-4555-8555-555555555555'

/** GET /session's answer: Admin Uno, with the role given. */
export function sessionAnswer(role: 'admin' | 'reviewer'): FakeAnswer {
  return () => ({ status: 200, body: { member: { id: TEST_ADMIN_ID, email: 'admin@catalitico.example', name: 'Admin Uno', role }, csrfToken: 'csrf' } })
}

/** Stubs fetch with the answers; the calls it gets go into the list returned. */
export function fakeApi(answers: Record<string, FakeAnswer>): FakeCall[] {
  const calls: FakeCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/equipo/api', '')
      const method = init.method ?? 'GET'
      calls.push({
        method,
        path,
        body: init.body instanceof FormData ? Object.fromEntries(init.body.entries()) : init.body ? JSON.parse(String(init.body)) : undefined,
        headers: { ...(init.headers as Record<string, string> | undefined) },
      })
      const answer = answers[`${method} ${path}`]
      if (!answer) return new Response(JSON.stringify({ error: 'not_found', message: 'No encontramos lo que buscas.' }), { status: 404 })
      const { status, body } = answer()
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return calls
}

export function renderWithQueries(ui: ReactElement, { signedIn = false }: { signedIn?: boolean } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={client}>{signedIn ? <RequireSession>{ui}</RequireSession> : ui}</QueryClientProvider>)
}

/** The texts an element's aria-describedby points at, joined by spaces. */
export function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}
