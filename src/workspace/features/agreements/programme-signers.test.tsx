// @vitest-environment jsdom
/**
 * «Firmantes del programa» on /equipo/miembros: a box per active admin, checked from the list's canSign;
 * a change puts the signing right and says so; the server's refusal is said under the list.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TeamMember } from '../../../../domain/workspace-api/team.ts'
import { MembersPage } from '../../routes/members.tsx'
import { fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../../testing/fake-api.tsx'

const ME: TeamMember = { id: TEST_ADMIN_ID, email: 'admin@catalitico.example', name: 'Admin Uno', role: 'admin', active: true, createdAt: '2026-01-01T00:00:00.000Z', lastSignInAt: null, canSign: true }
const BETO: TeamMember = { ...ME, id: '22222222-2222-4222-8222-222222222222', email: 'beto@catalitico.example', name: 'Beto Paz', canSign: false }
const ANA: TeamMember = { ...ME, id: '33333333-3333-4333-8333-333333333333', email: 'ana@catalitico.example', name: 'Ana Ríos', role: 'reviewer', canSign: false }
const OLD: TeamMember = { ...ME, id: '44444444-4444-4444-8444-444444444444', email: 'eva@catalitico.example', name: 'Eva Sol', active: false, canSign: false }

let calls: FakeCall[]
function serve(role: 'admin' | 'reviewer', more: Record<string, FakeAnswer> = {}) {
  calls = fakeApi({
    'GET /session': sessionAnswer(role),
    'GET /members': () => ({ status: 200, body: { members: [ME, BETO, ANA, OLD] } }),
    'GET /passkeys': () => ({ status: 200, body: { passkeys: [] } }),
    ...more,
  })
  renderWithQueries(<MembersPage />, { signedIn: true })
}
const puts = (id: string) => calls.filter((c) => c.method === 'PUT' && c.path === `/members/${id}/signing-right`)
const box = (name: string) => screen.findByRole('checkbox', { name: new RegExp(`^${name} Puede firmar acuerdos por el programa`) }) as Promise<HTMLInputElement>

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Firmantes del programa»', () => {
  it('lists the active admins only, checked as the list says', async () => {
    serve('admin')
    expect((await box('Admin Uno')).checked).toBe(true)
    expect((await box('Beto Paz')).checked).toBe(false)
    expect(screen.queryByRole('checkbox', { name: /Ana Ríos/ })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: /Eva Sol/ })).toBeNull()
  })

  it('puts the signing right and says so', async () => {
    serve('admin', { [`PUT /members/${BETO.id}/signing-right`]: () => ({ status: 200, body: { memberId: BETO.id, canSign: true } }) })
    fireEvent.click(await box('Beto Paz'))
    await waitFor(() => expect(puts(BETO.id)).toHaveLength(1))
    expect(puts(BETO.id)[0]!.body).toEqual({ canSign: true })
    expect(await screen.findByText('Beto Paz puede firmar acuerdos por el programa.')).toBeTruthy()
    expect((await box('Beto Paz')).checked).toBe(true)
  })

  it('takes it away, and says the server’s refusal', async () => {
    serve('admin', { [`PUT /members/${TEST_ADMIN_ID}/signing-right`]: () => ({ status: 422, body: { error: 'invalid', message: 'Solo un administrador activo puede firmar por el programa.' } }) })
    fireEvent.click(await box('Admin Uno'))
    await waitFor(() => expect(puts(TEST_ADMIN_ID)).toHaveLength(1))
    expect(puts(TEST_ADMIN_ID)[0]!.body).toEqual({ canSign: false })
    expect((await screen.findByRole('alert')).textContent).toBe('Solo un administrador activo puede firmar por el programa.')
    expect((await box('Admin Uno')).checked).toBe(true)
  })

  it('is not shown to a reviewer', async () => {
    serve('reviewer')
    await screen.findByRole('table', { name: 'Miembros del equipo' })
    expect(screen.queryByRole('region', { name: 'Firmantes del programa' })).toBeNull()
  })
})
