/**
 * The founder's e-mail of a stage change, ready to be written with it: a new
 * personal link (the token goes in the e-mail, only its hash in the
 * database) and the e-mail, as a draft or, when an admin set its kind to go
 * straight away, as an outbox message.
 */
import type { CompanyInfo } from '../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../domain/privacy.ts'
import { renderNewLinkMail, renderStatusMail, type FounderMailContext, type StatusMailKind } from '../mail/founder-templates.ts'
import type { RenderedMail } from '../mail/templates.ts'
import type { MessageKind, NewOutboxMessage, StoredApplication } from '../storage/store.ts'
import { randomToken, sha256Hex } from '../workspace/auth/tokens.ts'
import type { FounderDraft, FounderMailWrite } from './founder-store.ts'

export interface FounderMailConfig {
  /** The From header. */
  from: string
  /** Where replies go: the programme's contact address. */
  replyTo: string
  company: CompanyInfo
  /** The public site's origin, for the /postulacion/<token> links. */
  siteOrigin: string
}

export const STATUS_PAGE_PATH = '/postulacion'

export function statusUrl(config: Pick<FounderMailConfig, 'siteOrigin'>, token: string): string {
  return `${config.siteOrigin}${STATUS_PAGE_PATH}/${token}`
}

/** A fresh link: the token for the e-mail, its hash for founder_links. */
export function newFounderLink(config: Pick<FounderMailConfig, 'siteOrigin'>): { url: string; tokenHash: string } {
  const token = randomToken()
  return { url: statusUrl(config, token), tokenHash: sha256Hex(token) }
}

function context(app: StoredApplication, url: string, config: FounderMailConfig, founderReason?: string | null): FounderMailContext {
  return {
    reference: app.reference,
    founderName: app.formData.founderName,
    tradeName: app.formData.tradeName,
    statusUrl: url,
    founderReason: founderReason ?? null,
    company: config.company,
    policyVersion: PRIVACY_POLICY_VERSION,
  }
}

export function outboxMessage(kind: MessageKind, to: string, mail: RenderedMail, config: FounderMailConfig): NewOutboxMessage {
  const id = crypto.randomUUID()
  const domain = config.replyTo.split('@')[1] ?? 'localhost'
  return { id, kind, messageId: `<${id}@${domain}>`, from: config.from, to, replyTo: config.replyTo, subject: mail.subject, text: mail.text, html: mail.html }
}

/** The draft as a member left it, as the outbox message it becomes when sent. */
export function messageFromDraft(draft: FounderDraft, config: FounderMailConfig): NewOutboxMessage {
  return outboxMessage('founder_status', draft.to, { subject: draft.subject, text: draft.text, html: draft.html }, config)
}

export function statusMailWrite(
  kind: StatusMailKind,
  app: StoredApplication,
  config: FounderMailConfig,
  options: { sendNow: boolean; founderReason?: string | null },
): FounderMailWrite {
  const link = newFounderLink(config)
  const mail = renderStatusMail(kind, context(app, link.url, config, options.founderReason))
  const to = app.formData.email.trim()
  return {
    linkTokenHash: link.tokenHash,
    draft: { id: crypto.randomUUID(), kind, to, ...mail },
    sendNow: options.sendNow ? outboxMessage('founder_status', to, mail, config) : null,
  }
}

/** The e-mail answering "perdí mi enlace", with the new link's hash. */
export function newLinkMessage(app: StoredApplication, config: FounderMailConfig): { tokenHash: string; message: NewOutboxMessage } {
  const link = newFounderLink(config)
  const mail = renderNewLinkMail(context(app, link.url, config))
  return { tokenHash: link.tokenHash, message: outboxMessage('founder_link', app.formData.email.trim(), mail, config) }
}
