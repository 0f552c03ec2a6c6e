/**
 * The guard of one write per submission (ADR 0189) on both engines,
 * in front of the real media plan store: identical requests at once write
 * once and all get the first answer; a failure after the write keeps the
 * claim (the store marked it in its transaction), one before it frees the
 * key; a founder's link is never kept in the stored answer, and is put back
 * from the repeated request's own path.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { REQUEST_KEY_FIELD, REQUEST_KEY_MESSAGES } from '../../../domain/request-keys.ts'
import { readPlanEntry, readPlanLine } from '../../../domain/media-plan.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openDealStore } from '../../db/stores/deal-store.ts'
import { openMediaPlanStore } from '../../db/stores/media-plan-store.ts'
import { openRequestKeyStore } from '../../db/stores/request-key-store.ts'
import { requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { SIGNED_DEAL, signedApplication } from '../../db/testing/signed.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from '../../db/testing/store-databases.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { refuseAsJson, requestKeyOf, requestOnce } from './request-once.ts'

const postgres = await requirePostgres()
const NOW = new Date('2027-03-15T15:00:00.000Z')

function describeOnEngine<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>) {
  describe(`one write per submission: ${name}`, () => {
    const database = harnessPerTest(open)

    async function setUp() {
      const db = await database()
      const e = engineOf(db.store)
      const { admin, id } = await signedApplication(db)
      const deals = openDealStore(e)
      const card = await deals.createRateCard({ note: '', items: [{ outlet: 'tv_nacional', format: 'Spot', unitPriceCop: 1_000_000 }], memberId: admin.id, at: NOW })
      await deals.publishRateCard(card.id, { memberId: admin.id, at: NOW })
      await deals.correctDeal(id, { ...SIGNED_DEAL, rateCardVersionId: card.id }, { memberId: admin.id, at: NOW })
      const plans = openMediaPlanStore(e)
      const line = await plans.addLine(id, (l) => readPlanLine({ outlet: 'tv_nacional', format: 'Spot', units: '20', flightFrom: '2027-02-01', flightTo: '2027-03-31' }, { deal: l.deal, rateCard: l.deal.rateCard, rateCardNumber: 1, placed: 0 }), { memberId: admin.id, at: NOW })
      if (line.status !== 'written') throw new Error('no line')
      const keys = openRequestKeyStore(e)
      const once = requestOnce({ keys, now: () => NOW, from: 'header', principal: () => `member:${admin.id}`, refuse: refuseAsJson })
      let fail: 'before' | 'after' | null = null
      const app = new Hono()
      app.post('/applications/:id/entries', once('POST /applications/:id/entries', { applicationId: (c) => c.req.param('id') ?? null }), async (c) => {
        if (fail === 'before') throw new Error('down before the write')
        const body = (await c.req.json()) as { units: string }
        const written = await plans.appendEntry(
          c.req.param('id'),
          (l) => readPlanEntry({ lineId: line.value.id, kind: 'ran', day: '2027-03-01', units: body.units, proofUrl: 'https://canal.example.com/1' }, { deal: l.deal, lines: l.lines, entries: l.entries, today: '2027-03-15' }),
          { memberId: admin.id, at: NOW, requestKey: requestKeyOf(c) },
        )
        if (fail === 'after') throw new Error('down after the write')
        if (written.status !== 'written') return c.json({ error: 'invalid' }, 422)
        return c.json({ entries: written.ledger.entries.length, id: written.value.id }, 201)
      })
      app.onError((_err, c) => c.json({ error: 'internal_error' }, 500))
      const send = (key: string, units = '1') =>
        app.request(`/applications/${id}/entries`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ units }) })
      return { db, send, setFail: (f: typeof fail) => void (fail = f) }
    }

    it('four identical requests at once: one entry, four times the first answer', async () => {
      const { db, send } = await setUp()
      const key = crypto.randomUUID()
      const answers = await Promise.all([0, 1, 2, 3].map(() => send(key)))
      const bodies = await Promise.all(answers.map((r) => r.text()))
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201])
      expect(new Set(bodies).size).toBe(1)
      expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(3)
      expect(await db.count('media_plan_entries')).toBe(1)
      // The same key with other units: refused, nothing written.
      const reused = await send(key, '2')
      expect(reused.status).toBe(422)
      expect(await reused.json()).toEqual({ error: 'idempotency_key_reused', message: REQUEST_KEY_MESSAGES.reused })
      expect(await db.count('media_plan_entries')).toBe(1)
    })

    it('a failure after the write keeps the key (sent again: «ya quedó guardado», no second entry); one before it frees the key', async () => {
      const { db, send, setFail } = await setUp()
      const key = crypto.randomUUID()
      setFail('after')
      expect((await send(key)).status).toBe(500)
      setFail(null)
      const again = await send(key)
      expect(again.status).toBe(409)
      expect(await again.json()).toEqual({ error: 'idempotency_already_written', message: REQUEST_KEY_MESSAGES.written })
      expect(await db.count('media_plan_entries')).toBe(1)

      const other = crypto.randomUUID()
      setFail('before')
      expect((await send(other)).status).toBe(500)
      setFail(null)
      expect((await send(other)).status).toBe(201)
      expect(await db.count('media_plan_entries')).toBe(2)
    })
  })
}

describeOnEngine('sqlite', freshSqliteDatabase)
describe.skipIf(!postgres)('PostgreSQL (the real server)', () => {
  describeOnEngine('postgres', freshPostgresDatabase)
})

describe("a founder's form (a hidden field; the link never stored)", () => {
  const database = harnessPerTest(freshSqliteDatabase)

  it('keeps the answer with the link replaced, and gives it back under the link the repeated request came by', async () => {
    const db = await database()
    const keys = openRequestKeyStore(engineOf(db.store))
    const once = requestOnce({
      keys,
      now: () => NOW,
      from: 'field',
      principal: () => 'founder:11111111-1111-4111-8111-111111111111',
      secret: (c) => c.req.param('token') ?? null,
      refuse: (c, status, why) => c.html(`<p>${REQUEST_KEY_MESSAGES[why]}</p>`, status),
    })
    let writes = 0
    const app = new Hono()
    app.post('/postulacion/:token/sesion/reservar', once('POST /:token/sesion/reservar'), (c) => {
      writes++
      return c.redirect(`/postulacion/${c.req.param('token')}?hecho=sesion-reservada`, 303)
    })
    const TOKEN = 'A'.repeat(43)
    const OTHER = 'B'.repeat(43)
    const post = (token: string, form: Record<string, string>) =>
      app.request(`/postulacion/${token}/sesion/reservar`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
    const key = crypto.randomUUID()
    const [a, b] = await Promise.all([post(TOKEN, { time: 't1', [REQUEST_KEY_FIELD]: key }), post(TOKEN, { time: 't1', [REQUEST_KEY_FIELD]: key })])
    expect([a.status, b.status]).toEqual([303, 303])
    expect([a.headers.get('location'), b.headers.get('location')]).toEqual([`/postulacion/${TOKEN}?hecho=sesion-reservada`, `/postulacion/${TOKEN}?hecho=sesion-reservada`])
    expect(writes).toBe(1)
    expect(JSON.stringify(await db.all('SELECT * FROM request_keys'))).not.toContain(TOKEN)
    // A newer link of the same founder, the same form sent again: the answer points at the link it came by.
    expect((await post(OTHER, { time: 't1', [REQUEST_KEY_FIELD]: key })).headers.get('location')).toBe(`/postulacion/${OTHER}?hecho=sesion-reservada`)
    // Another time under the same key: refused on a page.
    const reused = await post(TOKEN, { time: 't2', [REQUEST_KEY_FIELD]: key })
    expect(reused.status).toBe(422)
    expect(await reused.text()).toContain(REQUEST_KEY_MESSAGES.reused)
    // Not a key: refused; no key at all: the form works as before.
    expect((await post(TOKEN, { time: 't3', [REQUEST_KEY_FIELD]: 'x' })).status).toBe(400)
    expect((await post(TOKEN, { time: 't3' })).status).toBe(303)
    expect(writes).toBe(2)
  })
})
