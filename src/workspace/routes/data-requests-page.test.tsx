// @vitest-environment jsdom
/**
 * /equipo/datos-personales as an admin reads it: the deletion's confirmation
 * says what goes and that it cannot be undone, as sentences (it read
 * "…notas y correos.No se puede deshacer").
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HeldApplication } from '../../../domain/workspace-api/data-requests.ts'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { DataRequestsPage } from './data-requests.tsx'

const HELD = {
  id: '11111111-1111-4111-8111-111111111111',
  reference: 'CAT-2026-7KQ3XZ',
  receivedAt: '2026-11-02T15:00:00.000Z',
  consent: { policyVersion: '2026-01', acceptedAt: '2026-11-02T15:00:00.000Z' },
  formData: { companyName: 'Pauta Viva S.A.S.', tradeName: 'Pauta Viva' },
  emails: [],
  deal: null,
  origin: { source: null, heardFrom: null },
  followUp: null,
  mediaPlan: null,
} as unknown as HeldApplication

beforeAll(() => {
  // jsdom has <dialog> without the modal API; the browser's is covered by the e2e.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false
  }
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Eliminar sus datos»', () => {
  it('asks with its sentences apart: "…notas y correos. No se puede deshacer."', async () => {
    fakeApi({
      'GET /session': sessionAnswer('admin'),
      'GET /data-requests/open': () => ({ status: 200, body: { items: [] } }),
      'POST /data-requests/lookup': () => ({ status: 200, body: [HELD] }),
    })
    renderWithQueries(<DataRequestsPage />, { signedIn: true })
    fireEvent.change(await screen.findByLabelText('Correo de la persona fundadora'), { target: { value: 'ana@pautaviva.co' } })
    fireEvent.click(screen.getByRole('button', { name: 'Consultar' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar sus datos' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar todos los datos de esta persona fundadora?' })
    const text = within(dialog).getByText(/No se puede deshacer/).textContent
    expect(text).toContain('Se borran su postulación, sus evaluaciones, notas y correos. No se puede deshacer.')
  })
})
