/**
 * What every founder's e-mail after the submission is written with, whichever
 * capability writes it: the configuration, the context (with the personal
 * link's placeholder), the outbox message, and the draft a member reviews or
 * the message that goes at once. None holds a link: the founder's personal
 * link is created by the outbox worker when the e-mail leaves (personalLinkUrl,
 * ADR 0117), and only its hash is stored. The e-mails themselves live with
 * their capabilities (the stage e-mail: server/features/review/stage-mail.ts).
 */
import type { CompanyInfo } from '../../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import type { FounderMailKind } from '../../../domain/founder-mail.ts'
import type { FounderMailContext } from './founder-templates.ts'
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

/** The context of an e-mail about one application, to the founder named in it. */
export const applicationMailContext = (app: StoredApplication, config: FounderMailConfig, founderReason?: string | null) =>
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

/** A founder's e-mail to the address on file: its draft, and the outbox message too when it goes at once. */
export function founderMailWrite(kind: FounderMailKind, app: StoredApplication, mail: RenderedMail, config: FounderMailConfig, sendNow: boolean): FounderMailWrite {
  const to = app.formData.email.trim()
  return {
    draft: { id: crypto.randomUUID(), kind, to, ...mail },
    sendNow: sendNow ? outboxMessage('founder_status', to, mail, config) : null,
  }
}
