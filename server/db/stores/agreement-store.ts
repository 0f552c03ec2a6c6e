/**
 * The agreement's electronic signature (docs/decisions/0213-…): the template's versions, each
 * application's agreements with their PDFs, the signatures and their evidence, the one-time codes, and
 * the e-mails each step writes, in that step's transaction. Written once for both engines (ADR 0124).
 *
 * - Sending writes version n of the application's agreement, frozen (its numbers, its PDF and the
 *   PDF's SHA-256), and voids the one still under way, if any, in the same transaction; a partial
 *   unique index holds one live agreement per application, whatever two admins do at once.
 * - A signature is checked and written in one transaction: the code's hash compared, a wrong one
 *   counted (the fifth replaces the code), the agreement's status moved only from the status the
 *   signer saw (signing twice finds it moved).
 * - Sealing (the PDF signatures, then the stage change, server/features/agreements/sealing.ts) is
 *   claimed with a lease like the outbox's e-mails, so one instance seals one agreement; a failure is
 *   kept with its next try, never left silent.
 *
 * The PDFs are read apart from the records (`document`), so listing never reads megabytes.
 */
import type { InferResult } from 'kysely'
import { LIVE_AGREEMENT_STATUSES, type AgreementParties, type AgreementRecord, type AgreementSignatureRecord, type AgreementStatus, type AgreementTemplateRecord, type SignerRole } from '../../../domain/agreements-records.ts'
import type { DealTerms } from '../../../domain/deals.ts'
import { db, insertRows, type Engine, type RowOf, type Step, type Tx } from '../engine.ts'
import { fromRow, toNumber } from '../schema.ts'
import { auditWriter, type NewAuditEntry } from './audit-log.ts'
import { messageColumns, type NewOutboxMessage } from './outbox-rows.ts'
import { isUuid, timeOrderedId } from '../time-ordered-id.ts'

/** An e-mail a step writes: for the application (a founder's, a team's), and whether its body holds a secret (a code). */
export interface AgreementMail {
  message: NewOutboxMessage
  memberId?: string | null
  /** Blanked once it has left (a one-time code). */
  secret?: boolean
}

export interface SendAgreement {
  id: string
  applicationId: string
  version: number
  code: string
  templateVersion: number
  templateSample: boolean
  parties: AgreementParties
  terms: DealTerms
  rateCardVersionNumber: number | null
  document: Uint8Array
  documentSha256: string
  missingDocumentsReason: string | null
  memberId: string
  at: Date
  expiresAt: Date
  mails: readonly AgreementMail[]
}

export type SendOutcome = { agreement: AgreementRecord; voided: AgreementRecord | null } | 'sealing' | 'version_taken'

export interface NewCode {
  agreementId: string
  role: SignerRole
  memberId: string | null
  codeHash: string
  at: Date
  expiresAt: Date
  mail: AgreementMail
}

export interface SignAttempt {
  agreementId: string
  role: SignerRole
  /** The status the signer saw: founder 'sent', programme 'founder_signed'. */
  from: AgreementStatus
  /** The hash of the code typed; null when the signer proved who they are otherwise (a passkey, checked by the caller). */
  codeHash: string | null
  signature: AgreementSignatureRecord
  at: Date
  /** The code sent in place of one written wrong too many times. */
  replacement: Omit<NewCode, 'agreementId' | 'role' | 'memberId' | 'at'>
  /** The e-mails a signature writes (the other side told), with its audit entry. */
  mails: readonly AgreementMail[]
  maxAttempts: number
}

export type SignOutcome =
  | { status: 'signed'; agreement: AgreementRecord }
  | { status: 'wrong_code'; remaining: number }
  | { status: 'too_many_attempts' }
  | { status: 'code_expired' }
  | { status: 'no_code' }
  | { status: 'moved'; current: AgreementStatus }
  | { status: 'expired' }
  | { status: 'not_found' }

export interface SealingState {
  /** Agreements signed by both, waiting for their seal. */
  waiting: number
  /** Of those, the ones whose sealing failed at least once. */
  failing: number
  /** The oldest failing one's error (English, for the operator) and when it tries again. */
  lastError: string | null
  nextTryAt: Date | null
}

export interface AgreementStore {
  /** The newest template version; null while only the shipped sample exists. */
  latestTemplate(): Promise<AgreementTemplateRecord | null>
  listTemplates(): Promise<AgreementTemplateRecord[]>
  /** One saved version (1 and up); null when none has that number. */
  template(version: number): Promise<AgreementTemplateRecord | null>
  saveTemplate(p: { body: string; sample: boolean; memberId: string; at: Date }): Promise<AgreementTemplateRecord>
  /** Every agreement of the application, newest first (no PDF bytes). */
  agreementsOf(applicationId: string): Promise<AgreementRecord[]>
  /** The agreements of those applications, newest first each (exports, data copies). */
  agreementsOfMany(applicationIds: readonly string[]): Promise<Map<string, AgreementRecord[]>>
  agreement(id: string): Promise<AgreementRecord | null>
  byCode(code: string): Promise<AgreementRecord | null>
  bySignedSha256(sha256: string): Promise<AgreementRecord | null>
  /** The PDF as sent, or as sealed. */
  document(id: string, which: 'sent' | 'signed'): Promise<Uint8Array | null>
  nextVersion(applicationId: string): Promise<number>
  send(p: SendAgreement): Promise<SendOutcome>
  /** Codes issued for this agreement and role since `since` (the limit on asking again). */
  codesIssuedSince(agreementId: string, role: SignerRole, since: Date): Promise<number>
  /** A new code: the ones before it stop working, its e-mail queued, in one transaction. */
  issueCode(p: NewCode): Promise<void>
  sign(p: SignAttempt): Promise<SignOutcome>
  decline(p: { agreementId: string; role: SignerRole; memberId: string | null; reason: string | null; at: Date; mails: readonly AgreementMail[] }): Promise<AgreementRecord | 'moved' | 'not_found'>
  /** Live agreements whose time to sign has ended. */
  dueToExpire(at: Date): Promise<AgreementRecord[]>
  expire(id: string, at: Date, mails: readonly AgreementMail[]): Promise<boolean>
  /** Agreements to seal now, each leased to the caller until `leaseUntil`. */
  claimSealing(at: Date, leaseUntil: Date, limit: number): Promise<AgreementRecord[]>
  /** The sealed PDF kept (the agreement stays 'sealing' until finishSealing). */
  storeSealed(id: string, signed: Uint8Array, sha256: string, at: Date): Promise<void>
  finishSealing(id: string, at: Date, mails: readonly AgreementMail[]): Promise<AgreementRecord | null>
  sealFailed(id: string, error: string, nextTryAt: Date, at: Date): Promise<void>
  sealingState(): Promise<SealingState>
}

const SUMMARY_COLUMNS = [
  'id',
  'application_id',
  'version',
  'code',
  'status',
  'template_version',
  'template_sample',
  'parties',
  'terms',
  'rate_card_version_number',
  'document_sha256',
  'signed_sha256',
  'missing_documents_reason',
  'sent_by',
  'sent_at',
  'expires_at',
  'closed_at',
  'closed_by',
  'close_reason',
  'seal_attempts',
  'seal_error',
  'seal_due_at',
] as const
const summaries = () => db.selectFrom('agreements').select(SUMMARY_COLUMNS)
type SummaryRow = InferResult<ReturnType<typeof summaries>>[number]
const signatures = () => db.selectFrom('agreement_signatures').selectAll()
type SignatureRow = InferResult<ReturnType<typeof signatures>>[number]
const templates = () => db.selectFrom('agreement_templates').select(['version', 'body', 'sample', 'created_by', 'created_at'])

const toSignature = (r: SignatureRow): AgreementSignatureRecord => {
  const { id: _, agreementId: __, ...rest } = fromRow('agreement_signatures', r)
  return rest
}
const toAgreement = (r: SummaryRow, sigs: readonly SignatureRow[]): AgreementRecord => {
  const row = fromRow('agreements', r)
  return {
    ...row,
    rateCardVersionNumber: row.rateCardVersionNumber === null ? null : toNumber(row.rateCardVersionNumber),
    sealAttempts: toNumber(row.sealAttempts),
    signatures: sigs
      .filter((s) => s.agreement_id === r.id)
      .map(toSignature)
      .sort((a, b) => (a.role === b.role ? 0 : a.role === 'founder' ? -1 : 1)),
  }
}

const OUTBOX_COLUMNS = {
  id: 'uuid',
  application_id: 'uuid',
  member_id: 'uuid',
  kind: 'text',
  message_id: 'text',
  sender: 'text',
  recipient: 'text',
  reply_to: 'text',
  subject: 'text',
  text_body: 'text',
  html_body: 'text',
  redact_after_send: 'boolean',
  next_attempt_at: 'timestamptz',
  created_at: 'timestamptz',
} as const
const SIGNATURE_COLUMNS = {
  id: 'uuid',
  agreement_id: 'uuid',
  role: 'text',
  member_id: 'uuid',
  name: 'text',
  email: 'text',
  method: 'text',
  consent_version: 'integer',
  consent_text: 'text',
  ip: 'text',
  user_agent: 'text',
  signed_at: 'timestamptz',
} as const

const LIVE = [...LIVE_AGREEMENT_STATUSES] as string[]

/** An application closed without a signature: its agreement under way, voided in the stage change's own transaction. */
export interface AgreementVoid {
  applicationId: string
  memberId: string | null
  /** The stage it closed in (no_seleccionada, retirada): the close reason says so. */
  to: string
  at: Date
}

/**
 * For the stage change's transaction (server/features/review/pipeline.ts, ADR 0208): the agreement still out
 * for signature (or being sealed) of each application that closes without a signature, voided with its audit
 * entry, so it can no longer be signed nor sealed into a stage the application has left.
 */
export function agreementStageStep(e: Engine): (tx: Tx, voids: readonly AgreementVoid[]) => Generator<Step, void, unknown> {
  const insertAudit = auditWriter(e)
  const live = e.prepare((p: { ids: string[] }) =>
    db.selectFrom('agreements').select(['id', 'application_id', 'version', 'status']).where(e.inList('application_id', p.ids)).where(e.inList('status', LIVE, 'text')).$call(e.forUpdate),
  )
  const close = e.prepare((p: { id: string; memberId: string | null; reason: string; at: Date }) =>
    db.updateTable('agreements').set({ status: 'voided', closed_at: p.at, closed_by: p.memberId, close_reason: p.reason, seal_due_at: null, updated_at: p.at }).where('id', '=', p.id),
  )
  return function* (tx, voids) {
    if (voids.length === 0) return
    const byApplication = new Map(voids.map((v) => [v.applicationId, v]))
    for (const row of yield* tx.all(live({ ids: [...byApplication.keys()] }))) {
      const v = byApplication.get(row.application_id)!
      yield* tx.run(close({ id: row.id, memberId: v.memberId, reason: `stage:${v.to}`, at: v.at }))
      yield* tx.run(insertAudit([{ at: v.at, memberId: v.memberId, action: 'agreement.voided', applicationId: v.applicationId, detail: { version: toNumber(row.version), stage: v.to } }]))
    }
  }
}

export function openAgreementStore(e: Engine): AgreementStore {
  const insertAudit = auditWriter(e)
  const insertOutbox = insertRows(e, 'outbox', OUTBOX_COLUMNS)
  const insertSignature = insertRows(e, 'agreement_signatures', SIGNATURE_COLUMNS)
  const outboxRows = (applicationId: string, mails: readonly AgreementMail[], at: Date): RowOf<'outbox', typeof OUTBOX_COLUMNS>[] =>
    mails.map((m) => ({
      ...messageColumns({ ...m.message, replyTo: m.message.replyTo ?? null }),
      application_id: applicationId,
      member_id: m.memberId ?? null,
      redact_after_send: m.secret === true,
      next_attempt_at: at,
      created_at: at,
    }))
  const q = {
    latestTemplate: e.prepare(() => templates().orderBy('version', 'desc').limit(1)),
    templates: e.prepare(() => templates().orderBy('version', 'desc')),
    template: e.prepare((p: { version: number }) => templates().where('version', '=', p.version)),
    lastTemplateVersion: e.prepare(() => db.selectFrom('agreement_templates').select((eb) => eb.fn.max('version').as('n'))),
    insertTemplate: e.prepare((p: { id: string; version: number; body: string; sample: boolean; memberId: string; at: Date }) =>
      db.insertInto('agreement_templates').values({ id: p.id, version: p.version, body: p.body, sample: p.sample, created_by: p.memberId, created_at: p.at }),
    ),
    ofApplication: e.prepare((p: { applicationId: string }) => summaries().where('application_id', '=', p.applicationId).orderBy('version', 'desc')),
    ofApplications: e.prepare((p: { ids: string[] }) => summaries().where(e.inList('application_id', p.ids)).orderBy('version', 'desc')),
    byId: e.prepare((p: { id: string }) => summaries().where('id', '=', p.id)),
    byCode: e.prepare((p: { code: string }) => summaries().where('code', '=', p.code)),
    bySigned: e.prepare((p: { sha: string }) => summaries().where('signed_sha256', '=', p.sha)),
    lockById: e.prepare((p: { id: string }) => summaries().where('id', '=', p.id).$call(e.forUpdate)),
    lockLive: e.prepare((p: { applicationId: string }) => summaries().where('application_id', '=', p.applicationId).where(e.inList('status', LIVE, 'text')).$call(e.forUpdate)),
    signaturesOf: e.prepare((p: { ids: string[] }) => signatures().where(e.inList('agreement_id', p.ids))),
    sent: e.prepare((p: { id: string }) => db.selectFrom('agreements').select('document as bytes').where('id', '=', p.id)),
    signed: e.prepare((p: { id: string }) => db.selectFrom('agreements').select('signed_document as bytes').where('id', '=', p.id)),
    lastVersion: e.prepare((p: { applicationId: string }) => db.selectFrom('agreements').select((eb) => eb.fn.max('version').as('n')).where('application_id', '=', p.applicationId)),
    insert: e.prepare((p: Omit<SendAgreement, 'mails' | 'memberId' | 'at' | 'document'> & { document: Uint8Array; memberId: string; at: Date }) =>
      db.insertInto('agreements').values({
        id: p.id,
        application_id: p.applicationId,
        version: p.version,
        code: p.code,
        status: 'sent',
        template_version: p.templateVersion,
        template_sample: p.templateSample,
        parties: p.parties,
        terms: p.terms,
        rate_card_version_number: p.rateCardVersionNumber,
        document: p.document,
        document_sha256: p.documentSha256,
        missing_documents_reason: p.missingDocumentsReason,
        sent_by: p.memberId,
        sent_at: p.at,
        expires_at: p.expiresAt,
        updated_at: p.at,
      }),
    ),
    close: e.prepare((p: { id: string; from: AgreementStatus; status: AgreementStatus; memberId: string | null; reason: string | null; at: Date }) =>
      db
        .updateTable('agreements')
        .set({ status: p.status, closed_at: p.at, closed_by: p.memberId, close_reason: p.reason, updated_at: p.at })
        .where('id', '=', p.id)
        .where('status', '=', p.from),
    ),
    setStatus: e.prepare((p: { id: string; from: AgreementStatus; status: AgreementStatus; sealDueAt: Date | null; at: Date }) =>
      db.updateTable('agreements').set({ status: p.status, seal_due_at: p.sealDueAt, updated_at: p.at }).where('id', '=', p.id).where('status', '=', p.from),
    ),
    codesSince: e.prepare((p: { id: string; role: SignerRole; since: Date }) =>
      db.selectFrom('agreement_codes').select((eb) => eb.fn.countAll().as('n')).where('agreement_id', '=', p.id).where('role', '=', p.role).where('created_at', '>=', p.since),
    ),
    retireCodes: e.prepare((p: { id: string; role: SignerRole; at: Date }) =>
      db.updateTable('agreement_codes').set({ used_at: p.at }).where('agreement_id', '=', p.id).where('role', '=', p.role).where('used_at', 'is', null),
    ),
    insertCode: e.prepare((p: { id: string; agreementId: string; role: SignerRole; memberId: string | null; codeHash: string; at: Date; expiresAt: Date }) =>
      db.insertInto('agreement_codes').values({ id: p.id, agreement_id: p.agreementId, role: p.role, member_id: p.memberId, code_hash: p.codeHash, created_at: p.at, expires_at: p.expiresAt }),
    ),
    liveCode: e.prepare((p: { id: string; role: SignerRole }) =>
      db
        .selectFrom('agreement_codes')
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('agreement_id', '=', p.id)
        .where('role', '=', p.role)
        .where('used_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .$call(e.forUpdate),
    ),
    countAttempt: e.prepare((p: { id: string }) => db.updateTable('agreement_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', p.id)),
    useCode: e.prepare((p: { id: string; at: Date }) => db.updateTable('agreement_codes').set({ used_at: p.at }).where('id', '=', p.id)),
    dueToExpire: e.prepare((p: { at: Date }) => summaries().where((eb) => eb.or([eb('status', '=', 'sent'), eb('status', '=', 'founder_signed')])).where('expires_at', '<=', p.at)),
    dueSealing: e.prepare((p: { at: Date; limit: number }) =>
      db.selectFrom('agreements').select('id').where('status', '=', 'sealing').where('seal_due_at', '<=', p.at).orderBy('seal_due_at').limit(p.limit).$call(e.forUpdateSkipLocked),
    ),
    lease: e.prepare((p: { id: string; at: Date; until: Date }) =>
      db.updateTable('agreements').set({ seal_due_at: p.until }).where('id', '=', p.id).where('status', '=', 'sealing').where('seal_due_at', '<=', p.at),
    ),
    storeSealed: e.prepare((p: { id: string; bytes: Uint8Array; sha: string; at: Date }) =>
      db.updateTable('agreements').set({ signed_document: p.bytes, signed_sha256: p.sha, updated_at: p.at }).where('id', '=', p.id).where('status', '=', 'sealing'),
    ),
    finish: e.prepare((p: { id: string; at: Date }) =>
      db
        .updateTable('agreements')
        .set({ status: 'signed', seal_error: null, seal_due_at: null, updated_at: p.at })
        .where('id', '=', p.id)
        .where('status', '=', 'sealing')
        .where('signed_sha256', 'is not', null),
    ),
    failed: e.prepare((p: { id: string; error: string; next: Date; at: Date }) =>
      db
        .updateTable('agreements')
        .set((eb) => ({ seal_attempts: eb('seal_attempts', '+', 1), seal_error: p.error, seal_due_at: p.next, updated_at: p.at }))
        .where('id', '=', p.id)
        .where('status', '=', 'sealing'),
    ),
    sealing: e.prepare(() => db.selectFrom('agreements').select(['seal_attempts', 'seal_error', 'seal_due_at']).where('status', '=', 'sealing').orderBy('sent_at')),
  }

  const withSignatures = async (rows: readonly SummaryRow[]): Promise<AgreementRecord[]> => {
    if (rows.length === 0) return []
    const sigs = await e.all(q.signaturesOf({ ids: rows.map((r) => r.id) }))
    return rows.map((r) => toAgreement(r, sigs))
  }
  const one = async (row: SummaryRow | undefined) => (row ? (await withSignatures([row]))[0]! : null)
  const toTemplate = (r: InferResult<ReturnType<typeof templates>>[number]): AgreementTemplateRecord => {
    const t = fromRow('agreement_templates', r)
    return { ...t, version: toNumber(t.version) }
  }

  const self: AgreementStore = {
    async latestTemplate() {
      const row = await e.first(q.latestTemplate({}))
      return row ? toTemplate(row) : null
    },
    async listTemplates() {
      return (await e.all(q.templates({}))).map(toTemplate)
    },
    async template(version) {
      const row = await e.first(q.template({ version }))
      return row ? toTemplate(row) : null
    },
    async saveTemplate({ body, sample, memberId, at }) {
      for (let attempt = 0; ; attempt++) {
        try {
          const version = await e.transaction(function* (tx) {
            const last = yield* tx.first(q.lastTemplateVersion({}))
            const version = (last?.n === null || last?.n === undefined ? 0 : toNumber(last.n)) + 1
            yield* tx.run(q.insertTemplate({ id: timeOrderedId(), version, body, sample, memberId, at }))
            yield* tx.run(insertAudit([{ at, memberId, action: 'agreement_template.saved', applicationId: null, detail: { version } }]))
            return version
          })
          return { version, body, sample, createdBy: memberId, createdAt: at }
        } catch (error) {
          if (attempt >= 2 || !e.isUniqueViolation(error)) throw error
        }
      }
    },
    async agreementsOf(applicationId) {
      if (!isUuid(applicationId)) return []
      return withSignatures(await e.all(q.ofApplication({ applicationId })))
    },
    async agreementsOfMany(applicationIds) {
      const ids = [...new Set(applicationIds.filter(isUuid))]
      const out = new Map<string, AgreementRecord[]>()
      if (ids.length === 0) return out
      for (const a of await withSignatures(await e.all(q.ofApplications({ ids })))) {
        const list = out.get(a.applicationId) ?? []
        list.push(a)
        out.set(a.applicationId, list)
      }
      return out
    },
    async agreement(id) {
      return isUuid(id) ? one(await e.first(q.byId({ id }))) : null
    },
    async byCode(code) {
      return one(await e.first(q.byCode({ code })))
    },
    async bySignedSha256(sha) {
      return /^[0-9a-f]{64}$/.test(sha) ? one(await e.first(q.bySigned({ sha }))) : null
    },
    async document(id, which) {
      if (!isUuid(id)) return null
      const row = await e.first((which === 'sent' ? q.sent : q.signed)({ id }))
      return row?.bytes ? new Uint8Array(row.bytes) : null
    },
    async nextVersion(applicationId) {
      if (!isUuid(applicationId)) return 1
      const row = await e.first(q.lastVersion({ applicationId }))
      return (row?.n === null || row?.n === undefined ? 0 : toNumber(row.n)) + 1
    },
    async send(p) {
      try {
        const outcome = await e.transaction(function* (tx) {
          const live = yield* tx.first(q.lockLive({ applicationId: p.applicationId }))
          if (live?.status === 'sealing') return 'sealing' as const
          const audit: NewAuditEntry[] = []
          if (live) {
            yield* tx.run(q.close({ id: live.id, from: live.status, status: 'voided', memberId: p.memberId, reason: `v${p.version}`, at: p.at }))
            audit.push({ at: p.at, memberId: p.memberId, action: 'agreement.voided', applicationId: p.applicationId, detail: { version: toNumber(live.version), replacedBy: p.version } })
          }
          yield* tx.run(q.insert(p))
          audit.push({ at: p.at, memberId: p.memberId, action: 'agreement.sent', applicationId: p.applicationId, detail: { version: p.version, code: p.code, template: p.templateVersion } })
          yield* tx.run(insertAudit(audit))
          if (p.mails.length > 0) yield* tx.run(insertOutbox({ rows: outboxRows(p.applicationId, p.mails, p.at) }))
          return live?.id ?? null
        })
        if (outcome === 'sealing') return 'sealing'
        return { agreement: (await self.agreement(p.id))!, voided: outcome ? await self.agreement(outcome) : null }
      } catch (error) {
        if (e.isUniqueViolation(error)) return 'version_taken'
        throw error
      }
    },
    async codesIssuedSince(agreementId, role, since) {
      if (!isUuid(agreementId)) return 0
      const row = await e.first(q.codesSince({ id: agreementId, role, since }))
      return row ? toNumber(row.n as number) : 0
    },
    async issueCode(p) {
      if (!isUuid(p.agreementId)) return
      const agreement = await e.first(q.byId({ id: p.agreementId }))
      if (!agreement) return
      await e.transaction(function* (tx) {
        yield* tx.run(q.retireCodes({ id: p.agreementId, role: p.role, at: p.at }))
        yield* tx.run(q.insertCode({ id: timeOrderedId(), agreementId: p.agreementId, role: p.role, memberId: p.memberId, codeHash: p.codeHash, at: p.at, expiresAt: p.expiresAt }))
        yield* tx.run(insertAudit([{ at: p.at, memberId: p.memberId, action: 'agreement.code_sent', applicationId: agreement.application_id, detail: { version: toNumber(agreement.version), role: p.role } }]))
        yield* tx.run(insertOutbox({ rows: outboxRows(agreement.application_id, [p.mail], p.at) }))
      })
    },
    async sign(p) {
      if (!isUuid(p.agreementId)) return { status: 'not_found' }
      return e.transaction(function* (tx): Generator<Step, SignOutcome, unknown> {
        const row = (yield* tx.first(q.lockById({ id: p.agreementId }))) as SummaryRow | undefined
        if (!row) return { status: 'not_found' }
        if (row.status !== p.from) return { status: 'moved', current: row.status }
        const expiresAt = fromRow('agreements', { expires_at: row.expires_at }).expiresAt
        if (expiresAt.getTime() <= p.at.getTime()) return { status: 'expired' }
        const audit = { at: p.at, memberId: p.signature.memberId, applicationId: row.application_id }
        const code = p.codeHash === null ? null : yield* tx.first(q.liveCode({ id: p.agreementId, role: p.role }))
        if (p.codeHash !== null && !code) return { status: 'no_code' }
        if (code && fromRow('agreement_codes', { expires_at: code.expires_at }).expiresAt.getTime() <= p.at.getTime()) return { status: 'code_expired' }
        if (code && code.code_hash !== p.codeHash) {
          const attempts = toNumber(code.attempts) + 1
          yield* tx.run(q.countAttempt({ id: code.id }))
          yield* tx.run(insertAudit([{ ...audit, action: 'agreement.code_failed', detail: { version: toNumber(row.version), role: p.role, attempts } }]))
          if (attempts < p.maxAttempts) return { status: 'wrong_code', remaining: p.maxAttempts - attempts }
          // The fifth wrong code: this one stops working and a new one leaves.
          yield* tx.run(q.retireCodes({ id: p.agreementId, role: p.role, at: p.at }))
          yield* tx.run(q.insertCode({ id: timeOrderedId(), agreementId: p.agreementId, role: p.role, memberId: p.signature.memberId, codeHash: p.replacement.codeHash, at: p.at, expiresAt: p.replacement.expiresAt }))
          yield* tx.run(insertOutbox({ rows: outboxRows(row.application_id, [p.replacement.mail], p.at) }))
          return { status: 'too_many_attempts' }
        }
        if (code) yield* tx.run(q.useCode({ id: code.id, at: p.at }))
        const s = p.signature
        yield* tx.run(
          insertSignature({
            rows: [
              {
                id: timeOrderedId(),
                agreement_id: p.agreementId,
                role: s.role,
                member_id: s.memberId,
                name: s.name,
                email: s.email,
                method: s.method,
                consent_version: s.consentVersion,
                consent_text: s.consentText,
                ip: s.ip,
                user_agent: s.userAgent,
                signed_at: s.signedAt,
              },
            ],
          }),
        )
        const next: AgreementStatus = p.role === 'founder' ? 'founder_signed' : 'sealing'
        yield* tx.run(q.setStatus({ id: p.agreementId, from: p.from, status: next, sealDueAt: next === 'sealing' ? p.at : null, at: p.at }))
        yield* tx.run(insertAudit([{ ...audit, action: p.role === 'founder' ? 'agreement.signed_founder' : 'agreement.signed_programme', detail: { version: toNumber(row.version), method: s.method } }]))
        if (p.mails.length > 0) yield* tx.run(insertOutbox({ rows: outboxRows(row.application_id, p.mails, p.at) }))
        return { status: 'signed', agreement: null as unknown as AgreementRecord }
      }).then(async (outcome) => (outcome.status === 'signed' ? { status: 'signed' as const, agreement: (await self.agreement(p.agreementId))! } : outcome))
    },
    async decline(p) {
      if (!isUuid(p.agreementId)) return 'not_found'
      const outcome = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockById({ id: p.agreementId }))
        if (!row) return 'not_found' as const
        const open = p.role === 'founder' ? row.status === 'sent' : row.status === 'sent' || row.status === 'founder_signed'
        if (!open) return 'moved' as const
        yield* tx.run(q.close({ id: p.agreementId, from: row.status, status: 'declined', memberId: p.memberId, reason: p.reason, at: p.at }))
        yield* tx.run(insertAudit([{ at: p.at, memberId: p.memberId, action: 'agreement.declined', applicationId: row.application_id, detail: { version: toNumber(row.version), role: p.role } }]))
        if (p.mails.length > 0) yield* tx.run(insertOutbox({ rows: outboxRows(row.application_id, p.mails, p.at) }))
        return 'ok' as const
      })
      return outcome === 'ok' ? (await self.agreement(p.agreementId))! : outcome
    },
    async dueToExpire(at) {
      return withSignatures(await e.all(q.dueToExpire({ at })))
    },
    async expire(id, at, mails) {
      if (!isUuid(id)) return false
      return e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockById({ id }))
        if (!row || (row.status !== 'sent' && row.status !== 'founder_signed')) return false
        yield* tx.run(q.close({ id, from: row.status, status: 'expired', memberId: null, reason: null, at }))
        yield* tx.run(insertAudit([{ at, memberId: null, action: 'agreement.expired', applicationId: row.application_id, detail: { version: toNumber(row.version) } }]))
        if (mails.length > 0) yield* tx.run(insertOutbox({ rows: outboxRows(row.application_id, mails, at) }))
        return true
      })
    },
    async claimSealing(at, leaseUntil, limit) {
      const ids = await e.transaction(function* (tx) {
        const due = yield* tx.all(q.dueSealing({ at, limit }))
        const claimed: string[] = []
        for (const { id } of due) if ((yield* tx.run(q.lease({ id, at, until: leaseUntil }))) > 0) claimed.push(id)
        return claimed
      })
      const out: AgreementRecord[] = []
      for (const id of ids) {
        const a = await self.agreement(id)
        if (a) out.push(a)
      }
      return out
    },
    async storeSealed(id, bytes, sha, at) {
      if (!isUuid(id)) return
      await e.run(q.storeSealed({ id, bytes, sha, at }))
    },
    async finishSealing(id, at, mails) {
      if (!isUuid(id)) return null
      const done = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lockById({ id }))
        if (!row || row.status !== 'sealing') return false
        if ((yield* tx.run(q.finish({ id, at }))) === 0) return false
        yield* tx.run(insertAudit([{ at, memberId: null, action: 'agreement.sealed', applicationId: row.application_id, detail: { version: toNumber(row.version) } }]))
        if (mails.length > 0) yield* tx.run(insertOutbox({ rows: outboxRows(row.application_id, mails, at) }))
        return true
      })
      return done ? self.agreement(id) : null
    },
    async sealFailed(id, error, next, at) {
      if (!isUuid(id)) return
      await e.run(q.failed({ id, error: error.slice(0, 500), next, at }))
    },
    async sealingState() {
      const rows = (await e.all(q.sealing({}))).map((r) => fromRow('agreements', r))
      const failing = rows.filter((r) => toNumber(r.sealAttempts) > 0)
      return { waiting: rows.length, failing: failing.length, lastError: failing[0]?.sealError ?? null, nextTryAt: failing[0]?.sealDueAt ?? null }
    },
  }
  return self
}
