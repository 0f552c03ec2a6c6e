/**
 * "Correos por enviar" (docs/workspace.md): the founders' status e-mails the
 * stage changes wrote, waiting for a member to read, edit, send or discard
 * them, and the admin setting that sends a kind straight away. Mounted
 * behind the session and CSRF middleware, next to the review routes.
 *
 * A draft is part of its application: a member with a conflict of interest
 * on it (ADR 0101) neither sees nor settles it. The list leaves such drafts
 * out and says how many there are, for someone else to handle.
 */
import { readBody, route, routeReadingBody } from '../../shared/http/route.ts'
import {
  founderMailEndpoints as E,
  SUBJECT_MAX,
  SUPERSEDED_SHOWN_DAYS,
  type FounderDraft as FounderDraftJson,
  type FounderDraftAnswer,
  type FounderDraftCount,
  type FounderDraftList,
  type StaleDraftRefusal,
  type FounderMailSettingRequest,
  type FounderMailSettings,
  type SentAll,
} from '../../../domain/workspace-api/founder-mail.ts'
import { Hono, type Context } from 'hono'
import { FOUNDER_MAIL_KINDS, FOUNDER_MAIL_LABELS, staleDraftMessage, supersededNote } from '../../../domain/founder-mail.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import { htmlFromEditedText } from './edited-mail-html.ts'
import { headerSafe } from '../../shared/mail/templates.ts'
import { conflictRefusal } from '../team/conflict-guard.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { DraftOutcome, FounderDraft, FounderStore } from '../../db/stores/founder-store.ts'
import { messageFromDraft, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'

export interface DraftRouteDeps {
  reviews: ReviewStore
  founders: { store: FounderStore; mail: FounderMailConfig }
  conflicts: Pick<ConflictStore, 'isConflicted' | 'conflictedApplications'>
  now: () => Date
  /** Called once e-mails are in the outbox (the server wakes its worker). */
  onMailQueued?: () => void
}

/** What the list and the reader show of a draft. */
function shown(d: FounderDraft): FounderDraftJson {
  return wire({
    id: d.id,
    applicationId: d.applicationId,
    reference: d.reference,
    kind: d.kind,
    kindLabel: FOUNDER_MAIL_LABELS[d.kind],
    to: d.to,
    subject: d.subject,
    text: d.text,
    html: d.html,
    status: d.status,
    createdAt: d.createdAt,
    editedAt: d.editedAt,
    settledAt: d.settledAt,
    supersededTo: d.supersededTo,
    carriesPanelCancel: d.carriesPanelCancel,
    supersededNote: d.supersededTo && d.settledAt ? supersededNote(d.supersededTo, d.settledAt) : null,
  })
}

export function founderDraftRoutes(deps: DraftRouteDeps): Hono<WorkspaceEnv> {
  const { reviews, founders, conflicts, now } = deps
  const app = new Hono<WorkspaceEnv>()

  /** 403 before anything is read or changed when the member has a conflict with the draft's application. */
  const refusedFor = async (c: Context<WorkspaceEnv>, id: string) => {
    const draft = await founders.store.getDraft(id)
    return draft && (await conflicts.isConflicted(c.get('member').id, draft.applicationId)) ? c.json(conflictRefusal, 403) : null
  }

  const answer = (c: Context, outcome: DraftOutcome) => {
    if (outcome.status === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos este correo.' }, 404)
    if (outcome.status === 'conflict') {
      return c.json(
        { error: 'conflict', message: 'Este correo ya fue enviado o descartado por otra persona.', draft: shown(outcome.draft) },
        409,
      )
    }
    if (outcome.status === 'stale') {
      const { draft, stage } = outcome
      return c.json({ error: 'stale_stage', message: staleDraftMessage(draft.kind, stage), stage, draft: shown(draft) } satisfies StaleDraftRefusal, 409)
    }
    return c.json({ draft: shown(outcome.draft) } satisfies FounderDraftAnswer)
  }

  const audit = (memberId: string, action: 'founder_mail.edited' | 'founder_mail.sent' | 'founder_mail.discarded', d: FounderDraft, at: Date) =>
    reviews.appendAudit({ at, memberId, action, applicationId: d.applicationId, detail: { draftId: d.id, kind: d.kind } })

  route(app, E.drafts, async (c) => {
    const masked = await conflicts.conflictedApplications(c.get('member').id)
    const drafts = await founders.store.listWaitingDrafts()
    const items = drafts.filter((d) => !masked.has(d.applicationId))
    const since = new Date(now().getTime() - SUPERSEDED_SHOWN_DAYS * 86_400_000)
    const replaced = (await founders.store.listSupersededSince(since)).filter((d) => !masked.has(d.applicationId))
    // How many drafts wait for someone without the member's conflicts: never which ones.
    return c.json({ items: items.map(shown), withheld: drafts.length - items.length, replaced: replaced.map(shown) } satisfies FounderDraftList)
  })

  route(app, E.count, async (c) => {
    const masked = await conflicts.conflictedApplications(c.get('member').id)
    const waiting = (await founders.store.listWaitingDrafts()).filter((d) => !masked.has(d.applicationId)).length
    return c.json({ waiting } satisfies FounderDraftCount)
  })

  route(app, E.draft, async (c) => {
    const draft = await founders.store.getDraft(c.req.param('id'))
    if (!draft) return c.json({ error: 'not_found', message: 'No encontramos este correo.' }, 404)
    if (await conflicts.isConflicted(c.get('member').id, draft.applicationId)) return c.json(conflictRefusal, 403)
    return c.json({ draft: shown(draft) } satisfies FounderDraftAnswer)
  })

  routeReadingBody(app, E.editDraft, async (c) => {
    const refused = await refusedFor(c, c.req.param('id'))
    if (refused) return refused
    const parsed = await readBody(c, E.editDraft)
    if (!parsed.ok) return parsed.response
    const subject = headerSafe(parsed.value.subject, SUBJECT_MAX)
    const { text } = parsed.value
    const at = now()
    const outcome = await founders.store.editDraft(c.req.param('id'), { subject, text, html: htmlFromEditedText(subject, text) }, c.get('member').id, at)
    if (outcome.status === 'ok') await audit(c.get('member').id, 'founder_mail.edited', outcome.draft, at)
    return answer(c, outcome)
  })

  route(app, E.sendDraft, async (c) => {
    const refused = await refusedFor(c, c.req.param('id'))
    if (refused) return refused
    const at = now()
    const outcome = await founders.store.sendDraft(c.req.param('id'), (d) => messageFromDraft(d, founders.mail), c.get('member').id, at)
    if (outcome.status === 'ok') {
      await audit(c.get('member').id, 'founder_mail.sent', outcome.draft, at)
      deps.onMailQueued?.()
    }
    return answer(c, outcome)
  })

  route(app, E.discardDraft, async (c) => {
    const refused = await refusedFor(c, c.req.param('id'))
    if (refused) return refused
    const at = now()
    const outcome = await founders.store.discardDraft(c.req.param('id'), c.get('member').id, at)
    if (outcome.status === 'ok') await audit(c.get('member').id, 'founder_mail.discarded', outcome.draft, at)
    return answer(c, outcome)
  })

  /**
   * Send the waiting drafts the member confirmed (`ids`: the dialog said how
   * many and to whom, ADR 0138). One already settled by someone else,
   * superseded, no longer matching its application's stage, or of an
   * application the member has a conflict with is skipped, not an error.
   */
  route(app, E.sendAll, async (c, body) => {
    const memberId = c.get('member').id
    const masked = await conflicts.conflictedApplications(memberId)
    const confirmed = new Set(body.ids)
    let sent = 0
    for (const draft of (await founders.store.listWaitingDrafts()).filter((d) => confirmed.has(d.id) && !masked.has(d.applicationId))) {
      const at = now()
      const outcome = await founders.store.sendDraft(draft.id, (d) => messageFromDraft(d, founders.mail), memberId, at)
      if (outcome.status === 'ok') {
        sent++
        await audit(memberId, 'founder_mail.sent', outcome.draft, at)
      }
    }
    if (sent > 0) deps.onMailQueued?.()
    return c.json({ sent, skipped: confirmed.size - sent } satisfies SentAll)
  })

  route(app, E.settings, async (c) => {
    const sendImmediately = await founders.store.sendImmediately()
    return c.json({ items: FOUNDER_MAIL_KINDS.map((kind) => ({ kind, label: FOUNDER_MAIL_LABELS[kind], sendImmediately: sendImmediately[kind] })) } satisfies FounderMailSettings)
  })

  route(app, E.setSetting, async (c, body) => {
    const { kind, sendImmediately } = body
    const at = now()
    const memberId = c.get('member').id
    await founders.store.setSendImmediately(kind, sendImmediately, memberId, at)
    await reviews.appendAudit({ at, memberId, action: 'founder_mail.setting_changed', applicationId: null, detail: { kind, sendImmediately } })
    return c.json({ kind, sendImmediately } satisfies FounderMailSettingRequest)
  })

  return app
}
