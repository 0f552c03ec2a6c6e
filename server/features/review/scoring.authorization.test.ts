/**
 * Authorization over the scoring endpoints (weights, assignments,
 * "Repartir", discussion, bulk work), through the real session and CSRF
 * middleware (workspace harness): 401 without a session, 403 csrf with a
 * forged Origin, 403 forbidden for a reviewer on an admin action, and every
 * refusal leaves every table as it was. Then the same requests succeed, so
 * the refusals are not vacuous.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { DEFAULT_WEIGHTS } from '../../../domain/scoring.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectAdminOnlyRefused, expectRefused, type Endpoint } from '../../testing/refused.ts'
import { workspaceHarness } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

async function setUp() {
  const h = await openWorkspaceHarness()
  const admin = await h.addMember({ role: 'admin' })
  const reviewer = await h.addMember({ role: 'reviewer' })
  const other = await h.addMember({ role: 'reviewer' })
  const submission = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(submission)
  const app = `/applications/${submission.application.id}`
  // One assignment to remove, made straight in the table like a previous request would have.
  h.store.db
    .prepare('INSERT INTO assignments (application_id, member_id, assigned_by, assigned_at) VALUES (?, ?, ?, ?)')
    .run(submission.application.id, other.id, admin.id, h.now().toISOString())
  const second = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(second)
  const filter = { stage: 'recibida' }
  const list: Endpoint[] = [
    { method: 'GET', path: '/weights' },
    { method: 'PUT', path: '/weights', body: { weights: { ...DEFAULT_WEIGHTS, productoValidado: 2 } }, admin: true },
    { method: 'GET', path: `${app}/scoring` },
    { method: 'POST', path: `${app}/assignments`, body: { memberIds: [reviewer.id] }, admin: true },
    { method: 'DELETE', path: `${app}/assignments/${other.id}`, admin: true },
    { method: 'POST', path: `/applications/${second.application.id}/take`, body: {} },
    { method: 'POST', path: `${app}/discussion/clear`, body: {}, admin: true },
    { method: 'GET', path: '/assignments/proposal', admin: true },
    { method: 'POST', path: '/assignments/proposal/confirm', body: { plan: [] }, admin: true },
    { method: 'POST', path: '/bulk/preview', body: { filter, action: { type: 'move', to: 'validacion_preliminar' } }, admin: true },
    { method: 'POST', path: '/bulk/apply', body: { filter, action: { type: 'close', reason: 'Fuera de foco' }, expected: 2 }, admin: true },
    { method: 'GET', path: '/exports/applications.csv?stage=recibida', admin: true },
    { method: 'GET', path: '/exports/applications.xlsx?stage=recibida', admin: true },
    { method: 'GET', path: '/applications?sort=normalised_desc&assigned=me' },
  ]
  return { h, admin: await h.signIn(admin), reviewer: await h.signIn(reviewer), list }
}

describe('authorization of assignments, fair scores and bulk work', () => {
  it('answers 401 without a session and changes nothing', async () => {
    const { h, list } = await setUp()
    for (const e of list) await expectRefused(h, e, null, 401, 'unauthenticated')
  })

  it('answers 403 csrf to a state-changing request with a forged Origin or no token', async () => {
    const { h, list, admin } = await setUp()
    const changing = list.filter((e) => e.method !== 'GET')
    expect(changing).toHaveLength(8)
    for (const e of changing) {
      await expectRefused(h, e, admin, 403, 'csrf', { origin: 'https://evil.example' })
      await expectRefused(h, e, admin, 403, 'csrf', { csrf: null })
    }
  })

  it('answers 403 forbidden to a reviewer on an admin action', async () => {
    const { h, list, reviewer } = await setUp()
    await expectAdminOnlyRefused(h, list, reviewer, 10)
  })

  it('lets the same requests through for an admin (and the open ones for a reviewer)', async () => {
    const { h, list, admin, reviewer } = await setUp()
    for (const e of list) {
      const as = e.admin ? admin : reviewer
      const res = await h.call(e.method, e.path, { body: e.body, as })
      expect(`${e.method} ${e.path} → ${res.status}`).toBe(`${e.method} ${e.path} → 200`)
    }
  })
})
