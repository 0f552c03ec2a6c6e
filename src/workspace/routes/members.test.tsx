// @vitest-environment jsdom
/**
 * /equipo/miembros for an admin: the changes offered on each member are the
 * ones the server makes. The last active admin is never offered «Hacer
 * evaluador» or «Desactivar» (the server refuses both, 409 last_admin); the
 * page says why instead (issue 32).
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TeamMember } from '../../../domain/workspace-api/team.ts'
import { fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID } from '../testing/fake-api.tsx'
import { MembersPage } from './members.tsx'

const ME: TeamMember = {
  id: TEST_ADMIN_ID,
  email: 'admin@catalitico.example',
  name: 'Admin Uno',
  role: 'admin',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
}
const ANA: TeamMember = { ...ME, id: '22222222-2222-4222-8222-222222222222', email: 'ana@catalitico.example', name: 'Ana Ríos', role: 'reviewer' }
const OLD_ADMIN: TeamMember = { ...ME, id: '33333333-3333-4333-8333-333333333333', email: 'eva@catalitico.example', name: 'Eva Paz', active: false }

function serve(members: TeamMember[]) {
  fakeApi({
    'GET /session': sessionAnswer('admin'),
    'GET /members': () => ({ status: 200, body: { members } }),
    'GET /passkeys': () => ({ status: 200, body: { passkeys: [] } }),
  })
  renderWithQueries(<MembersPage />, { signedIn: true })
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the team, as the last active admin sees it', () => {
  it('offers no «Hacer evaluador» nor «Desactivar» on the last active admin, and says why', async () => {
    // A deactivated admin does not count: the signed-in admin is the only active one.
    serve([ME, ANA, OLD_ADMIN])
    const mine = await rowOf('Admin Uno')
    expect(within(mine).queryByRole('button', { name: /Cambiar el rol de Admin Uno/ })).toBeNull()
    expect(within(mine).queryByRole('button', { name: /Desactivar a Admin Uno/ })).toBeNull()
    expect(mine.textContent).toContain('Única persona administradora activa')
    // The others keep theirs.
    expect(within(await rowOf('Ana Ríos')).getByRole('button', { name: 'Cambiar el rol de Ana Ríos a Administrador' })).toBeTruthy()
    expect(within(await rowOf('Eva Paz')).getByRole('button', { name: 'Reactivar a Eva Paz' })).toBeTruthy()
  })

  it('offers both once another admin is active', async () => {
    serve([ME, { ...ANA, role: 'admin' }])
    const mine = await rowOf('Admin Uno')
    expect(within(mine).getByRole('button', { name: /Cambiar el rol de Admin Uno/ })).toBeTruthy()
    expect(within(mine).getByRole('button', { name: 'Desactivar a Admin Uno' })).toBeTruthy()
    expect(mine.textContent).not.toContain('Única persona administradora activa')
  })
})
