/**
 * The agreement's signature, step by step (docs/decisions/0213-…), for the workspace's routes, the
 * founder's page and the jobs alike:
 *
 * 1. send: the deal's numbers and the parties read and checked, the PDF drawn from them and the
 *    template (the shipped sample until an admin saves one), frozen with its SHA-256; a version under
 *    way is voided in the same transaction and the founder told.
 * 2. requestCode / sign: a six-digit code to the signer's e-mail (its hash stored), then the signature
 *    with its evidence (the e-signature text accepted, IP, browser, time). The founder first, then a
 *    programme signer (a member with the right to sign).
 * 3. seal: once both signed, the evidence page is added and each signature becomes a PDF signature by
 *    the programme's certificate (with an RFC 3161 timestamp when SIGNING_TSA_URL is set), an
 *    incremental update each; then the stage moves to «Acuerdo firmado» with the frozen numbers as the
 *    deal, through the pipeline (server/features/review/pipeline.ts). A failure is kept on the
 *    agreement with its next try (the seal job retries it with backoff) and shown on «Estado del
 *    sistema»; the signers see that the document is being sealed.
 * 4. decline and expire: the other side is told.
 */
import { createHash, randomInt } from 'node:crypto'
import { readDeal, type DealInput, type DealTerms } from '../../../domain/deals.ts'
import { DOCUMENT_ITEMS, missingRequiredDocuments, type DocumentItem } from '../../../domain/documents.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { isLiveAgreement, type AgreementRecord, type AgreementSignatureRecord, type SignerRole } from '../../../domain/agreements-records.ts'
import {
  AGREEMENT_EXPIRY_DAYS,
  ESIGN_CONSENT,
  SAMPLE_TEMPLATE_BODY,
  SIGNATURE_FIELD_NAMES,
  SIGNING_CODE_MAX_ATTEMPTS,
  SIGNING_CODE_MINUTES,
  readAgreementParties,
  renderAgreement,
  type AgreementFacts,
  type AgreementPartiesInput,
} from '../../../domain/agreements.ts'
import type { AgreementMail, AgreementStore } from '../../db/stores/agreement-store.ts'
import type { DealStore } from '../../db/stores/deal-store.ts'
import type { DocumentStore } from '../../db/stores/document-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import type { Log } from '../../shared/log.ts'
import { signPdf } from '../../shared/signing/pades.ts'
import { pdfIsIntact } from '../../shared/signing/verify.ts'
import type { SigningIdentity } from '../../shared/signing/identity.ts'
import { agreementPdf, withEvidencePage } from './agreement-pdf.ts'
import { agreementSentMail, codeMail, founderClosedMail, teamMail } from './mails.ts'
import type { StageChangeOutcome, StageChangeRequest } from '../review/pipeline.ts'

/** The programme's certificate, loaded once when first needed, and the timestamp authority. */
export interface SigningService {
  identity(): Promise<SigningIdentity>
  tsaUrl: string | null
}

export interface AgreementDeps {
  agreements: AgreementStore
  reviews: Pick<ReviewStore, 'getApplication'>
  deals: Pick<DealStore, 'rateCard'>
  documents: Pick<DocumentStore, 'list'>
  team: Pick<TeamStore, 'signerIds' | 'getMember' | 'listMembers'>
  mail: FounderMailConfig
  signing: SigningService
  /** The stage change to «Acuerdo firmado» with the deal (the pipeline's changeStage, bound). */
  changeStage: (request: StageChangeRequest) => Promise<StageChangeOutcome>
  /** The workspace's URL of an application's page, for the team's e-mails. */
  workspaceUrl: (applicationId: string) => string
  now: () => Date
  log: Log
  onMailQueued?: () => void
}

/** A refusal, with its HTTP status, code and Spanish message; `issues` for a form's fields. */
export interface Refusal {
  refused: true
  status: 400 | 403 | 404 | 409 | 422 | 429
  error: string
  message: string
  issues?: { path: string; message: string }[]
  missing?: DocumentItem[]
  remaining?: number
}
const refuse = (status: Refusal['status'], error: string, message: string, extra: Partial<Refusal> = {}): Refusal => ({ refused: true, status, error, message, ...extra })
export const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && (x as Refusal).refused === true

export const MESSAGES = {
  notDueDiligence: 'El acuerdo se envía para firma en la etapa de due diligence.',
  unchanged: 'Este acuerdo ya se envió con estos mismos números y datos: no hay una versión nueva que enviar.',
  sealing: 'Ambas partes ya firmaron y estamos sellando el documento: ya no se puede cambiar.',
  noAgreement: 'Esta postulación no tiene un acuerdo enviado para firma.',
  notFounderTurn: 'La persona fundadora aún no ha firmado: el programa firma después.',
  noSigningRight: 'No tienes el derecho de firmar por el programa: un administrador puede dártelo en «Equipo».',
  consentRequired: 'Para firmar, marca que aceptas firmar electrónicamente.',
  codeFormat: 'Escribe el código de 6 números que te enviamos por correo.',
  wrongCode: (remaining: number) => `Ese código no es correcto. Te quedan ${remaining} ${remaining === 1 ? 'intento' : 'intentos'}.`,
  tooManyAttempts: `Escribiste mal el código ${SIGNING_CODE_MAX_ATTEMPTS} veces: ese código ya no sirve y te enviamos uno nuevo a tu correo.`,
  codeExpired: 'Ese código ya venció: pide uno nuevo.',
  noCode: 'Primero pide el código: te lo enviamos por correo.',
  tooManyCodes: 'Ya pediste varios códigos en la última hora: espera un rato y vuelve a intentarlo.',
  alreadySigned: 'Este acuerdo ya tiene esa firma: no se firma dos veces.',
  expired: 'Venció el plazo para firmar este acuerdo: el equipo puede enviar una versión nueva.',
  closed: 'Este acuerdo ya no se puede firmar: fue anulado, rechazado o venció.',
  missingDocuments: (items: readonly DocumentItem[]) =>
    `Faltan documentos obligatorios de due diligence: ${items.map((d) => d.label).join('; ')}. Para enviar el acuerdo igual, confirma y escribe el motivo.`,
} as const

const CODES_PER_HOUR = 5
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')
/** The code's hash: bound to the agreement and the role, so a code is worth nothing elsewhere. */
export const codeHash = (agreementId: string, role: SignerRole, code: string) => sha256(`${agreementId}:${role}:${code}`)
const newSigningCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
/** A document's verification code, printed on every page: CMFE- and two groups of four (40 bits). */
export const newAgreementCode = () => {
  const pick = () => Array.from({ length: 4 }, () => CROCKFORD[randomInt(0, 32)]).join('')
  return `CMFE-${pick()}-${pick()}`
}
/** "an•••@startup.co": enough to recognise one's address, not to read it over a shoulder. */
export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}•••@${domain}`
}

/** What the template in force is: the newest saved version, or the shipped sample (version 0). */
export async function templateInForce(agreements: Pick<AgreementStore, 'latestTemplate'>): Promise<{ version: number; body: string; sample: boolean }> {
  return (await agreements.latestTemplate()) ?? { version: 0, body: SAMPLE_TEMPLATE_BODY, sample: true }
}

export interface SendInput {
  deal: DealInput
  parties: AgreementPartiesInput
  missingDocuments?: { confirmed: true; reason: string } | null
}

const sameTerms = (a: DealTerms, b: DealTerms) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())
const sameParties = (a: object, b: object) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort())

/** Sending (or sending again with changed numbers): version n, frozen; the one under way voided; the founder told. */
export async function sendAgreement(deps: AgreementDeps, applicationId: string, input: SendInput, memberId: string): Promise<AgreementRecord | Refusal> {
  const record = await deps.reviews.getApplication(applicationId)
  if (!record) return refuse(404, 'not_found', 'No encontramos esa postulación.')
  if (record.stage !== 'due_diligence') return refuse(409, 'not_due_diligence', MESSAGES.notDueDiligence)
  const deal = readDeal(input.deal)
  const parties = readAgreementParties(input.parties)
  const issues = [
    ...(deal.ok ? [] : Object.entries(deal.errors).map(([k, m]) => ({ path: `deal.${k}`, message: m as string }))),
    ...(parties.ok ? [] : Object.entries(parties.errors).map(([k, m]) => ({ path: `parties.${k}`, message: m as string }))),
  ]
  let rateCardNumber: number | null = null
  if (deal.ok && deal.terms.rateCardVersionId !== null) {
    const card = await deps.deals.rateCard(deal.terms.rateCardVersionId)
    if (card?.status !== 'published') issues.push({ path: 'deal.rateCardVersionId', message: 'Elige una versión publicada del tarifario.' })
    else rateCardNumber = card.number
  }
  if (!deal.ok || !parties.ok || issues.length > 0) return refuse(422, 'invalid', issues[0]?.message ?? 'Revisa los datos enviados.', { issues })
  const docs = await deps.documents.list(applicationId)
  const missing = missingRequiredDocuments(docs)
  if (missing.length > 0 && input.missingDocuments?.confirmed !== true) return refuse(409, 'documents_missing', MESSAGES.missingDocuments(missing), { missing })

  const all = await deps.agreements.agreementsOf(applicationId)
  const live = all.find(isLiveAgreement)
  if (live?.status === 'sealing') return refuse(409, 'sealing', MESSAGES.sealing)
  if (live && sameTerms(live.terms, deal.terms) && sameParties(live.parties, parties.parties)) return refuse(409, 'unchanged', MESSAGES.unchanged)

  const template = await templateInForce(deps.agreements)
  const received = new Set(docs.filter((d) => d.status !== 'new_version_requested').map((d) => d.itemKey))
  const app = record.application
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = deps.now()
    const version = await deps.agreements.nextVersion(applicationId)
    const code = newAgreementCode()
    const facts: AgreementFacts = {
      code,
      version,
      template: { version: template.version, sample: template.sample },
      parties: parties.parties,
      terms: deal.terms,
      rateCardVersionNumber: rateCardNumber,
      founderName: app.formData.founderName,
      founderEmail: app.formData.email.trim(),
      documentsReceived: DOCUMENT_ITEMS.filter((i) => received.has(i.key)).map((i) => i.label),
      issuedOn: formatIsoDay(at),
    }
    const pdf = await agreementPdf(renderAgreement(template.body, facts), facts)
    const expiresAt = new Date(at.getTime() + AGREEMENT_EXPIRY_DAYS * 86_400_000)
    const outcome = await deps.agreements.send({
      id: crypto.randomUUID(),
      applicationId,
      version,
      code,
      templateVersion: template.version,
      templateSample: template.sample,
      parties: parties.parties,
      terms: deal.terms,
      rateCardVersionNumber: rateCardNumber,
      document: pdf,
      documentSha256: sha256(pdf),
      missingDocumentsReason: missing.length > 0 ? (input.missingDocuments?.reason ?? null) : null,
      memberId,
      at,
      expiresAt,
      mails: [agreementSentMail(app, { version, code, expiresAt }, live !== undefined, deps.mail)],
    })
    if (outcome === 'version_taken') continue
    if (outcome === 'sealing') return refuse(409, 'sealing', MESSAGES.sealing)
    deps.onMailQueued?.()
    return outcome.agreement
  }
  return refuse(409, 'conflict', 'Otra persona envió el acuerdo al mismo tiempo: recarga para ver la versión vigente.')
}

/** Who signs as `role`: the founder of the application, or a member with the right to sign. */
export type Signer = { role: 'founder' } | { role: 'programme'; memberId: string }

async function signerOf(deps: AgreementDeps, agreement: AgreementRecord, signer: Signer): Promise<{ name: string; email: string; memberId: string | null } | Refusal> {
  if (signer.role === 'founder') {
    const record = await deps.reviews.getApplication(agreement.applicationId)
    if (!record) return refuse(404, 'not_found', MESSAGES.noAgreement)
    return { name: record.application.formData.founderName, email: record.application.formData.email.trim(), memberId: null }
  }
  const member = await deps.team.getMember(signer.memberId)
  if (!member || !member.active || member.role !== 'admin' || !(await deps.team.signerIds()).has(member.id)) return refuse(403, 'no_signing_right', MESSAGES.noSigningRight)
  return { name: member.name, email: member.email, memberId: member.id }
}

/** The status a signer signs from, and the refusal of any other. */
function turnRefusal(agreement: AgreementRecord, role: SignerRole, at: Date): Refusal | null {
  const from = role === 'founder' ? 'sent' : 'founder_signed'
  if (agreement.status === from) return agreement.expiresAt.getTime() <= at.getTime() ? refuse(409, 'expired', MESSAGES.expired) : null
  if (agreement.signatures.some((s) => s.role === role)) return refuse(409, 'already_signed', MESSAGES.alreadySigned)
  if (role === 'programme' && agreement.status === 'sent') return refuse(409, 'not_yours_yet', MESSAGES.notFounderTurn)
  if (agreement.status === 'expired') return refuse(409, 'expired', MESSAGES.expired)
  return refuse(409, 'closed', MESSAGES.closed)
}

/** A new one-time code to the signer's e-mail (the ones before it stop working). */
export async function requestCode(deps: AgreementDeps, agreement: AgreementRecord, signer: Signer): Promise<{ sentTo: string; expiresAt: Date } | Refusal> {
  const at = deps.now()
  const who = await signerOf(deps, agreement, signer)
  if (isRefusal(who)) return who
  const turn = turnRefusal(agreement, signer.role, at)
  if (turn) return turn
  if ((await deps.agreements.codesIssuedSince(agreement.id, signer.role, new Date(at.getTime() - 3_600_000))) >= CODES_PER_HOUR) return refuse(429, 'too_many_codes', MESSAGES.tooManyCodes)
  const code = newSigningCode()
  const expiresAt = new Date(at.getTime() + SIGNING_CODE_MINUTES * 60_000)
  await deps.agreements.issueCode({ agreementId: agreement.id, role: signer.role, memberId: who.memberId, codeHash: codeHash(agreement.id, signer.role, code), at, expiresAt, mail: codeMail(who, code, agreement, expiresAt, deps.mail, who.memberId) })
  deps.onMailQueued?.()
  return { sentTo: maskEmail(who.email), expiresAt }
}

export interface SignInput {
  /** The one-time code typed; ignored when `passkeyVerified`. */
  code: string
  /** The programme signer proved who they are with one of their passkeys (checked by the route before this call). */
  passkeyVerified?: boolean
  consent: boolean
  ip: string
  userAgent: string
}

/** The signature: consent, the code checked, the evidence written; the programme's starts the sealing. */
export async function signAgreement(deps: AgreementDeps, agreement: AgreementRecord, signer: Signer, input: SignInput): Promise<AgreementRecord | Refusal> {
  const at = deps.now()
  if (input.consent !== true) return refuse(422, 'consent_required', MESSAGES.consentRequired, { issues: [{ path: 'consent', message: MESSAGES.consentRequired }] })
  const code = input.code.replace(/\s+/g, '')
  const byPasskey = input.passkeyVerified === true && signer.role === 'programme'
  if (!byPasskey && !/^\d{6}$/.test(code)) return refuse(422, 'invalid', MESSAGES.codeFormat, { issues: [{ path: 'code', message: MESSAGES.codeFormat }] })
  const who = await signerOf(deps, agreement, signer)
  if (isRefusal(who)) return who
  const turn = turnRefusal(agreement, signer.role, at)
  if (turn) return turn
  const signature: AgreementSignatureRecord = {
    role: signer.role,
    memberId: who.memberId,
    name: who.name,
    email: who.email,
    method: byPasskey ? 'passkey' : 'email_code',
    consentVersion: ESIGN_CONSENT.version,
    consentText: ESIGN_CONSENT.text,
    ip: input.ip.slice(0, 100),
    userAgent: input.userAgent.slice(0, 500),
    signedAt: at,
  }
  const replacementCode = newSigningCode()
  const replacementExpires = new Date(at.getTime() + SIGNING_CODE_MINUTES * 60_000)
  const mails: AgreementMail[] = []
  if (signer.role === 'founder') {
    const signers = (await deps.team.listMembers()).filter((m) => m.active)
    const ids = await deps.team.signerIds()
    for (const m of signers.filter((m) => ids.has(m.id) || m.id === agreement.sentBy)) {
      mails.push(
        teamMail(
          m,
          `La persona fundadora firmó el acuerdo ${agreement.code}`,
          [`La persona fundadora firmó la versión ${agreement.version} del acuerdo (${agreement.code}).`, 'Falta la firma del programa: la hace un miembro con el derecho de firmar, desde la página de la postulación.'],
          deps.workspaceUrl(agreement.applicationId),
          deps.mail,
        ),
      )
    }
  }
  const outcome = await deps.agreements.sign({
    agreementId: agreement.id,
    role: signer.role,
    from: signer.role === 'founder' ? 'sent' : 'founder_signed',
    codeHash: byPasskey ? null : codeHash(agreement.id, signer.role, code),
    signature,
    at,
    replacement: { codeHash: codeHash(agreement.id, signer.role, replacementCode), expiresAt: replacementExpires, mail: codeMail(who, replacementCode, agreement, replacementExpires, deps.mail, who.memberId) },
    mails,
    maxAttempts: SIGNING_CODE_MAX_ATTEMPTS,
  })
  switch (outcome.status) {
    case 'signed':
      if (mails.length > 0) deps.onMailQueued?.()
      if (signer.role === 'programme') {
        // Sealed at once when it can be; otherwise the seal job tries again (and «Estado del sistema» says so).
        await sealDue(deps, 1)
        return (await deps.agreements.agreement(agreement.id)) ?? outcome.agreement
      }
      return outcome.agreement
    case 'wrong_code':
      return refuse(422, 'wrong_code', MESSAGES.wrongCode(outcome.remaining), { remaining: outcome.remaining, issues: [{ path: 'code', message: MESSAGES.wrongCode(outcome.remaining) }] })
    case 'too_many_attempts':
      deps.onMailQueued?.()
      return refuse(409, 'too_many_attempts', MESSAGES.tooManyAttempts)
    case 'code_expired':
      return refuse(409, 'code_expired', MESSAGES.codeExpired)
    case 'no_code':
      return refuse(409, 'no_code', MESSAGES.noCode)
    case 'expired':
      return refuse(409, 'expired', MESSAGES.expired)
    case 'moved':
      return turnRefusal({ ...agreement, status: outcome.current, signatures: outcome.current === 'sent' ? [] : agreement.signatures.concat(signature) }, signer.role, at) ?? refuse(409, 'closed', MESSAGES.closed)
    case 'not_found':
      return refuse(404, 'not_found', MESSAGES.noAgreement)
  }
}

/** Declined by the founder (from their page) or by an admin; the other side told. */
export async function declineAgreement(deps: AgreementDeps, agreement: AgreementRecord, by: { role: 'founder' } | { role: 'programme'; memberId: string }, reason: string | null): Promise<AgreementRecord | Refusal> {
  const at = deps.now()
  const record = await deps.reviews.getApplication(agreement.applicationId)
  if (!record) return refuse(404, 'not_found', MESSAGES.noAgreement)
  const mails: AgreementMail[] = []
  if (by.role === 'founder') {
    const members = (await deps.team.listMembers()).filter((m) => m.active)
    const ids = await deps.team.signerIds()
    for (const m of members.filter((m) => ids.has(m.id) || m.id === agreement.sentBy)) {
      mails.push(
        teamMail(
          m,
          `La persona fundadora rechazó el acuerdo ${agreement.code}`,
          [`La persona fundadora rechazó la versión ${agreement.version} del acuerdo (${agreement.code}).`, ...(reason ? [`Su motivo: ${reason}`] : []), 'Puedes enviar una versión nueva desde la página de la postulación.'],
          deps.workspaceUrl(agreement.applicationId),
          deps.mail,
        ),
      )
    }
    mails.push(founderClosedMail(record.application, 'declined_by_founder', agreement, deps.mail))
  } else {
    mails.push(founderClosedMail(record.application, 'declined_by_programme', agreement, deps.mail))
  }
  const outcome = await deps.agreements.decline({ agreementId: agreement.id, role: by.role, memberId: by.role === 'programme' ? by.memberId : null, reason: reason?.trim() ? reason.trim() : null, at, mails })
  if (outcome === 'not_found') return refuse(404, 'not_found', MESSAGES.noAgreement)
  if (outcome === 'moved') return refuse(409, 'closed', by.role === 'founder' && agreement.status === 'founder_signed' ? 'Ya firmaste este acuerdo: si necesitas cambiarlo, escribe al equipo.' : MESSAGES.closed)
  deps.onMailQueued?.()
  return outcome
}

/** The agreements whose time to sign ended: expired, both sides told. */
export async function expireDue(deps: AgreementDeps): Promise<number> {
  const at = deps.now()
  let n = 0
  for (const a of await deps.agreements.dueToExpire(at)) {
    const record = await deps.reviews.getApplication(a.applicationId)
    if (!record) continue
    const mails: AgreementMail[] = [founderClosedMail(record.application, 'expired', a, deps.mail)]
    const sender = a.sentBy ? await deps.team.getMember(a.sentBy) : null
    if (sender?.active) {
      mails.push(teamMail(sender, `Venció el plazo para firmar el acuerdo ${a.code}`, [`Venció el plazo para firmar la versión ${a.version} del acuerdo (${a.code}) sin las dos firmas.`, 'Puedes enviar una versión nueva desde la página de la postulación.'], deps.workspaceUrl(a.applicationId), deps.mail))
    }
    if (await deps.agreements.expire(a.id, at, mails)) n++
  }
  if (n > 0) deps.onMailQueued?.()
  return n
}

/** How long a sealing that failed waits before its next try: 1, 5, 15 minutes, then every hour. */
export function sealBackoffMs(attempts: number): number {
  return [60_000, 300_000, 900_000][attempts] ?? 3_600_000
}
/** How long one instance holds an agreement it is sealing. */
const SEAL_LEASE_MS = 120_000

/** The evidence page's content, from the stored signatures. */
export function evidenceOf(agreement: AgreementRecord, sealedAt: Date) {
  return {
    code: agreement.code,
    version: agreement.version,
    documentSha256: agreement.documentSha256,
    sealedAt,
    signatures: agreement.signatures.map((s) => ({ role: s.role, name: s.name, email: s.email, method: s.method, consentVersion: s.consentVersion, signedAt: s.signedAt, ip: s.ip, userAgent: s.userAgent })),
  }
}

/** The sealed PDF: the evidence page, then the founder's and the programme's PDF signatures, each an incremental update. */
export async function sealedPdf(deps: Pick<AgreementDeps, 'signing'>, agreement: AgreementRecord, sent: Uint8Array, at: Date): Promise<Uint8Array> {
  const identity = await deps.signing.identity()
  const founder = agreement.signatures.find((s) => s.role === 'founder')
  const programme = agreement.signatures.find((s) => s.role === 'programme')
  if (!founder || !programme) throw new Error('sealing needs both signatures')
  const city = agreement.parties.city
  let pdf = await withEvidencePage(sent, evidenceOf(agreement, at))
  const tsa = { tsaUrl: deps.signing.tsaUrl }
  pdf = await signPdf(
    pdf,
    { fieldName: SIGNATURE_FIELD_NAMES.founder, name: founder.name, reason: `Firma electrónica de la persona fundadora (${agreement.code}), verificada con un código enviado a su correo`, location: city, contactInfo: founder.email, signingTime: founder.signedAt },
    identity,
    tsa,
  )
  pdf = await signPdf(
    pdf,
    { fieldName: SIGNATURE_FIELD_NAMES.programme, name: programme.name, reason: `Firma electrónica del programa (${agreement.code}), verificada con un código enviado a su correo`, location: city, contactInfo: programme.email, signingTime: programme.signedAt },
    identity,
    tsa,
  )
  if (!pdfIsIntact(pdf)) throw new Error('the sealed PDF does not verify')
  return pdf
}

/** Seal one agreement: the PDF (unless kept from an earlier try), the stage change with the deal, then signed. */
async function sealOne(deps: AgreementDeps, agreement: AgreementRecord): Promise<void> {
  const at = deps.now()
  if (!agreement.signedSha256) {
    const sent = await deps.agreements.document(agreement.id, 'sent')
    if (!sent) throw new Error('the document as sent is missing')
    const pdf = await sealedPdf(deps, agreement, sent, at)
    await deps.agreements.storeSealed(agreement.id, pdf, sha256(pdf), at)
  }
  const record = await deps.reviews.getApplication(agreement.applicationId)
  if (!record) throw new Error('the application is gone')
  const programme = agreement.signatures.find((s) => s.role === 'programme')!
  if (record.stage !== 'acuerdo_firmado') {
    const outcome = await deps.changeStage({
      applicationId: agreement.applicationId,
      from: record.stage,
      to: 'acuerdo_firmado',
      reason: `Acuerdo firmado electrónicamente por ambas partes (${agreement.code}, versión ${agreement.version}).`,
      memberId: programme.memberId,
      deal: agreement.terms,
      missingDocuments: agreement.missingDocumentsReason ? { confirmed: true, reason: agreement.missingDocumentsReason } : { confirmed: true, reason: 'Documentos revisados al enviar el acuerdo para firma.' },
    })
    if (outcome.status !== 'moved') throw new Error(`the stage change to acuerdo_firmado was refused (${outcome.status})`)
  }
  const members = (await deps.team.listMembers()).filter((m) => m.active && (m.id === programme.memberId || m.id === agreement.sentBy))
  const mails = members.map((m) =>
    teamMail(
      m,
      `Acuerdo ${agreement.code} firmado y sellado`,
      [`El acuerdo (${agreement.code}, versión ${agreement.version}) quedó firmado por ambas partes y sellado. La postulación pasó a «Acuerdo firmado» y el acuerdo quedó registrado con sus números.`],
      deps.workspaceUrl(agreement.applicationId),
      deps.mail,
    ),
  )
  await deps.agreements.finishSealing(agreement.id, deps.now(), mails)
  if (mails.length > 0) deps.onMailQueued?.()
}

/** Seal what is due (claimed with a lease); a failure is kept with its next try, never left silent. */
export async function sealDue(deps: AgreementDeps, limit = 10): Promise<{ sealed: number; failed: number }> {
  const at = deps.now()
  const due = await deps.agreements.claimSealing(at, new Date(at.getTime() + SEAL_LEASE_MS), limit)
  let sealed = 0
  let failed = 0
  for (const agreement of due) {
    try {
      await sealOne(deps, agreement)
      sealed++
    } catch (error) {
      failed++
      const reason = error instanceof Error ? error.message : String(error)
      const next = new Date(deps.now().getTime() + sealBackoffMs(agreement.sealAttempts))
      await deps.agreements.sealFailed(agreement.id, reason, next, deps.now())
      deps.log({ level: 'error', event: 'agreement.seal_failed', agreementId: agreement.id, attempts: agreement.sealAttempts + 1, error: reason, nextTryAt: next.toISOString() })
    }
  }
  return { sealed, failed }
}
