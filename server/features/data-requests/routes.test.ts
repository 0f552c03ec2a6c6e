import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { runApplicationsCommand } from '../../cli/applications-command.ts'
import { founderCsv, founderRecords } from '../review/export-content.ts'
import { dataRequestDueAt } from '../../../domain/data-requests.ts'
import { review, submission } from '../../db/stores/review-store-contract.ts'
import { openConflictStore } from '../../db/stores/conflict-store.ts'
import { engineOf } from '../../db/engine-of.ts'
import { reviewHarness, type ReviewHarness } from '../../testing/review-harness.ts'
import { openFounderStore } from '../../db/stores/founder-store.ts'

const NOW = new Date('2026-03-18T20:00:00.000Z')
const FOUNDER = 'titular.privada@founder.example.co'

const openReviewHarness = harnessPerTest(reviewHarness)

async function setup() {
  const h = await openReviewHarness(NOW)
  const admin = await h.addMember('admin', 'Ana Admin')
  const reviewer = await h.addMember('reviewer', 'Rafa Revisor')
  const founderApps = []
  for (const days of [10, 3]) {
    const sub = submission(new Date(NOW.getTime() - days * 86_400_000), { email: FOUNDER, founderName: 'Persona Titular' })
    await h.store.saveSubmission(sub)
    founderApps.push(sub.application)
  }
  const otherSub = submission(new Date(NOW.getTime() - 86_400_000))
  await h.store.saveSubmission(otherSub)
  return { h, admin, reviewer, founderApps, other: otherSub.application }
}

const tables = ['applications', 'outbox', 'idempotency_keys', 'stage_changes', 'application_reviews', 'application_notes', 'audit_log']
const snapshot = (h: ReviewHarness) => tables.map((t) => [t, h.count(t)])

describe('data-request routes', () => {
  it('refuses a reviewer every data request with 403, changing and auditing nothing', async () => {
    const { h, reviewer } = await setup()
    const before = snapshot(h)
    for (const [path, body] of [
      ['/data-requests/lookup', { email: FOUNDER }],
      ['/data-requests/export', { email: FOUNDER, format: 'json' }],
      ['/data-requests/delete', { email: FOUNDER, confirm: FOUNDER }],
    ] as const) {
      const res = await h.call(reviewer, 'POST', path, body)
      expect(res.status, path).toBe(403)
      expect(await res.json()).toMatchObject({ error: 'forbidden' })
    }
    expect(snapshot(h)).toEqual(before)
  })

  it('shows an admin everything held about a founder, as the CLI does, and audits the look-up by id', async () => {
    const { h, admin, founderApps } = await setup()
    const res = await h.call(admin, 'POST', '/data-requests/lookup', { email: `  ${FOUNDER.toUpperCase()} ` })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toEqual(JSON.parse(JSON.stringify(await founderRecords(h.store, FOUNDER))))
    let shown = ''
    await runApplicationsCommand(['show', '--email', FOUNDER], h.store, { out: (t) => void (shown += t), err: () => {} })
    expect(body).toEqual(JSON.parse(shown))
    expect((body as { id: string; emails: unknown[] }[]).map((r) => [r.id, r.emails.length])).toEqual(founderApps.map((a) => [a.id, 2]))
    const audit = await h.reviews.listAudit(1, 10)
    expect(audit.items.map((e) => [e.action, e.applicationId, e.member?.id]).sort()).toEqual(
      founderApps.map((a) => ['data_request.looked_up', a.id, admin.id]).sort(),
    )
  })

  it('audits a look-up that finds nothing without the address', async () => {
    const { h, admin } = await setup()
    expect(await (await h.call(admin, 'POST', '/data-requests/lookup', { email: 'nadie@example.co' })).json()).toEqual([])
    const [entry] = (await h.reviews.listAudit(1, 10)).items
    expect(entry).toMatchObject({ action: 'data_request.looked_up', applicationId: null, detail: { found: 0 } })
    expect(JSON.stringify(entry)).not.toContain('nadie')
  })

  it('exports a founder’s data as a JSON or CSV attachment', async () => {
    const { h, admin } = await setup()
    const jsonRes = await h.call(admin, 'POST', '/data-requests/export', { email: FOUNDER, format: 'json' })
    expect(jsonRes.headers.get('content-disposition')).toBe('attachment; filename="datos-titular-2026-03-18.json"')
    expect(JSON.parse(await jsonRes.text())).toEqual(JSON.parse(JSON.stringify(await founderRecords(h.store, FOUNDER))))
    const csvRes = await h.call(admin, 'POST', '/data-requests/export', { email: FOUNDER, format: 'csv' })
    expect(csvRes.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(Buffer.from(await csvRes.arrayBuffer()).toString('utf8')).toBe(founderCsv(await h.store.findByEmail(FOUNDER)))
    const actions = (await h.reviews.listAudit(1, 10)).items.map((e) => [e.action, e.detail.format])
    expect(actions).toEqual([
      ['data_request.exported', 'csv'],
      ['data_request.exported', 'csv'],
      ['data_request.exported', 'json'],
      ['data_request.exported', 'json'],
    ])
  })

  it('refuses a malformed request or a confirmation that does not match with 422, deleting nothing', async () => {
    const { h, admin } = await setup()
    const before = snapshot(h)
    for (const [path, body] of [
      ['/data-requests/lookup', { email: 'no es correo' }],
      ['/data-requests/export', { email: FOUNDER, format: 'xml' }],
      ['/data-requests/delete', { email: FOUNDER }],
      ['/data-requests/delete', { email: FOUNDER, confirm: 'otra@founder.example.co' }],
    ] as const) {
      expect((await h.call(admin, 'POST', path, body)).status, JSON.stringify(body)).toBe(422)
    }
    expect(snapshot(h)).toEqual(before)
  })

  it("deletes the founder's applications with their e-mails, reviews, notes and stage changes, audited by id only", async () => {
    const { h, admin, reviewer, founderApps, other } = await setup()
    for (const app of [...founderApps, other]) {
      await h.reviews.transition(app.id, { from: 'recibida', to: 'validacion_preliminar', reason: 'Persona Titular cumple', memberId: reviewer.id, at: NOW })
      await h.reviews.upsertReview(app.id, reviewer.id, review(4, 4, 4, 4, 4), NOW)
      await h.reviews.addNote(app.id, reviewer.id, `Nota sobre ${FOUNDER}`, NOW)
    }
    const res = await h.call(admin, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: ` ${FOUNDER.toUpperCase()}` })
    expect(res.status).toBe(200)
    const report = (await res.json()) as { applications: { id: string }[]; messages: Record<string, number> }
    expect(report.applications.map((a) => a.id)).toEqual(founderApps.map((a) => a.id))
    expect(report.messages).toEqual({ pending: 4, sent: 0, failed: 0 })

    expect(await h.store.findByEmail(FOUNDER)).toEqual([])
    expect(h.count('applications')).toBe(1)
    expect(h.count('application_reviews')).toBe(1)
    expect(h.count('application_notes')).toBe(1)
    expect(h.count('stage_changes')).toBe(1)
    expect((await h.reviews.listReviews(other.id))).toHaveLength(1)

    const audit = (await h.reviews.listAudit(1, 100)).items
    const deleted = audit.filter((e) => e.action === 'data_request.deleted')
    expect(deleted.map((e) => e.applicationId).sort()).toEqual(founderApps.map((a) => a.id).sort())
    expect(deleted[0]).toMatchObject({ member: { id: admin.id }, detail: { found: 2, emails: 4, idempotencyKeys: 0 } })
    const trail = JSON.stringify(audit)
    expect(trail).not.toContain('titular')
    expect(trail).not.toContain('Titular')
  })

  it("answers for o'brien@… and josé@…, however the admin types them: look-up, export and deletion", async () => {
    const { h, admin } = await setup()
    const cases = [
      { stored: "o'brien@ejemplo.co", typed: "O'Brien@Ejemplo.co", confirm: " o'brien@ejemplo.co" },
      { stored: 'josé@ejemplo.co', typed: 'JOSÉ@Ejemplo.co ', confirm: 'jose\u0301@ejemplo.co' },
    ]
    for (const { stored, typed, confirm } of cases) {
      const sub = submission(NOW, { email: stored })
      await h.store.saveSubmission(sub)
      const lookup = await h.call(admin, 'POST', '/data-requests/lookup', { email: typed })
      expect(lookup.status, typed).toBe(200)
      expect(((await lookup.json()) as { id: string }[]).map((r) => r.id)).toEqual([sub.application.id])
      for (const format of ['json', 'csv'] as const) {
        const exported = await h.call(admin, 'POST', '/data-requests/export', { email: typed, format })
        expect(exported.status, `${typed} ${format}`).toBe(200)
        expect(await exported.text()).toContain(sub.application.reference)
      }
      const deleted = await h.call(admin, 'POST', '/data-requests/delete', { email: typed, confirm })
      expect(deleted.status, typed).toBe(200)
      expect(((await deleted.json()) as { applications: { id: string }[] }).applications.map((a) => a.id)).toEqual([sub.application.id])
      expect(await h.store.findByEmail(stored)).toEqual([])
    }
  })

  it('tells an admin with a conflict only which applications the titular has, refusing export and deletion with 403, audited', async () => {
    const { h, admin, founderApps } = await setup()
    const other = await h.addMember('admin', 'Otra Admin')
    const [conflictedApp, freeApp] = founderApps as [typeof founderApps[0], typeof founderApps[0]]
    await openConflictStore(engineOf(h.store)).declare({ applicationId: conflictedApp.id, memberId: admin.id, kind: 'comercial', note: 'Invertí en ella', declaredBy: admin.id, at: NOW })
    const before = snapshot(h)

    const lookup = await h.call(admin, 'POST', '/data-requests/lookup', { email: FOUNDER })
    expect(lookup.status).toBe(200)
    const body = await lookup.json()
    expect(body).toEqual({
      conflictOfInterest: true,
      message: expect.stringContaining('Otra persona administradora sin conflicto debe atender esta solicitud.'),
      applications: [
        { id: conflictedApp.id, reference: conflictedApp.reference, conflicted: true },
        { id: freeApp.id, reference: freeApp.reference, conflicted: false },
      ],
    })
    expect(JSON.stringify(body)).not.toMatch(/Titular|titular\.privada|formData|emails/)

    for (const [path, payload] of [
      ['/data-requests/export', { email: FOUNDER, format: 'json' }],
      ['/data-requests/export', { email: FOUNDER, format: 'csv' }],
      ['/data-requests/delete', { email: FOUNDER, confirm: FOUNDER }],
    ] as const) {
      const res = await h.call(admin, 'POST', path, payload)
      expect(res.status, `${path} ${JSON.stringify(payload)}`).toBe(403)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: 'conflict_of_interest', message: expect.stringContaining('conflicto de interés') })
      expect(text).not.toContain('Titular')
    }
    // Nothing went: only the audit log grew, with the look-up and each refusal, by id.
    expect(snapshot(h).filter(([t]) => t !== 'audit_log')).toEqual(before.filter(([t]) => t !== 'audit_log'))
    const audit = (await h.reviews.listAudit(1, 20)).items.filter((e) => e.member?.id === admin.id && e.action.startsWith('data_request.'))
    expect(audit.map((e) => [e.action, e.detail.request ?? null, e.detail.conflicted]).sort()).toEqual(
      [
        ['data_request.looked_up', null, 1],
        ['data_request.looked_up', null, 1],
        ...['export', 'export', 'delete'].flatMap((r) => [['data_request.refused', r, 1], ['data_request.refused', r, 1]]),
      ].sort(),
    )
    expect(JSON.stringify(audit)).not.toContain('titular')

    // Another admin, without a conflict, answers the request.
    const answered = await h.call(other, 'POST', '/data-requests/lookup', { email: FOUNDER })
    expect(((await answered.json()) as { id: string }[]).map((r) => r.id)).toEqual(founderApps.map((a) => a.id))
    expect((await h.call(other, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: FOUNDER })).status).toBe(200)
    expect(await h.store.findByEmail(FOUNDER)).toEqual([])
  })

  it("closes the titular's open deletion request when an admin deletes, keeping its record", async () => {
    const { h, admin, founderApps, other } = await setup()
    const founders = openFounderStore(engineOf(h.store))
    const open = (app: { id: string; reference: string }) =>
      founders.openDataRequest(
        { id: crypto.randomUUID(), applicationId: app.id, reference: app.reference, kind: 'supresion', openedAt: NOW, dueAt: dataRequestDueAt('supresion', NOW) },
        { id: crypto.randomUUID(), kind: 'team_notification', messageId: `<${crypto.randomUUID()}@catalitico.example>`, from: 'a@catalitico.example', to: 'equipo@catalitico.example', subject: 's', text: 't', html: 'h' },
      )
    const mine = await open(founderApps[0]!)
    const theirs = await open(other)
    h.clock.now = new Date(NOW.getTime() + 3_600_000)
    const res = await h.call(admin, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: FOUNDER })
    expect(await res.json()).toMatchObject({ dataRequestsClosed: 1 })
    expect(await founders.listDataRequests(founderApps[0]!.reference)).toEqual([{ ...mine.request, applicationId: null, closedAt: h.clock.now, closedBy: admin.id }])
    expect(await founders.listDataRequests(other.reference)).toEqual([theirs.request])
    const [deleted] = (await h.reviews.listAudit(1, 10)).items.filter((e) => e.action === 'data_request.deleted')
    expect(deleted!.detail).toMatchObject({ dataRequestsClosed: 1 })
  })

  it("looks a titular up from their open request's row, by the request's id: no address typed; a conflicted admin gets references only; a closed or unknown request is 404", async () => {
    const { h, admin, reviewer, founderApps } = await setup()
    const founders = openFounderStore(engineOf(h.store))
    const notice = { id: crypto.randomUUID(), kind: 'team_notification' as const, messageId: `<${crypto.randomUUID()}@x>`, from: 'a@x.co', to: 'equipo@x.co', subject: 's', text: 't', html: 'h' }
    const opened = await founders.openDataRequest(
      { id: crypto.randomUUID(), applicationId: founderApps[0]!.id, reference: founderApps[0]!.reference, kind: 'supresion', openedAt: NOW, dueAt: dataRequestDueAt('supresion', NOW) },
      notice,
    )
    const [row] = ((await (await h.call(admin, 'GET', '/data-requests/open')).json()) as { items: { id: string }[] }).items
    expect(row!.id).toBe(opened.request.id)

    const res = await h.call(admin, 'POST', `/data-requests/${row!.id}/lookup`, {})
    expect(res.status).toBe(200)
    // The titular's address (to export and delete with) and what the look-up by that address answers: both applications.
    expect(await res.json()).toEqual({ email: FOUNDER, lookup: JSON.parse(JSON.stringify(await founderRecords(h.store, FOUNDER))) })
    const audit = (await h.reviews.listAudit(1, 10)).items.filter((e) => e.action === 'data_request.looked_up')
    expect(audit.map((e) => [e.applicationId, e.member?.id]).sort()).toEqual(founderApps.map((a) => [a.id, admin.id]).sort())

    // An admin with a conflict on one of the titular's applications: the references, never the address.
    const other = await h.addMember('admin', 'Olga Otra')
    await openConflictStore(engineOf(h.store)).declare({ applicationId: founderApps[1]!.id, memberId: other.id, kind: 'personal', note: '', declaredBy: other.id, at: NOW })
    const refused = await h.call(other, 'POST', `/data-requests/${row!.id}/lookup`, {})
    expect(refused.status).toBe(200)
    const text = await refused.text()
    expect(JSON.parse(text)).toMatchObject({ email: null, lookup: { conflictOfInterest: true, applications: founderApps.map((a) => ({ id: a.id, reference: a.reference })) } })
    expect(text).not.toContain('@')
    expect(text).not.toContain('Persona Titular')

    // A reviewer, an unknown or malformed id, a GET: refused, nothing audited.
    const before = snapshot(h)
    expect((await h.call(reviewer, 'POST', `/data-requests/${row!.id}/lookup`, {})).status).toBe(403)
    expect((await h.call(admin, 'POST', `/data-requests/${crypto.randomUUID()}/lookup`, {})).status).toBe(404)
    expect((await h.call(admin, 'POST', '/data-requests/no-es-un-id/lookup', {})).status).toBe(404)
    expect((await h.call(admin, 'GET', `/data-requests/${row!.id}/lookup`)).status).toBe(404)
    expect(snapshot(h)).toEqual(before)
    // Answered (the data deleted): the request is closed, and its row's look-up is gone with it.
    expect((await h.call(admin, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: FOUNDER })).status).toBe(200)
    expect((await h.call(admin, 'POST', `/data-requests/${row!.id}/lookup`, {})).status).toBe(404)
  })

  it('lists the open requests with the date each is due, overdue ones marked, references only', async () => {
    const { h, admin, reviewer, founderApps, other } = await setup()
    const founders = openFounderStore(engineOf(h.store))
    const notice = { id: crypto.randomUUID(), kind: 'team_notification' as const, messageId: `<${crypto.randomUUID()}@x>`, from: 'a@x.co', to: 'equipo@x.co', subject: 's', text: 't', html: 'h' }
    // Opened 30 days before NOW (Wednesday 18 March 2026): overdue; the other today: due in 15 business days.
    const longAgo = new Date(NOW.getTime() - 30 * 86_400_000)
    await founders.openDataRequest(
      { id: crypto.randomUUID(), applicationId: other.id, reference: other.reference, kind: 'supresion', openedAt: NOW, dueAt: dataRequestDueAt('supresion', NOW) },
      { ...notice, id: crypto.randomUUID() },
    )
    await founders.openDataRequest(
      { id: crypto.randomUUID(), applicationId: founderApps[0]!.id, reference: founderApps[0]!.reference, kind: 'supresion', openedAt: longAgo, dueAt: dataRequestDueAt('supresion', longAgo) },
      { ...notice, id: crypto.randomUUID(), messageId: `<${crypto.randomUUID()}@x>` },
    )
    await openConflictStore(engineOf(h.store)).declare({ applicationId: other.id, memberId: admin.id, kind: 'personal', note: 'Primo', declaredBy: admin.id, at: NOW })

    expect((await h.call(reviewer, 'GET', '/data-requests/open')).status).toBe(403)
    expect((await h.call(null, 'GET', '/data-requests/open')).status).toBe(401)
    const res = await h.call(admin, 'GET', '/data-requests/open')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { items: Record<string, unknown>[] }
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        reference: founderApps[0]!.reference,
        kind: 'supresion',
        kindLabel: 'Supresión de datos',
        openedAt: longAgo.toISOString(),
        dueAt: '2026-03-10T04:59:59.999Z',
        overdue: true,
        conflicted: false,
      },
      {
        id: expect.any(String),
        reference: other.reference,
        kind: 'supresion',
        kindLabel: 'Supresión de datos',
        openedAt: NOW.toISOString(),
        // 15 business days from Thursday 19 March 2026: San José (Monday 23) and Holy Thursday and Friday (2 and 3 April) skipped.
        dueAt: '2026-04-14T04:59:59.999Z',
        overdue: false,
        conflicted: true,
      },
    ])
    expect(JSON.stringify(body)).not.toContain('@')
    // A day after its due date, the second one is overdue too.
    h.clock.now = new Date('2026-04-14T05:00:00.000Z')
    const later = (await (await h.call(admin, 'GET', '/data-requests/open')).json()) as { items: { overdue: boolean }[] }
    expect(later.items.map((i) => i.overdue)).toEqual([true, true])
  })

  it('confirms the deletion to the founder by e-mail, naming the references, with no link', async () => {
    const { h, admin, founderApps } = await setup()
    const res = await h.call(admin, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: FOUNDER })
    expect(res.status).toBe(200)
    const mails = (await h.store.listMessages()).filter((m) => m.kind === 'founder_data_deleted')
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail).toMatchObject({ applicationId: null, to: FOUNDER, status: 'pending' })
    expect(mail!.subject).toBe(`Eliminamos tus datos personales (${founderApps.map((a) => a.reference).join(', ')})`)
    expect(mail!.text).toContain('Hola, Persona Titular:')
    expect(mail!.text).toContain(`eliminamos los datos personales de tus postulaciones ${founderApps.map((a) => a.reference).join(', ')}`)
    expect(mail!.text).not.toContain('[enlace personal]')
    expect(mail!.text + mail!.html).not.toContain('/postulacion')
    // Nothing left to delete: no second confirmation.
    await h.call(admin, 'POST', '/data-requests/delete', { email: FOUNDER, confirm: FOUNDER })
    expect((await h.store.listMessages()).filter((m) => m.kind === 'founder_data_deleted')).toHaveLength(1)
  })
})
