/**
 * The contract of RequestKeyStore (ADR 0189) on each engine: a key
 * is claimed once, also by two identical requests at once; the same body
 * finds the claim running, then its answer; another body is told the key was
 * reused; a released claim can be claimed again, a written or answered one
 * cannot be released; keys are scoped to who sent them and the route, go with
 * their application and after a day.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { tx } from '../engine.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { openRequestKeyStore, requestKeyWriter, type RequestKey } from './request-key-store.ts'

const T0 = new Date('2027-03-15T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)
const KEY: RequestKey = { principal: 'member:11111111-1111-4111-8111-111111111111', route: 'POST /applications/:id/media-plan/entries', key: 'f3b8c1d2-0000-4000-8000-000000000001' }
const ANSWER = { status: 201, type: 'application/json', location: null, body: '{"plan":null}' }

export function describeRequestKeyStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`RequestKeyStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    async function setUp() {
      const db = await database()
      const sub = newSubmission({ createdAt: at(-60) })
      await db.store.saveSubmission(sub)
      return { db, keys: openRequestKeyStore(engineOf(db.store)), e: engineOf(db.store), applicationId: sub.application.id }
    }

    it('claims a key once; the same body then finds it running, then its first answer; another body is refused as reused', async () => {
      const { db, keys, applicationId } = await setUp()
      expect(await keys.claim(KEY, { hash: 'a', applicationId, at: at(0) })).toEqual({ status: 'claimed' })
      expect(await keys.claim(KEY, { hash: 'a', applicationId, at: at(1) })).toEqual({ status: 'pending', written: false, since: at(0) })
      expect(await keys.claim(KEY, { hash: 'b', applicationId, at: at(1) })).toEqual({ status: 'reused' })
      await keys.answer(KEY, ANSWER, at(1))
      expect(await keys.claim(KEY, { hash: 'a', applicationId, at: at(2) })).toEqual({ status: 'answered', answer: ANSWER })
      expect(await keys.claim(KEY, { hash: 'b', applicationId, at: at(2) })).toEqual({ status: 'reused' })
      // Answered: never released.
      expect(await keys.release(KEY)).toBe(false)
      expect(await db.all('SELECT application_id, request_hash, answer_status FROM request_keys')).toEqual([{ application_id: applicationId, request_hash: 'a', answer_status: 201 }])
    })

    it('of two identical claims at once, exactly one claims', async () => {
      const { keys, applicationId } = await setUp()
      const claims = await Promise.all([0, 1, 2, 3].map(() => keys.claim(KEY, { hash: 'a', applicationId, at: at(0) })))
      expect(claims.filter((c) => c.status === 'claimed')).toHaveLength(1)
      expect(claims.filter((c) => c.status === 'pending')).toHaveLength(3)
    })

    it('a claim released (its request refused) is claimed again, with another body too; one its write committed is not released', async () => {
      const { db, keys, e, applicationId } = await setUp()
      await keys.claim(KEY, { hash: 'a', applicationId, at: at(0) })
      expect(await keys.release(KEY)).toBe(true)
      expect(await keys.claim(KEY, { hash: 'b', applicationId, at: at(1) })).toEqual({ status: 'claimed' })
      // The write's own transaction marks it (requestKeyWriter): a failure after the write keeps it.
      const markWritten = requestKeyWriter(e)
      await e.transaction(function* () {
        yield* tx.run(markWritten(KEY, at(1)))
      })
      expect(await keys.release(KEY)).toBe(false)
      expect(await keys.claim(KEY, { hash: 'b', applicationId, at: at(2) })).toEqual({ status: 'pending', written: true, since: at(1) })
      expect(await db.count('request_keys')).toBe(1)
    })

    it('scopes a key to who sent it and the route; keeps no application that does not exist; keys go with their application and after a day', async () => {
      const { db, keys, applicationId } = await setUp()
      await keys.claim(KEY, { hash: 'a', applicationId, at: at(0) })
      expect(await keys.claim({ ...KEY, principal: 'member:22222222-2222-4222-8222-222222222222' }, { hash: 'b', applicationId, at: at(0) })).toEqual({ status: 'claimed' })
      expect(await keys.claim({ ...KEY, route: 'POST /applications/:id/media-plan/lines' }, { hash: 'b', applicationId, at: at(0) })).toEqual({ status: 'claimed' })
      expect(await keys.claim({ ...KEY, key: 'another-key-0001' }, { hash: 'c', applicationId: crypto.randomUUID(), at: at(0) })).toEqual({ status: 'claimed' })
      expect(await keys.claim({ ...KEY, key: 'another-key-0002' }, { hash: 'c', applicationId: 'not-a-uuid', at: at(0) })).toEqual({ status: 'claimed' })
      expect(await keys.claim({ ...KEY, key: 'rate-card-key-01' }, { hash: 'd', applicationId: null, at: at(24 * 60 + 1) })).toEqual({ status: 'claimed' })
      expect((await db.all('SELECT application_id FROM request_keys WHERE application_id IS NULL')).length).toBe(3)
      await db.exec('DELETE FROM applications WHERE id = ?', [applicationId])
      expect(await db.count('request_keys')).toBe(3)
      expect(await keys.prune(at(24 * 60))).toBe(2)
      expect(await db.count('request_keys')).toBe(1)
    })
  })
}
