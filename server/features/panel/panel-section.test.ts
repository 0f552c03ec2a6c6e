/**
 * The status page's panel section asks the store only what the stage needs
 * (it runs on every view of the page, in every stage): nothing before the
 * panel stage, the session alone past it, the panel's other sessions only
 * when the offer has times to come.
 */
import { describe, expect, it } from 'vitest'
import type { PanelOffer, PanelSession, PanelStore } from '../../db/stores/panel-store.ts'
import { panelView } from './panel-section.ts'

const NOW = new Date('2026-12-01T13:00:00.000Z')
const later = (h: number) => new Date(NOW.getTime() + h * 3_600_000)

function countingStore(offer: PanelOffer | null, session: PanelSession | null) {
  const calls: string[] = []
  const store = {
    offer: async () => (calls.push('offer'), offer),
    session: async () => (calls.push('session'), session),
    busy: async () => (calls.push('busy'), []),
  } as unknown as PanelStore
  return { store, calls }
}

const offer = (times: Date[]): PanelOffer => ({
  id: 'o',
  applicationId: 'a',
  lengthMinutes: 60,
  placeKind: 'video',
  place: 'https://meet.example/x',
  offeredBy: 'm',
  offeredAt: NOW,
  noneFits: null,
  times: times.map((t, i) => ({ id: `t${i}`, startsAt: t, endsAt: later((t.getTime() - NOW.getTime()) / 3_600_000 + 1) })),
  members: [{ id: 'm1', name: 'Ana', email: 'ana@x.example' }],
})

describe('panelView', () => {
  it('asks nothing before the panel stage', async () => {
    for (const stage of ['recibida', 'validacion_preliminar'] as const) {
      const { store, calls } = countingStore(offer([later(48)]), null)
      expect(await panelView(store, 'a', stage, NOW)).toBeNull()
      expect(calls).toEqual([])
    }
  })

  it('past the panel stage, only the session', async () => {
    for (const stage of ['due_diligence', 'acuerdo_firmado', 'no_seleccionada', 'retirada'] as const) {
      const { store, calls } = countingStore(offer([later(48)]), null)
      expect(await panelView(store, 'a', stage, NOW)).toEqual({ offer: null, session: null, free: [], taken: [] })
      expect(calls).toEqual(['session'])
    }
  })

  it("at the panel stage, the panel's other sessions only when the offer has times to come", async () => {
    const none = countingStore(null, null)
    await panelView(none.store, 'a', 'sesion_panel', NOW)
    expect(none.calls.sort()).toEqual(['offer', 'session'])
    const past = countingStore(offer([later(-2)]), null)
    expect((await panelView(past.store, 'a', 'sesion_panel', NOW))!.free).toEqual([])
    expect(past.calls.sort()).toEqual(['offer', 'session'])
    const coming = countingStore(offer([later(-2), later(48)]), null)
    expect((await panelView(coming.store, 'a', 'sesion_panel', NOW))!.free.map((t) => t.id)).toEqual(['t1'])
    expect(coming.calls.sort()).toEqual(['busy', 'offer', 'session'])
  })
})
