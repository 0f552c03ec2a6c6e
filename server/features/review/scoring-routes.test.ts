/**
 * Assignments, "Repartir", fair scores and bulk work through the real
 * workspace API (workspace harness: session, CSRF, SQLite file).
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { DEFAULT_WEIGHTS } from '../../../domain/scoring.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { review } from '../../db/stores/review-store-contract.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

async function setUp(applications = 3) {
  const h = await openWorkspaceHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const ada = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const bob = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const ids: string[] = []
  for (let i = 0; i < applications; i++) {
    const s = newSubmission({ createdAt: new Date(h.now().getTime() - (applications - i) * 60_000) })
    await h.store.saveSubmission(s)
    ids.push(s.application.id)
  }
  return { h, admin, ada, bob, ids }
}

const json = async <T>(res: Response, status = 200): Promise<T> => {
  expect(res.status).toBe(status)
  return (await res.json()) as T
}
const count = (h: WorkspaceHarness, sql: string, ...params: unknown[]) => (h.store.db.prepare(sql).get(...params) as { n: number }).n

describe('Repartir', () => {
  it('proposes a balanced plan, applies exactly that plan, and refuses a stale one', async () => {
    const { h, admin, ada, bob, ids } = await setUp(3)
    const { plan } = await json<{ plan: { applicationId: string; memberId: string }[] }>(
      await h.call('GET', '/assignments/proposal', { as: admin }),
    )
    expect(plan.map((p) => p.applicationId)).toEqual(ids)
    const perMember = (id: string) => plan.filter((p) => p.memberId === id).length
    expect([perMember(ada.member.id), perMember(bob.member.id)].sort()).toEqual([1, 2])
    expect(count(h, 'SELECT count(*) AS n FROM assignments')).toBe(0)

    expect(await json(await h.call('POST', '/assignments/proposal/confirm', { as: admin, body: { plan } }))).toEqual({ added: 3, skipped: 0 })
    expect(count(h, "SELECT count(*) AS n FROM audit_log WHERE action = 'assignment.added'")).toBe(3)
    // The same plan again is stale now: everything is assigned.
    const stale = await json<{ error: string; plan: unknown[] }>(await h.call('POST', '/assignments/proposal/confirm', { as: admin, body: { plan } }), 409)
    expect(stale).toMatchObject({ error: 'stale', plan: [] })
    expect(count(h, 'SELECT count(*) AS n FROM assignments')).toBe(3)

    // The assigned reviewer finds their applications, scores one, and sees who is assigned and who scored.
    const mine = await json<{ items: { id: string }[]; total: number }>(await h.call('GET', '/applications?assigned=me', { as: ada }))
    expect(mine.total).toBe(perMember(ada.member.id))
    const target = mine.items[0]!.id
    await json(await h.call('PUT', `/applications/${target}/review`, { as: ada, body: review(4, 4, 4, 4, 4) }))
    const scoring = await json<{ assignments: { member: { id: string }; reviewed: boolean }[] }>(
      await h.call('GET', `/applications/${target}/scoring`, { as: admin }),
    )
    expect(scoring.assignments).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: ada.member.id }), reviewed: true })])
  })

  it('lets a member take an unassigned application, once', async () => {
    const { h, ada, bob, ids } = await setUp(1)
    await json(await h.call('POST', `/applications/${ids[0]}/take`, { as: ada, body: {} }))
    await json(await h.call('POST', `/applications/${ids[0]}/take`, { as: bob, body: {} }), 409)
    expect(count(h, 'SELECT count(*) AS n FROM assignments WHERE member_id = ?', ada.member.id)).toBe(1)
  })
})

describe('fair scores', () => {
  async function scoreRow(h: WorkspaceHarness, as: SignedIn, id: string, sort = '') {
    const list = await json<{ items: { id: string; average: number; normalised: number | null; discussion: boolean }[] }>(
      await h.call('GET', `/applications?pageSize=100${sort}`, { as }),
    )
    return list.items.find((i) => i.id === id)!
  }

  it('flags a disagreement until an admin clears it, and re-flags only when the scores change', async () => {
    const { h, admin, ada, bob, ids } = await setUp(1)
    const id = ids[0]!
    await h.call('PUT', `/applications/${id}/review`, { as: ada, body: review(5, 3, 3, 3, 3) })
    await h.call('PUT', `/applications/${id}/review`, { as: bob, body: review(3, 3, 3, 3, 3) })
    expect((await scoreRow(h, admin, id)).discussion).toBe(true)
    await json(await h.call('POST', `/applications/${id}/discussion/clear`, { as: admin, body: {} }))
    expect((await scoreRow(h, admin, id)).discussion).toBe(false)
    // A new comment, same scores: stays cleared.
    await h.call('PUT', `/applications/${id}/review`, { as: ada, body: review(5, 3, 3, 3, 3, { overallComment: 'Lo revisé de nuevo.' }) })
    expect((await scoreRow(h, admin, id)).discussion).toBe(false)
    // Changed scores that still disagree: flagged again.
    await h.call('PUT', `/applications/${id}/review`, { as: ada, body: review(5, 5, 3, 3, 3) })
    expect((await scoreRow(h, admin, id)).discussion).toBe(true)
  })

  it('recomputes every score when a weight changes, and normalises per reviewer once they have 5 reviews', async () => {
    const { h, admin, ada, ids } = await setUp(6)
    const scores = [1, 2, 3, 4, 5, 3]
    for (const [i, id] of ids.entries()) {
      const s = scores[i]!
      await h.call('PUT', `/applications/${id}/review`, { as: ada, body: review(s, 1, 1, 1, 1) })
    }
    expect((await scoreRow(h, admin, ids[4]!)).average).toBeCloseTo(9 / 5, 12)
    await json(await h.call('PUT', '/weights', { as: admin, body: { weights: { ...DEFAULT_WEIGHTS, productoValidado: 4 } } }))
    // (4·5 + 4·1) / 8
    expect((await scoreRow(h, admin, ids[4]!)).average).toBeCloseTo(3, 12)
    // Ada's six weighted scores: z of her highest is the largest, and the normalised sort puts it first.
    const top = await scoreRow(h, admin, ids[4]!)
    expect(top.normalised).toBeGreaterThan(1)
    const list = await json<{ items: { id: string }[] }>(await h.call('GET', '/applications?sort=normalised_desc', { as: admin }))
    expect(list.items[0]!.id).toBe(ids[4])
    expect(list.items.at(-1)!.id).toBe(ids[0])
  })

  it('does not normalise a reviewer with fewer than 5 reviews', async () => {
    const { h, admin, ada, ids } = await setUp(4)
    for (const id of ids) await h.call('PUT', `/applications/${id}/review`, { as: ada, body: review(3, 1, 1, 1, 1) })
    expect((await scoreRow(h, admin, ids[0]!)).normalised).toBeNull()
  })
})

describe('bulk work on a filtered list', () => {
  it('previews, then moves every application of the filter through changeStage, leaving the ones that cannot move', async () => {
    const { h, admin, ids } = await setUp(6)
    await json(await h.call('POST', `/applications/${ids[0]}/transitions`, { as: admin, body: { from: 'recibida', to: 'retirada' } }))
    const filter = {}
    const action = { type: 'move', to: 'validacion_preliminar' }
    const preview = await json<{ total: number; eligible: number; refused: { stage: string; count: number }[] }>(
      await h.call('POST', '/bulk/preview', { as: admin, body: { filter, action } }),
    )
    expect(preview).toMatchObject({ total: 6, eligible: 5, refused: [{ stage: 'retirada', count: 1 }] })

    const before = h.snapshot()
    await json(await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action, expected: 4 } }), 409)
    expect(h.snapshot()).toEqual(before)

    const done = await json<{ done: number }>(await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action, expected: 5 } }))
    expect(done.done).toBe(5)
    expect(count(h, "SELECT count(*) AS n FROM applications WHERE stage = 'validacion_preliminar'")).toBe(5)
    expect(count(h, "SELECT count(*) AS n FROM stage_changes WHERE to_stage = 'validacion_preliminar'")).toBe(5)
    expect(count(h, "SELECT count(DISTINCT application_id) AS n FROM audit_log WHERE action = 'stage.changed'")).toBe(6)
    expect(count(h, "SELECT count(*) AS n FROM applications WHERE stage = 'retirada'")).toBe(1)
  })

  it('issue 19: the preview says which moves apply to how many, and promises a founder e-mail only for a move that writes one; picked rows narrow the action', async () => {
    const { h, admin, ids } = await setUp(3)
    const filter = { stage: 'recibida' }
    const preview = async (to: string, picked?: string[]) =>
      json<{ eligible: number; founderMail: boolean; eligibleByStage: Record<string, number> }>(
        await h.call('POST', '/bulk/preview', { as: admin, body: { filter, action: { type: 'move', to }, ...(picked ? { ids: picked } : {}) } }),
      )
    const toValidation = await preview('validacion_preliminar')
    expect(toValidation).toMatchObject({ eligible: 3, founderMail: false })
    expect(toValidation.eligibleByStage).toMatchObject({ validacion_preliminar: 3, sesion_panel: 0, due_diligence: 0, acuerdo_firmado: 0, no_seleccionada: 3, retirada: 3 })
    expect(await preview('retirada')).toMatchObject({ founderMail: true })

    // Two rows ticked in the list: only those move, and only those the filter also returns.
    const picked = [ids[0]!, ids[2]!]
    expect(await preview('validacion_preliminar', picked)).toMatchObject({ total: 2, eligible: 2 })
    const done = await json<{ done: number }>(
      await h.call('POST', '/bulk/apply', { as: admin, body: { filter, ids: picked, action: { type: 'move', to: 'validacion_preliminar' }, expected: 2 } }),
    )
    expect(done.done).toBe(2)
    expect(count(h, "SELECT count(*) AS n FROM applications WHERE stage = 'recibida'")).toBe(1)
    expect(count(h, "SELECT count(*) AS n FROM applications WHERE stage = 'recibida' AND id = ?", ids[1])).toBe(1)
    expect(await preview('validacion_preliminar', [ids[0]!])).toMatchObject({ total: 0, eligible: 0 })
  })

  it('closes the filtered applications as no_seleccionada with one shared reason, and assigns and exports by filter', async () => {
    const { h, admin, ada, ids } = await setUp(3)
    const filter = { stage: 'recibida' }
    await json(await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action: { type: 'assign', memberIds: [ada.member.id] }, expected: 3 } }))
    expect(count(h, 'SELECT count(*) AS n FROM assignments WHERE member_id = ?', ada.member.id)).toBe(3)
    const csv = await h.call('GET', '/exports/applications.csv?stage=recibida', { as: admin })
    expect(csv.status).toBe(200)
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(4)
    // One export, the list's: the selection's own is gone.
    expect((await h.call('GET', '/bulk/export.csv?stage=recibida', { as: admin })).status).toBe(404)
    const closed = await json<{ done: number }>(
      await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action: { type: 'close', reason: 'Fuera del foco de esta convocatoria' }, expected: 3 } }),
    )
    expect(closed.done).toBe(3)
    expect(
      count(h, "SELECT count(*) AS n FROM stage_changes WHERE to_stage = 'no_seleccionada' AND reason = 'Fuera del foco de esta convocatoria'"),
    ).toBe(ids.length)
    // One founder draft each, to each application's own founder, never one e-mail to many (ADR 0108's batch).
    expect(count(h, "SELECT count(*) AS n FROM founder_mail_drafts WHERE kind = 'no_seleccionada'")).toBe(3)
    expect(count(h, "SELECT count(DISTINCT application_id) AS n FROM founder_mail_drafts WHERE kind = 'no_seleccionada'")).toBe(3)
    expect(
      count(
        h,
        `SELECT count(*) AS n FROM founder_mail_drafts d JOIN applications a ON a.id = d.application_id
         WHERE d.kind = 'no_seleccionada' AND d.recipient = json_extract(a.form_data, '$.email')`,
      ),
    ).toBe(3)
  })
})
