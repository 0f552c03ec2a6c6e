/**
 * Conflicts of interest through the whole workspace API (the same
 * composition as the server, real SQLite file, real session and CSRF
 * middleware): the guard on every `/applications/:id` route, read from the
 * app's own route table so that a route added later is covered too; the
 * declare / record / lift endpoints and their authorization; the list's mask,
 * the averages without the conflicted review, and the domain hint.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { expectRefused } from '../../testing/refused.ts'
import { workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

const reviewOf = (score: number) => ({
  scores: Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, score])),
  recommendation: 'avanzar',
  overallComment: '',
})

async function setUp() {
  const h = await openWorkspaceHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const other = await h.signIn(await h.addMember({ role: 'admin' }))
  const ana = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const luis = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const submission = newSubmission({ createdAt: h.now(), email: 'fundadora@andina-startup.co' })
  await h.store.saveSubmission(submission)
  return { h, admin, other, ana, luis, app: submission.application }
}

async function declare(h: WorkspaceHarness, as: SignedIn, applicationId: string, memberId?: string) {
  const res = await h.call('POST', '/conflicts', { as, body: { applicationId, kind: 'comercial', note: 'Socia de su fondo', ...(memberId ? { memberId } : {}) } })
  return { res, body: (await res.json()) as { conflict: { id: string }; error?: string } }
}

/** Every route of the server under an application's path, as Hono registered it (middleware excluded). */
function applicationRoutes(h: WorkspaceHarness, applicationId: string) {
  const seen = new Set<string>()
  return h.app.routes
    .filter((r) => r.method !== 'ALL' && /\/equipo\/api\/applications\/:id(\/|$)/.test(r.path))
    .map((r) => ({ method: r.method, path: r.path.replace('/equipo/api', '').replace(':id', applicationId).replace(/:[a-zA-Z]+/g, crypto.randomUUID()) }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`))
}

describe('conflicts of interest', () => {
  it('refuses a conflicted member every route under the application (read from the route table), 403, nothing changed', async () => {
    const { h, ana, luis, app } = await setUp()
    expect((await declare(h, ana, app.id)).res.status).toBe(201)
    const routes = applicationRoutes(h, app.id)
    // The detail, transitions, review and notes at least: the table is not empty by mistake.
    expect(routes.map((r) => `${r.method} ${r.path.replace(app.id, ':id')}`)).toEqual(
      expect.arrayContaining(['GET /applications/:id', 'POST /applications/:id/transitions', 'PUT /applications/:id/review', 'POST /applications/:id/notes']),
    )
    for (const r of routes) {
      const before = h.snapshot()
      const res = await h.call(r.method, r.path, { as: ana, body: r.method === 'GET' ? undefined : reviewOf(4) })
      expect({ route: `${r.method} ${r.path}`, status: res.status, body: await res.json() }).toMatchObject({
        route: `${r.method} ${r.path}`,
        status: 403,
        body: { error: 'conflict_of_interest' },
      })
      expect(h.snapshot()).toEqual(before)
    }
    // Unknown sub-paths too: the guard sits before the 404.
    expect((await h.call('GET', `/applications/${app.id}/documents/whatever`, { as: ana })).status).toBe(403)
    // Not vacuous: a member without a conflict opens it.
    expect((await h.call('GET', `/applications/${app.id}`, { as: luis })).status).toBe(200)
  })

  it('shows a conflicted member only the reference and "conflicted" in the list', async () => {
    const { h, ana, app } = await setUp()
    await declare(h, ana, app.id)
    const list = (await (await h.call('GET', '/applications', { as: ana })).json()) as { items: Record<string, unknown>[] }
    expect(list.items).toEqual([{ id: app.id, reference: app.reference, conflicted: true }])
    expect(JSON.stringify(list)).not.toContain(app.formData.companyName)
  })

  it('a conflicted member cannot find the application by searching, nor an admin export or bulk-move it (ADR 0107)', async () => {
    const { h, admin, other, ana, app } = await setUp()
    await declare(h, ana, app.id)
    await declare(h, admin, app.id, admin.member.id)
    const listed = async (as: SignedIn, query: string) =>
      (await (await h.call('GET', `/applications${query}`, { as })).json()) as { items: unknown[]; total: number }
    for (const as of [ana, admin]) {
      for (const q of [app.formData.companyName, app.formData.founderName]) {
        const found = await listed(as, `?q=${encodeURIComponent(q)}`)
        expect(found).toMatchObject({ items: [], total: 0 })
      }
    }
    // Not vacuous: the other admin finds it by the same words.
    expect((await listed(other, `?q=${encodeURIComponent(app.formData.founderName)}`)).total).toBe(1)
    const searched = `?q=${encodeURIComponent(app.formData.founderName)}`
    for (const path of ['/exports/applications.csv', '/exports/applications.json', `/exports/applications.csv${searched}`, `/exports/applications.json${searched}`]) {
      const mine = await (await h.call('GET', path, { as: admin })).text()
      const theirs = await (await h.call('GET', path, { as: other })).text()
      expect(theirs, path).toContain(app.formData.companyName)
      expect(mine, path).not.toContain(app.formData.companyName)
      expect(mine, path).not.toContain(app.reference)
    }
    const preview = await h.call('POST', '/bulk/preview', { as: admin, body: { filter: {}, action: { type: 'move', to: 'validacion_preliminar' } } })
    expect(await preview.json()).toMatchObject({ total: 0, eligible: 0 })
  })

  it("leaves a conflicted member's review out of the averages in the list and the detail; lifting counts it again", async () => {
    const { h, admin, ana, luis, app } = await setUp()
    expect((await h.call('PUT', `/applications/${app.id}/review`, { as: ana, body: reviewOf(5) })).status).toBe(200)
    expect((await h.call('PUT', `/applications/${app.id}/review`, { as: luis, body: reviewOf(1) })).status).toBe(200)
    const average = async () => {
      const list = (await (await h.call('GET', '/applications', { as: admin })).json()) as { items: { average: number; reviewCount: number }[] }
      const detail = (await (await h.call('GET', `/applications/${app.id}`, { as: admin })).json()) as {
        reviews: { summary: { average: number; count: number }; others: unknown[] }
      }
      return { list: list.items[0]!.average, count: list.items[0]!.reviewCount, detail: detail.reviews.summary.average, shown: detail.reviews.others.length }
    }
    expect(await average()).toEqual({ list: 3, count: 2, detail: 3, shown: 2 })
    const { body } = await declare(h, ana, app.id)
    expect(await average()).toEqual({ list: 1, count: 1, detail: 1, shown: 1 })
    expect((await h.call('POST', `/conflicts/${body.conflict.id}/lift`, { as: admin, body: { reason: 'Vendió su participación' } })).status).toBe(200)
    expect(await average()).toEqual({ list: 3, count: 2, detail: 3, shown: 2 })
    expect((await h.call('GET', `/applications/${app.id}`, { as: ana })).status).toBe(200)
  })

  it('an admin records one for a member and another admin lifts it with a reason; all three in the audit log', async () => {
    const { h, admin, other, ana, luis, app } = await setUp()
    const recorded = await declare(h, admin, app.id, luis.member.id)
    expect(recorded.res.status).toBe(201)
    expect((await h.call('GET', `/applications/${app.id}`, { as: luis })).status).toBe(403)
    expect((await declare(h, ana, app.id)).res.status).toBe(201)
    const again = await declare(h, ana, app.id)
    expect([again.res.status, again.body.error]).toEqual([409, 'conflict_exists'])
    // Without a reason: refused.
    expect((await h.call('POST', `/conflicts/${recorded.body.conflict.id}/lift`, { as: other, body: { reason: '  ' } })).status).toBe(422)
    const lifted = await h.call('POST', `/conflicts/${recorded.body.conflict.id}/lift`, { as: other, body: { reason: 'Error al registrarlo' } })
    expect(lifted.status).toBe(200)
    expect((await h.call('POST', `/conflicts/${recorded.body.conflict.id}/lift`, { as: other, body: { reason: 'x' } })).status).toBe(409)
    const audit = (await (await h.call('GET', '/audit', { as: admin })).json()) as { items: { action: string }[] }
    expect(audit.items.map((e) => e.action).filter((a) => a.startsWith('conflict.'))).toEqual(['conflict.lifted', 'conflict.declared', 'conflict.recorded'])
    // A reviewer sees their own conflicts only; an admin all of them.
    const mine = (await (await h.call('GET', '/conflicts', { as: ana })).json()) as { items: { memberId: string }[] }
    expect(mine.items.map((c) => c.memberId)).toEqual([ana.member.id])
    const all = (await (await h.call('GET', `/conflicts?applicationId=${app.id}`, { as: admin })).json()) as { items: unknown[] }
    expect(all.items).toHaveLength(2)
  })

  it('suggests a conflict when the member writes from the founder’s domain, without blocking; never for public domains', async () => {
    const { h, app } = await setUp()
    const colleague = await h.signIn(await h.addMember({ role: 'reviewer', email: 'socio@andina-startup.co' }))
    const res = await h.call('GET', `/applications/${app.id}`, { as: colleague })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { suggestConflict: boolean }).suggestConflict).toBe(true)
    const gmail = await h.signIn(await h.addMember({ role: 'reviewer', email: 'alguien@gmail.com' }))
    await h.store.saveSubmission(newSubmission({ createdAt: h.now(), email: 'otra@gmail.com' }))
    const apps = (await (await h.call('GET', '/applications', { as: gmail })).json()) as { items: { id: string }[] }
    for (const item of apps.items) {
      const detail = (await (await h.call('GET', `/applications/${item.id}`, { as: gmail })).json()) as { suggestConflict: boolean }
      expect(detail.suggestConflict).toBe(false)
    }
  })

  it("leaves a conflicted admin's applications out of the audit log: the list, the filter by reference or id, and every total", async () => {
    const { h, admin, other, app } = await setUp()
    const second = newSubmission({ createdAt: h.now(), email: 'otra@cafe-de-altura.co' })
    await h.store.saveSubmission(second)
    // What the other admin and the founder did, as the server writes it: a view and a note over HTTP, and
    // what a signature, the plan, the deal's page and the status page write.
    expect((await h.call('GET', `/applications/${app.id}`, { as: other })).status).toBe(200)
    expect((await h.call('POST', `/applications/${app.id}/notes`, { as: other, body: { body: 'Llamar el lunes' } })).status).toBe(201)
    const add = (memberId: string | null, action: Parameters<typeof h.reviews.appendAudit>[0]['action'], applicationId: string, detail = {}) =>
      h.reviews.appendAudit({ at: h.now(), memberId, action, applicationId, detail })
    await add(other.member.id, 'stage.signed_with_documents_missing', app.id, { missing: ['rut'], reason: 'Firmamos sin el RUT por la fecha del fondo' })
    await add(other.member.id, 'media_plan.line_added', app.id, { line: 1, outlet: 'tv', units: 4 })
    await add(other.member.id, 'media_plan.entry_recorded', app.id, { line: 1, kind: 'ran', units: 2 })
    await add(other.member.id, 'deal.viewed', app.id)
    await add(null, 'founder.deletion_requested', app.id)
    expect((await h.call('POST', `/applications/${second.application.id}/notes`, { as: other, body: { body: 'Otra nota' } })).status).toBe(201)
    await declare(h, admin, app.id, admin.member.id)

    type Page = { items: { applicationId: string | null; reference: string | null }[]; total: number }
    const read = async (as: SignedIn, query = '') => {
      const res = await h.call('GET', `/audit${query}`, { as })
      expect(res.status, query).toBe(200)
      return (await res.json()) as Page
    }
    // Not vacuous: the other admin reads all of it, by reference and by id.
    const theirs = await read(other, `?application=${app.reference}`)
    // The view and the deal's view (one line: views fold, ADR 0201), the note, the signature's reason, the
    // line, the entry, the founder's request, the admin's own declaration.
    expect(theirs.total).toBe(7)
    expect((await read(other, `?application=${app.id}`)).total).toBe(theirs.total)

    for (const query of [`?application=${app.reference}`, `?application=${app.reference.toLowerCase()}`, `?application=${app.id}`, `?application=${app.id}&action=stage.signed_with_documents_missing`, `?member=${other.member.id}&application=${app.id}`]) {
      expect(await read(admin, query), query).toEqual(expect.objectContaining({ items: [], total: 0 }))
    }
    const mine = await read(admin)
    expect(mine.items.some((e) => e.applicationId === app.id)).toBe(false)
    // The totals count only what the admin may see: the other admin's total less that application's entries.
    expect(mine.total).toBe((await read(other)).total - theirs.total)
    const byOther = await read(admin, `?member=${other.member.id}`)
    expect(byOther.items.map((e) => e.applicationId)).toEqual([second.application.id])
    expect(byOther.total).toBe(1)
    const text = JSON.stringify([mine, byOther])
    for (const hidden of [app.id, app.reference, 'Firmamos sin el RUT', app.formData.founderName]) expect(text).not.toContain(hidden)
  })

  describe('authorization of the new endpoints: refused, nothing changed', () => {
    it('401 without a session, 403 csrf on a forged Origin, 403 forbidden for a reviewer on admin actions', async () => {
      const { h, admin, ana, luis, app } = await setUp()
      const { body } = await declare(h, admin, app.id, luis.member.id)
      const endpoints: [string, string, unknown][] = [
        ['GET', '/conflicts', undefined],
        ['POST', '/conflicts', { applicationId: app.id, kind: 'otra' }],
        ['POST', `/conflicts/${body.conflict.id}/lift`, { reason: 'Motivo' }],
      ]
      for (const [method, path, b] of endpoints) await expectRefused(h, { method, path, body: b }, null, 401, 'unauthenticated')
      for (const [method, path, b] of endpoints.filter(([m]) => m !== 'GET')) {
        await expectRefused(h, { method, path, body: b }, admin, 403, 'csrf', { origin: 'https://evil.example' })
      }
      // A reviewer may not lift, nor record one for someone else.
      await expectRefused(h, { method: 'POST', path: `/conflicts/${body.conflict.id}/lift`, body: { reason: 'Motivo' } }, ana, 403, 'forbidden')
      await expectRefused(h, { method: 'POST', path: '/conflicts', body: { applicationId: app.id, kind: 'otra', memberId: admin.member.id } }, ana, 403, 'forbidden')
    })

    it('an admin may not lift their own conflict', async () => {
      const { h, admin, app } = await setUp()
      const { body } = await declare(h, admin, app.id)
      await expectRefused(h, { method: 'POST', path: `/conflicts/${body.conflict.id}/lift`, body: { reason: 'Ya no aplica' } }, admin, 403, 'forbidden')
    })
  })
})
