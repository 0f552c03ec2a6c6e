/**
 * The workspace API's agreement (docs/decisions/0213-…; server/features/agreements/routes.ts):
 * admins only, as the deal. Sending it freezes the deal's numbers in a PDF; a programme signer (an
 * admin an admin gave the right) signs it after the founder, with a one-time code sent to their
 * e-mail; both signatures sealed into the PDF move the application to «Acuerdo firmado» and record the
 * deal. Times are ISO strings (wire.ts).
 *
 * - GET /applications/:id/agreement → AgreementAnswer (audited agreement.viewed when there is one).
 * - POST /applications/:id/agreement (SendAgreementSchema) → 201 AgreementAnswer: version n sent (the
 *   one under way, if any, voided); 422 `invalid` with each field's message (`deal.<field>`,
 *   `parties.<field>`), 409 `documents_missing`, `not_due_diligence`, `unchanged`, `sealing`.
 * - POST /applications/:id/agreement/code → CodeSentAnswer: a code to the signer's e-mail; 403
 *   `no_signing_right`, 409 `not_yours_yet` (the founder has not signed), 429 `too_many_codes`.
 * - POST /applications/:id/agreement/passkey-options → a WebAuthn ceremony for the signer's own passkeys.
 * - POST /applications/:id/agreement/sign (SignAgreementSchema: the code, or the passkey's assertion) → AgreementAnswer; 422 `consent_required`,
 *   `wrong_code` (with the attempts left), 409 `too_many_attempts` (a new code left), `code_expired`,
 *   `already_signed`, `expired`.
 * - POST /applications/:id/agreement/decline (DeclineAgreementSchema) → AgreementAnswer.
 * - GET /applications/:id/agreement/:agreementId/document?version=sent|signed → the PDF.
 * - GET /agreement-template → AgreementTemplateAnswer; POST /agreement-template (TemplateSchema) → 201.
 * - PUT /members/:id/signing-right (SigningRightSchema) → SigningRightAnswer.
 */
import * as v from 'valibot'
import { REPRESENTATIVE_ID_TYPES, type AgreementRecord } from '../agreements-records.ts'
import { DealInputSchema } from './deals.ts'
import type { Wire } from './wire.ts'
import { firstIssue, get, post, put, type FileAnswer } from './endpoint.ts'
import type { PasskeyChallenge } from './team.ts'

export type { AgreementRecord } from '../agreements-records.ts'
export type Agreement = Wire<AgreementRecord>

const typed = (max: number) => v.pipe(v.string(), v.maxLength(max))

/** The parties as the admin types them (domain/agreements.ts readAgreementParties reads and checks them). */
export const AgreementPartiesSchema = v.strictObject({
  legalName: typed(300),
  tradeName: typed(300),
  nit: typed(40),
  representativeName: typed(300),
  representativeIdType: v.picklist(REPRESENTATIVE_ID_TYPES),
  representativeId: typed(40),
  shares: typed(40),
  shareClass: typed(120),
  city: typed(200),
})
export type AgreementPartiesBody = v.InferInput<typeof AgreementPartiesSchema>

export const SendAgreementSchema = v.strictObject({
  deal: DealInputSchema,
  parties: AgreementPartiesSchema,
  /** Required due-diligence documents missing, sent anyway: the admin's confirmation and why (ADR 0139). */
  missingDocuments: v.optional(v.nullable(v.strictObject({ confirmed: v.literal(true), reason: v.pipe(v.string(), v.trim(), v.minLength(1, 'Escribe por qué se envía sin esos documentos.'), v.maxLength(500)) }))),
})
export type SendAgreementBody = v.InferInput<typeof SendAgreementSchema>

export const SignAgreementSchema = v.strictObject({
  /** The six-digit code sent to the signer's e-mail; empty when a passkey answers instead. */
  code: v.optional(typed(20), ''),
  /** The programme signer's passkey assertion (POST …/agreement/passkey-options first), instead of the code. */
  passkey: v.optional(v.strictObject({ challengeId: v.pipe(v.string(), v.maxLength(100)), response: v.unknown() })),
  /** The e-signature agreement accepted (domain/agreements.ts ESIGN_CONSENT). */
  consent: v.boolean(),
})
export const DeclineAgreementSchema = v.strictObject({ reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000)), '') })
export const TemplateSchema = v.strictObject({ body: typed(60_000), sample: v.boolean() })
export const SigningRightSchema = v.strictObject({ canSign: v.boolean() })

export interface AgreementAnswer {
  /** Newest first: the one under way or signed, then the voided, declined or expired before it. */
  agreements: Agreement[]
  /** The template a new version would be drawn from (0: the sample the product ships). */
  template: { version: number; sample: boolean }
  /** Whether the member reading may sign for the programme. */
  viewerCanSign: boolean
  /** Whether they registered a passkey: they may sign with it instead of a code. */
  viewerHasPasskey: boolean
  /** The members who may sign for the programme. */
  signers: { id: string; name: string }[]
  memberNames: Record<string, string>
  /** The parties the form starts from: the last agreement's, else the application's names. */
  partiesDraft: AgreementPartiesBody
  /** Whether the application is at the stage an agreement is sent from (due diligence). */
  canSend: boolean
}
export interface CodeSentAnswer {
  /** The address the code went to, partly hidden ("an•••@startup.co"). */
  sentTo: string
  expiresAt: string
}
export interface AgreementTemplateAnswer {
  current: { version: number; body: string; sample: boolean }
  versions: { version: number; sample: boolean; createdBy: string | null; createdAt: string | null }[]
  /** The placeholders a template may use: {{key}} and what it prints. */
  fields: { key: string; label: string }[]
  memberNames: Record<string, string>
}
export interface SigningRightAnswer {
  memberId: string
  canSign: boolean
}

/** The agreement and its signature (docs/workspace.md "Acuerdo"): admins only. */
export const agreementEndpoints = {
  agreement: get<AgreementAnswer>()('/applications/:id/agreement', { admin: true }),
  send: post<AgreementAnswer>()('/applications/:id/agreement', { body: SendAgreementSchema, admin: true, once: true, status: 201 }),
  requestCode: post<CodeSentAnswer>()('/applications/:id/agreement/code', { admin: true, once: true }),
  /** A WebAuthn ceremony for the signer's own passkeys (the options as in team.ts PasskeyChallenge); 409 `no_passkey`. */
  passkeyOptions: post<PasskeyChallenge<unknown>>()('/applications/:id/agreement/passkey-options', { admin: true }),
  sign: post<AgreementAnswer>()('/applications/:id/agreement/sign', { body: SignAgreementSchema, invalid: firstIssue, admin: true, once: true }),
  decline: post<AgreementAnswer>()('/applications/:id/agreement/decline', { body: DeclineAgreementSchema, emptyBody: true, admin: true, once: true }),
  document: get<FileAnswer>()('/applications/:id/agreement/:agreementId/document', { admin: true, answerKind: 'file' }),
  template: get<AgreementTemplateAnswer>()('/agreement-template', { admin: true }),
  saveTemplate: post<AgreementTemplateAnswer>()('/agreement-template', { body: TemplateSchema, invalid: firstIssue, admin: true, once: true, status: 201 }),
  setSigningRight: put<SigningRightAnswer>()('/members/:id/signing-right', { body: SigningRightSchema, admin: true, once: true }),
} as const
