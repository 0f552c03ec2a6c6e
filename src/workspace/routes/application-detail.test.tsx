// @vitest-environment jsdom
/**
 * One application's page: it says which source brought the
 * application, and its jump links reach every part this application has:
 * for a signed startup, as an admin reads it, the deal, the media plan, the
 * follow-up and the panel session too (the page was 17,754 px on a phone).
 * Each link's target exists, takes the focus, and opens with a visible heading.
 */
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Route } from 'wouter'
import { sampleApplication } from '../../../domain/sample-application.ts'
import type { PanelState } from '../../../domain/workspace-api/panel.ts'
import type { ApplicationDetail } from '../../../domain/workspace-api/review.ts'
import { fakeApi, renderWithQueries, sessionAnswer, type FakeAnswer } from '../testing/fake-api.tsx'
import { ApplicationDetailPage } from './application-detail.tsx'

const ID = '11111111-1111-4111-8111-111111111111'

function detail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: ID,
    reference: 'CAT-2026-7KQ3XZ',
    createdAt: '2026-10-01T15:00:00.000Z',
    formData: sampleApplication(),
    consent: { policyVersion: '2026-01', acceptedAt: '2026-10-01T15:00:00.000Z' },
    stage: 'acuerdo_firmado',
    stageEnteredAt: '2026-11-20T15:00:00.000Z',
    stageDueAt: null,
    dueState: 'none',
    allowedTransitions: [],
    emails: [],
    reviews: { mine: null, others: [], summary: null },
    notes: [],
    timeline: [],
    suggestConflict: false,
    origin: { source: { name: 'Radio Cali mañana', slug: 'radio-cali', outlet: 'radio' }, heardFrom: 'tv' },
    ...overrides,
  } as ApplicationDetail
}

/** The panel session held before the signature. */
const PANEL: PanelState = {
  applicationId: ID,
  stage: 'acuerdo_firmado',
  stageDueAt: null,
  cutoffHours: 24,
  offer: null,
  members: [],
  candidates: [],
  actors: [],
  excluded: [],
  warnings: [],
  session: {
    id: '22222222-2222-4222-8222-222222222222',
    uid: 'uid',
    sequence: 0,
    status: 'booked',
    startsAt: '2026-11-02T15:00:00.000Z',
    endsAt: '2026-11-02T16:00:00.000Z',
    placeKind: 'video',
    place: 'https://meet.example/abc',
    memberIds: [],
    bookedAt: '2026-10-28T15:00:00.000Z',
    bookedBy: 'founder',
    changedAt: null,
    changedBy: null,
    cancelledAt: null,
    cancelReason: null,
    keptBy: null,
    keptAt: null,
    cancelledByStage: null,
  },
  noneFits: null,
}

function serve(role: 'admin' | 'reviewer', app: ApplicationDetail, more: Record<string, FakeAnswer> = {}) {
  fakeApi({
    'GET /session': sessionAnswer(role),
    [`GET /applications/${ID}`]: () => ({ status: 200, body: app }),
    [`GET /applications/${ID}/panel`]: () => ({ status: 200, body: PANEL }),
    ...more,
  })
  renderWithQueries(
    <Route path="/postulaciones/:id">
      <ApplicationDetailPage />
    </Route>,
    { signedIn: true },
  )
}

/** Each jump link's label, its target, and the target's visible heading (once drawn). */
async function jumps() {
  const nav = await screen.findByRole('navigation', { name: 'Partes de la postulación' })
  return within(nav)
    .getAllByRole('link')
    .map((link) => {
      const id = link.getAttribute('href')!.replace(/^#/, '')
      const target = document.getElementById(id)
      return { label: link.textContent, id, target }
    })
}

/** The target's first heading, when it is not hidden from the eye. */
const headingOf = (target: HTMLElement) => {
  const heading = target.querySelector('h2, h3')
  return heading && !heading.closest('.sr-only') && !heading.classList.contains('sr-only') ? heading.textContent : null
}

beforeEach(() => window.history.replaceState(null, '', `/postulaciones/${ID}`))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("an application's page", () => {
  it('says which source brought it and what the founder answered', async () => {
    serve('reviewer', detail({ stage: 'validacion_preliminar' }))
    await screen.findByRole('heading', { name: 'Huerta Viva', level: 1 })
    const header = screen.getByRole('heading', { name: 'Huerta Viva', level: 1 }).parentElement!.textContent!
    expect(header).toContain('Fuente: Radio Cali mañana (Radio)')
    expect(header).toContain('¿Dónde nos conociste?: La televisión')
  })

  it('says so when no source brought it', async () => {
    serve('reviewer', detail({ stage: 'validacion_preliminar', origin: { source: null, heardFrom: null } }))
    await screen.findByRole('heading', { name: 'Huerta Viva', level: 1 })
    const header = screen.getByRole('heading', { name: 'Huerta Viva', level: 1 }).parentElement!.textContent!
    expect(header).toContain('Fuente: ninguna (llegó sin el enlace de un medio)')
    expect(header).toContain('¿Dónde nos conociste?: sin respuesta')
  })

  it('a signed startup, as an admin: the jump links reach the deal, the plan, the follow-up and the panel session, each target focusable with its heading', async () => {
    serve('admin', detail())
    await screen.findByRole('heading', { name: 'Sesión con el panel' })
    const links = await jumps()
    expect(links.map((l) => l.label)).toEqual(['Acuerdo', 'Plan', 'Seguimiento', 'Panel', 'Datos', 'Documentos', 'Historial', 'Evaluación', 'Notas'])
    // Nine links are wider than a phone: one row that scrolls sideways there (two rows took 75 px of every
    // screen), each link still reached with Tab; they wrap only on a wide screen, where they no longer stick.
    const row = screen.getByRole('navigation', { name: 'Partes de la postulación' }).querySelector('ul')!
    expect(row.className.split(' ')).toEqual(expect.arrayContaining(['flex-nowrap', 'overflow-x-auto', 'lg:flex-wrap']))
    expect(row.className).not.toMatch(/(^| )flex-wrap( |$)/)
    for (const link of within(row).getAllByRole('link')) expect(link.tabIndex).toBe(0)
    for (const { label, id, target } of links) {
      expect(target, `#${id} (${label}) exists`).not.toBeNull()
      expect(target!.tabIndex, `#${id} takes the focus`).toBe(-1)
      expect(headingOf(target!), `#${id} opens with a visible heading`).toBeTruthy()
    }
    expect(Object.fromEntries(links.map((l) => [l.label, headingOf(l.target!)]))).toMatchObject({
      Acuerdo: 'Acuerdo',
      Plan: 'Plan de medios',
      Seguimiento: expect.stringMatching(/^Seguimiento/),
      Panel: 'Sesión con el panel',
      Datos: 'Empresa',
      Documentos: 'Documentos de due diligence',
      Historial: 'Historial',
    })
    // The programme's stake: in the plan's part, under the media plan.
    const plan = document.getElementById('plan-de-medios')!
    expect(within(plan).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Plan de medios', 'Participación del programa'])
  })

  it('a reviewer, or an application not signed: only the parts it has', async () => {
    serve('reviewer', detail())
    await screen.findByRole('heading', { name: 'Sesión con el panel' })
    expect((await jumps()).map((l) => l.label)).toEqual(['Panel', 'Datos', 'Documentos', 'Historial', 'Evaluación', 'Notas'])
    expect(screen.queryByRole('heading', { name: 'Participación del programa' })).toBeNull()
    cleanup()
    serve('admin', detail({ stage: 'validacion_preliminar' }), { [`GET /applications/${ID}/panel`]: () => ({ status: 404, body: { error: 'not_found' } }) })
    await screen.findByRole('heading', { name: 'Huerta Viva', level: 1 })
    const links = await jumps()
    expect(links.map((l) => l.label)).toEqual(['Datos', 'Documentos', 'Historial', 'Evaluación', 'Notas'])
    for (const { target } of links) expect(target).not.toBeNull()
    expect(screen.queryByRole('heading', { name: 'Participación del programa' })).toBeNull()
  })
})
