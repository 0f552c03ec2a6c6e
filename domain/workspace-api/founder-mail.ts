/**
 * The workspace API's "Correos por enviar" (docs/workspace.md; server/features/workspace/founder-mail/routes.ts):
 * the founders' status e-mails waiting for a member, and the admin setting
 * that sends a kind straight away. Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { STATUS_MAIL_KINDS, type StatusMailKind } from '../founder-mail.ts'

/** A founder's status e-mail as the list and the reader show it. */
export interface FounderDraft {
  id: string
  applicationId: string
  reference: string
  kind: StatusMailKind
  kindLabel: string
  to: string
  subject: string
  text: string
  html: string
  status: 'draft' | 'sent' | 'discarded'
  createdAt: string
  editedAt: string | null
  settledAt: string | null
}

/** GET /founder-mail/drafts: the waiting ones the member may see; `withheld` counts those of their conflicts. */
export interface FounderDraftList {
  items: FounderDraft[]
  withheld: number
}

/** GET /founder-mail/drafts/:id, PUT it, POST …/send and …/discard: `409 { error: "conflict", draft }` once settled. */
export interface FounderDraftAnswer {
  draft: FounderDraft
}

export const SUBJECT_MAX = 200
export const TEXT_MAX = 20_000

/** PUT /founder-mail/drafts/:id */
export const EditDraftSchema = v.strictObject({
  subject: v.pipe(v.string(), v.trim(), v.minLength(1, 'El asunto está vacío.'), v.maxLength(SUBJECT_MAX)),
  text: v.pipe(v.string(), v.trim(), v.minLength(1, 'El correo está vacío.'), v.maxLength(TEXT_MAX)),
})
export type EditDraft = v.InferInput<typeof EditDraftSchema>

/** POST /founder-mail/drafts/send-all */
export interface SentAll {
  sent: number
}

export interface FounderMailSetting {
  kind: StatusMailKind
  label: string
  sendImmediately: boolean
}

/** GET /founder-mail/settings */
export interface FounderMailSettings {
  items: FounderMailSetting[]
}

/** PUT /founder-mail/settings (admins): answers the same. */
export const FounderMailSettingSchema = v.strictObject({
  kind: v.picklist(STATUS_MAIL_KINDS),
  sendImmediately: v.boolean(),
})
export type FounderMailSettingRequest = v.InferInput<typeof FounderMailSettingSchema>
