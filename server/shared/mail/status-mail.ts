/**
 * The founder's e-mail of a stage change, ready to be written with it, as a
 * draft or, when an admin set its kind to go straight away, as an outbox
 * message. Neither holds a link: the founder's personal link is created by
 * the outbox worker when the e-mail leaves (personalLinkUrl, ADR 0117), and
 * only its hash is stored.
 */
import type { CompanyInfo } from '../../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import type { FounderMailKind, StatusMailKind } from '../../../domain/founder-mail.ts'
import { renderDataDeletedMail, renderDocumentVersionMail, renderNewLinkMail, renderStatusMail, type FounderMailContext, type StatusMailFacts } from './founder-templates.ts'
import type { DealTerms } from '../../../domain/deals.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import type { StageSessionFacts } from '../../../domain/pipeline.ts'
import type { RenderedMail } from './templates.ts'
import type { MessageKind, NewOutboxMessage, StoredApplication } from '../../db/stores/application-store.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import type { FounderDraft, FounderMailWrite } from '../../db/stores/founder-store.ts'

export interface FounderMailConfig {
  /** The From header. */
  from: string
  /** Where replies go: the programme's contact address. */
  replyTo: string
  company: CompanyInfo
  /** The public site's origin, for the /postulacion/<token> links. */
  siteOrigin: string
}

export { STATUS_PAGE_PATH } from '../../../domain/personal-link.ts'

/** What a founder's e-mail is written from; its link is the placeholder (then `path`) the outbox worker fills as it leaves. */
export function founderMailContext(
  founder: { reference: string; founderName: string; tradeName: string; founderReason?: string | null },
  config: FounderMailConfig,
  path = '',
): FounderMailContext {
  return { ...founder, statusUrl: PERSONAL_LINK_PLACEHOLDER + path, company: config.company, policyVersion: PRIVACY_POLICY_VERSION }
}

const context = (app: StoredApplication, config: FounderMailConfig, founderReason?: string | null) =>
  founderMailContext({ reference: app.reference, founderName: app.formData.founderName, tradeName: app.formData.tradeName, founderReason: founderReason ?? null }, config)

export function outboxMessage(kind: MessageKind, to: string, mail: RenderedMail, config: FounderMailConfig): NewOutboxMessage {
  const id = crypto.randomUUID()
  const domain = config.replyTo.split('@')[1] ?? 'localhost'
  return { id, kind, messageId: `<${id}@${domain}>`, from: config.from, to, replyTo: config.replyTo, subject: mail.subject, text: mail.text, html: mail.html }
}

/** The draft as a member left it, as the outbox message it becomes when sent. */
export function messageFromDraft(draft: FounderDraft, config: FounderMailConfig): NewOutboxMessage {
  return outboxMessage('founder_status', draft.to, { subject: draft.subject, text: draft.text, html: draft.html }, config)
}

/**
 * The stage e-mail of a move: what the move did to the panel session (ADR 0185) and, to acuerdo_firmado,
 * the deal's dates (the plan, the first monthly report) are in it; `at` is the move's instant.
 */
export function statusMailWrite(
  kind: StatusMailKind,
  app: StoredApplication,
  config: FounderMailConfig,
  options: { sendNow: boolean; founderReason?: string | null; session?: StageSessionFacts; deal?: DealTerms; at?: Date },
): FounderMailWrite {
  const facts: StatusMailFacts = {
    ...(options.session ? { session: options.session } : {}),
    ...(options.deal ? { deal: { ...options.deal, today: formatIsoDay(options.at ?? new Date()) } } : {}),
  }
  return mailWrite(kind, app, renderStatusMail(kind, context(app, config, options.founderReason), facts), config, options.sendNow)
}

/** A founder's e-mail to the address on file: its draft, and the outbox message too when it goes at once. */
function mailWrite(kind: FounderMailKind, app: StoredApplication, mail: RenderedMail, config: FounderMailConfig, sendNow: boolean): FounderMailWrite {
  const to = app.formData.email.trim()
  return {
    draft: { id: crypto.randomUUID(), kind, to, ...mail },
    sendNow: sendNow ? outboxMessage('founder_status', to, mail, config) : null,
  }
}

/** The e-mail answering "perdí mi enlace"; its link is created as it leaves. */
export function newLinkMessage(app: StoredApplication, config: FounderMailConfig): NewOutboxMessage {
  return outboxMessage('founder_link', app.formData.email.trim(), renderNewLinkMail(context(app, config)), config)
}

/** The founder's e-mail when the team asks for a new version of a document: a draft, or sent at once when its kind is set so. */
export function documentVersionMailWrite(
  app: StoredApplication,
  config: FounderMailConfig,
  options: { documentLabel: string; note: string | null; sendNow: boolean },
): FounderMailWrite {
  return mailWrite('documento_nueva_version', app, renderDocumentVersionMail(context(app, config), options), config, options.sendNow)
}

/**
 * The titular's confirmation that their data is gone, from the applications about to be deleted
 * (the address on file, the first one's name, every reference); undefined when there are none.
 * Written in the deletion's own transaction (ApplicationStore.deleteByEmail, ADR 0141).
 */
export function dataDeletedMessage(apps: readonly StoredApplication[], config: FounderMailConfig): NewOutboxMessage | undefined {
  const first = apps[0]
  if (!first) return undefined
  const mail = renderDataDeletedMail({
    founderName: first.formData.founderName,
    references: apps.map((a) => a.reference),
    company: config.company,
    policyVersion: PRIVACY_POLICY_VERSION,
  })
  return outboxMessage('founder_data_deleted', first.formData.email.trim(), mail, config)
}
