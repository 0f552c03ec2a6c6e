/**
 * The contract every ReviewStore honours, run on a real SQLite file and on
 * the real PostgreSQL (review-store.sqlite.test.ts, review-store.postgres.test.ts).
 * The factory opens a FRESH, migrated database per test; openSecond opens
 * another ApplicationStore + ReviewStore on the same database, as a second
 * server instance would.
 */
import { scores } from '../../../domain/testing/scores.ts'
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import { insertMember } from '../testing/members.ts'
import type { Application } from '../../../domain/application.ts'
import { STAGES, type Stage } from '../../../domain/pipeline.ts'
import type { ReviewInput } from '../../../domain/review.ts'
import type { CriterionKey } from '../../../domain/programme.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import type { FounderMailWrite } from './founder-store.ts'
import type { ApplicationStore, NewSubmission } from './application-store.ts'
import type { Role } from '../../../domain/team.ts'
import type { Member } from './team-store.ts'
import type { ApplicationListQuery, AuditAction, AuditFilter, ReviewStore, Viewer } from './review-store.ts'
import { openConflictStore } from './conflict-store.ts'
import { engineOf } from '../engine-of.ts'
import { withStageMoves, type StageMoves } from '../testing/stage-moves.ts'

export interface ReviewStoreHarness {
  store: ApplicationStore
  reviews: ReviewStore & StageMoves
  addMember: (role: Role, name?: string) => Promise<Member>
  openSecond: () => Promise<{ store: ApplicationStore; reviews: ReviewStore & StageMoves }>
  /** Rows in a table, to prove that a refused change left nothing behind. */
  count: (table: 'stage_changes' | 'application_reviews' | 'application_notes' | 'audit_log' | 'founder_mail_drafts' | 'founder_links' | 'outbox') => Promise<number>
  dispose: () => Promise<void>
}

/** The harness on a test database of either store, with that store's ReviewStore. */
export function reviewStoreHarness<S extends ApplicationStore>(db: TestDatabase<S>, openReviews: (store: S) => ReviewStore): ReviewStoreHarness {
  return {
    store: db.store,
    reviews: withStageMoves(openReviews(db.store), engineOf(db.store)),
    addMember: (role, name) => insertMember(db.store, role, name),
    openSecond: async () => {
      const second = await db.openAnother()
      return { store: second, reviews: withStageMoves(openReviews(second), engineOf(second)) }
    },
    count: db.count,
    dispose: db.dispose,
  }
}

const DAY = 24 * 60 * 60 * 1000
const T0 = new Date('2026-03-02T15:00:00.000Z')
const at = (days: number) => new Date(T0.getTime() + days * DAY)

type ReviewExtra = Omit<Partial<ReviewInput>, 'comments'> & { comments?: Partial<Record<CriterionKey, string>> }

export function review(p: number, c: number, m: number, f: number, a: number, extra: ReviewExtra = {}): ReviewInput {
  // As the schema's output may hold it: comments only for some criteria.
  return {
    scores: scores(p, c, m, f, a),
    recommendation: 'discutir',
    overallComment: '',
    ...extra,
  } as ReviewInput
}

export function submission(createdAt: Date, form: Partial<Application> = {}, reference?: string): NewSubmission {
  const sub = newSubmission({ createdAt, ...(reference ? { reference } : {}) })
  Object.assign(sub.application.formData, form)
  return sub
}

export function describeReviewStoreContract(name: string, open: () => Promise<ReviewStoreHarness>): void {
  describe(`ReviewStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)
    async function saved(h: ReviewStoreHarness, createdAt = T0, form: Partial<Application> = {}, reference?: string) {
      const sub = submission(createdAt, form, reference)
      await h.store.saveSubmission(sub)
      return sub.application
    }
    const list = (h: ReviewStoreHarness, viewer: Viewer, query: Partial<ApplicationListQuery> = {}) =>
      h.reviews.listApplications({ sort: 'received_desc', page: 1, pageSize: 50, now: T0, viewer, ...query })

    it('reads a new application at recibida, due 14 days after reception; an unknown or malformed id is null', async () => {
      const h = await harness()
      const app = await saved(h)
      const record = await h.reviews.getApplication(app.id)
      expect(record).toEqual({ application: app, stage: 'recibida', stageEnteredAt: T0, stageDueAt: at(14) })
      expect(await h.reviews.getApplication(crypto.randomUUID())).toBeNull()
      expect(await h.reviews.getApplication('not-a-uuid')).toBeNull()
    })

    it('walks an application to acuerdo_firmado, recording who, when and why, with each stage due date', async () => {
      const h = await harness()
      const app = await saved(h)
      const admin = await h.addMember('admin', 'Ana Admin')
      const reviewer = await h.addMember('reviewer', 'Rafa Revisor')
      const steps: [Stage, Stage, Member, number, Date | null][] = [
        ['recibida', 'validacion_preliminar', reviewer, 1, at(14)], // still stage 1: due from reception
        ['validacion_preliminar', 'sesion_panel', reviewer, 10, at(17)], // 1 week from entering
        ['sesion_panel', 'due_diligence', admin, 16, at(30)], // 2 weeks from entering
        ['due_diligence', 'acuerdo_firmado', admin, 25, null], // closed: no due date
      ]
      for (const [from, to, member, day, due] of steps) {
        const outcome = await h.reviews.transition(app.id, { from, to, reason: `Paso a ${to}`, memberId: member.id, at: at(day) })
        expect(outcome).toEqual({ status: 'moved', stage: to, stageEnteredAt: at(day), stageDueAt: due })
        expect(await h.reviews.getApplication(app.id)).toMatchObject({ stage: to, stageEnteredAt: at(day), stageDueAt: due })
      }
      const changes = await h.reviews.listStageChanges(app.id)
      expect(changes.map(({ id: _, ...c }) => c)).toEqual(
        steps.map(([from, to, member, day]) => ({
          from,
          to,
          reason: `Paso a ${to}`,
          member: { id: member.id, name: member.name },
          at: at(day),
        })),
      )
      const audit = await h.reviews.listAudit(1, 50)
      expect(audit.items.filter((e) => e.action === 'stage.changed').map((e) => e.detail)).toEqual(
        steps.map(([from, to]) => ({ from, to })).reverse(),
      )
    })

    it('closes an application as no_seleccionada from an open stage, with no due date and no reason required', async () => {
      const h = await harness()
      const app = await saved(h)
      const m = await h.addMember('reviewer')
      await h.reviews.transition(app.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: m.id, at: at(2) })
      const outcome = await h.reviews.transition(app.id, {
        from: 'validacion_preliminar',
        to: 'no_seleccionada',
        reason: null,
        memberId: m.id,
        at: at(3),
      })
      expect(outcome).toEqual({ status: 'moved', stage: 'no_seleccionada', stageEnteredAt: at(3), stageDueAt: null })
      expect((await h.reviews.listStageChanges(app.id)).at(-1)).toMatchObject({ to: 'no_seleccionada', reason: null })
    })

    it('refuses a stale move and a move the pipeline does not allow, changing nothing', async () => {
      const h = await harness()
      const app = await saved(h)
      const m = await h.addMember('reviewer')
      const before = await h.reviews.getApplication(app.id)
      expect(
        await h.reviews.transition(app.id, { from: 'sesion_panel', to: 'due_diligence', reason: null, memberId: m.id, at: at(1) }),
      ).toEqual({ status: 'conflict', stage: 'recibida' })
      expect(
        await h.reviews.transition(app.id, { from: 'recibida', to: 'acuerdo_firmado', reason: null, memberId: m.id, at: at(1) }),
      ).toEqual({ status: 'conflict', stage: 'recibida' })
      expect(
        await h.reviews.transition(app.id, { from: 'recibida', to: 'recibida', reason: null, memberId: m.id, at: at(1) }),
      ).toEqual({ status: 'conflict', stage: 'recibida' })
      expect(
        await h.reviews.transition(crypto.randomUUID(), { from: 'recibida', to: 'retirada', reason: null, memberId: m.id, at: at(1) }),
      ).toEqual({ status: 'not_found' })
      expect(await h.reviews.getApplication(app.id)).toEqual(before)
      expect(await h.count('stage_changes')).toBe(0)
      expect(await h.count('audit_log')).toBe(0)
    })

    it('refuses a move that would be allowed from the current stage but was asked from a stale one', async () => {
      const h = await harness()
      const app = await saved(h)
      const m = await h.addMember('reviewer')
      await h.reviews.transition(app.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: m.id, at: at(1) })
      // Someone else already moved it; this member still sees recibida and closes it.
      expect(
        await h.reviews.transition(app.id, { from: 'recibida', to: 'no_seleccionada', reason: null, memberId: m.id, at: at(2) }),
      ).toEqual({ status: 'conflict', stage: 'validacion_preliminar' })
      expect((await h.reviews.getApplication(app.id))!.stage).toBe('validacion_preliminar')
      expect(await h.count('stage_changes')).toBe(1)
    })

    it('moves many at once (transitionMany), each with its own compare-and-set, stage change, audit entry and founder e-mail', async () => {
      const h = await harness()
      const m = await h.addMember('admin')
      const [a, b, stale, twice] = [await saved(h), await saved(h), await saved(h), await saved(h)]
      await h.reviews.transition(stale.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: m.id, at: at(1) })
      const outboxBefore = await h.count('outbox')
      const mail = (to: string, sendNow: boolean): FounderMailWrite => ({
        draft: { id: crypto.randomUUID(), kind: 'no_seleccionada', to, subject: 'Tu postulación', text: 'Gracias', html: '<p>Gracias</p>' },
        sendNow: sendNow
          ? { id: crypto.randomUUID(), kind: 'founder_status', messageId: `<${crypto.randomUUID()}@example.org>`, from: 'equipo@example.org', to, subject: 'Tu postulación', text: 'Gracias', html: '<p>Gracias</p>' }
          : null,
      })
      const close = (applicationId: string, sendNow = false) => ({
        applicationId,
        from: 'recibida' as const,
        to: 'no_seleccionada' as const,
        reason: 'Fuera de tesis',
        memberId: m.id,
        at: at(2),
        founderMail: mail(`${applicationId}@example.org`, sendNow),
      })
      const outcomes = await h.reviews.transitionMany([
        close(a.id),
        close(b.id, true),
        close(stale.id),
        { ...close(twice.id), to: 'validacion_preliminar', founderMail: undefined },
        { ...close(twice.id), from: 'validacion_preliminar', to: 'sesion_panel', founderMail: undefined },
        { ...close(crypto.randomUUID()) },
        { ...close('nope') },
        // Not an allowed move: refused like transition refuses it.
        { ...close(b.id), from: 'recibida', to: 'acuerdo_firmado' },
      ])
      expect(outcomes.map((o) => o.status)).toEqual(['moved', 'moved', 'conflict', 'moved', 'moved', 'not_found', 'not_found', 'conflict'])
      expect(outcomes[2]).toEqual({ status: 'conflict', stage: 'validacion_preliminar' })
      expect(outcomes[0]).toEqual({ status: 'moved', stage: 'no_seleccionada', stageEnteredAt: at(2), stageDueAt: null })
      const stages = await Promise.all([a, b, stale, twice].map(async (x) => (await h.reviews.getApplication(x.id))!.stage))
      expect(stages).toEqual(['no_seleccionada', 'no_seleccionada', 'validacion_preliminar', 'sesion_panel'])
      expect((await h.reviews.listStageChanges(twice.id)).map((c) => `${c.from}>${c.to}`)).toEqual(['recibida>validacion_preliminar', 'validacion_preliminar>sesion_panel'])
      expect(await h.reviews.listStageChanges(a.id)).toEqual([expect.objectContaining({ from: 'recibida', to: 'no_seleccionada', reason: 'Fuera de tesis', member: expect.objectContaining({ id: m.id }) })])
      // One stage change and one audit entry per move; one draft per founder e-mail, one outbox message for the one sent now,
      // and no link: the outbox worker creates it as the e-mail leaves (ADR 0117).
      expect(await h.count('stage_changes')).toBe(1 + 4)
      const audit = (await h.reviews.listAudit(1, 50)).items.filter((e) => e.action === 'stage.changed')
      expect(audit.map((e) => e.applicationId).sort()).toEqual([stale.id, a.id, b.id, twice.id, twice.id].sort())
      expect(audit.find((e) => e.applicationId === a.id)!.detail).toEqual({ from: 'recibida', to: 'no_seleccionada' })
      expect(await h.count('founder_links')).toBe(0)
      expect(await h.count('founder_mail_drafts')).toBe(2)
      expect((await h.count('outbox')) - outboxBefore).toBe(1)
    })

    it('lets exactly one of two members moving the same application at once win, across connections', async () => {
      const h = await harness()
      const second = await h.openSecond()
      const app = await saved(h)
      const [a, b] = [await h.addMember('reviewer'), await h.addMember('admin')]
      const outcomes = await Promise.all([
        h.reviews.transition(app.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: a.id, at: at(1) }),
        second.reviews.transition(app.id, { from: 'recibida', to: 'no_seleccionada', reason: null, memberId: b.id, at: at(1) }),
      ])
      expect(outcomes.filter((o) => o.status === 'moved')).toHaveLength(1)
      expect(outcomes.filter((o) => o.status === 'conflict')).toHaveLength(1)
      expect(await h.count('stage_changes')).toBe(1)
      await second.store.close()
    })

    it("stores one review per member, replaced on resubmission, and the average and spread of the reviews' means", async () => {
      const h = await harness()
      const app = await saved(h)
      const [a, b] = [await h.addMember('reviewer', 'Ana'), await h.addMember('reviewer', 'Beto')]
      const first = await h.reviews.upsertReview(app.id, a.id, review(1, 1, 1, 1, 1), at(1))
      expect(first).toMatchObject({ member: { id: a.id, name: 'Ana' }, mean: 1, createdAt: at(1), updatedAt: at(1) })
      const again = await h.reviews.upsertReview(
        app.id,
        a.id,
        review(4, 3, 5, 4, 2, { recommendation: 'avanzar', comments: { modeloEscalable: 'Escala', primerosClientes: '' }, overallComment: 'Sí' }),
        at(2),
      )
      expect(again).toEqual({
        applicationId: app.id,
        member: { id: a.id, name: 'Ana' },
        scores: { productoValidado: 4, primerosClientes: 3, modeloEscalable: 5, foundersComprometidos: 4, aperturaParticipacion: 2 },
        comments: { modeloEscalable: 'Escala' },
        recommendation: 'avanzar',
        overallComment: 'Sí',
        mean: 3.6,
        createdAt: at(1),
        updatedAt: at(2),
      })
      await h.reviews.upsertReview(app.id, b.id, review(2, 2, 2, 2, 2), at(3))
      expect((await h.reviews.listReviews(app.id)).map((r) => r.member.name)).toEqual(['Ana', 'Beto'])
      expect(await h.count('application_reviews')).toBe(2)
      const [item] = (await list(h, { memberId: a.id, isAdmin: false })).items
      expect(item).toMatchObject({ reviewCount: 2, myReview: true })
      expect(item!.average).toBeCloseTo(2.8, 10)
      expect(item!.spread).toBeCloseTo(1.6, 10)
      expect((await h.reviews.listAudit(1, 10)).items.filter((e) => e.action === 'review.submitted').map((e) => e.detail)).toEqual([
        { updated: false },
        { updated: true },
        { updated: false },
      ])
      expect(await h.reviews.upsertReview(crypto.randomUUID(), a.id, review(3, 3, 3, 3, 3), at(4))).toBeNull()
    })

    it('hides the average and spread from a reviewer until they have reviewed, never from an admin', async () => {
      const h = await harness()
      const app = await saved(h)
      const [a, b, admin] = [await h.addMember('reviewer'), await h.addMember('reviewer'), await h.addMember('admin')]
      await h.reviews.upsertReview(app.id, a.id, review(5, 5, 5, 5, 5), at(1))
      const asB = async () => (await list(h, { memberId: b.id, isAdmin: false })).items[0]!
      expect(await asB()).toMatchObject({ reviewCount: 1, myReview: false, average: null, spread: null })
      expect((await list(h, { memberId: admin.id, isAdmin: true })).items[0]).toMatchObject({ myReview: false, average: 5, spread: 0 })
      await h.reviews.upsertReview(app.id, b.id, review(3, 3, 3, 3, 3), at(2))
      expect(await asB()).toMatchObject({ reviewCount: 2, myReview: true, average: 4, spread: 2 })
    })

    it('finds applications by company, trade name, founder, e-mail, reference or city, ignoring accents and case', async () => {
      const h = await harness()
      const viewer = { memberId: (await h.addMember('reviewer')).id, isAdmin: false }
      const cafe = await saved(h, at(0), { companyName: 'Café Orgánico de Nariño S.A.S.', tradeName: 'Cafeína', founderName: 'Íñigo Peña', city: 'Pasto' }, 'CAT-2026-CAFE01')
      const other = await saved(h, at(1), { companyName: 'Logística Ágil', tradeName: 'Ruta', founderName: 'Ana Gómez', email: 'ana@ruta.example.co', city: 'Medellín' })
      const ids = async (q: string) => (await list(h, viewer, { q })).items.map((i) => i.id)
      expect(await ids('narino')).toEqual([cafe.id])
      expect(await ids('NARIÑO')).toEqual([cafe.id])
      expect(await ids('  íñigo   peña ')).toEqual([cafe.id])
      expect(await ids('cafeina')).toEqual([cafe.id])
      expect(await ids('cat-2026-cafe')).toEqual([cafe.id])
      expect(await ids('ANA@RUTA')).toEqual([other.id])
      expect(await ids('logistica agil')).toEqual([other.id])
      // The city: accents and case ignored as for the rest.
      expect(await ids('MEDELLIN')).toEqual([other.id])
      expect(await ids('pasto')).toEqual([cafe.id])
      expect(await ids('zz-nada')).toEqual([])
      // LIKE wildcards are plain characters here
      expect(await ids('%')).toEqual([])
      expect((await ids('')).sort()).toEqual([cafe.id, other.id].sort())
    })

    it('filters by stage, product stage, due state relative to now, and not yet reviewed by me', async () => {
      const h = await harness()
      const me = await h.addMember('reviewer')
      const viewer = { memberId: me.id, isAdmin: false }
      const old = await saved(h, at(-20), { productStage: 'mvp' }) // recibida, due at(-6): overdue
      const soon = await saved(h, at(-12), { productStage: 'beta' }) // due at(2): due soon
      const fresh = await saved(h, at(-1), { productStage: 'beta' }) // due at(13): on time
      const moved = await saved(h, at(-30), { productStage: 'live' })
      await h.reviews.transition(moved.id, { from: 'recibida', to: 'no_seleccionada', reason: null, memberId: me.id, at: at(-25) })
      await h.reviews.upsertReview(soon.id, me.id, review(3, 3, 3, 3, 3), at(0))
      const ids = async (q: Partial<ApplicationListQuery>) => (await list(h, viewer, { sort: 'received_asc', ...q })).items.map((i) => i.id)
      expect(await ids({ stage: 'recibida' })).toEqual([old.id, soon.id, fresh.id])
      expect(await ids({ stage: 'no_seleccionada' })).toEqual([moved.id])
      expect(await ids({ productStage: 'beta' })).toEqual([soon.id, fresh.id])
      expect(await ids({ due: 'overdue' })).toEqual([old.id])
      expect(await ids({ due: 'due_soon' })).toEqual([soon.id])
      expect(await ids({ due: 'due_soon', now: at(11) })).toEqual([fresh.id])
      expect(await ids({ unreviewed: true })).toEqual([moved.id, old.id, fresh.id])
      expect(await ids({ stage: 'recibida', due: 'overdue', productStage: 'mvp' })).toEqual([old.id])
      const filtered = await list(h, viewer, { stage: 'recibida', unreviewed: true })
      expect(filtered.total).toBe(2)
    })

    it('filters by reception since an instant, as the overview counts its week and month (issue 32)', async () => {
      const h = await harness()
      const me = await h.addMember('reviewer')
      const viewer = { memberId: me.id, isAdmin: false }
      const now = new Date('2026-03-18T20:00:00Z') // Wednesday, 15:00 in Bogotá
      const weekStart = new Date('2026-03-16T05:00:00Z')
      const monthStart = new Date('2026-03-01T05:00:00Z')
      const february = await saved(h, new Date('2026-02-10T12:00:00Z'))
      const lastWeek = await saved(h, new Date('2026-03-16T04:59:59Z')) // Sunday night in Bogotá: this month, last week
      const monday = await saved(h, weekStart) // the week's first instant counts
      const today = await saved(h, new Date('2026-03-18T12:00:00Z'))
      const ids = async (q: Partial<ApplicationListQuery>) => (await list(h, viewer, { now, sort: 'received_asc', ...q })).items.map((i) => i.id)
      expect(await ids({ receivedSince: weekStart })).toEqual([monday.id, today.id])
      expect(await ids({ receivedSince: monthStart })).toEqual([lastWeek.id, monday.id, today.id])
      expect(await ids({})).toEqual([february.id, lastWeek.id, monday.id, today.id])
      // With the other filters, and its total as the overview counts it.
      const overview = await h.reviews.overview({ now, weekStart, monthStart })
      expect((await list(h, viewer, { now, receivedSince: weekStart })).total).toBe(overview.receivedThisWeek)
      expect((await list(h, viewer, { now, receivedSince: monthStart })).total).toBe(overview.receivedThisMonth)
      await h.reviews.upsertReview(monday.id, me.id, review(3, 3, 3, 3, 3), now)
      expect(await ids({ receivedSince: weekStart, unreviewed: true })).toEqual([today.id])
    })

    it('sorts by reception either way, by due date, by visible score and by company', async () => {
      const h = await harness()
      const me = await h.addMember('reviewer')
      const other = await h.addMember('reviewer')
      const viewer = { memberId: me.id, isAdmin: false }
      const zeta = await saved(h, at(0), { companyName: 'Zeta S.A.S.' })
      const alfa = await saved(h, at(1), { companyName: 'Ñandú Ltda.' })
      const beta = await saved(h, at(2), { companyName: 'Ábaco S.A.S.' })
      const closed = await saved(h, at(3), { companyName: 'Cerrada S.A.S.' })
      await h.reviews.transition(closed.id, { from: 'recibida', to: 'retirada', reason: null, memberId: me.id, at: at(3) })
      await h.reviews.transition(zeta.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: me.id, at: at(3) })
      await h.reviews.transition(zeta.id, { from: 'validacion_preliminar', to: 'sesion_panel', reason: null, memberId: me.id, at: at(3) })
      // zeta due at(10); alfa at(15); beta at(16); closed none
      await h.reviews.upsertReview(alfa.id, me.id, review(2, 2, 2, 2, 2), at(4))
      await h.reviews.upsertReview(beta.id, me.id, review(4, 4, 4, 4, 4), at(4))
      await h.reviews.upsertReview(zeta.id, other.id, review(5, 5, 5, 5, 5), at(4)) // hidden from me
      const ids = async (sort: ApplicationListQuery['sort'], v = viewer) => (await list(h, v, { sort })).items.map((i) => i.id)
      expect(await ids('received_desc')).toEqual([closed.id, beta.id, alfa.id, zeta.id])
      expect(await ids('received_asc')).toEqual([zeta.id, alfa.id, beta.id, closed.id])
      expect(await ids('due_asc')).toEqual([zeta.id, alfa.id, beta.id, closed.id])
      // zeta's 5 is hidden from me, so it sorts with the unscored (newest first)
      expect(await ids('score_desc')).toEqual([beta.id, alfa.id, closed.id, zeta.id])
      expect(await ids('score_desc', { memberId: me.id, isAdmin: true })).toEqual([zeta.id, beta.id, alfa.id, closed.id])
      expect(await ids('company_asc')).toEqual([beta.id, closed.id, alfa.id, zeta.id])
    })

    it('pages the score order across the scored and the unscored applications without a gap or a repeat', async () => {
      const h = await harness()
      const me = await h.addMember('reviewer')
      const other = await h.addMember('reviewer')
      const viewer = { memberId: me.id, isAdmin: false }
      const apps: { id: string }[] = []
      for (let i = 0; i < 7; i++) apps.push(await saved(h, at(i)))
      for (const [i, score] of [[0, 2], [3, 5], [5, 3]] as const) {
        await h.reviews.upsertReview(apps[i]!.id, me.id, review(score, score, score, score, score), at(8))
      }
      await h.reviews.upsertReview(apps[6]!.id, other.id, review(5, 5, 5, 5, 5), at(8)) // hidden from me
      const expected = [3, 5, 0, 6, 4, 2, 1].map((i) => apps[i]!.id)
      for (const pageSize of [1, 2, 3, 4, 7]) {
        const seen: string[] = []
        for (let page = 1; page <= Math.ceil(7 / pageSize) + 1; page++) {
          const result = await list(h, viewer, { sort: 'score_desc', page, pageSize })
          expect(result.total).toBe(7)
          seen.push(...result.items.map((i) => i.id))
        }
        expect(seen, `pageSize ${pageSize}`).toEqual(expected)
      }
      const stage = await list(h, viewer, { sort: 'score_desc', stage: 'recibida', unreviewed: true })
      expect(stage.items.map((i) => i.id)).toEqual([6, 4, 2, 1].map((i) => apps[i]!.id))
    })

    it('pages through the list with a stable order and the total of the filtered set', async () => {
      const h = await harness()
      const viewer = { memberId: (await h.addMember('reviewer')).id, isAdmin: false }
      const apps = []
      for (let i = 0; i < 7; i++) apps.push(await saved(h, at(i % 3)))
      const pages = []
      for (let page = 1; page <= 4; page++) pages.push(await list(h, viewer, { page, pageSize: 3 }))
      expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7])
      expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1, 0])
      const seen = pages.flatMap((p) => p.items.map((i) => i.id))
      expect(new Set(seen).size).toBe(7)
      expect(seen.sort()).toEqual(apps.map((a) => a.id).sort())
    })

    it('lists the page with the fields the workspace shows', async () => {
      const h = await harness()
      const viewer = { memberId: (await h.addMember('reviewer')).id, isAdmin: false }
      const app = await saved(h, at(0), { companyName: 'Café S.A.S.', tradeName: 'Café', founderName: 'Íñigo', city: 'Pasto', productStage: 'scaling' })
      expect((await list(h, viewer)).items).toEqual([
        {
          id: app.id,
          reference: app.reference,
          companyName: 'Café S.A.S.',
          tradeName: 'Café',
          founderName: 'Íñigo',
          city: 'Pasto',
          productStage: 'scaling',
          stage: 'recibida',
          createdAt: at(0),
          stageDueAt: at(14),
          reviewCount: 0,
          myReview: false,
          average: null,
          spread: null,
        },
      ])
    })

    it('keeps notes in order, with their author', async () => {
      const h = await harness()
      const app = await saved(h)
      const m = await h.addMember('reviewer', 'Nora')
      const n1 = await h.reviews.addNote(app.id, m.id, 'Llamar el lunes', at(1))
      await h.reviews.addNote(app.id, m.id, 'Pidió más tiempo', at(2))
      expect(n1).toEqual({ id: expect.any(String), member: { id: m.id, name: 'Nora' }, body: 'Llamar el lunes', createdAt: at(1) })
      expect((await h.reviews.listNotes(app.id)).map((n) => n.body)).toEqual(['Llamar el lunes', 'Pidió más tiempo'])
      expect(await h.reviews.addNote(crypto.randomUUID(), m.id, 'x', at(3))).toBeNull()
      expect(await h.count('application_notes')).toBe(2)
    })

    it('counts the overview: per stage, overdue, due soon, received this week and month, median days per stage', async () => {
      const h = await harness()
      const m = await h.addMember('admin')
      const now = new Date('2026-03-18T20:00:00Z') // Wednesday, 15:00 in Bogotá
      const weekStart = new Date('2026-03-16T05:00:00Z')
      const monthStart = new Date('2026-03-01T05:00:00Z')
      const d = (iso: string) => new Date(iso)
      const a = await saved(h, d('2026-02-10T12:00:00Z')) // overdue
      const b = await saved(h, d('2026-03-05T12:00:00Z')) // due 03-19: due soon
      const c = await saved(h, d('2026-03-16T04:00:00Z')) // Sunday night in Bogotá: this month, last week
      const e = await saved(h, d('2026-03-17T12:00:00Z')) // this week
      const move = (id: string, from: Stage, to: Stage, iso: string) =>
        h.reviews.transition(id, { from, to, reason: null, memberId: m.id, at: d(iso) })
      await move(a.id, 'recibida', 'validacion_preliminar', '2026-02-12T12:00:00Z') // 2 days in recibida
      await move(a.id, 'validacion_preliminar', 'sesion_panel', '2026-02-22T12:00:00Z') // 10 days
      await move(a.id, 'sesion_panel', 'due_diligence', '2026-03-01T12:00:00Z') // 7 days; due 03-15: overdue
      await move(c.id, 'recibida', 'validacion_preliminar', '2026-03-20T04:00:00Z') // 4 days (in the future of now: still counted)
      await move(e.id, 'recibida', 'no_seleccionada', '2026-03-18T12:00:00Z') // 1 day; closed
      await move(b.id, 'recibida', 'validacion_preliminar', '2026-03-08T12:00:00Z') // 3 days
      const o = await h.reviews.overview({ now, weekStart, monthStart })
      expect(o.byStage).toEqual({ ...Object.fromEntries(STAGES.map((s) => [s, 0])), validacion_preliminar: 2, due_diligence: 1, no_seleccionada: 1 })
      expect(o).toMatchObject({ overdue: 1, dueSoon: 1, receivedThisWeek: 1, receivedThisMonth: 3 })
      expect(o.medianDaysInStage).toEqual({
        recibida: 2.5, // 2, 4, 1, 3
        validacion_preliminar: 10,
        sesion_panel: 7,
        due_diligence: null,
        acuerdo_firmado: null,
        no_seleccionada: null,
        retirada: null,
      })
    })

    it('appends audit entries and lists them newest first, a page at a time, with the member', async () => {
      const h = await harness()
      const m = await h.addMember('admin', 'Ana')
      const appId = crypto.randomUUID() // the trail outlives the application: no foreign key
      for (let i = 0; i < 5; i++) {
        await h.reviews.appendAudit({ at: at(i), memberId: i === 4 ? null : m.id, action: 'application.viewed', applicationId: appId })
      }
      await h.reviews.appendAudit({ at: at(9), memberId: m.id, action: 'applications.exported', applicationId: null, detail: { format: 'csv', count: 3 } })
      const first = await h.reviews.listAudit(1, 4)
      expect(first.total).toBe(6)
      expect(first.items[0]).toEqual({
        id: expect.any(String),
        at: at(9),
        member: { id: m.id, name: 'Ana' },
        action: 'applications.exported',
        applicationId: null,
        reference: null,
        detail: { format: 'csv', count: 3 },
        founder: null,
        views: null,
      })
      expect(first.items[1]).toMatchObject({ at: at(4), member: null, applicationId: appId, reference: null, detail: {} })
      expect((await h.reviews.listAudit(2, 4)).items.map((e) => e.at)).toEqual([at(1), at(0)])
    })

    it('filters the audit log by member, action, application (id or reference) and time, with the reference and the names its details name', async () => {
      const h = await harness()
      const ana = await h.addMember('admin', 'Ana')
      const beto = await h.addMember('reviewer', 'Beto')
      const app = await saved(h, at(0), {}, 'CAT-2026-AUDIT1')
      await h.reviews.appendAudit({ at: at(1), memberId: ana.id, action: 'application.viewed', applicationId: app.id })
      await h.reviews.appendAudit({ at: at(2), memberId: beto.id, action: 'application.viewed', applicationId: app.id })
      await h.reviews.appendAudit({ at: at(3), memberId: ana.id, action: 'member.role_changed', applicationId: null, detail: { memberId: beto.id, from: 'reviewer', to: 'admin' } })
      const list = async (filter: AuditFilter) => (await h.reviews.listAudit(1, 10, filter)).items.map((e) => [e.at, e.member?.name, e.reference])
      expect(await list({ memberId: beto.id })).toEqual([[at(2), 'Beto', 'CAT-2026-AUDIT1']])
      expect(await list({ action: 'member.role_changed' })).toEqual([[at(3), 'Ana', null]])
      expect(await list({ applicationId: app.id, memberId: ana.id })).toEqual([[at(1), 'Ana', 'CAT-2026-AUDIT1']])
      expect(await list({ reference: 'CAT-2026-AUDIT1' })).toHaveLength(2)
      expect(await list({ from: at(2), to: at(3) })).toEqual([[at(2), 'Beto', 'CAT-2026-AUDIT1']])
      expect(await list({ memberId: 'not-a-uuid' })).toEqual([])
      const page = await h.reviews.listAudit(1, 1, { memberId: ana.id })
      expect([page.total, page.items.length]).toEqual([2, 1])
      expect(page.memberNames).toEqual({ [beto.id]: 'Beto' })
    })

    it("folds a member's views of one application on one Bogotá day into one line before paging, names the founder for their own actions, leaves out the viewer's conflicts", async () => {
      const h = await harness()
      const ana = await h.addMember('admin', 'Ana')
      const beto = await h.addMember('reviewer', 'Beto')
      const app = await saved(h, at(0), { founderName: 'María José Ríos' }, 'CAT-2026-FOLD01')
      const other = await saved(h, at(0), {}, 'CAT-2026-FOLD02')
      const add = (iso: string, memberId: string | null, action: AuditAction, applicationId: string, detail = {}) =>
        h.reviews.appendAudit({ at: new Date(iso), memberId, action, applicationId, detail })
      // Bogotá's 10 March runs from 05:00 UTC on the 10th to 04:59 UTC on the 11th.
      await add('2026-03-10T05:00:00.000Z', ana.id, 'application.viewed', app.id)
      await add('2026-03-10T15:00:00.000Z', ana.id, 'deal.viewed', app.id)
      await add('2026-03-11T04:59:00.000Z', ana.id, 'application.viewed', app.id)
      await add('2026-03-11T05:00:00.000Z', ana.id, 'application.viewed', app.id) // the 11th: another line
      await add('2026-03-10T16:00:00.000Z', beto.id, 'application.viewed', app.id) // another member
      await add('2026-03-10T17:00:00.000Z', ana.id, 'application.viewed', other.id) // another application
      await add('2026-03-10T18:00:00.000Z', ana.id, 'note.added', app.id, { noteId: 'n' }) // not a view
      await add('2026-03-10T19:00:00.000Z', null, 'founder.deletion_requested', app.id)
      await add('2026-03-10T20:00:00.000Z', null, 'stage.changed', app.id, { from: 'recibida', to: 'retirada' }) // the founder withdrew
      await add('2026-03-10T21:00:00.000Z', null, 'follow_up.check_in_texts_reduced', app.id, { checkIns: 2 }) // the system

      const all = await h.reviews.listAudit(1, 50)
      expect(all.total).toBe(8)
      const line = (e: (typeof all.items)[number]) => [e.member?.name ?? null, e.reference, e.views?.count ?? null, e.founder?.name ?? null]
      expect(all.items.map(line)).toEqual([
        ['Ana', 'CAT-2026-FOLD01', 1, null],
        ['Ana', 'CAT-2026-FOLD01', 3, null],
        [null, 'CAT-2026-FOLD01', null, null],
        [null, 'CAT-2026-FOLD01', null, 'María José Ríos'],
        [null, 'CAT-2026-FOLD01', null, 'María José Ríos'],
        ['Ana', 'CAT-2026-FOLD01', null, null],
        ['Ana', 'CAT-2026-FOLD02', 1, null],
        ['Beto', 'CAT-2026-FOLD01', 1, null],
      ])
      expect(all.items[1]).toMatchObject({
        at: new Date('2026-03-11T04:59:00.000Z'),
        applicationId: app.id,
        detail: {},
        views: { count: 3, firstAt: new Date('2026-03-10T05:00:00.000Z'), byAction: { 'application.viewed': 2, 'deal.viewed': 1 } },
      })
      expect(all.items[2]).toMatchObject({ action: 'follow_up.check_in_texts_reduced', detail: { checkIns: 2 }, founder: null, views: null })
      // Paged after folding: the lines 4 to 6, and the same total.
      const second = await h.reviews.listAudit(2, 3)
      expect([second.total, second.items.map((e) => e.action)]).toEqual([8, ['stage.changed', 'founder.deletion_requested', 'note.added']])
      // Past the last page: no lines, and still the total.
      expect(await h.reviews.listAudit(4, 3)).toEqual({ items: [], total: 8, memberNames: {} })
      // A filter narrows before folding: only the views of that kind are counted.
      const viewed = await h.reviews.listAudit(1, 50, { action: 'application.viewed', applicationId: app.id })
      expect(viewed.items.map((e) => [e.member?.name, e.views?.byAction])).toEqual([
        ['Ana', { 'application.viewed': 1 }],
        ['Ana', { 'application.viewed': 2 }],
        ['Beto', { 'application.viewed': 1 }],
      ])
      expect(viewed.total).toBe(3)

      // Beto's conflict with the first application leaves its lines out of his log, the filters and the totals.
      await openConflictStore(engineOf(h.store)).declare({ applicationId: app.id, memberId: beto.id, kind: 'personal', note: '', declaredBy: beto.id, at: new Date('2026-03-12T12:00:00.000Z') })
      const his = await h.reviews.listAudit(1, 50, { viewer: beto.id })
      expect([his.total, his.items.map((e) => e.reference)]).toEqual([1, ['CAT-2026-FOLD02']])
      expect(await h.reviews.listAudit(1, 50, { viewer: beto.id, reference: 'CAT-2026-FOLD01' })).toEqual({ items: [], total: 0, memberNames: {} })
      expect((await h.reviews.listAudit(1, 50, { viewer: beto.id, applicationId: app.id })).total).toBe(0)
      // Not vacuous: Ana, without one, reads it all, her conflict-free log one line longer (Beto's declaration).
      expect((await h.reviews.listAudit(1, 50, { viewer: ana.id })).total).toBe(9)
    })

    it("deletes a founder's applications by e-mail along with their reviews, notes and stage changes; the audit trail stays", async () => {
      const h = await harness()
      const m = await h.addMember('reviewer')
      const gone = await saved(h, at(0), { email: 'borrar@founder.example.co' })
      const kept = await saved(h, at(1))
      for (const id of [gone.id, kept.id]) {
        await h.reviews.transition(id, { from: 'recibida', to: 'validacion_preliminar', reason: 'ok', memberId: m.id, at: at(2) })
        await h.reviews.upsertReview(id, m.id, review(3, 3, 3, 3, 3), at(2))
        await h.reviews.addNote(id, m.id, 'nota', at(2))
      }
      const auditBefore = await h.count('audit_log')
      const report = await h.store.deleteByEmail('  BORRAR@founder.example.co ')
      expect(report.applications.map((a) => a.id)).toEqual([gone.id])
      expect(await h.reviews.getApplication(gone.id)).toBeNull()
      expect(await h.reviews.listReviews(gone.id)).toEqual([])
      expect(await h.reviews.listNotes(gone.id)).toEqual([])
      expect(await h.reviews.listStageChanges(gone.id)).toEqual([])
      expect(await h.count('application_reviews')).toBe(1)
      expect(await h.count('application_notes')).toBe(1)
      expect(await h.count('stage_changes')).toBe(1)
      expect(await h.count('audit_log')).toBe(auditBefore)
      expect((await h.reviews.listReviews(kept.id))).toHaveLength(1)
    })

    it("writes ids and actions to the audit log, never the founder's data, a note or a reason", async () => {
      const h = await harness()
      const m = await h.addMember('reviewer')
      const app = await saved(h, at(0), { companyName: 'Secreta S.A.S.', founderName: 'Persona Privada', email: 'privada@founder.example.co' })
      await h.reviews.transition(app.id, { from: 'recibida', to: 'retirada', reason: 'Privada llamó: se retira', memberId: m.id, at: at(1) })
      await h.reviews.upsertReview(app.id, m.id, review(3, 3, 3, 3, 3, { overallComment: 'Privada convence' }), at(1))
      await h.reviews.addNote(app.id, m.id, 'Privada: 300 123 4567', at(1))
      const trail = JSON.stringify((await h.reviews.listAudit(1, 50)).items)
      expect(trail).toContain(app.id)
      expect(trail.toLowerCase()).not.toContain('privada')
      expect(trail).not.toContain('Secreta')
      // The whole number, spaces included: four digits alone turn up in the random ids now and then.
      expect(trail).not.toContain('300 123 4567')
    })
  })
}
