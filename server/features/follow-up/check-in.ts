/**
 * The founder's monthly check-in (ADR 0164) under their personal
 * link: GET /postulacion/<token>/seguimiento shows the check-in open this
 * month (to send, or, once sent, what was sent and a form to correct it
 * until the month closes); POST sends it. Plain HTML, no JavaScript.
 *
 * - The POST passes the founder forms' guard (form-guard.ts: our own origin,
 *   small, well formed); a GET only shows (a mail scanner following the
 *   e-mail's link changes nothing).
 * - What was typed is read by domain/follow-up.ts readCheckIn: a negative
 *   figure, an ambiguous number, a word, an empty required figure or a text
 *   too long is refused beside its field (422), the form keeps what was typed,
 *   nothing is stored.
 * - The form carries the month it was shown for and the version it started
 *   from: a month that has closed since is refused (409); a version saved
 *   meanwhile from another tab is never overwritten (409, the form kept and
 *   moved onto the new version so that sending again is a deliberate act).
 *
 * Also the status page's «Seguimiento» section (followUpSection).
 */
import { Hono, type Context } from 'hono'
import { FOLLOW_UP_MESSAGES, CHECK_IN_MESSAGES, TEXT_KEYS, METRIC_KEYS, checkInInputOf, openCheckIn, readCheckIn, type CheckInField, type CheckInMonth } from '../../../domain/follow-up.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import type { CheckIn, FollowUpRecord, FollowUpStore } from '../../db/stores/follow-up-store.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'
import { resolveFounderToken } from '../../shared/auth/founder-link.ts'
import { BODY_LIMITS } from '../../shared/http/body-limit.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import type { MediaDaysSource } from '../media-plan/media-days.ts'
import { FOLLOW_UP_CHART_CSS } from './status-page-chart.ts'
import { CHECK_IN_CSS, FIELD_NAMES, checkInPage, followUpSectionHtml, noCheckInPage } from './check-in-html.ts'
import { founderRequestOnce, founderRouteBasics } from '../../shared/http/founder-form-guard.ts'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import { messagePage } from '../../shared/http/founder-page-shell.ts'

export interface CheckInDeps {
  followUp: Pick<FollowUpStore, 'followUp' | 'submitCheckIn'>
  founders: { store: Pick<FounderStore, 'resolveLink'>; mail: FounderMailConfig }
  now: () => Date
  /** The form's keys: the same report sent twice is stored once (ADR 0189). */
  requestKeys?: RequestKeyStore
}

const THANKS = '¡Gracias! Recibimos tu reporte.'
const latestOf = (follow: FollowUpRecord, month: number): CheckIn | null => follow.checkIns.filter((c) => c.month === month).at(-1) ?? null

export function checkInRoutes(deps: CheckInDeps): Hono {
  const { founders, now } = deps
  const { contact, formPost, notFound } = founderRouteBasics(founders.mail, BODY_LIMITS.founderCheckIn)
  const app = new Hono()
  const once = founderRequestOnce({ keys: deps.requestKeys, founders: founders.store, now, contactEmail: contact })

  const noFollowUp = (c: Context) => c.html(messagePage('Sin seguimiento', FOLLOW_UP_MESSAGES.noFollowUp, contact), 404)

  /** The founder's view and follow-up, or the answer that there is none. */
  async function open(c: Context): Promise<{ view: FounderView; follow: FollowUpRecord; token: string } | Response> {
    const token = c.req.param('token') ?? ''
    const view = await resolveFounderToken(founders.store, token)
    if (!view) return notFound(c)
    const follow = view.stage === 'acuerdo_firmado' ? await deps.followUp.followUp(view.applicationId) : null
    if (!follow) return noFollowUp(c)
    return { view, follow, token }
  }

  app.get('/:token/seguimiento', async (c) => {
    const found = await open(c)
    if (found instanceof Response) return found
    const { follow, token } = found
    const today = formatIsoDay(now())
    const month = follow.closing ? null : openCheckIn(follow.followUpStart, today)
    if (!month) return c.html(noCheckInPage({ token, contactEmail: contact, follow, today }))
    const latest = latestOf(follow, month.number)
    return c.html(
      checkInPage({
        token,
        contactEmail: contact,
        month,
        latest,
        values: latest ? checkInInputOf(latest) : {},
        baseVersion: latest?.version ?? 0,
        notice: c.req.query('hecho') === '1' && latest ? THANKS : null,
      }),
    )
  })

  app.post('/:token/seguimiento', formPost, once('POST /:token/seguimiento'), async (c) => {
    const found = await open(c)
    if (found instanceof Response) return found
    const { follow, token, view } = found
    const form = await c.req.parseBody()
    const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const monthNumber = /^\d{1,2}$/.test(text('mes')) ? Number(text('mes')) : NaN
    const baseVersion = /^\d{1,4}$/.test(text('version')) ? Number(text('version')) : NaN
    if (!Number.isInteger(monthNumber) || !Number.isInteger(baseVersion)) {
      return c.html(messagePage('No pudimos leer el formulario', 'Vuelve a abrir tu reporte e inténtalo de nuevo desde allí.', contact), 400)
    }
    const typed = Object.fromEntries([...METRIC_KEYS, ...TEXT_KEYS].map((k) => [k, text(FIELD_NAMES[k])])) as Record<CheckInField, string>
    const today = formatIsoDay(now())
    const month = follow.closing ? null : openCheckIn(follow.followUpStart, today)
    // The month the form was shown for has closed (or the follow-up did): nothing is stored.
    if (!month || month.number !== monthNumber) {
      return c.html(messagePage('Este reporte ya cerró', follow.closing ? FOLLOW_UP_MESSAGES.followUpClosed : FOLLOW_UP_MESSAGES.closed, contact), 409)
    }
    const again = (status: 409 | 422, extra: { errors?: Partial<Record<CheckInField, string>>; error?: string; latest: CheckIn | null; baseVersion: number }) =>
      c.html(
        checkInPage({
          token,
          contactEmail: contact,
          month: month as CheckInMonth,
          latest: extra.latest,
          values: typed,
          baseVersion: extra.baseVersion,
          errors: extra.errors ?? {},
          summary: extra.errors ? CHECK_IN_MESSAGES.summary(Object.keys(extra.errors).length) : null,
          error: extra.error ?? null,
        }),
        status,
      )
    const read = readCheckIn(typed)
    if (!read.ok) return again(422, { errors: read.errors, latest: latestOf(follow, month.number), baseVersion })
    const outcome = await deps.followUp.submitCheckIn({ applicationId: view.applicationId, month: month.number, baseVersion, values: read.values, at: now() })
    switch (outcome.status) {
      case 'saved':
        return c.redirect(`/postulacion/${token}/seguimiento?hecho=1`, 303)
      case 'stale':
        return again(409, { error: FOLLOW_UP_MESSAGES.stale, latest: outcome.current, baseVersion: outcome.current?.version ?? 0 })
      case 'closed':
        return c.html(messagePage('Este reporte ya cerró', FOLLOW_UP_MESSAGES.followUpClosed, contact), 409)
      case 'not_found':
        return noFollowUp(c)
    }
  })

  return app
}

/**
 * The status page's «Seguimiento» section, for a signed application with a deal; null otherwise. Its
 * charts draw the weeks the startup's media ran from `mediaDays`, the workspace's own source
 * (server/features/media-plan/media-days.ts), so the founder and the team see the same weeks.
 */
export function followUpSection(deps: Pick<CheckInDeps, 'followUp' | 'now'> & { mediaDays: MediaDaysSource }) {
  return async (view: FounderView, token: string): Promise<{ html: string; css: string } | null> => {
    if (view.stage !== 'acuerdo_firmado') return null
    const follow = await deps.followUp.followUp(view.applicationId)
    if (!follow) return null
    const mediaDays = await deps.mediaDays(view.applicationId)
    return { html: followUpSectionHtml(token, follow, deps.now(), mediaDays), css: CHECK_IN_CSS + FOLLOW_UP_CHART_CSS }
  }
}
