// @vitest-environment jsdom
/**
 * The toasts: a success dismisses the errors its own action left on
 * screen (a stale «No se hizo el cambio» stayed beside «Cambio guardado»);
 * another action's error stays, and errors are still announced as alerts.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppToaster, notify } from './toast.tsx'

beforeAll(() => {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia
})
afterEach(() => {
  act(() => toast.remove())
  cleanup()
})

/** The toasts on screen (a dismissed one leaves after its exit): their titles. */
const shown = () => screen.queryAllByText(/^(No se hizo el cambio|No pudimos copiar|Cambio guardado)$/).map((t) => t.textContent).sort()

describe('notify', () => {
  it("dismisses its own action's earlier errors on a success, and leaves another action's", async () => {
    render(<AppToaster />)
    act(() => {
      notify('error', { title: 'No se hizo el cambio', description: 'El equipo necesita al menos un administrador activo.' }, { action: 'member-change' })
      notify('error', { title: 'No pudimos copiar', description: 'Selecciona el texto y cópialo a mano.' }, { action: 'copy' })
    })
    expect(await screen.findByText('No se hizo el cambio')).toBeTruthy()
    act(() => notify('success', { title: 'Cambio guardado', description: 'Ana: listo.' }, { action: 'member-change' }))
    await waitFor(() => expect(shown()).toEqual(['Cambio guardado', 'No pudimos copiar']))
  })

  it('dismisses them without a toast of its own when the success says nothing', async () => {
    render(<AppToaster />)
    act(() => notify('error', { title: 'No se hizo el cambio', description: 'x' }, { action: 'member-change' }))
    expect(await screen.findByText('No se hizo el cambio')).toBeTruthy()
    act(() => notify('success', null, { action: 'member-change' }))
    await waitFor(() => expect(shown()).toEqual([]))
  })

  it('announces an error as an alert, a success as a status', async () => {
    render(<AppToaster />)
    act(() => {
      notify('error', { title: 'No se hizo el cambio', description: 'x' })
      notify('success', { title: 'Cambio guardado', description: 'y' })
    })
    expect((await screen.findByText('No se hizo el cambio')).closest('[role]')!.getAttribute('role')).toBe('alert')
    expect((await screen.findByText('Cambio guardado')).closest('[role]')!.getAttribute('role')).toBe('status')
  })
})
