// @vitest-environment jsdom
/**
 * /equipo/miembros for an admin: the changes offered on each member are the
 * ones the server makes. The last active admin is never offered «Hacer
 * evaluador» or «Desactivar» (the server refuses both, 409 last_admin); the
 * page says why instead.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppToaster } from '../../lib/toast.tsx'
import type { TeamMember } from '../../../domain/workspace-api/team.ts'
import { fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer } from '../testing/fake-api.tsx'
import { MembersPage } from './members.tsx'

const ME: TeamMember = {
  id: TEST_ADMIN_ID,
  email: 'admin@catalitico.example',
  name: 'Admin Uno',
  role: 'admin',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSignInAt: null,
  canSign: false,
}
const ANA: TeamMember = { ...ME, id: '22222222-2222-4222-8222-222222222222', email: 'ana@catalitico.example', name: 'Ana Ríos', role: 'reviewer' }
const OLD_ADMIN: TeamMember = { ...ME, id: '33333333-3333-4333-8333-333333333333', email: 'eva@catalitico.example', name: 'Eva Paz', active: false }

function serve(members: TeamMember[], more: Record<string, FakeAnswer> = {}) {
  const answers: Record<string, FakeAnswer> = {
    'GET /session': sessionAnswer('admin'),
    'GET /members': () => ({ status: 200, body: { members } }),
    'GET /passkeys': () => ({ status: 200, body: { passkeys: [] } }),
    ...more,
  }
  fakeApi(answers)
  renderWithQueries(
    <>
      <AppToaster />
      <MembersPage />
    </>,
    { signedIn: true },
  )
  return answers
}

beforeAll(() => {
  // jsdom has <dialog> without the modal API, and no media queries (the toasts ask for reduced motion).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia
})

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!

afterEach(() => {
  act(() => toast.remove())
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

describe('a change that failed, then went through', () => {
  it('leaves the success alone on screen: the earlier error toast goes (issue 32)', async () => {
    let refuse = true
    serve([ME, ANA], {
      [`PATCH /members/${ANA.id}`]: () =>
        refuse
          ? { status: 500, body: { error: 'internal_error', message: 'Algo falló de nuestro lado. Intenta de nuevo.' } }
          : { status: 200, body: { member: { ...ANA, role: 'admin' } } },
    })
    const change = async () => {
      fireEvent.click(within(await rowOf('Ana Ríos')).getByRole('button', { name: /Cambiar el rol de Ana Ríos/ }))
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cambiar rol' }))
    }
    await change()
    expect(await screen.findByText('No se hizo el cambio')).toBeTruthy()
    refuse = false
    await change()
    // Both at once: the success on screen and the error gone (not merely the error expiring after the success did).
    await waitFor(() => expect([screen.queryByText('Cambio guardado')?.textContent, screen.queryByText('No se hizo el cambio')]).toEqual(['Cambio guardado', null]))
  })
})
