// @vitest-environment jsdom
/**
 * Every workspace hook that writes the media plan, the deal (signed through the stage change, corrected, its
 * owner), the rate card or the panel session sends the form's key (ADR 0189): the same key when the
 * same submission is sent again after a failure, a new one after a success, one per route.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, type FakeAnswer } from '../testing/fake-api.tsx'
import { useCorrectDeal, useRateCardAction, useSetDealOwner } from './deal-queries.ts'
import { useMediaPlanWrite } from './media-plan-queries.ts'
import { useCancelSession, useReschedule, useSaveOffer } from './panel-queries.ts'
import { useTransition } from './queries.ts'

const APP = '11111111-1111-4111-8111-111111111111'
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{children}</QueryClientProvider>

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("the workspace's writes carry the form's key", () => {
  it('each hook sends Idempotency-Key: kept after a failure, renewed after a success, one per route', async () => {
    let status = 503
    const answer: FakeAnswer = () => ({ status, body: status === 503 ? { error: 'unavailable' } : {} })
    const routes = [
      `POST /applications/${APP}/transitions`,
      `PUT /applications/${APP}/deal`,
      `PUT /applications/${APP}/deal/owner`,
      'POST /rate-cards',
      'POST /rate-cards/v1/publish',
      `PUT /applications/${APP}/panel/offer`,
      `POST /applications/${APP}/panel/session/reschedule`,
      `POST /applications/${APP}/panel/session/cancel`,
      `POST /applications/${APP}/media-plan/entries`,
      `POST /applications/${APP}/media-plan/lines/l1/withdrawal`,
    ]
    const calls = fakeApi(Object.fromEntries(routes.map((r) => [r, answer])))
    const { result } = renderHook(
      () => ({
        transition: useTransition(APP),
        deal: useCorrectDeal(APP),
        owner: useSetDealOwner(APP),
        card: useRateCardAction(),
        offer: useSaveOffer(APP),
        reschedule: useReschedule(APP),
        cancel: useCancelSession(APP),
        plan: useMediaPlanWrite(APP),
      }),
      { wrapper },
    )
    const sendAll = async () => {
      const r = result.current
      await Promise.allSettled([
        r.transition.mutateAsync({ from: 'due_diligence', to: 'acuerdo_firmado' } as never),
        r.deal.mutateAsync({} as never),
        r.owner.mutateAsync(null),
        r.card.mutateAsync({ kind: 'create', body: { note: '', items: [] } as never }),
        r.offer.mutateAsync({} as never),
        r.reschedule.mutateAsync({} as never),
        r.cancel.mutateAsync({} as never),
        r.plan.mutateAsync({ what: 'entries', body: {} as never }),
        r.plan.mutateAsync({ what: 'withdrawal', lineId: 'l1', body: { reason: 'x' } }),
      ])
      // The card's publication: another route of the same hook, its own key.
      await result.current.card.mutateAsync({ kind: 'publish', id: 'v1' }).catch(() => undefined)
    }
    const keysBy = () => {
      const out = new Map<string, (string | undefined)[]>()
      for (const c of calls) out.set(`${c.method} ${c.path}`, [...(out.get(`${c.method} ${c.path}`) ?? []), c.headers['Idempotency-Key']])
      return out
    }
    await sendAll()
    await waitFor(() => expect(calls).toHaveLength(routes.length))
    await sendAll()
    status = 200
    await sendAll()
    await sendAll()
    const keys = keysBy()
    expect([...keys.keys()].sort()).toEqual([...routes].sort())
    for (const [route, [failed, retried, saved, next]] of keys) {
      expect(failed, route).toMatch(/^[0-9a-f-]{36}$/)
      // Sent again after a failure: the same submission, the same key.
      expect(retried, route).toBe(failed)
      expect(saved, route).toBe(failed)
      // After the success: a new submission, a new key.
      expect(next, route).toMatch(/^[0-9a-f-]{36}$/)
      expect(next, route).not.toBe(failed)
    }
    // Two writes of one hook to two routes (the card's draft and its publication) never share a key.
    expect(keys.get('POST /rate-cards')![0]).not.toBe(keys.get('POST /rate-cards/v1/publish')![0])
  })
})
