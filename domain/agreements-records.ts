/**
 * The agreement's records as the server holds them (server/db/stores/agreement-store.ts), and the lists
 * its tables' CHECKs are written from: shared by the store, the routes and the workspace's answers
 * (domain/workspace-api/agreements.ts), as deals-records.ts is for the deal. Pure: types and constants.
 */
import type { DealTerms } from './deals.ts'

/**
 * An agreement's life: sent for signature; signed by the founder; both signed and being sealed (the PDF
 * signatures and the stage change, retried until done); signed (sealed, the stage is «Acuerdo firmado»);
 * or closed without a signature: declined by either side, expired, or voided by a new version.
 */
export const AGREEMENT_STATUSES = ['sent', 'founder_signed', 'sealing', 'signed', 'declined', 'expired', 'voided'] as const
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number]
/** The statuses of an agreement still under way: at most one per application (a partial unique index). */
export const LIVE_AGREEMENT_STATUSES = ['sent', 'founder_signed', 'sealing'] as const satisfies readonly AgreementStatus[]
/** Whether an agreement is still under way (out for signature, or being sealed). */
export const isLiveAgreement = (a: { status: AgreementStatus }): boolean => (LIVE_AGREEMENT_STATUSES as readonly AgreementStatus[]).includes(a.status)

export const SIGNER_ROLES = ['founder', 'programme'] as const
export type SignerRole = (typeof SIGNER_ROLES)[number]

/** How a signer proved who they were: a one-time code sent to their e-mail, or a passkey. */
export const SIGNING_METHODS = ['email_code', 'passkey'] as const
export type SigningMethod = (typeof SIGNING_METHODS)[number]

export const REPRESENTATIVE_ID_TYPES = ['CC', 'CE', 'PA'] as const
export type RepresentativeIdType = (typeof REPRESENTATIVE_ID_TYPES)[number]

/** What the admin types when preparing the agreement (asked in due diligence), as stored. */
export interface AgreementParties {
  /** Razón social. */
  legalName: string
  tradeName: string
  /** The NIT as written with its check digit: "900.123.456-7". */
  nit: string
  representativeName: string
  representativeIdType: RepresentativeIdType
  representativeId: string
  /** Whole shares subscribed, when known. */
  shares: number | null
  /** The class of those shares ("ordinarias"), when known. */
  shareClass: string | null
  /** Where it is signed. */
  city: string
}

/** One signature, with the evidence the evidence page prints. */
export interface AgreementSignatureRecord {
  role: SignerRole
  /** The programme signer's member id; null for the founder. */
  memberId: string | null
  name: string
  email: string
  method: SigningMethod
  consentVersion: number
  /** The e-signature agreement's text as accepted, stored with the signature. */
  consentText: string
  ip: string
  userAgent: string
  signedAt: Date
}

/** An agreement as the store reads it (without its PDF bytes). */
export interface AgreementRecord {
  id: string
  applicationId: string
  /** 1, 2, … for the application: a voided version is followed by the next. */
  version: number
  /** The verification code printed on every page (CMFE-XXXX-XXXX). */
  code: string
  status: AgreementStatus
  templateVersion: number
  templateSample: boolean
  parties: AgreementParties
  terms: DealTerms
  rateCardVersionNumber: number | null
  /** SHA-256 (hex) of the document as sent, before any signature. */
  documentSha256: string
  /** SHA-256 (hex) of the sealed document; null until sealed. */
  signedSha256: string | null
  /** Due-diligence documents missing at sending, confirmed with this reason (ADR 0139); null when none was missing. */
  missingDocumentsReason: string | null
  sentBy: string | null
  sentAt: Date
  expiresAt: Date
  closedAt: Date | null
  /** Who closed it without a signature: a member, or null for the founder or the clock. */
  closedBy: string | null
  /** Why: the founder's or member's words when declined; the new version when voided. */
  closeReason: string | null
  sealAttempts: number
  /** The last sealing failure, in English for the operator (never personal data); null when none. */
  sealError: string | null
  sealDueAt: Date | null
  signatures: AgreementSignatureRecord[]
}

/** The agreement's template, one row per version; version 0 is the sample the product ships. */
export interface AgreementTemplateRecord {
  version: number
  body: string
  sample: boolean
  createdBy: string | null
  createdAt: Date | null
}
