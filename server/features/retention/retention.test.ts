/**
 * Retention with a fake clock, on SQLite and on the real PostgreSQL: exactly
 * the applications closed as no_seleccionada or retirada more than
 * RETENTION_MONTHS ago are reduced to reference, dates and outcome; a rerun,
 * or two instances at once, reduce nothing twice.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { dataRequestDueAt } from '../../../domain/data-requests.ts'
import { SELECTION_CRITERIA } from '../../../domain/programme.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { statusMailWrite } from '../review/stage-mail.ts'
import { isStatusMailKind } from '../../../domain/founder-mail.ts'
import { requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { freshPostgresDatabase, freshSqliteDatabase, type TestDatabase } from '../../db/testing/store-databases.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { insertMember } from '../../db/testing/members.ts'
import { createRetentionJob, retentionCutoff } from './retention.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openFounderStore, type FounderStore } from '../../db/stores/founder-store.ts'
import { openReviewStore, type ReviewStore } from '../../db/stores/review-store.ts'
import { openFollowUpStore, type FollowUpStore } from '../../db/stores/follow-up-store.ts'
import { CHECK_IN } from '../../db/stores/follow-up-store-contract.ts'
import { signedApplication } from '../../db/testing/signed.ts'
import { withStageMoves, type StageMoves } from '../../db/testing/stage-moves.ts'

const available = await requirePostgres()

interface Stores {
  store: ApplicationStore
  reviews: ReviewStore & StageMoves
  founders: FounderStore
  followUp: FollowUpStore
  exec: TestDatabase<ApplicationStore>['exec']
  /** A second connection (pool) on the same database: another instance. */
  second: () => Promise<FounderStore>
  dispose: () => Promise<void>
}

const MAIL: FounderMailConfig = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: 'https://catalitico.example',
}

const DAY = 86_400_000
const NOW = new Date('2027-12-15T12:00:00.000Z')
const silent = () => {}

const PATHS: Record<Stage, Stage[]> = {
  recibida: [],
  validacion_preliminar: ['validacion_preliminar'],
  sesion_panel: ['validacion_preliminar', 'sesion_panel'],
  due_diligence: ['validacion_preliminar', 'sesion_panel', 'due_diligence'],
  acuerdo_firmado: ['validacion_preliminar', 'sesion_panel', 'due_diligence', 'acuerdo_firmado'],
  no_seleccionada: ['validacion_preliminar', 'no_seleccionada'],
  retirada: ['validacion_preliminar', 'sesion_panel', 'retirada'],
}

function describeRetention(name: string, open: () => Promise<Stores>) {
  describe(name, () => {
    let s: Stores | undefined
    afterEach(async () => {
      await s?.dispose()
      s = undefined
    })

    /** An application received long ago that reached `stage`, its last change at `closedAt`, with notes, a review and e-mails. */
    async function seed(stage: Stage, closedAt: Date, memberId: string) {
      const received = new Date(closedAt.getTime() - 30 * DAY)
      const sub = newSubmission({ createdAt: received })
      await s!.store.saveSubmission(sub)
      const id = sub.application.id
      let from: Stage = 'recibida'
      const path = PATHS[stage]
      for (const [i, to] of path.entries()) {
        const at = i === path.length - 1 ? closedAt : new Date(received.getTime() + (i + 1) * DAY)
        const founderMail = isStatusMailKind(to) ? statusMailWrite(to, sub.application, MAIL, { sendNow: i % 2 === 0 }) : undefined
        const outcome = await s!.reviews.transition(id, { from, to, reason: 'Motivo interno con datos', memberId, at, ...(founderMail ? { founderMail } : {}) })
        expect(outcome.status).toBe('moved')
        from = to
      }
      await s!.reviews.addNote(id, memberId, 'La fundadora vive en Medellín', received)
      await s!.reviews.upsertReview(
        id,
        memberId,
        {
          scores: Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, 3])) as never,
          comments: { productoValidado: 'Habló de su familia' } as never,
          recommendation: 'avanzar',
          overallComment: 'Comentario personal',
        },
        received,
      )
      return sub.application
    }

    it('reduces exactly the applications closed as not selected or withdrawn RETENTION_MONTHS ago, keeping reference, dates and outcome', async () => {
      s = await open()
      const member = await insertMember(s.store, 'admin')
      const cutoff = retentionCutoff(NOW, 12)
      expect(cutoff.toISOString()).toBe('2026-12-15T12:00:00.000Z')
      const due = [
        await seed('no_seleccionada', new Date(cutoff.getTime() - 1), member.id),
        await seed('retirada', new Date(cutoff.getTime() - 200 * DAY), member.id),
      ]
      const kept = [
        await seed('retirada', cutoff, member.id), // exactly 12 months: not yet
        await seed('no_seleccionada', new Date(cutoff.getTime() + DAY), member.id),
        await seed('acuerdo_firmado', new Date(cutoff.getTime() - 300 * DAY), member.id),
        await seed('sesion_panel', new Date(cutoff.getTime() - 300 * DAY), member.id),
        await seed('recibida', new Date(cutoff.getTime() - 300 * DAY), member.id),
      ]
      const before = new Map<string, unknown>()
      for (const app of kept) before.set(app.id, await everything(s, app.id))

      const job = createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => NOW, log: silent })
      expect(await job.runOnce()).toBe(2)

      for (const app of due) {
        const record = (await s.reviews.getApplication(app.id))!
        expect(record.application.reference).toBe(app.reference)
        expect(record.application.createdAt).toEqual(app.createdAt)
        expect(['no_seleccionada', 'retirada']).toContain(record.stage)
        expect(Object.values(record.application.formData).every((v) => v === '')).toBe(true)
        expect(await s.store.findByEmail(app.formData.email)).toEqual([])
        expect(await s.store.listMessages({ applicationId: app.id })).toEqual([])
        expect(await s.founders.listDrafts(app.id)).toEqual([])
        expect(await s.reviews.listNotes(app.id)).toEqual([])
        const [review] = await s.reviews.listReviews(app.id)
        expect([review!.comments, review!.overallComment, review!.scores.productoValidado]).toEqual([{}, '', 3])
        expect((await s.reviews.listStageChanges(app.id)).map((c) => c.reason)).toEqual(PATHS[record.stage].map(() => null))
        expect(JSON.stringify(await everything(s, app.id))).not.toMatch(/Medellín|familia|personal|Motivo|@/)
      }
      for (const app of kept) expect(await everything(s, app.id), app.reference).toEqual(before.get(app.id))

      // A rerun, later the same day, has nothing left to do.
      expect(await job.runOnce()).toBe(0)
    })

    it("answers an open deletion request of an application it reduces, and leaves the others' open", async () => {
      s = await open()
      const member = await insertMember(s.store, 'admin')
      const reduced = await seed('retirada', new Date(NOW.getTime() - 400 * DAY), member.id)
      const kept = await seed('sesion_panel', new Date(NOW.getTime() - 400 * DAY), member.id)
      const opened = []
      for (const app of [reduced, kept]) {
        const at = new Date(NOW.getTime() - DAY)
        const outcome = await s.founders.openDataRequest(
          { id: crypto.randomUUID(), applicationId: app.id, reference: app.reference, kind: 'supresion', openedAt: at, dueAt: dataRequestDueAt('supresion', at) },
          { id: crypto.randomUUID(), kind: 'team_notification', messageId: `<${crypto.randomUUID()}@catalitico.example>`, from: 'a@catalitico.example', to: 'equipo@catalitico.example', subject: 's', text: 't', html: 'h' },
        )
        opened.push(outcome.request)
      }
      expect(await createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => NOW, log: silent }).runOnce()).toBe(1)
      expect(await s.founders.listDataRequests(reduced.reference)).toEqual([{ ...opened[0], closedAt: NOW, closedBy: null }])
      expect(await s.founders.listDataRequests(kept.reference)).toEqual([opened[1]])
    })

    it('two instances running at once reduce each application once', async () => {
      s = await open()
      const member = await insertMember(s.store, 'admin')
      const apps = []
      for (let i = 0; i < 6; i++) apps.push(await seed(i % 2 ? 'retirada' : 'no_seleccionada', new Date(NOW.getTime() - 400 * DAY), member.id))
      const other = await s.second()
      const results = await Promise.all([
        createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => NOW, log: silent }).runOnce(),
        createRetentionJob({ founders: other, followUp: s.followUp, months: 12, clock: () => NOW, log: silent }).runOnce(),
      ])
      expect(results[0] + results[1]).toBe(6)
      for (const app of apps) expect((await s.reviews.getApplication(app.id))!.application.formData.email).toBe('')
    })

    it("keeps a signed agreement, and empties only what the founder wrote in the check-ins a year after the follow-up closed", async () => {
      s = await open()
      const texts = async (id: string) => (await s!.followUp.followUp(id))!.checkIns.map((c) => [c.month, c.version, c.wentWell, c.wentBadly, c.needs, c.salesUsdCents, c.teamSize])
      const written = (month: number, version: number) => [month, version, CHECK_IN.wentWell, CHECK_IN.wentBadly, CHECK_IN.needs, CHECK_IN.salesUsdCents, CHECK_IN.teamSize]
      // Closed early by its note on 1 December 2026: kept until 1 December 2027, emptied on the 15th.
      const closedEarly = await signedApplication(s, { followUpStart: '2026-03-10' })
      // Ran its twelve months, no note: the twelfth check-in (February 2027) closed on 31 March 2027: kept until 31 March 2028.
      const ranOut = await signedApplication(s, { followUpStart: '2026-03-10' })
      // Still running.
      const running = await signedApplication(s, { followUpStart: '2027-06-01' })
      for (const { id } of [closedEarly, ranOut, running]) {
        await s.followUp.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: new Date('2026-04-05T15:00:00.000Z') })
        await s.followUp.submitCheckIn({ applicationId: id, month: 1, baseVersion: 1, values: CHECK_IN, at: new Date('2026-04-06T15:00:00.000Z') })
      }
      await s.followUp.close({ applicationId: closedEarly.id, note: 'Cierre anticipado.', memberId: closedEarly.admin.id, at: new Date('2026-12-01T15:00:00.000Z') })
      const before = await Promise.all([ranOut, running].map(async (a) => everything(s!, a.id)))

      const lines: unknown[] = []
      const job = createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => NOW, log: (l) => void lines.push(l) })
      // No closed application: nothing of the 12-month rule; the agreement itself is never reduced.
      expect(await job.runOnce()).toBe(0)
      expect(await texts(closedEarly.id)).toEqual([
        [1, 1, '', '', '', CHECK_IN.salesUsdCents, CHECK_IN.teamSize],
        [1, 2, '', '', '', CHECK_IN.salesUsdCents, CHECK_IN.teamSize],
      ])
      expect((await s.reviews.getApplication(closedEarly.id))!.application.formData.email).toBe(closedEarly.sub.application.formData.email)
      expect((await s.followUp.followUp(closedEarly.id))!.closing?.note).toBe('Cierre anticipado.')
      for (const a of [ranOut, running]) expect(await texts(a.id)).toEqual([written(1, 1), written(1, 2)])
      expect(await Promise.all([ranOut, running].map(async (a) => everything(s!, a.id)))).toEqual(before)
      expect(lines).toEqual([{ level: 'info', msg: "retention: check-ins' texts emptied after the follow-up", count: 1 }])
      const audit = (await s.reviews.listAudit(1, 50, {})).items.filter((e) => e.action === 'follow_up.check_in_texts_reduced')
      expect(audit).toMatchObject([{ applicationId: closedEarly.id, member: null, detail: { checkIns: 2 } }])

      // A rerun has nothing left; the one that ran out goes on its own day.
      await job.runOnce()
      expect((await s.reviews.listAudit(1, 50, {})).items.filter((e) => e.action === 'follow_up.check_in_texts_reduced')).toHaveLength(1)
      await createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => new Date('2028-03-31T12:00:00.000Z'), log: silent }).runOnce()
      expect(await texts(ranOut.id)).toEqual([written(1, 1), written(1, 2)])
      await createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => new Date('2028-04-01T12:00:00.000Z'), log: silent }).runOnce()
      expect((await texts(ranOut.id)).map((r) => r.slice(2, 5))).toEqual([['', '', ''], ['', '', '']])
      expect(await texts(running.id)).toEqual([written(1, 1), written(1, 2)])
    })

    it('logs counts only', async () => {
      s = await open()
      const member = await insertMember(s.store, 'admin')
      await seed('retirada', new Date(NOW.getTime() - 400 * DAY), member.id)
      const lines: unknown[] = []
      await createRetentionJob({ founders: s.founders, followUp: s.followUp, months: 12, clock: () => NOW, log: (l) => void lines.push(l) }).runOnce()
      expect(lines).toEqual([{ level: 'info', msg: 'retention: applications reduced', count: 1, months: 12 }])
    })
  })
}

async function everything(s: Stores, id: string) {
  return {
    application: await s.reviews.getApplication(id),
    messages: (await s.store.listMessages({ applicationId: id })).map((m) => [m.kind, m.to, m.text]),
    drafts: (await s.founders.listDrafts(id)).map((d) => [d.kind, d.text]),
    notes: (await s.reviews.listNotes(id)).map((n) => n.body),
    reviews: (await s.reviews.listReviews(id)).map((r) => [r.comments, r.overallComment]),
    changes: (await s.reviews.listStageChanges(id)).map((c) => [c.to, c.reason, c.at]),
  }
}

/** Retention's stores on a fresh test database of either engine. */
const storesOn = <S extends ApplicationStore>(db: TestDatabase<S>): Stores => ({
  store: db.store,
  reviews: withStageMoves(openReviewStore(engineOf(db.store)), engineOf(db.store)),
  founders: openFounderStore(engineOf(db.store)),
  followUp: openFollowUpStore(engineOf(db.store)),
  exec: db.exec,
  second: async () => openFounderStore(engineOf(await db.openAnother())),
  dispose: db.dispose,
})

describeRetention('SQLite', async () => storesOn(await freshSqliteDatabase()))

describe.skipIf(!available)('PostgreSQL (the real server)', () => {
  describeRetention('postgres', async () => storesOn(await freshPostgresDatabase()))
})
