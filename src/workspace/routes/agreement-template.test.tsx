// @vitest-environment jsdom
/**
 * /equipo/acuerdo-plantilla: the version in force with its sample badge, the placeholders, the versions;
 * «Guardar versión nueva» posts the body and the sample flag, and a 422's message is shown.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { toast } from 'react-hot-toast'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AgreementTemplateAnswer } from '../../../domain/workspace-api/agreements.ts'
import { AppToaster } from '../../lib/toast.tsx'
import { describedBy, fakeApi, renderWithQueries, sessionAnswer, TEST_ADMIN_ID, type FakeAnswer, type FakeCall } from '../testing/fake-api.tsx'
import { AgreementTemplatePage } from './agreement-template.tsx'

const SAMPLE: AgreementTemplateAnswer = {
  current: { version: 0, body: 'ACUERDO DE SUSCRIPCIÓN\nEntre {{razon_social}} y el programa.', sample: true },
  versions: [{ version: 0, sample: true, createdBy: null, createdAt: null }],
  fields: [
    { key: 'razon_social', label: 'Razón social de la startup' },
    { key: 'participacion', label: 'Participación acordada' },
  ],
  memberNames: {},
}
const SAVED: AgreementTemplateAnswer = {
  ...SAMPLE,
  current: { version: 1, body: 'Texto revisado por jurídica {{razon_social}}', sample: false },
  versions: [{ version: 1, sample: false, createdBy: TEST_ADMIN_ID, createdAt: '2026-12-04T15:00:00.000Z' }, ...SAMPLE.versions],
  memberNames: { [TEST_ADMIN_ID]: 'Admin Uno' },
}

let calls: FakeCall[]
function serve(role: 'admin' | 'reviewer', more: Record<string, FakeAnswer> = {}) {
  calls = fakeApi({ 'GET /session': sessionAnswer(role), 'GET /agreement-template': () => ({ status: 200, body: SAMPLE }), ...more })
  renderWithQueries(
    <>
      <AppToaster />
      <AgreementTemplatePage />
    </>,
    { signedIn: true },
  )
}
const saves = () => calls.filter((c) => c.method === 'POST' && c.path === '/agreement-template')

beforeAll(() => {
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia
})

afterEach(() => {
  act(() => toast.remove())
  cleanup()
  vi.unstubAllGlobals()
})

describe('«Plantilla del acuerdo»', () => {
  it('shows the sample in force, its placeholders and its versions', async () => {
    serve('admin')
    const text = (await screen.findByLabelText(/^Texto del acuerdo/)) as HTMLTextAreaElement
    expect(text.value).toBe(SAMPLE.current.body)
    expect(screen.getByRole('heading', { name: 'Versión 0 (vigente)' })).toBeTruthy()
    expect(screen.getAllByText('Muestra').length).toBeGreaterThan(0)
    expect(screen.getByText('Plantilla de muestra: el equipo jurídico debe reemplazarla.')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Campos de la plantilla' }).textContent).toContain('{{razon_social}} — Razón social de la startup')
    expect(screen.getByRole('list', { name: 'Versiones de la plantilla' }).textContent).toContain('Versión 0')
    expect((screen.getByLabelText('Es una muestra (no revisada por el equipo jurídico)') as HTMLInputElement).checked).toBe(true)
    // Nothing changed: nothing to save.
    expect((screen.getByRole('button', { name: 'Guardar versión nueva' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('shows the 422’s message, then saves a new version and shows it', async () => {
    let refuse = true
    serve('admin', {
      'POST /agreement-template': () =>
        refuse
          ? { status: 422, body: { error: 'invalid', message: 'La plantilla usa un campo que no existe: {{valor}}.', issues: [{ path: 'body', message: 'La plantilla usa un campo que no existe: {{valor}}.' }] } }
          : { status: 201, body: SAVED },
    })
    const text = await screen.findByLabelText(/^Texto del acuerdo/)
    fireEvent.change(text, { target: { value: 'Texto con {{valor}}' } })
    fireEvent.click(screen.getByLabelText('Es una muestra (no revisada por el equipo jurídico)'))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar versión nueva' }))
    await waitFor(() => expect(saves()).toHaveLength(1))
    expect(saves()[0]!.body).toEqual({ body: 'Texto con {{valor}}', sample: false })
    expect((await screen.findByRole('alert')).textContent).toBe('La plantilla usa un campo que no existe: {{valor}}.')
    expect(text.getAttribute('aria-invalid')).toBe('true')

    refuse = false
    fireEvent.change(text, { target: { value: 'Texto revisado por jurídica {{razon_social}}' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar versión nueva' }))
    await waitFor(() => expect(saves()).toHaveLength(2))
    expect(saves()[1]!.body).toEqual({ body: 'Texto revisado por jurídica {{razon_social}}', sample: false })
    expect(await screen.findByRole('heading', { name: 'Versión 1 (vigente)' })).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Versiones de la plantilla' }).textContent).toMatch(/Versión 1.*4 de diciembre de 2026, 10:00\sa\.\sm\., por Admin Uno/)
    expect(await screen.findByText('Versión 1 guardada')).toBeTruthy()
    expect(describedBy(screen.getByLabelText(/^Texto del acuerdo/))).not.toContain('campo que no existe')
  })

  it('is not for reviewers', async () => {
    serve('reviewer')
    expect(await screen.findByText('No tienes permiso')).toBeTruthy()
    expect(calls.some((c) => c.path === '/agreement-template')).toBe(false)
  })
})
