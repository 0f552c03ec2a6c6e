/**
 * The founder's status page, /postulacion/<token>, and what a founder can do
 * from it with plain HTML forms (no JavaScript): withdraw (through
 * changeStage, like any stage change), download everything held about them
 * (the workspace's data-request export), and ask for deletion (recorded for
 * an admin to complete). /postulacion sends a lost link again, only to the
 * address on file, with the same answer whether or not the address is known.
 *
 * The token is the only key: only its SHA-256 is looked up. Every answer is
 * noindex, no-store and no-referrer (founder-app.ts, which mounts these
 * routes with the documents'), so the token stays out of search engines,
 * caches and other sites' logs. Every POST must come from our own origin.
 */
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { NormalizedEmailSchema } from '../../../domain/email.ts'
import { founderCopy, founderCopyHtml, founderCopyJson } from '../data-requests/data-copy.ts'
import { type DocumentStore } from '../../db/stores/document-store.ts'
import { BODY_LIMITS } from '../../shared/http/body-limit.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { founderRequestOnce, founderRouteBasics } from '../../shared/http/founder-form-guard.ts'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import { DEFAULT_SIGN_IN_LIMITS, countHits, rateLimited, type SignInRateLimits } from '../../shared/auth/rate-limit.ts'
import { changeStage } from '../review/pipeline.ts'
import type { StageSteps } from '../../db/stores/stage-steps.ts'
import { tellTeamOfFounderActivity } from '../team/founder-activity.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { resolveFounderToken } from '../../shared/auth/founder-link.ts'
import { deletionNotice, requestDeletion } from '../data-requests/deletion-request.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'
import { confirmPage, requestLinkPage, statusPage } from './status-page-html.ts'
import { tooManyAttemptsPage } from '../../shared/http/founder-page-shell.ts'
import { panelNext, panelNotice, panelSectionHtml, panelView, type PanelDone } from '../panel/panel-section.ts'
import { formatWeekdayDateTime } from '../../../domain/format.ts'
import { sessionStep } from '../../../domain/pipeline.ts'
import { sessionTense } from '../../../domain/stage-confirmation.ts'
import { DEFAULT_PANEL_CHANGE_CUTOFF_HOURS, NONE_FITS_NOTE_MAX, PANEL_MESSAGES } from '../../../domain/panel-sessions.ts'
import { panelActions, refusalOf, type PanelActions } from '../panel/panel-actions.ts'
import type { ChangeOutcome } from '../../db/stores/panel-store.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import { STATUS_PAGE_PATH, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { newLinkMessage } from './new-link-mail.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

export interface StatusPageDeps {
  store: ApplicationStore
  reviews: ReviewStore
  /** What the withdrawal writes, store by store (changeStage runs them in one transaction, ADR 0208). */
  steps: StageSteps
  founders: { store: FounderStore; mail: FounderMailConfig }
  /** PANEL_CHANGE_CUTOFF_HOURS: the founder may change or cancel the panel session until this many hours before. */
  panelCutoffHours?: number
  /** The panel's actions when the caller has them already (server/compose.ts); default: made from these deps. */
  panel?: PanelActions
  /** The forms' keys: booking, moving and cancelling the panel session write once per submission (ADR 0189). */
  requestKeys?: RequestKeyStore
  /** The database-backed rate limits (shared with the workspace's sign-in). */
  team: Pick<TeamStore, 'hitRateLimits'>
  /** Where the team's notice of a deletion request goes (TEAM_EMAIL). */
  teamEmail: string
  clientIp: (c: Context) => string
  now: () => Date
  rateLimits?: SignInRateLimits
  onMailQueued?: () => void
  /**
   * The due-diligence documents section (built elsewhere): HTML for the
   * page, or null. The page renders it in its marked slot when given.
   */
  documentsSection?: (view: FounderView, token: string) => Promise<string | null>
  /** The documents' rows, for the founder's copy of their data (default: the store's own database). */
  documents?: Pick<DocumentStore, 'list'>
  /** The twelve months of follow-up after the signature (check-in.ts followUpSection): HTML and styles, or null. */
  followUpSection?: (view: FounderView, token: string) => Promise<{ html: string; css: string } | null>
  /** «Tu acuerdo» (server/features/agreements/founder-page.ts agreementSection): HTML, or null before one is sent. */
  agreementSection?: (view: FounderView, token: string) => Promise<string | null>
  /** «Tu plan de medios» once signed (media-plan-section.ts mediaPlanSection): HTML and styles, or null. */
  mediaPlanSection?: (view: FounderView, token: string) => Promise<{ html: string; css: string } | null>
  /** «Tu participación» once the stake is recorded (server/features/portfolio/founder-section.ts holdingSection): HTML, or null. */
  holdingSection?: (view: FounderView) => Promise<string | null>
  /** A proof file of the founder's own media plan (ADR 0163 addendum), served under their link; null when not theirs. */
  mediaPlanProof?: (applicationId: string, proofId: string) => Promise<{ fileName: string; mediaType: string; sizeBytes: number; content: Buffer } | null>
}



const WITHDRAWN = 'retirada'
/** The status page's line after the withdrawal; only on a withdrawn application (a typed `?hecho=` claims nothing). */
const withdrawalNotice = (view: FounderView, done: string | undefined): string | null =>
  done === WITHDRAWN && view.stage === 'retirada' ? 'Retiraste tu postulación. Te enviamos un correo de confirmación.' : null

export function founderStatusRoutes(deps: StatusPageDeps): Hono {
  const { founders, now } = deps
  // The status pages' own forms: from our own page, small and well formed (form-guard.ts). Scoped to these
  // routes: the documents' uploads have their own checks, the monthly check-in its own size.
  const { contact, formPost, notFound } = founderRouteBasics(founders.mail, BODY_LIMITS.founderForm)
  const app = new Hono()

  const documents = deps.documents ?? openWorkspaceStores(deps.store).documents
  // One write per submission (ADR 0189): after formPost, which limits the body this reads.
  const once = founderRequestOnce({ keys: deps.requestKeys, founders: founders.store, now, contactEmail: contact })
  /** The handler of a page under a personal link, given the founder's view and the token; 404 when the link opens nothing. */
  const withView = (handler: (c: Context, view: FounderView, token: string) => Promise<Response> | Response) => async (c: Context) => {
    const token = c.req.param('token') ?? ''
    const view = await resolveFounderToken(founders.store, token)
    return view ? handler(c, view, token) : notFound(c)
  }

  app.get('/', (c) => c.html(requestLinkPage(contact)))

  app.post('/', formPost, async (c) => {
    const form = await c.req.parseBody()
    const parsed = v.safeParse(NormalizedEmailSchema, typeof form.email === 'string' ? form.email : '')
    if (!parsed.success) return c.html(requestLinkPage(contact), 422)
    const address = parsed.output
    const limits = deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
    const at = now()
    const refused = await rateLimited(
      c,
      { ...deps, clock: () => at },
      [
        { purpose: 'founder-link:address', value: address, max: limits.perAddress },
        { purpose: 'founder-link:ip', value: deps.clientIp(c), max: limits.perIp },
      ],
      (c) => c.html(tooManyAttemptsPage(contact), 429),
    )
    if (refused) return refused
    // Closed-and-reduced applications have no address left, so they are not found.
    const apps = await deps.store.findByEmail(address)
    for (const application of apps) {
      await founders.store.issueLink(application.id, newLinkMessage(application, founders.mail), at)
      await deps.reviews.appendAudit({ at, memberId: null, action: 'founder.link_requested', applicationId: application.id })
    }
    if (apps.length > 0) deps.onMailQueued?.()
    return c.html(requestLinkPage(contact, true))
  })

  const panel =
    deps.panel ??
    panelActions({
      store: deps.store,
      founders,
      now,
      cutoffHours: deps.panelCutoffHours ?? DEFAULT_PANEL_CHANGE_CUTOFF_HOURS,
      ...(deps.onMailQueued ? { onMailQueued: deps.onMailQueued } : {}),
    })

  /** The status page, with a refusal's message when `error` is given (then nothing changed). */
  async function renderStatus(c: Context, view: FounderView, token: string, extra: { error?: string; done?: string } = {}) {
    const documentsHtml = deps.documentsSection ? await deps.documentsSection(view, token) : null
    // A panel action's notice («Reservamos tu sesión…») only at the panel stage: a reload after the move says nothing stale (ADR 0185).
    const notice = (view.stage === 'sesion_panel' ? panelNotice(extra.done) : null) ?? withdrawalNotice(view, extra.done) ?? (await deletionNotice(deps, view, extra.done))
    const at = now()
    const inStage = view.stage === 'sesion_panel'
    const panelState = await panelView(panel.panel, view.applicationId, view.stage, at)
    const panelHtml = panelState ? panelSectionHtml(`${STATUS_PAGE_PATH}/${token}`, panelState, { inStage, now: at, cutoffHours: panel.cutoffHours }) : null
    const next = inStage && panelState ? panelNext(panelState, at) : null
    const mediaPlan = deps.mediaPlanSection ? await deps.mediaPlanSection(view, token) : null
    const followUp = deps.followUpSection ? await deps.followUpSection(view, token) : null
    const agreementHtml = deps.agreementSection ? await deps.agreementSection(view, token) : null
    const holdingHtml = deps.holdingSection ? await deps.holdingSection(view) : null
    return statusPage(view, { token, contactEmail: contact, documentsHtml, notice, panelHtml, next, mediaPlan, followUp, agreementHtml, holdingHtml, error: extra.error ?? null })
  }

  // «Ver prueba» of a proof kept as a file (ADR 0163 addendum): the founder's own plan only, as an attachment.
  app.get('/:token/plan/pruebas/:proofId', withView(async (c, view) => {
    if (view.stage !== 'acuerdo_firmado' || !deps.mediaPlanProof) return notFound(c)
    const proof = await deps.mediaPlanProof(view.applicationId, c.req.param('proofId') ?? '')
    if (!proof) return notFound(c)
    return c.body(new Uint8Array(proof.content), 200, attachmentHeaders(proof))
  }))

  app.get('/:token', withView(async (c, view, token) => {
    const done = c.req.query('hecho')
    return c.html(await renderStatus(c, view, token, done === undefined ? {} : { done }))
  }))

  // The panel session: book, move, cancel, "Ninguno me sirve". Each is a POST of the page's own
  // form (formPost: same origin, small, well-formed); a refusal shows the page again with its reason.
  const field = async (c: Context, name: string) => {
    const value = (await c.req.parseBody())[name]
    return typeof value === 'string' ? value : ''
  }
  /**
   * Each press counts, like the deletion request's (ADR 0051): by application and by client IP,
   * bookings, moves and cancellations in one bucket (each writes to the whole panel), «Ninguno me sirve» in
   * another (each writes to the admins). Over the limit: the page again with the reason, 429 and
   * Retry-After, nothing changed. Null: go ahead.
   */
  const panelLimited = async (c: Context, view: FounderView, token: string, kind: 'change' | 'none-fits'): Promise<Response | null> => {
    const limits = deps.rateLimits ?? DEFAULT_SIGN_IN_LIMITS
    const counted = await countHits(
      deps.team,
      [
        { purpose: `founder-panel-${kind}:application`, value: view.applicationId, max: limits.perAddress },
        { purpose: `founder-panel-${kind}:ip`, value: deps.clientIp(c), max: limits.perIp },
      ],
      now(),
      limits.windowMs,
    )
    if (counted.allowed) return null
    c.header('Retry-After', String(counted.retryAfterSeconds))
    return c.html(await renderStatus(c, view, token, { error: PANEL_MESSAGES.tooManyChanges }), 429)
  }
  const afterChange = async (c: Context, view: FounderView, outcome: ChangeOutcome, done: PanelDone) => {
    const token = c.req.param('token')!
    if (outcome.status === 'done') return c.redirect(`${STATUS_PAGE_PATH}/${token}?hecho=${done}`, 303)
    const refusal = refusalOf(outcome, panel.cutoffHours)
    return c.html(await renderStatus(c, view, token, { error: refusal.message }), refusal.status)
  }
  app.post('/:token/sesion/reservar', formPost, once('POST /:token/sesion/reservar'), withView(async (c, view, token) => {
    const limited = await panelLimited(c, view, token, 'change')
    if (limited) return limited
    return afterChange(c, view, await panel.book(view.applicationId, await field(c, 'time'), { kind: 'founder' }), 'sesion-reservada')
  }))
  app.post('/:token/sesion/cambiar', formPost, once('POST /:token/sesion/cambiar'), withView(async (c, view, token) => {
    const limited = await panelLimited(c, view, token, 'change')
    if (limited) return limited
    return afterChange(c, view, await panel.reschedule(view.applicationId, { timeId: await field(c, 'time') }, { kind: 'founder' }), 'sesion-cambiada')
  }))
  // The cancellation asks first, like the withdrawal: the page's button is a GET of this confirmation (which
  // changes nothing), only its POST acts.
  app.get('/:token/sesion/cancelar', withView(async (c, view, token) => {
    const session = await panel.panel.session(view.applicationId)
    // Past the panel stage the founder no longer cancels from here (ADR 0185); nor a session already begun.
    if (session?.status !== 'booked' || view.stage !== 'sesion_panel' || session.startsAt.getTime() <= now().getTime()) return c.redirect(`${STATUS_PAGE_PATH}/${token}`, 303)
    return c.html(confirmPage(token, 'sesion/cancelar', view, contact, formatWeekdayDateTime(session.startsAt)))
  }))
  app.post('/:token/sesion/cancelar', formPost, once('POST /:token/sesion/cancelar'), withView(async (c, view, token) => {
    const limited = await panelLimited(c, view, token, 'change')
    if (limited) return limited
    return afterChange(c, view, await panel.cancel(view.applicationId, view.reference, { kind: 'founder' }), 'sesion-cancelada')
  }))
  app.post('/:token/sesion/ninguno', formPost, once('POST /:token/sesion/ninguno'), withView(async (c, view, token) => {
    const note = (await field(c, 'nota')).trim()
    if (note.length > NONE_FITS_NOTE_MAX) return c.html(await renderStatus(c, view, token, { error: PANEL_MESSAGES.noteTooLong }), 422)
    if (view.stage !== 'sesion_panel') return c.html(await renderStatus(c, view, token, { error: PANEL_MESSAGES.notInStage }), 409)
    const limited = await panelLimited(c, view, token, 'none-fits')
    if (limited) return limited
    if (!(await panel.noneFits(view.applicationId, view.reference, note))) {
      return c.html(await renderStatus(c, view, token, { error: PANEL_MESSAGES.noOffer }), 409)
    }
    return c.redirect(`${STATUS_PAGE_PATH}/${token}?hecho=ninguno`, 303)
  }))

  for (const action of ['retirar', 'supresion'] as const) {
    app.get(`/:token/${action}`, withView(async (c, view, token) => {
      // Withdrawing cancels a session still ahead (domain/pipeline.ts STAGE_ENTAILS): the confirmation says so.
      const session = action === 'retirar' ? await panel.panel.session(view.applicationId) : null
      const ahead = session?.status === 'booked' && sessionStep('retirada', false) === 'cancel' && sessionTense(session, now()) === 'ahead'
      return c.html(confirmPage(token, action, view, contact, ahead ? formatWeekdayDateTime(session.startsAt) : undefined))
    }))
  }

  app.post('/:token/retirar', formPost, withView(async (c, view, token) => {
    const outcome = await changeStage(
      { reviews: deps.reviews, steps: deps.steps, now, founders, panel },
      { applicationId: view.applicationId, from: view.stage, to: 'retirada', reason: null, memberId: null },
    )
    if (outcome.status === 'moved') {
      deps.onMailQueued?.()
      await tellTeamOfFounderActivity(deps, { applicationId: view.applicationId, reference: view.reference, kind: 'withdrawn' })
    }
    if (outcome.status === 'not_found') return notFound(c)
    // Moved: the page says so. Already closed (a second click): the page shows where it stands.
    return c.redirect(`${STATUS_PAGE_PATH}/${token}${outcome.status === 'moved' ? `?hecho=${WITHDRAWN}` : ''}`, 303)
  }))

  // The founder's copy of their data: a Spanish page to read (the default), the same page as a file to keep
  // (formato=html), or the same content as JSON (formato=json). A POST, audited: a mail scanner's GET never
  // reaches it (GET answers 404).
  app.post('/:token/datos', formPost, withView(async (c, view, token) => {
    const application = (await deps.reviews.getApplication(view.applicationId))?.application
    if (!application) return notFound(c)
    const form = await c.req.parseBody()
    const format = form.formato === 'json' ? 'json' : form.formato === 'html' ? 'html' : 'page'
    const at = now()
    const copy = await founderCopy({ store: deps.store, reviews: deps.reviews, documents }, application.formData.email, at)
    await deps.reviews.appendAudit({
      at,
      memberId: null,
      action: 'founder.data_downloaded',
      applicationId: view.applicationId,
      detail: { found: copy.applications.length, format },
    })
    const headers = {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    }
    const name = `mis-datos-${view.reference}`
    if (format === 'json') {
      return new Response(founderCopyJson(copy), {
        headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.json"` },
      })
    }
    const base = `${STATUS_PAGE_PATH}/${token}`
    const html = founderCopyHtml(copy, { contactEmail: contact, actionBase: format === 'page' ? base : null })
    return new Response(html, {
      headers: {
        ...headers,
        'Content-Type': 'text/html; charset=utf-8',
        ...(format === 'html' ? { 'Content-Disposition': `attachment; filename="${name}.html"` } : {}),
      },
    })
  }))

  app.post('/:token/supresion', formPost, withView(async (c, view, token) => {
    // Recorded once with its due date; the team is told once; a second press says it is already registered.
    const outcome = await requestDeletion(deps, c, view)
    if ('refused' in outcome) return outcome.refused
    return c.redirect(`${STATUS_PAGE_PATH}/${token}?hecho=${outcome.done}`, 303)
  }))

  return app
}
