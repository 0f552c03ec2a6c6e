/**
 * The audit log as an admin reads it (GET /equipo/api/audit), through the whole app: a member's views
 * of an application fold into one line a Bogotá day, with how many (ADR 0201), and what the founder did
 * on their status page names the founder, as on the application, instead of nobody («Sistema»).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import type { AuditPage } from '../../../domain/workspace-api/review.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const DAY = 24 * 3_600_000

/** A form of the founder's status page, posted from it. */
const founderPost = (h: WorkspaceHarness, path: string, form: Record<string, string>) =>
  h.app.request(`${SITE}${path}`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  })

describe('the audit log (GET /audit)', () => {
  it("folds a member's views of one application into one line a day, and names the founder for what they did themself", async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const ana = await h.addMember({ role: 'admin', name: 'Ana Admin' })
    let reviewer = await h.signIn(await h.addMember({ role: 'reviewer', name: 'Rafa Revisor' }))
    const founder = await seedFounder(h.store)
    const founderName = (await h.reviews.getApplication(founder.applicationId))!.application.formData.founderName
    const open = async () => {
      expect((await h.call('GET', `/applications/${founder.applicationId}`, { as: reviewer })).status).toBe(200)
      h.advance(60_000)
    }
    // Three looks on Monday (10:00 Bogotá on), the founder's own steps, two looks on Tuesday.
    for (let i = 0; i < 3; i++) await open()
    const page = `/postulacion/${founder.token}`
    expect((await founderPost(h, `${page}/datos`, { formato: 'json' })).status).toBe(200)
    expect((await founderPost(h, `${page}/supresion`, { confirm: '1' })).status).toBe(303)
    expect((await founderPost(h, `${page}/retirar`, { confirm: '1' })).status).toBe(303)
    h.advance(DAY)
    // A new day, a new session (the last one went idle).
    reviewer = await h.signIn(reviewer.member)
    for (let i = 0; i < 2; i++) await open()
    const admin = await h.signIn(ana)

    const res = await h.call('GET', '/audit', { as: admin })
    expect(res.status).toBe(200)
    const log = (await res.json()) as AuditPage
    const lines = log.items.map((e) => [e.action, e.member?.name ?? null, e.founder?.name ?? null, e.views?.count ?? null])
    expect(lines).toEqual([
      ['application.viewed', 'Rafa Revisor', null, 2],
      ['stage.changed', null, founderName, null],
      ['founder.deletion_requested', null, founderName, null],
      ['founder.data_downloaded', null, founderName, null],
      ['application.viewed', 'Rafa Revisor', null, 3],
    ])
    expect(log.total).toBe(5)
    expect(log.items[4]!.views).toEqual({ count: 3, firstAt: '2026-11-23T15:00:00.000Z', byAction: { 'application.viewed': 3 } })
    expect(log.items[4]!.at).toBe('2026-11-23T15:02:00.000Z')
    // The reviewer's views alone, paged by lines: two.
    const views = (await (await h.call('GET', `/audit?member=${reviewer.member.id}&action=application.viewed`, { as: admin })).json()) as AuditPage
    expect(views.items.map((e) => e.views?.count)).toEqual([2, 3])
    expect(views.total).toBe(2)
  })
})
