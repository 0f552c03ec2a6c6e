import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import type { Application } from '../../../domain/application.ts'
import { STAGES, type Stage } from '../../../domain/pipeline.ts'
import { NOTE_MAX } from '../../../domain/review.ts'
import { runApplicationsCommand } from '../../cli/applications-command.ts'
import { toJson } from './export-content.ts'
import type { Member } from '../../db/stores/team-store.ts'
import { review, submission } from '../../db/stores/review-store-contract.ts'
import { reviewHarness, type ReviewHarness } from '../../testing/review-harness.ts'

const DAY = 24 * 60 * 60 * 1000
// Wednesday 2026-03-18, 15:00 in Bogotá
const NOW = new Date('2026-03-18T20:00:00.000Z')
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY)

const openReviewHarness = harnessPerTest(reviewHarness)

async function setup() {
  const h = await openReviewHarness(NOW)
  const admin = await h.addMember('admin', 'Ana Admin')
  const reviewer = await h.addMember('reviewer', 'Rafa Revisor')
  const other = await h.addMember('reviewer', 'Olga Otra')
  return { h, admin, reviewer, other }
}

async function saved(h: ReviewHarness, createdAt = daysAgo(2), form: Partial<Application> = {}) {
  const sub = submission(createdAt, form)
  await h.store.saveSubmission(sub)
  return sub.application
}

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T

/** Every table a request could touch, to prove a refusal changed nothing. */
function snapshot(h: ReviewHarness) {
  return ['applications', 'stage_changes', 'application_reviews', 'application_notes', 'audit_log', 'outbox'].map(
    (t) => [t, h.count(t)] as const,
  )
}

describe('review routes: who may do what', () => {
  it('answers 401 without a member', async () => {
    const { h } = await setup()
    expect((await h.call(null, 'GET', '/applications')).status).toBe(401)
  })

  it('refuses a reviewer the admin routes with 403, changing nothing; an admin gets them', async () => {
    const { h, admin, reviewer } = await setup()
    await saved(h)
    const before = snapshot(h)
    for (const path of ['/exports/applications.csv', '/exports/applications.json', '/audit']) {
      const res = await h.call(reviewer, 'GET', path)
      expect(res.status, path).toBe(403)
      expect(await json(res)).toMatchObject({ error: 'forbidden' })
    }
    expect(snapshot(h)).toEqual(before)
    for (const path of ['/exports/applications.csv', '/exports/applications.json', '/audit']) {
      expect((await h.call(admin, 'GET', path)).status, path).toBe(200)
    }
  })
})

describe('review routes: hidden reviews (HotCRP-style)', () => {
  it("hides the others' scores from a reviewer until their own review is in; an admin always sees them", async () => {
    const { h, admin, reviewer, other } = await setup()
    const app = await saved(h)
    expect((await h.call(other, 'PUT', `/applications/${app.id}/review`, review(5, 5, 4, 4, 5, { overallComment: 'Muy bien' }))).status).toBe(200)

    const detailAs = async (m: Member) => json<{ reviews: Record<string, unknown> }>(await h.call(m, 'GET', `/applications/${app.id}`))
    const itemAs = async (m: Member) => (await json<{ items: Record<string, unknown>[] }>(await h.call(m, 'GET', '/applications'))).items[0]!

    expect((await detailAs(reviewer)).reviews).toEqual({ mine: null, others: null, summary: null })
    expect(await itemAs(reviewer)).toMatchObject({ reviewCount: 1, myReview: false, average: null, spread: null })
    const asAdmin = await detailAs(admin)
    expect(asAdmin.reviews).toMatchObject({ mine: null, others: [{ member: { name: 'Olga Otra' }, overallComment: 'Muy bien' }] })
    expect(asAdmin.reviews.summary).toEqual({ count: 1, average: 4.6, spread: 0 })
    expect(await itemAs(admin)).toMatchObject({ average: 4.6, spread: 0 })

    const put = await h.call(reviewer, 'PUT', `/applications/${app.id}/review`, review(3, 3, 3, 3, 3))
    expect(put.status).toBe(200)
    expect(await json(put)).toMatchObject({ review: { member: { id: reviewer.id }, mean: 3 } })

    const after = await detailAs(reviewer)
    expect(after.reviews).toMatchObject({
      mine: { member: { id: reviewer.id }, mean: 3 },
      others: [{ member: { id: other.id }, mean: 4.6 }],
    })
    expect((after.reviews.summary as { average: number }).average).toBeCloseTo(3.8, 10)
    const item = await itemAs(reviewer)
    expect(item).toMatchObject({ reviewCount: 2, myReview: true })
    expect(item.average as number).toBeCloseTo(3.8, 10)
    expect(item.spread as number).toBeCloseTo(1.6, 10)
  })

  it('refuses an invalid review with 422 and its issues, storing nothing; an unknown application is 404', async () => {
    const { h, reviewer } = await setup()
    const app = await saved(h)
    const before = snapshot(h)
    const bad = await h.call(reviewer, 'PUT', `/applications/${app.id}/review`, review(6, 3, 3, 3, 3))
    expect(bad.status).toBe(422)
    expect(await json(bad)).toMatchObject({ error: 'invalid', issues: [{ path: 'scores.productoValidado' }] })
    expect((await h.call(reviewer, 'PUT', `/applications/${app.id}/review`, '{not json')).status).toBe(422)
    expect(snapshot(h)).toEqual(before)
    expect((await h.call(reviewer, 'PUT', `/applications/${crypto.randomUUID()}/review`, review(3, 3, 3, 3, 3))).status).toBe(404)
  })
})

describe('review routes: transitions', () => {
  it('walks one application to acuerdo_firmado, recording who, when and why', async () => {
    const { h, admin, reviewer } = await setup()
    const app = await saved(h, daysAgo(3))
    const steps: [Stage, Stage, Member, string][] = [
      ['recibida', 'validacion_preliminar', reviewer, 'Documentos completos'],
      ['validacion_preliminar', 'sesion_panel', reviewer, 'Encaja con los medios'],
      ['sesion_panel', 'due_diligence', admin, 'El panel la recomienda'],
      ['due_diligence', 'acuerdo_firmado', admin, 'Firmado'],
    ]
    const times: Date[] = []
    for (const [i, [from, to, member, reason]] of steps.entries()) {
      h.clock.now = new Date(NOW.getTime() + i * DAY)
      times.push(h.clock.now)
      const res = await h.call(member, 'POST', `/applications/${app.id}/transitions`, { from, to, reason })
      expect(res.status).toBe(200)
      expect((await json(res)).stage).toBe(to)
    }
    const detail = await json<{ stage: Stage; stageDueAt: unknown; dueState: string; allowedTransitions: Stage[]; timeline: Record<string, unknown>[] }>(
      await h.call(reviewer, 'GET', `/applications/${app.id}`),
    )
    expect(detail).toMatchObject({ stage: 'acuerdo_firmado', stageDueAt: null, dueState: 'closed', allowedTransitions: [] })
    expect(detail.timeline.filter((e) => e.type === 'stage_changed')).toEqual(
      steps.map(([from, to, member, reason], i) => ({
        at: times[i]!.toISOString(),
        type: 'stage_changed',
        member: { id: member.id, name: member.name },
        detail: { from, to, reason },
      })),
    )
  })

  it('closes another as no_seleccionada after a confirmation, without a reason', async () => {
    const { h, reviewer } = await setup()
    const app = await saved(h)
    await h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, { from: 'recibida', to: 'validacion_preliminar' })
    const res = await h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, {
      from: 'validacion_preliminar',
      to: 'no_seleccionada',
      reason: '   ',
    })
    expect(await json(res)).toEqual({ stage: 'no_seleccionada', stageEnteredAt: NOW.toISOString(), stageDueAt: null })
    const changes = await h.reviews.listStageChanges(app.id)
    expect(changes.map((c) => [c.to, c.member?.id, c.reason, c.at])).toEqual([
      ['validacion_preliminar', reviewer.id, null, NOW],
      ['no_seleccionada', reviewer.id, null, NOW],
    ])
  })

  it('answers 409 to a stale or refused move and 422 to a malformed one, changing nothing', async () => {
    const { h, reviewer } = await setup()
    const app = await saved(h)
    const before = snapshot(h)
    const stale = await h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, { from: 'sesion_panel', to: 'due_diligence' })
    expect(stale.status).toBe(409)
    expect(await json(stale)).toMatchObject({ error: 'conflict', stage: 'recibida' })
    const refused = await h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, { from: 'recibida', to: 'acuerdo_firmado' })
    expect(refused.status).toBe(409)
    for (const body of [{ from: 'recibida', to: 'aprobada' }, { to: 'retirada' }, { from: 'recibida', to: 'retirada', extra: 1 }]) {
      expect((await h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, body)).status).toBe(422)
    }
    expect(snapshot(h)).toEqual(before)
    expect((await h.reviews.getApplication(app.id))!.stage).toBe('recibida')
    const unknown = await h.call(reviewer, 'POST', `/applications/${crypto.randomUUID()}/transitions`, { from: 'recibida', to: 'retirada' })
    expect(unknown.status).toBe(404)
  })

  it('lets only the first of two members who saw the same stage move it', async () => {
    const { h, reviewer, other } = await setup()
    const app = await saved(h)
    const [a, b] = await Promise.all([
      h.call(reviewer, 'POST', `/applications/${app.id}/transitions`, { from: 'recibida', to: 'validacion_preliminar' }),
      h.call(other, 'POST', `/applications/${app.id}/transitions`, { from: 'recibida', to: 'no_seleccionada' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect(h.count('stage_changes')).toBe(1)
  })
})

describe('review routes: the list', () => {
  async function listed(h: ReviewHarness, m: Member, query: string) {
    const res = await h.call(m, 'GET', `/applications${query}`)
    expect(res.status, query).toBe(200)
    return json<{ items: { id: string; dueState: string }[]; total: number; page: number; pageSize: number }>(res)
  }

  it('searches with or without accents, filters, sorts and pages', async () => {
    const { h, reviewer } = await setup()
    const cafe = await saved(h, daysAgo(20), { companyName: 'Café de Nariño S.A.S.', founderName: 'Íñigo Peña', productStage: 'mvp' })
    const soon = await saved(h, daysAgo(12), { companyName: 'Ábaco Digital', productStage: 'beta' })
    const fresh = await saved(h, daysAgo(1), { companyName: 'Zeta Pagos', productStage: 'beta' })
    await h.reviews.upsertReview(soon.id, reviewer.id, review(4, 4, 4, 4, 4), NOW)

    const ids = async (q: string) => (await listed(h, reviewer, q)).items.map((i) => i.id)
    expect(await ids('?q=narino')).toEqual([cafe.id])
    expect(await ids(`?q=${encodeURIComponent('IÑIGO PEÑA')}`)).toEqual([cafe.id])
    expect(await ids(`?q=${encodeURIComponent('ábaco')}`)).toEqual([soon.id])
    expect(await ids('')).toEqual([fresh.id, soon.id, cafe.id])
    expect(await ids('?sort=company_asc')).toEqual([soon.id, cafe.id, fresh.id])
    expect(await ids('?sort=received_asc')).toEqual([cafe.id, soon.id, fresh.id])
    expect(await ids('?sort=score_desc')).toEqual([soon.id, fresh.id, cafe.id])
    expect(await ids('?sort=due_asc')).toEqual([cafe.id, soon.id, fresh.id])
    expect(await ids('?stage=recibida&due=overdue')).toEqual([cafe.id])
    expect(await ids('?due=due_soon')).toEqual([soon.id])
    expect(await ids('?productStage=beta&unreviewed=1')).toEqual([fresh.id])
    expect(await ids('?stage=sesion_panel')).toEqual([])

    const all = await listed(h, reviewer, '?sort=received_asc')
    expect(all.items.map((i) => i.dueState)).toEqual(['overdue', 'due_soon', 'on_time'])
    const page2 = await listed(h, reviewer, '?sort=received_asc&page=2&pageSize=2')
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(page2.items.map((i) => i.id)).toEqual([fresh.id])
    expect(await listed(h, reviewer, '')).toMatchObject({ page: 1, pageSize: 50, total: 3 })
  })

  it('refuses a malformed query with 422', async () => {
    const { h, reviewer } = await setup()
    for (const q of ['?pageSize=101', '?pageSize=0', '?page=-1', '?sort=random', '?stage=cerrada', '?due=later', `?q=${'x'.repeat(201)}`]) {
      expect((await h.call(reviewer, 'GET', `/applications${q}`)).status, q).toBe(422)
    }
  })
})

describe('review routes: the overview', () => {
  it('counts per stage, overdue, due soon, this week and month in Bogotá, and median days per stage', async () => {
    const { h, reviewer } = await setup()
    const a = await saved(h, new Date('2026-02-10T12:00:00Z')) // overdue
    await saved(h, new Date('2026-03-05T12:00:00Z')) // due 03-19: due soon
    await saved(h, new Date('2026-03-16T04:00:00Z')) // Sunday 23:00 in Bogotá: this month, last week
    const e = await saved(h, new Date('2026-03-17T12:00:00Z')) // this week
    await h.reviews.transition(a.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: reviewer.id, at: new Date('2026-02-16T12:00:00Z') })
    await h.reviews.transition(e.id, { from: 'recibida', to: 'retirada', reason: null, memberId: reviewer.id, at: new Date('2026-03-18T12:00:00Z') })
    const overview = await json(await h.call(reviewer, 'GET', '/overview'))
    expect(overview).toEqual({
      byStage: { ...Object.fromEntries(STAGES.map((s) => [s, 0])), recibida: 2, validacion_preliminar: 1, retirada: 1 },
      overdue: 1,
      dueSoon: 1,
      receivedThisWeek: 1,
      receivedThisMonth: 3,
      medianDaysInStage: { ...Object.fromEntries(STAGES.map((s) => [s, null])), recibida: 3.5 },
    })
  })

  it("«Recibidas esta semana/este mes» lead to lists of as many: ?received=week|month in Bogotá, as counted (issue 32)", async () => {
    const { h, reviewer } = await setup()
    await saved(h, new Date('2026-02-10T12:00:00Z'))
    const lastWeek = await saved(h, new Date('2026-03-16T04:00:00Z')) // Sunday 23:00 in Bogotá: this month, last week
    const monday = await saved(h, new Date('2026-03-16T05:00:00Z')) // Monday 00:00 in Bogotá
    const today = await saved(h, new Date('2026-03-18T12:00:00Z'))
    const overview = await json<{ receivedThisWeek: number; receivedThisMonth: number }>(await h.call(reviewer, 'GET', '/overview'))
    const list = async (q: string) => json<{ items: { id: string }[]; total: number }>(await h.call(reviewer, 'GET', `/applications${q}`))
    const week = await list('?received=week&sort=received_asc')
    expect(week.items.map((i) => i.id)).toEqual([monday.id, today.id])
    expect(week.total).toBe(overview.receivedThisWeek)
    const month = await list('?received=month&sort=received_asc')
    expect(month.items.map((i) => i.id)).toEqual([lastWeek.id, monday.id, today.id])
    expect(month.total).toBe(overview.receivedThisMonth)
    expect((await h.call(reviewer, 'GET', '/applications?received=year')).status).toBe(422)
  })
})

describe('review routes: the detail', () => {
  it("shows the form, the consent, the e-mails' delivery and one timeline, oldest first; the view is audited", async () => {
    const { h, reviewer, other } = await setup()
    const received = daysAgo(3)
    const app = await saved(h, received)
    // The outbox worker's real calls: the confirmation is sent, the team notification given up.
    const claimed = await h.store.claimDueMessages('w1', daysAgo(2.9), 10, 60_000)
    const confirmation = claimed.find((m) => m.kind === 'applicant_confirmation')!
    const notification = claimed.find((m) => m.kind === 'team_notification')!
    await h.store.markSent(confirmation.id, 'w1', daysAgo(2.9))
    await h.store.markFailed(notification.id, 'w1', { attempts: 5, failedAt: daysAgo(2.5), lastError: '550 mailbox unavailable' })
    await h.reviews.transition(app.id, { from: 'recibida', to: 'validacion_preliminar', reason: 'ok', memberId: reviewer.id, at: daysAgo(2) })
    await h.reviews.addNote(app.id, other.id, 'Llamar al founder', daysAgo(1.5))
    await h.reviews.upsertReview(app.id, other.id, review(4, 4, 4, 4, 4), daysAgo(1))

    const res = await h.call(reviewer, 'GET', `/applications/${app.id}`)
    expect(res.status).toBe(200)
    const d = await json<Record<string, unknown> & { timeline: { type: string; at: string }[] }>(res)
    expect(d).toMatchObject({
      id: app.id,
      reference: app.reference,
      createdAt: received.toISOString(),
      formData: app.formData,
      consent: { policyVersion: app.consent.policyVersion, acceptedAt: received.toISOString() },
      stage: 'validacion_preliminar',
      stageDueAt: new Date(received.getTime() + 14 * DAY).toISOString(),
      dueState: 'on_time',
      allowedTransitions: ['sesion_panel', 'no_seleccionada', 'retirada'],
      notes: [{ member: { id: other.id, name: 'Olga Otra' }, body: 'Llamar al founder' }],
    })
    expect(d.emails).toEqual(
      expect.arrayContaining([
        { kind: 'applicant_confirmation', status: 'sent', attempts: 0, createdAt: received.toISOString(), settledAt: daysAgo(2.9).toISOString(), lastError: null },
        {
          kind: 'team_notification',
          status: 'failed',
          attempts: 5,
          createdAt: received.toISOString(),
          settledAt: daysAgo(2.5).toISOString(),
          lastError: '550 mailbox unavailable',
        },
      ]),
    )
    expect(d.timeline.map((e) => [e.type, e.at])).toEqual([
      ['received', received.toISOString()],
      ['email_sent', daysAgo(2.9).toISOString()],
      ['email_failed', daysAgo(2.5).toISOString()],
      ['stage_changed', daysAgo(2).toISOString()],
      ['note_added', daysAgo(1.5).toISOString()],
      ['review_submitted', daysAgo(1).toISOString()],
    ])
    // The timeline says who reviewed, not the scores, to a reviewer who has not reviewed yet.
    expect(JSON.stringify(d.timeline)).not.toContain('scores')
    const audit = await h.reviews.listAudit(1, 50)
    expect(audit.items[0]).toMatchObject({ action: 'application.viewed', applicationId: app.id, member: { id: reviewer.id }, detail: {} })
  })

  it('answers 404 for an unknown or malformed id, and audits nothing', async () => {
    const { h, reviewer } = await setup()
    expect((await h.call(reviewer, 'GET', `/applications/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await h.call(reviewer, 'GET', '/applications/abc')).status).toBe(404)
    expect(h.count('audit_log')).toBe(0)
  })
})

describe('review routes: notes', () => {
  it('adds a note (201) and refuses an empty or too long one (422)', async () => {
    const { h, reviewer } = await setup()
    const app = await saved(h)
    const res = await h.call(reviewer, 'POST', `/applications/${app.id}/notes`, { body: '  Pedir estados financieros  ' })
    expect(res.status).toBe(201)
    expect(await json(res)).toMatchObject({ note: { body: 'Pedir estados financieros', member: { id: reviewer.id }, createdAt: NOW.toISOString() } })
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(NOTE_MAX + 1) }, {}]) {
      expect((await h.call(reviewer, 'POST', `/applications/${app.id}/notes`, body)).status).toBe(422)
    }
    expect(h.count('application_notes')).toBe(1)
    expect((await h.call(reviewer, 'POST', `/applications/${crypto.randomUUID()}/notes`, { body: 'x' })).status).toBe(404)
  })
})

describe('review routes: exports and the audit log (admins)', () => {
  it('exports the same CSV and JSON as the CLI, as attachments, and audits each export', async () => {
    const { h, admin } = await setup()
    await saved(h, daysAgo(3), { companyName: '=HIPERVINCULO("x")' })
    await saved(h, daysAgo(2))
    const apps = await h.store.listApplications()

    const csv = await h.call(admin, 'GET', '/exports/applications.csv?sort=received_asc')
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="postulaciones-2026-03-18.csv"')
    // arrayBuffer: text() would drop the byte-order mark Excel needs
    const csvText = Buffer.from(await csv.arrayBuffer()).toString('utf8')
    expect(csvText.startsWith('\uFEFFReferencia;')).toBe(true)
    expect(csvText).toContain(`"\t=HIPERVINCULO(""x"")"`)
    const jsonExport = await h.call(admin, 'GET', '/exports/applications.json?sort=received_asc')
    const jsonText = await jsonExport.text()
    expect(jsonText).toBe(toJson(apps))
    // …which is what `npm run applications -- export` prints
    for (const [format, text] of [['csv', csvText], ['json', jsonText]] as const) {
      let out = ''
      await runApplicationsCommand(['export', '--format', format], h.store, { out: (t) => void (out += t), err: () => {} })
      expect(text).toBe(out)
    }

    const audit = await json<{ items: { action: string; detail: unknown; member: unknown }[]; total: number }>(await h.call(admin, 'GET', '/audit'))
    expect(audit.total).toBe(2)
    expect(audit.items.map((e) => [e.action, e.detail, e.member])).toEqual([
      ['applications.exported', { format: 'json', count: 2 }, { id: admin.id, name: 'Ana Admin' }],
      ['applications.exported', { format: 'csv', count: 2 }, { id: admin.id, name: 'Ana Admin' }],
    ])
  })

  it('filters the audit log on the server by member, action, application (reference or id) and Bogotá dates, paged, with references and the names the details name', async () => {
    const { h, admin, reviewer, other } = await setup()
    const cafe = await saved(h, daysAgo(30))
    const ruta = await saved(h, daysAgo(30))
    // Bogotá is UTC−5: 2026-03-10 00:00 in Bogotá is 05:00 UTC.
    const bogota = (day: string, time = '12:00') => new Date(`${day}T${time}:00.000-05:00`)
    const add = (at: Date, memberId: string | null, action: 'application.viewed' | 'stage.changed' | 'member.role_changed' | 'note.added', applicationId: string | null, detail = {}) =>
      h.reviews.appendAudit({ at, memberId, action, applicationId, detail })
    await add(bogota('2026-03-09', '23:59'), reviewer.id, 'application.viewed', cafe.id)
    await add(bogota('2026-03-10', '00:00'), reviewer.id, 'stage.changed', cafe.id, { from: 'recibida', to: 'validacion_preliminar' })
    await add(bogota('2026-03-11', '23:59'), other.id, 'application.viewed', ruta.id)
    await add(bogota('2026-03-12', '00:00'), admin.id, 'member.role_changed', null, { memberId: other.id, from: 'reviewer', to: 'admin' })
    // Notes, not views: a member's views of an application on one day are one line (ADR 0201).
    for (let i = 0; i < 52; i++) await add(bogota('2026-03-13'), reviewer.id, 'note.added', ruta.id)

    type Page = { items: { action: string; member: { name: string } | null; reference: string | null; applicationId: string | null; at: string }[]; total: number; memberNames: Record<string, string> }
    const get = async (query: string) => {
      const res = await h.call(admin, 'GET', `/audit?${query}`)
      expect(res.status, query).toBe(200)
      return json<Page>(res)
    }
    const actions = async (query: string) => (await get(query)).items.map((e) => [e.action, e.member?.name, e.reference])

    expect(await actions(`member=${other.id}`)).toEqual([['application.viewed', 'Olga Otra', ruta.reference]])
    expect(await actions('action=stage.changed')).toEqual([['stage.changed', 'Rafa Revisor', cafe.reference]])
    // The reference as typed (any case, spaces), or the application's id.
    expect(await actions(`application=%20${cafe.reference.toLowerCase()}%20`)).toEqual([
      ['stage.changed', 'Rafa Revisor', cafe.reference],
      ['application.viewed', 'Rafa Revisor', cafe.reference],
    ])
    expect((await get(`application=${cafe.id}`)).total).toBe(2)
    expect((await get('application=CAT-0000-NADA')).total).toBe(0)
    // Days in Bogotá, both included: the 10th starts at its midnight, the 11th ends at its last minute.
    expect(await actions('from=2026-03-10&to=2026-03-11')).toEqual([
      ['application.viewed', 'Olga Otra', ruta.reference],
      ['stage.changed', 'Rafa Revisor', cafe.reference],
    ])
    // All together, and the names a detail names.
    const role = await get(`member=${admin.id}&action=member.role_changed&from=2026-03-12&to=2026-03-12`)
    expect(role.items.map((e) => [e.action, e.reference, e.applicationId])).toEqual([['member.role_changed', null, null]])
    expect(role.memberNames).toEqual({ [other.id]: 'Olga Otra' })
    // Paged within the filter: ruta's 52 notes by the reviewer, and the total counts the filtered set.
    const first = await get(`application=${ruta.reference}&member=${reviewer.id}`)
    expect([first.total, first.items.length]).toEqual([52, 50])
    const second = await get(`application=${ruta.reference}&member=${reviewer.id}&page=2`)
    expect(second.items).toHaveLength(2)
    // Filters that match nothing, or are malformed.
    expect((await get(`member=${crypto.randomUUID()}`)).total).toBe(0)
    expect((await get('member=not-a-uuid')).total).toBe(0)
    for (const bad of ['action=drop.table', 'from=2026-3-1', 'to=2026-02-31', 'from=ayer']) {
      const res = await h.call(admin, 'GET', `/audit?${bad}`)
      expect(res.status, bad).toBe(422)
    }
    // Still admins only.
    expect((await h.call(reviewer, 'GET', `/audit?member=${reviewer.id}`)).status).toBe(403)
  })

  it('pages the audit log, newest first', async () => {
    const { h, admin } = await setup()
    for (let i = 0; i < 55; i++) {
      await h.reviews.appendAudit({ at: new Date(NOW.getTime() - i * 1000), memberId: admin.id, action: 'session.signed_in', applicationId: null })
    }
    const p1 = await json<{ items: { at: string }[]; total: number; page: number; pageSize: number }>(await h.call(admin, 'GET', '/audit'))
    const p2 = await json<{ items: { at: string }[] }>(await h.call(admin, 'GET', '/audit?page=2'))
    expect(p1).toMatchObject({ total: 55, page: 1, pageSize: 50 })
    expect(p1.items[0]!.at).toBe(NOW.toISOString())
    expect(p2.items.map((e) => e.at)).toEqual([50, 51, 52, 53, 54].map((i) => new Date(NOW.getTime() - i * 1000).toISOString()))
  })
})
