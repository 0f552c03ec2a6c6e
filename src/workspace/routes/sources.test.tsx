// @vitest-environment jsdom
/**
 * /equipo/fuentes for an admin: «Borrar» only on a source nothing
 * came through; one with visits or applications says why it stays instead
 * (the server refuses it too: server/features/sources/routes.test.ts).
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SourceList } from '../../../domain/workspace-api/sources.ts'
import { fakeApi, renderWithQueries, sessionAnswer } from '../testing/fake-api.tsx'
import { SourcesPage } from './sources.tsx'

const source = (id: string, slug: string, name: string, inUse: boolean): SourceList['sources'][number] => ({
  id,
  slug,
  name,
  outlet: 'radio',
  createdBy: null,
  createdAt: '2026-11-01T15:00:00.000Z',
  updatedAt: '2026-11-01T15:00:00.000Z',
  inUse,
})
const LIST: SourceList = {
  sources: [source('11111111-1111-4111-8111-111111111111', 'radio-cali', 'Radio Cali', true), source('22222222-2222-4222-8222-222222222222', 'sin-uso', 'Sin uso', false)],
  siteOrigin: 'https://catalitico.example',
  reserved: [],
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the sources, as an admin keeps them', () => {
  it('offers «Borrar» only on a source nothing came through, and says why the others stay', async () => {
    fakeApi({ 'GET /session': sessionAnswer('admin'), 'GET /sources': () => ({ status: 200, body: LIST }) })
    renderWithQueries(<SourcesPage />, { signedIn: true })
    const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!
    const used = await card('Radio Cali')
    expect(within(used).queryByRole('button', { name: /Borrar/ })).toBeNull()
    expect(within(used).getByRole('button', { name: /Editar/ })).toBeTruthy()
    expect(used.textContent).toContain('No se puede borrar: por ella ya llegaron visitas o postulaciones, y sus cifras dejarían de cuadrar.')
    const unused = await card('Sin uso')
    expect(within(unused).getByRole('button', { name: /^Borrar\s*Sin uso$/ })).toBeTruthy()
  })
})
