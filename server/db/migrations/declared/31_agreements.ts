/**
 * The agreement's electronic signature (docs/decisions/0213-the-agreements-signature-libraries-and-shape.md):
 * the template's versions, each application's agreements (the PDF as sent, frozen numbers, then the
 * sealed PDF), the signatures with their evidence, the one-time codes, and who may sign for the programme.
 */
import { bool, column, int, text, textOrNull, time, timeOrNull, uuid, uuidOrNull, type Bool, type Default, type Json } from '../../columns.ts'
import { addColumn, createTable, declareMigration, oneOf, check, table } from '../../declare/declare.ts'
import { AGREEMENT_STATUSES, LIVE_AGREEMENT_STATUSES, SIGNER_ROLES, SIGNING_METHODS, type AgreementParties, type AgreementStatus, type SignerRole, type SigningMethod } from '../../../../domain/agreements-records.ts'
import type { DealTerms } from '../../../../domain/deals.ts'

export const AGREEMENT_TEMPLATES = table(
  'agreement_templates',
  { id: uuid, version: int, body: text, sample: bool, created_by: uuidOrNull, created_at: time },
  {
    comment: 'The text of the agreement, one row per version: written once, never edited (version 0 is the sample in the code).',
    primaryKey: ['id'],
    unique: [['version']],
    references: { created_by: { table: 'team_members' } },
    checks: [check('version > 0')],
  },
)

export const AGREEMENTS = table(
  'agreements',
  {
    id: uuid,
    application_id: uuid,
    version: int,
    code: text,
    status: column<AgreementStatus>('text'),
    template_version: int,
    template_sample: bool,
    parties: column<Json<AgreementParties>>('json'),
    terms: column<Json<DealTerms>>('json'),
    rate_card_version_number: column<number | null>('int?'),
    document: column<Uint8Array>('bytes'),
    document_sha256: text,
    signed_document: column<Uint8Array | null>('bytes?'),
    signed_sha256: textOrNull,
    missing_documents_reason: textOrNull,
    sent_by: uuidOrNull,
    sent_at: time,
    expires_at: time,
    closed_at: timeOrNull,
    closed_by: uuidOrNull,
    close_reason: textOrNull,
    seal_attempts: column<Default<number>>('int'),
    seal_error: textOrNull,
    seal_due_at: timeOrNull,
    updated_at: time,
  },
  {
    comment: "Each application's agreements: the PDF as sent and its numbers, frozen; a change voids it and sends a new version.",
    primaryKey: ['id'],
    unique: [['application_id', 'version'], ['code']],
    references: { application_id: { table: 'applications', onDelete: 'cascade' }, sent_by: { table: 'team_members' }, closed_by: { table: 'team_members' } },
    defaults: { seal_attempts: 0 },
    checks: [oneOf('status', AGREEMENT_STATUSES), check('version > 0'), check('seal_attempts >= 0')],
    indexes: [
      { name: 'agreements_one_live', columns: ['application_id'], unique: true, where: LIVE_AGREEMENT_STATUSES.map((s) => `status = '${s}'`).join(' or ') },
      { name: 'agreements_sealing_due', columns: ['seal_due_at'], where: "status = 'sealing'" },
    ],
  },
)

export const AGREEMENT_SIGNATURES = table(
  'agreement_signatures',
  {
    id: uuid,
    agreement_id: uuid,
    role: column<SignerRole>('text'),
    member_id: uuidOrNull,
    name: text,
    email: text,
    method: column<SigningMethod>('text'),
    consent_version: int,
    consent_text: text,
    ip: text,
    user_agent: text,
    signed_at: time,
  },
  {
    comment: 'Each signature of an agreement with its evidence: who, how verified, the e-signature text accepted, when, from where.',
    primaryKey: ['id'],
    unique: [['agreement_id', 'role']],
    references: { agreement_id: { table: 'agreements', onDelete: 'cascade' }, member_id: { table: 'team_members' } },
    checks: [oneOf('role', SIGNER_ROLES), oneOf('method', SIGNING_METHODS)],
  },
)

export const AGREEMENT_CODES = table(
  'agreement_codes',
  {
    id: uuid,
    agreement_id: uuid,
    role: column<SignerRole>('text'),
    member_id: uuidOrNull,
    /** SHA-256 (hex) of the agreement's id and the code: the code itself is only in the e-mail. */
    code_hash: text,
    attempts: column<Default<number>>('int'),
    created_at: time,
    expires_at: time,
    used_at: timeOrNull,
  },
  {
    comment: 'The one-time codes sent to a signer: their hash, the wrong attempts, when they end.',
    primaryKey: ['id'],
    references: { agreement_id: { table: 'agreements', onDelete: 'cascade' }, member_id: { table: 'team_members' } },
    defaults: { attempts: 0 },
    checks: [oneOf('role', SIGNER_ROLES), check('attempts >= 0')],
    indexes: [{ name: 'agreement_codes_by_agreement', columns: ['agreement_id', 'role'] }],
  },
)

export const MEMBER_CAN_SIGN = { columns: { can_sign: column<Default<Bool>>('bool') } } as const

export const MIGRATION = declareMigration({
  sqlite: 31,
  postgres: '20261204120000',
  name: 'agreements',
  title: "The agreement's electronic signature",
  decisions: ['docs/decisions/0213-the-agreements-signature-libraries-and-shape.md'],
  steps: [
    createTable(AGREEMENT_TEMPLATES),
    createTable(AGREEMENTS),
    createTable(AGREEMENT_SIGNATURES),
    createTable(AGREEMENT_CODES),
    addColumn('team_members', 'can_sign', MEMBER_CAN_SIGN.columns.can_sign, { default: false, comment: 'May sign agreements for the programme (set by an admin).' }),
  ],
})
