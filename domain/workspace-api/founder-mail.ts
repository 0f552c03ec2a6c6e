/**
 * The workspace API's "Correos por enviar" (docs/workspace.md; server/features/founder-page/founder-mail-routes.ts):
 * the founders' status e-mails waiting for a member, and the admin setting
 * that sends a kind straight away. Times are ISO strings (wire.ts).
 */
import * as v from 'valibot'
import { FOUNDER_MAIL_KINDS, type FounderMailKind } from '../founder-mail.ts'
import type { Stage } from '../pipeline.ts'
import type { Wire } from './wire.ts'
import type { FounderDraftRecord } from '../founder-mail-records.ts'
import { get, post, put } from './endpoint.ts'

export type { FounderDraftRecord } from '../founder-mail-records.ts'

/** A founder's status e-mail as the list and the reader show it (who settled it stays out). */
export type FounderDraft = Wire<
  Omit<FounderDraftRecord, 'settledBy'> & {
    kindLabel: string
    /** When superseded, the team's sentence saying so: "Reemplazado por el cambio a «No seleccionada» el …". */
    supersededNote: string | null
  }
>

/**
 * GET /founder-mail/drafts: the waiting ones the member may see; `withheld`
 * counts those of their conflicts; `replaced`, the drafts a later stage
 * change superseded in the last SUPERSEDED_SHOWN_DAYS days, newest first.
 */
export interface FounderDraftList {
  items: FounderDraft[]
  withheld: number
  replaced: FounderDraft[]
}

/** How long "Correos por enviar" keeps saying that a draft was replaced. */
export const SUPERSEDED_SHOWN_DAYS = 14

/** GET /founder-mail/count: how many founder e-mails wait for the member (the menu's and Resumen's count; their conflicts aside). */
export interface FounderDraftCount {
  waiting: number
}

/** `409 { error: "stale_stage", stage, message, draft }`: the draft no longer matches its application's stage; nothing was sent. */
export interface StaleDraftRefusal {
  error: 'stale_stage'
  message: string
  stage: Stage
  draft: FounderDraft
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

/**
 * POST /founder-mail/drafts/send-all: the drafts the member confirmed (the
 * dialog named how many and to whom). Only those are sent, and only while
 * still waiting and matching their application's stage.
 */
export const SendAllSchema = v.strictObject({
  ids: v.pipe(v.array(v.pipe(v.string(), v.uuid())), v.minLength(1, 'No hay correos para enviar.'), v.maxLength(1_000)),
})
export type SendAllRequest = v.InferInput<typeof SendAllSchema>

/** What send-all did: `skipped` were settled by someone else, superseded or no longer matching their stage meanwhile. */
export interface SentAll {
  sent: number
  skipped: number
}

export interface FounderMailSetting {
  kind: FounderMailKind
  label: string
  sendImmediately: boolean
}

/** GET /founder-mail/settings */
export interface FounderMailSettings {
  items: FounderMailSetting[]
}

/** PUT /founder-mail/settings (admins): answers the same. */
export const FounderMailSettingSchema = v.strictObject({
  kind: v.picklist(FOUNDER_MAIL_KINDS),
  sendImmediately: v.boolean(),
})
export type FounderMailSettingRequest = v.InferInput<typeof FounderMailSettingSchema>

/** «Correos por enviar» (docs/workspace.md "Founder e-mails"): the drafts, their count and the settings. */
export const founderMailEndpoints = {
  drafts: get<FounderDraftList>()('/founder-mail/drafts'),
  count: get<FounderDraftCount>()('/founder-mail/count'),
  draft: get<FounderDraftAnswer>()('/founder-mail/drafts/:id'),
  editDraft: put<FounderDraftAnswer>()('/founder-mail/drafts/:id', { body: EditDraftSchema, invalid: 'El asunto y el texto no pueden estar vacíos.' }),
  sendDraft: post<FounderDraftAnswer>()('/founder-mail/drafts/:id/send'),
  discardDraft: post<FounderDraftAnswer>()('/founder-mail/drafts/:id/discard'),
  sendAll: post<SentAll>()('/founder-mail/drafts/send-all', { body: SendAllSchema, invalid: 'Elige los correos que quieres enviar.' }),
  settings: get<FounderMailSettings>()('/founder-mail/settings'),
  setSetting: put<FounderMailSettingRequest>()('/founder-mail/settings', { body: FounderMailSettingSchema, admin: true }),
} as const
