/** «Correos por enviar» (docs/workspace.md "Founder e-mails"): the drafts, their count and the settings. */
import { get, post, put } from '../endpoint.ts'
import {
  EditDraftSchema,
  FounderMailSettingSchema,
  SendAllSchema,
  type FounderDraftAnswer,
  type FounderDraftCount,
  type FounderDraftList,
  type FounderMailSettingRequest,
  type FounderMailSettings,
  type SentAll,
} from '../founder-mail.ts'

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
