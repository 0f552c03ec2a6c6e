/**
 * "Mis pendientes", the reminder preference and the overview's punctuality
 * through the whole workspace API (real SQLite file, real session and CSRF
 * middleware). Assignments are inserted as rows: their routes live in
 * another part of the workspace.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { workspaceHarness, type SignedIn } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)
const DAY = 24 * 60 * 60 * 1000

async function setUp() {
  const h = await openWorkspaceHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const ana = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const received = async (daysAgo: number, companyName: string, tradeName = '') => {
    const sub = newSubmission({ createdAt: new Date(h.now().getTime() - daysAgo * DAY) })
    sub.application.formData.companyName = companyName
    sub.application.formData.tradeName = tradeName
    await h.store.saveSubmission(sub)
    return sub.application
  }
  const assign = (applicationId: string, member: SignedIn) =>
    h.store.db
      .prepare('INSERT INTO assignments (application_id, member_id, assigned_by, assigned_at) VALUES (?, ?, ?, ?)')
      .run(applicationId, member.member.id, admin.member.id, h.now().toISOString())
  return { h, admin, ana, received, assign }
}

type PendingBody = {
  items: { id: string; companyName: string; tradeName: string; dueState: string; waitingForMe: boolean }[]
  total: number
  counts: Record<string, number>
}

describe('Mis pendientes', () => {
  it('lists my assigned applications: overdue, due soon and waiting for my review; not others’, not conflicted ones', async () => {
    const { h, admin, ana, received, assign } = await setUp()
    const overdue = await received(20, 'Vencida S.A.S.', 'Vencida') // recibida is due 14 days after reception
    const soon = await received(12, 'Pronto S.A.S.')
    const fresh = await received(1, 'Nueva S.A.S.')
    const conflicted = await received(13, 'Conflicto S.A.S.')
    const others = await received(13, 'De otro S.A.S.')
    for (const app of [overdue, soon, fresh, conflicted]) assign(app.id, ana)
    assign(others.id, admin)
    expect((await h.call('POST', '/conflicts', { as: ana, body: { applicationId: conflicted.id, kind: 'personal' } })).status).toBe(201)
    const res = await h.call('GET', '/me/pending', { as: ana })
    expect(res.status).toBe(200)
    const body = (await res.json()) as PendingBody
    // The trade name, as the list names them, and the legal name beside it.
    expect(body.items.map((i) => [i.tradeName, i.companyName, i.dueState, i.waitingForMe])).toEqual([
      ['Vencida', 'Vencida S.A.S.', 'overdue', true],
      ['', 'Pronto S.A.S.', 'due_soon', true],
      ['', 'Nueva S.A.S.', 'on_time', true],
    ])
    expect(body.counts).toEqual({ overdue: 1, dueSoon: 1, waitingForMe: 3 })
    expect(body.total).toBe(3)
    // The admin has their own list.
    expect(((await (await h.call('GET', '/me/pending', { as: admin })).json()) as PendingBody).items.map((i) => i.id)).toEqual([others.id])
  })

  it('keeps my reminder preference; refuses an unknown value', async () => {
    const { h, ana } = await setUp()
    expect(await (await h.call('GET', '/me/reminders', { as: ana })).json()).toEqual({ frequency: 'daily' })
    expect((await h.call('PUT', '/me/reminders', { as: ana, body: { frequency: 'weekdays' } })).status).toBe(200)
    expect(await (await h.call('GET', '/me/reminders', { as: ana })).json()).toEqual({ frequency: 'weekdays' })
    expect((await h.call('PUT', '/me/reminders', { as: ana, body: { frequency: 'hourly' } })).status).toBe(422)
    expect(await (await h.call('GET', '/me/reminders', { as: ana })).json()).toEqual({ frequency: 'weekdays' })
  })

  it('the overview: the share of stays that ended within their promised time over the last 90 days', async () => {
    const { h, admin, received } = await setUp()
    const a = await received(10, 'A')
    const b = await received(20, 'B')
    for (const app of [a, b]) {
      const res = await h.call('POST', `/applications/${app.id}/transitions`, { as: admin, body: { from: 'recibida', to: 'validacion_preliminar' } })
      expect(res.status).toBe(200)
    }
    const body = (await (await h.call('GET', '/overview/on-time', { as: admin })).json()) as {
      days: number
      byStage: Record<string, { left: number; onTime: number; share: number | null }>
    }
    expect(body.days).toBe(90)
    expect(body.byStage.recibida).toEqual({ left: 2, onTime: 1, share: 0.5 })
    expect(body.byStage.sesion_panel).toEqual({ left: 0, onTime: 0, share: null })
  })

  it('authorization: 401 without a session, 403 csrf on a forged Origin or missing token; nothing changed', async () => {
    const { h, ana } = await setUp()
    const endpoints: [string, string, unknown][] = [
      ['GET', '/me/pending', undefined],
      ['GET', '/me/reminders', undefined],
      ['PUT', '/me/reminders', { frequency: 'off' }],
      ['GET', '/overview/on-time', undefined],
    ]
    for (const [method, path, body] of endpoints) {
      const before = h.snapshot()
      const res = await h.call(method, path, { body })
      expect([path, res.status]).toEqual([path, 401])
      expect(h.snapshot()).toEqual(before)
    }
    for (const extra of [{ origin: 'https://evil.example' }, { csrf: null }]) {
      const before = h.snapshot()
      const res = await h.call('PUT', '/me/reminders', { as: ana, body: { frequency: 'off' }, ...extra })
      expect(res.status).toBe(403)
      expect(h.snapshot()).toEqual(before)
    }
  })
})
