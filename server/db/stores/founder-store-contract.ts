/**
 * What every FounderStore must do, run on SQLite and on PostgreSQL
 * (founder-store.sqlite.test.ts, founder-store.postgres.test.ts): drafts
 * written by a stage change, edited, sent once, discarded; the per-kind
 * setting; a link's view of its application; a new link revoking the old.
 */
import { describe, expect, it } from 'vitest'
import { dataRequestDueAt } from '../../../domain/data-requests.ts'
import type { Stage } from '../../../domain/pipeline.ts'
import type { ApplicationStore } from './application-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import type { ReviewStore } from './review-store.ts'
import { openWorkspaceStores } from './open-workspace-stores.ts'
import { stageMoves } from '../../features/review/pipeline.ts'
import type { StageMoves } from '../testing/stage-moves.ts'
import { insertMember } from '../testing/members.ts'
import type { TestDatabase } from '../testing/store-databases.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { randomToken } from '../../shared/auth/tokens.ts'
import { hashFounderToken, resolveFounderToken } from '../../shared/auth/founder-link.ts'
import type { FounderStore } from './founder-store.ts'
import { messageFromDraft, outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { statusMailWrite } from '../../features/review/stage-mail.ts'

export interface FounderStoreFixture {
  store: ApplicationStore
  reviews: ReviewStore & StageMoves
  founders: FounderStore
  dispose(): Promise<void>
}

/** The fixture on a test database of either store (workspace/testing/store-databases.ts). */
export function founderStoreFixture<S extends ApplicationStore>(db: TestDatabase<S>): FounderStoreFixture {
  const stores = openWorkspaceStores(db.store)
  return { store: db.store, reviews: { ...stores.review, ...stageMoves(stores.stageSteps) }, founders: stores.founder, dispose: db.dispose }
}

const MAIL: FounderMailConfig = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: 'https://catalitico.example',
}
const T0 = new Date('2026-11-23T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

/** The outbox's founder status e-mails of an application (the submission's own e-mails aside). */
const founderMails = async (f: FounderStoreFixture, applicationId: string) =>
  (await f.store.listMessages({ applicationId })).filter((m) => m.kind === 'founder_status')

export function founderStoreContract(open: () => Promise<FounderStoreFixture>) {
  async function withFixture(body: (f: FounderStoreFixture) => Promise<void>) {
    const f = await open()
    try {
      await body(f)
    } finally {
      await f.dispose()
    }
  }

  /**
   * An application moved along `path`, each founder-facing move writing its
   * draft (or, with sendNow, its e-mail), and for each of those a link granted
   * as the outbox worker grants it when the e-mail leaves.
   */
  async function moved(f: FounderStoreFixture, path: Stage[], sendNow = false) {
    const sub = newSubmission({ createdAt: T0 })
    await f.store.saveSubmission(sub)
    let from: Stage = 'recibida'
    const links: string[] = []
    for (const [i, to] of path.entries()) {
      const founderMail = to === 'sesion_panel' || to === 'due_diligence' ? statusMailWrite(to, sub.application, MAIL, { sendNow }) : undefined
      const outcome = await f.reviews.transition(sub.application.id, { from, to, reason: null, memberId: null, at: at(i + 1), ...(founderMail ? { founderMail } : {}) })
      expect(outcome.status).toBe('moved')
      if (founderMail) {
        // What is stored holds the placeholder, never a link (ADR 0117).
        expect(founderMail.draft.text).toContain(PERSONAL_LINK_PLACEHOLDER)
        expect(founderMail.draft.text + founderMail.draft.html).not.toMatch(/\/postulacion\//)
        const token = randomToken()
        await f.store.grantPersonalLink(sub.application.id, hashFounderToken(token), at(i + 1))
        links.push(token)
      }
      from = to
    }
    return { application: sub.application, links }
  }

  it('keeps a stage change’s draft waiting, edits it, sends it once into the outbox, and refuses to settle it again', async () => {
    await withFixture(async (f) => {
      const member = await insertMember(f.store, 'reviewer')
      const { application } = await moved(f, ['validacion_preliminar', 'sesion_panel'])
      const [draft] = await f.founders.listWaitingDrafts()
      expect(draft).toMatchObject({ applicationId: application.id, reference: application.reference, kind: 'sesion_panel', status: 'draft', editedAt: null, settledAt: null })
      expect(draft!.createdAt).toEqual(at(2))
      expect(await f.founders.getDraft(draft!.id)).toEqual(draft)
      expect(await f.founders.getDraft('not-a-uuid')).toBeNull()

      const edited = await f.founders.editDraft(draft!.id, { subject: 'Asunto editado', text: 'Texto editado', html: '<p>Texto editado</p>' }, member.id, at(3))
      expect(edited).toMatchObject({ status: 'ok', draft: { subject: 'Asunto editado', text: 'Texto editado', editedAt: at(3) } })

      const sent = await f.founders.sendDraft(draft!.id, (d) => messageFromDraft(d, MAIL), member.id, at(4))
      expect(sent).toMatchObject({ status: 'ok', draft: { status: 'sent', text: '', html: '', settledBy: member.id, settledAt: at(4) } })
      expect((await founderMails(f, application.id)).map((m) => m.subject)).toEqual(['Asunto editado'])

      expect(await f.founders.sendDraft(draft!.id, (d) => messageFromDraft(d, MAIL), member.id, at(5))).toMatchObject({ status: 'conflict' })
      expect(await f.founders.discardDraft(draft!.id, member.id, at(5))).toMatchObject({ status: 'conflict' })
      expect(await f.founders.discardDraft(crypto.randomUUID(), member.id, at(5))).toEqual({ status: 'not_found' })
      expect(await f.founders.listWaitingDrafts()).toEqual([])
      expect((await f.founders.listDrafts(application.id)).map((d) => d.status)).toEqual(['sent'])
    })
  })

  it('discards a draft without sending it, and records straight-away e-mails as sent drafts', async () => {
    await withFixture(async (f) => {
      const member = await insertMember(f.store, 'admin')
      const waiting = await moved(f, ['validacion_preliminar', 'sesion_panel'])
      const [draft] = await f.founders.listDrafts(waiting.application.id)
      expect(await f.founders.discardDraft(draft!.id, member.id, at(3))).toMatchObject({ status: 'ok', draft: { status: 'discarded', text: '' } })
      expect(await founderMails(f, waiting.application.id)).toEqual([])

      const straight = await moved(f, ['validacion_preliminar', 'sesion_panel'], true)
      expect((await f.founders.listDrafts(straight.application.id)).map((d) => [d.status, d.text])).toEqual([['sent', '']])
      expect(await founderMails(f, straight.application.id)).toHaveLength(1)
    })
  })

  it('a later stage change supersedes the waiting draft of its application (a bulk move too), and a draft that no longer matches the stage is not sent', async () => {
    await withFixture(async (f) => {
      const member = await insertMember(f.store, 'admin')
      const subs = [newSubmission({ createdAt: T0 }), newSubmission({ createdAt: T0 }), newSubmission({ createdAt: T0 })]
      for (const s of subs) await f.store.saveSubmission(s)
      const ids = subs.map((s) => s.application.id)
      const write = (to: 'sesion_panel' | 'no_seleccionada', i: number) => statusMailWrite(to, subs[i]!.application, MAIL, { sendNow: false })
      for (const id of ids) expect((await f.reviews.transition(id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: member.id, at: at(1) })).status).toBe('moved')
      // The bulk move: three drafts "avanzas a la sesión".
      const toPanel = await f.reviews.transitionMany(ids.map((id, i) => ({ applicationId: id, from: 'validacion_preliminar' as const, to: 'sesion_panel' as const, reason: null, memberId: member.id, at: at(2), founderMail: write('sesion_panel', i) })))
      expect(toPanel.map((o) => o.status)).toEqual(['moved', 'moved', 'moved'])
      const panelDrafts = await f.founders.listWaitingDrafts()
      expect(panelDrafts).toHaveLength(3)
      // Two of them closed as no_seleccionada, in one batch: their panel drafts are superseded, the new ones wait.
      const closed = await f.reviews.transitionMany(
        [0, 1].map((i) => ({ applicationId: ids[i]!, from: 'sesion_panel' as const, to: 'no_seleccionada' as const, reason: 'x', memberId: member.id, at: at(3), founderMail: write('no_seleccionada', i) })),
      )
      expect(closed.map((o) => o.status)).toEqual(['moved', 'moved'])
      const waiting = await f.founders.listWaitingDrafts()
      expect(waiting.map((d) => [d.applicationId, d.kind]).sort()).toEqual(
        [[ids[0], 'no_seleccionada'], [ids[1], 'no_seleccionada'], [ids[2], 'sesion_panel']].sort(),
      )
      for (const i of [0, 1]) {
        const [old, current] = await f.founders.listDrafts(ids[i]!)
        expect(old).toMatchObject({ kind: 'sesion_panel', status: 'superseded', supersededTo: 'no_seleccionada', settledAt: at(3), settledBy: member.id, text: '', html: '' })
        expect(current).toMatchObject({ kind: 'no_seleccionada', status: 'draft', supersededTo: null })
        // A superseded draft is settled: it is neither sent nor discarded again.
        expect(await f.founders.sendDraft(old!.id, (d) => messageFromDraft(d, MAIL), member.id, at(4))).toMatchObject({ status: 'conflict' })
      }
      const superseded = await f.founders.listSupersededSince(at(3))
      expect(superseded.map((d) => d.applicationId).sort()).toEqual([ids[0], ids[1]].sort())
      expect(await f.founders.listSupersededSince(at(4))).toEqual([])

      // A waiting draft whose application is at another stage (written before superseding existed) is refused.
      const sub = newSubmission({ createdAt: T0 })
      await f.store.saveSubmission(sub)
      await f.reviews.transition(sub.application.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: member.id, at: at(1) })
      const mismatched = statusMailWrite('sesion_panel', sub.application, MAIL, { sendNow: false })
      await f.reviews.transition(sub.application.id, { from: 'validacion_preliminar', to: 'no_seleccionada', reason: null, memberId: member.id, at: at(2), founderMail: mismatched })
      const stale = await f.founders.sendDraft(mismatched.draft.id, (d) => messageFromDraft(d, MAIL), member.id, at(5))
      expect(stale).toMatchObject({ status: 'stale', stage: 'no_seleccionada', draft: { status: 'draft' } })
      expect(await founderMails(f, sub.application.id)).toEqual([])
      expect((await f.founders.getDraft(mismatched.draft.id))!.status).toBe('draft')
    })
  })

  it('stores the per-kind setting to send straight away', async () => {
    await withFixture(async (f) => {
      const member = await insertMember(f.store, 'admin')
      expect(Object.values(await f.founders.sendImmediately()).every((v) => v === false)).toBe(true)
      await f.founders.setSendImmediately('retirada', true, member.id, at(1))
      await f.founders.setSendImmediately('sesion_panel', true, member.id, at(1))
      await f.founders.setSendImmediately('sesion_panel', false, member.id, at(2))
      const settings = await f.founders.sendImmediately()
      expect(Object.entries(settings).filter(([, on]) => on)).toEqual([['retirada', true]])
    })
  })

  it('opens the application from every live link with its stage history, and a new link revokes the older ones', async () => {
    await withFixture(async (f) => {
      const { application, links } = await moved(f, ['validacion_preliminar', 'sesion_panel', 'due_diligence'])
      expect(links).toHaveLength(2)
      const view = await resolveFounderToken(f.founders, links[1]!)
      expect(view).toEqual({
        applicationId: application.id,
        reference: application.reference,
        stage: 'due_diligence',
        receivedAt: T0,
        stageEnteredAt: at(3),
        stageDueAt: expect.any(Date),
        changes: [
          { to: 'validacion_preliminar', at: at(1) },
          { to: 'sesion_panel', at: at(2) },
          { to: 'due_diligence', at: at(3) },
        ],
      })
      expect(await resolveFounderToken(f.founders, links[0]!)).toEqual(view)

      // A founder who asks for a new link: every older one stops working, and the e-mail waits in the outbox.
      await f.founders.issueLink(application.id, outboxMessage('founder_link', 'a@b.example', { subject: 's', text: PERSONAL_LINK_PLACEHOLDER, html: 'h' }, MAIL), at(4))
      for (const old of links) expect(await resolveFounderToken(f.founders, old)).toBeNull()
      expect((await f.store.listMessages({ applicationId: application.id })).filter((m) => m.kind === 'founder_link').map((m) => [m.status, m.text])).toEqual([
        ['pending', PERSONAL_LINK_PLACEHOLDER],
      ])
      // The link the worker grants as that e-mail leaves opens the page.
      const token = randomToken()
      await f.store.grantPersonalLink(application.id, hashFounderToken(token), at(5))
      expect(await resolveFounderToken(f.founders, token)).toEqual(view)
    })
  })

  it('takes back a granted link whose e-mail did not leave, and keeps the others', async () => {
    await withFixture(async (f) => {
      const { application, links } = await moved(f, ['validacion_preliminar', 'sesion_panel', 'due_diligence'])
      const [kept, withdrawn] = links as [string, string]
      await f.store.withdrawPersonalLink(hashFounderToken(withdrawn))
      expect(await resolveFounderToken(f.founders, withdrawn)).toBeNull()
      expect((await resolveFounderToken(f.founders, kept))?.applicationId).toBe(application.id)
    })
  })

  it('keeps the newest live links of an application and revokes the older ones once, leaving other applications alone (issue 32, ADR 0197)', async () => {
    await withFixture(async (f) => {
      const { application, links } = await moved(f, ['validacion_preliminar', 'sesion_panel', 'due_diligence'])
      expect(links).toHaveLength(2)
      const other = await moved(f, ['validacion_preliminar', 'sesion_panel'])
      const fresh = [randomToken(), randomToken(), randomToken()]
      for (const [i, token] of fresh.entries()) await f.store.grantPersonalLink(application.id, hashFounderToken(token), at(10 + i))
      // Five live links (two from the stage e-mails, three new): keep the newest three.
      expect(await f.store.retireOldPersonalLinks(application.id, 3, at(20))).toBe(2)
      for (const old of links) expect(await resolveFounderToken(f.founders, old)).toBeNull()
      for (const token of fresh) expect((await resolveFounderToken(f.founders, token))?.applicationId).toBe(application.id)
      expect(await f.store.retireOldPersonalLinks(application.id, 3, at(21))).toBe(0)
      for (const token of other.links) expect((await resolveFounderToken(f.founders, token))?.applicationId).toBe(other.application.id)
    })
  })

  describe('the record of data requests (Ley 1581)', () => {
    const notice = (to = 'equipo@catalitico.example') => outboxMessage('team_notification', to, { subject: 'Solicitud de supresión', text: 't', html: 'h' }, MAIL)
    const deletion = (application: { id: string; reference: string }, minutes: number) => ({
      id: crypto.randomUUID(),
      applicationId: application.id,
      reference: application.reference,
      kind: 'supresion' as const,
      openedAt: at(minutes),
      dueAt: dataRequestDueAt('supresion', at(minutes)),
    })
    const notices = async (f: FounderStoreFixture, applicationId: string) =>
      (await f.store.listMessages({ applicationId })).filter((m) => m.subject === 'Solicitud de supresión')

    it('opens one request with its notice; while it is open another finds it and writes nothing', async () => {
      await withFixture(async (f) => {
        const sub = newSubmission({ createdAt: T0 })
        await f.store.saveSubmission(sub)
        const first = await f.founders.openDataRequest(deletion(sub.application, 1), notice())
        expect(first).toEqual({
          status: 'opened',
          request: {
            id: expect.any(String),
            applicationId: sub.application.id,
            reference: sub.application.reference,
            kind: 'supresion',
            openedAt: at(1),
            dueAt: dataRequestDueAt('supresion', at(1)),
            closedAt: null,
            closedBy: null,
          },
        })
        const again = await f.founders.openDataRequest(deletion(sub.application, 2), notice())
        expect(again).toEqual({ status: 'already_open', request: first.request })
        expect(await notices(f, sub.application.id)).toHaveLength(1)
        expect(await f.founders.listDataRequests(sub.application.reference)).toEqual([first.request])
        expect(await f.founders.listDataRequests('CAT-NADA')).toEqual([])
      })
    })

    it('opens exactly one request when several arrive at once', async () => {
      await withFixture(async (f) => {
        const sub = newSubmission({ createdAt: T0 })
        await f.store.saveSubmission(sub)
        const outcomes = await Promise.all([1, 2, 3, 4, 5].map((i) => f.founders.openDataRequest(deletion(sub.application, i), notice())))
        expect(outcomes.filter((o) => o.status === 'opened')).toHaveLength(1)
        expect(new Set(outcomes.map((o) => o.request.id)).size).toBe(1)
        expect(await notices(f, sub.application.id)).toHaveLength(1)
      })
    })

    it("closes the open requests when the application is deleted, keeping the record without the application", async () => {
      await withFixture(async (f) => {
        const admin = await insertMember(f.store, 'admin')
        const mine = newSubmission({ createdAt: T0, email: 'suprimir@founder.example.co' })
        const other = newSubmission({ createdAt: T0 })
        for (const s of [mine, other]) await f.store.saveSubmission(s)
        const opened = await f.founders.openDataRequest(deletion(mine.application, 1), notice())
        const untouched = await f.founders.openDataRequest(deletion(other.application, 1), notice())

        const report = await f.store.deleteByEmail('SUPRIMIR@founder.example.co', { by: admin.id, at: at(30) })
        expect(report.dataRequestsClosed).toBe(1)
        expect(await f.founders.listDataRequests(mine.application.reference)).toEqual([
          { ...opened.request, applicationId: null, closedAt: at(30), closedBy: admin.id },
        ])
        expect(await f.founders.listDataRequests(other.application.reference)).toEqual([untouched.request])
        // From the command line: closed by nobody in particular.
        const cli = await f.store.deleteByEmail(other.application.formData.email)
        expect(cli.dataRequestsClosed).toBe(1)
        expect(await f.founders.listDataRequests(other.application.reference)).toEqual([
          { ...untouched.request, applicationId: null, closedAt: expect.any(Date), closedBy: null },
        ])
      })
    })

    it('lists the open requests, the one due first first, and no closed one', async () => {
      await withFixture(async (f) => {
        const subs = [newSubmission({ createdAt: T0 }), newSubmission({ createdAt: T0, email: 'cerrar@founder.example.co' }), newSubmission({ createdAt: T0 })]
        for (const s of subs) await f.store.saveSubmission(s)
        // Opened at 20, 10 and 0 days (in that order): due in the reverse order.
        const late = await f.founders.openDataRequest(deletion(subs[0]!.application, 20 * 24 * 60), notice())
        await f.founders.openDataRequest(deletion(subs[1]!.application, 10 * 24 * 60), notice())
        const early = await f.founders.openDataRequest(deletion(subs[2]!.application, 1), notice())
        await f.store.deleteByEmail('cerrar@founder.example.co')
        expect(await f.founders.listOpenDataRequests()).toEqual([early.request, late.request])
      })
    })

    it("writes the titular's confirmation with the deletion, tied to no application, and only when something was deleted", async () => {
      await withFixture(async (f) => {
        const mine = newSubmission({ createdAt: T0, email: 'confirmar@founder.example.co' })
        await f.store.saveSubmission(mine)
        const confirmation = (id: string) => ({
          id,
          kind: 'founder_data_deleted' as const,
          messageId: `<${id}@catalitico.example>`,
          from: 'equipo@catalitico.example',
          to: 'confirmar@founder.example.co',
          subject: 'Eliminamos tus datos',
          text: 'Listo.',
          html: '<p>Listo.</p>',
        })
        const first = crypto.randomUUID()
        await f.store.deleteByEmail('confirmar@founder.example.co', { by: null, at: at(5), confirmation: confirmation(first) })
        const again = crypto.randomUUID()
        await f.store.deleteByEmail('confirmar@founder.example.co', { by: null, at: at(6), confirmation: confirmation(again) })
        const sent = (await f.store.listMessages()).filter((m) => m.kind === 'founder_data_deleted')
        expect(sent.map((m) => [m.id, m.applicationId, m.to, m.status])).toEqual([[first, null, 'confirmar@founder.example.co', 'pending']])
      })
    })
  })
}
