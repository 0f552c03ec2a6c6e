/**
 * Every table of both migration sets (server/db/migrations/sqlite.ts and
 * supabase/migrations/), as the Kysely `Database` the stores build their
 * queries on. Kysely writes no migrations: this file follows them, and
 * schema.test.ts checks it against both freshly migrated databases.
 *
 * The engines store four kinds of value differently, and this file is where
 * that difference is written down:
 *
 * | kind      | PostgreSQL returns          | SQLite returns          | read it with |
 * |-----------|-----------------------------|-------------------------|--------------|
 * | Time      | Date (timestamptz)          | ISO-8601 text           | toDate()     |
 * | Bool      | boolean                     | 0 or 1 (INTEGER)        | toBool()     |
 * | Json<T>   | the parsed value (jsonb)    | JSON text               | fromJson()   |
 * | Int64     | numeric text (bigint)       | number (INTEGER)        | toNumber()   |
 *
 * Each is WRITTEN as the app holds it (a Date, a boolean, an object, a
 * number): the SQLite adapter turns parameters into what its columns hold
 * (sqlite.ts encodeParameter). Each is READ as the union of what the two
 * engines return, so a row cannot be used before it is decoded: the compiler
 * refuses `row.created_at.getTime()` until it is `toDate(row.created_at)`.
 * An expression written in sql`` is typed by its author: give it the union
 * too (`sql<Date | TimeText>`) when it yields a timestamp.
 *
 * Runtime-agnostic (the PostgreSQL stores also run on Deno): type imports and
 * plain functions only.
 */
import type { ColumnType } from 'kysely'
import type { Application } from '../../domain/application.ts'
import type { Stage } from '../../domain/pipeline.ts'
import type { Recommendation } from '../../domain/review.ts'
import type { CriterionKey } from '../../domain/programme.ts'
import type { Instrument, Outlet } from '../../domain/deals.ts'

declare const timeText: unique symbol
declare const jsonText: unique symbol
declare const int64Text: unique symbol
/** A timestamp as SQLite holds it: ISO-8601 UTC with milliseconds (fixed width, so text order is time order). */
export type TimeText = string & { readonly [timeText]: true }
/** A JSON value as SQLite holds it, as text. */
export type JsonText<T> = string & { readonly [jsonText]: T }
/** A bigint as postgres.js returns it, as decimal text. */
export type Int64Text = string & { readonly [int64Text]: true }

/** A timestamp (TEXT / timestamptz). `Time<null>` when the column is nullable. */
export type Time<Null extends null = never> = ColumnType<Date | TimeText | Null, Date | Null, Date | Null>
/** A boolean (INTEGER 0/1 / boolean). */
export type Bool = ColumnType<boolean | 0 | 1, boolean, boolean>
/** A JSON object or array (TEXT / jsonb); never a bare string, so fromJson can tell text from value. */
export type Json<T extends object> = ColumnType<T | JsonText<T>, T, T>
/** A 64-bit count (INTEGER / bigint). */
export type Int64<Null extends null = never> = ColumnType<number | Int64Text | Null, number | Null, number | Null>
/** A column with a default: optional on insert. */
export type Default<C> = C extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<C, C | undefined, C>

export const toDate = (value: Date | TimeText): Date => (value instanceof Date ? value : new Date(value))
export const toBool = (value: boolean | 0 | 1): boolean => value === true || value === 1
export const fromJson = <T>(value: T | JsonText<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
export const toNumber = (value: number | Int64Text | string): number => Number(value)
/** A nullable timestamp read back. */
export const toDateOrNull = (value: Date | TimeText | null): Date | null => (value === null ? null : toDate(value))

/** Ids: uuid on PostgreSQL, TEXT on SQLite; both read and written as strings. */
type Uuid = string

export interface ApplicationsTable {
  id: Uuid
  reference: string
  created_at: Time
  email: string
  form_data: Json<Application>
  consent_policy_version: string
  consent_accepted_at: Time
  stage: Default<Stage>
  stage_entered_at: Time<null>
  stage_due_at: Time<null>
  search_text: Default<string>
  discussion_cleared_at: Time<null>
  /** The scores' fingerprint as text on both engines (domain/scoring.ts scoresFingerprint). */
  discussion_cleared_scores: string | null
  anonymized_at: Time<null>
}

export interface OutboxTable {
  id: Uuid
  application_id: Uuid | null
  member_id: Uuid | null
  kind: string
  message_id: string
  sender: string
  recipient: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  redact_after_send: Default<Bool>
  status: Default<'pending' | 'sent' | 'failed'>
  attempts: Default<number>
  next_attempt_at: Time
  claimed_by: string | null
  lease_until: Time<null>
  last_error: string | null
  created_at: Time
  settled_at: Time<null>
}

export interface IdempotencyKeysTable {
  key: string
  request_hash: string
  application_id: Uuid
  reference: string
  created_at: Time
}

export interface TeamMembersTable {
  id: Uuid
  email: string
  name: string
  role: 'admin' | 'reviewer'
  active: Default<Bool>
  created_at: Time
  invited_by: Uuid | null
  deactivated_at: Time<null>
  last_sign_in_at: Time<null>
  reminder_frequency: Default<'daily' | 'weekdays' | 'off'>
}

export interface TeamSessionsTable {
  /** SHA-256 (hex) of the cookie's token: text on both engines. */
  id: string
  member_id: Uuid
  csrf_token: string
  auth_method: 'link' | 'passkey'
  created_at: Time
  last_seen_at: Time
  idle_expires_at: Time
  expires_at: Time
}

export interface TeamSignInLinksTable {
  token_hash: string
  member_id: Uuid
  created_at: Time
  expires_at: Time
  used_at: Time<null>
}

export interface TeamPasskeysTable {
  /** The WebAuthn credential id, base64url: text on both engines. */
  id: string
  member_id: Uuid
  public_key: string
  counter: Default<Int64>
  transports: Default<Json<string[]>>
  device_type: string
  backed_up: Bool
  name: string
  created_at: Time
  last_used_at: Time<null>
}

export interface WebauthnChallengesTable {
  id: Uuid
  challenge: string
  purpose: 'register' | 'authenticate'
  member_id: Uuid | null
  expires_at: Time
}

export interface RateLimitCountersTable {
  bucket: string
  window_start: Time
  hits: number
}

export interface StageChangesTable {
  id: Uuid
  application_id: Uuid
  from_stage: Stage
  to_stage: Stage
  reason: string | null
  member_id: Uuid | null
  at: Time
}

export interface ApplicationReviewsTable {
  application_id: Uuid
  member_id: Uuid
  producto_validado: number
  primeros_clientes: number
  modelo_escalable: number
  founders_comprometidos: number
  apertura_participacion: number
  comments: Default<Json<Partial<Record<CriterionKey, string>>>>
  recommendation: Recommendation
  overall_comment: Default<string>
  created_at: Time
  updated_at: Time
}

export interface ApplicationNotesTable {
  id: Uuid
  application_id: Uuid
  member_id: Uuid
  body: string
  created_at: Time
}

export interface AuditLogTable {
  id: Uuid
  at: Time
  member_id: Uuid | null
  action: string
  application_id: Uuid | null
  detail: Default<Json<Record<string, unknown>>>
}

export interface FounderLinksTable {
  token_hash: string
  application_id: Uuid
  created_at: Time
  revoked_at: Time<null>
}

export interface AssignmentsTable {
  application_id: Uuid
  member_id: Uuid
  assigned_by: Uuid
  assigned_at: Time
}

export interface ConflictsTable {
  id: Uuid
  application_id: Uuid
  member_id: Uuid
  kind: 'personal' | 'comercial' | 'competencia' | 'otra'
  note: Default<string>
  declared_by: Uuid
  declared_at: Time
  lifted_at: Time<null>
  lifted_by: Uuid | null
  lift_reason: string | null
}

export interface ReminderRunsTable {
  member_id: Uuid
  /** The Bogotá day, YYYY-MM-DD: text on both engines. */
  day: string
  outbox_id: Uuid | null
  created_at: Time
}

export interface CriterionWeightsTable {
  criterion: CriterionKey
  weight: number
  updated_by: Uuid | null
  updated_at: Time
}

type FounderMailKind = 'sesion_panel' | 'due_diligence' | 'acuerdo_firmado' | 'no_seleccionada' | 'retirada' | 'documento_nueva_version'

export interface FounderMailDraftsTable {
  id: Uuid
  application_id: Uuid
  kind: FounderMailKind
  recipient: string
  subject: string
  text_body: string
  html_body: string
  status: Default<'draft' | 'sent' | 'discarded'>
  created_at: Time
  edited_by: Uuid | null
  edited_at: Time<null>
  settled_by: Uuid | null
  settled_at: Time<null>
  outbox_id: Uuid | null
  /** The stage a later change moved the application to, replacing this draft before it was sent (ADR 0138). */
  superseded_to: Stage | null
}

export interface FounderMailSettingsTable {
  kind: FounderMailKind
  send_immediately: Bool
  updated_by: Uuid | null
  updated_at: Time
}

export interface DocumentsTable {
  /** Text on both engines (tus upload ids). */
  id: string
  application_id: Uuid
  item_key: string
  file_name: string
  media_type: string
  size_bytes: Int64
  sha256: string
  uploaded_at: Time
  status: Default<'received' | 'accepted' | 'new_version_requested'>
  review_note: string | null
  reviewed_by: Uuid | null
  reviewed_at: Time<null>
}

export interface DocumentBlobsTable {
  document_id: string
  content: Uint8Array
}

/** One tus upload in progress, counted against the application's caps (ADR 0119). */
export interface DocumentUploadsTable {
  /** tus's upload id (32 hex digits). */
  id: string
  application_id: Uuid
  item_key: string
  size_bytes: Int64
  created_at: Time
}

/** A titular's Ley 1581 request (ADR 0122); outlives its application (application_id set null). */
export interface DataRequestsTable {
  id: Uuid
  application_id: Uuid | null
  reference: string
  kind: 'consulta' | 'reclamo' | 'supresion'
  opened_at: Time
  due_at: Time
  closed_at: Time<null>
  closed_by: Uuid | null
}

export interface FounderActivityTable {
  id: Uuid
  application_id: Uuid
  kind: 'document_uploaded' | 'withdrawn' | 'deletion_requested'
  at: Time
}

export interface FounderActivitySeenTable {
  member_id: Uuid
  application_id: Uuid
  seen_at: Time
}

/** A version of the rate card (ADR 0158): drafts are edited, published ones never. */
export interface RateCardVersionsTable {
  id: Uuid
  number: number
  note: string
  status: 'draft' | 'published'
  created_by: Uuid
  created_at: Time
  updated_at: Time
  published_by: Uuid | null
  published_at: Time<null>
}

export interface RateCardItemsTable {
  id: Uuid
  version_id: Uuid
  position: number
  outlet: Outlet
  format: string
  /** Whole pesos (ADR 0157). */
  unit_price_cop: Int64
}

/** The deal recorded at the signature (ADR 0159); money in integers (ADR 0157). */
export interface DealsTable {
  application_id: Uuid
  equity_bp: number
  instrument: Instrument
  discount_bp: number | null
  valuation_usd_cents: Int64
  media_value_cop: Int64
  investment_value_cop: Int64
  window_start: string
  window_months: number
  follow_up_start: string
  rate_card_version_id: Uuid | null
  signed_by: Uuid | null
  signed_at: Time
  updated_by: Uuid | null
  updated_at: Time
}

export interface BackupRunsTable {
  id: Uuid
  slot: Time<null>
  started_at: Time
  finished_at: Time<null>
  status: Default<'running' | 'ok' | 'failed'>
  size_bytes: Int64<null>
  file: string | null
  error: string | null
}

/** The tables of both migration sets (the migration runners' own bookkeeping tables apart). */
export interface Database {
  applications: ApplicationsTable
  outbox: OutboxTable
  idempotency_keys: IdempotencyKeysTable
  team_members: TeamMembersTable
  team_sessions: TeamSessionsTable
  team_sign_in_links: TeamSignInLinksTable
  team_passkeys: TeamPasskeysTable
  webauthn_challenges: WebauthnChallengesTable
  rate_limit_counters: RateLimitCountersTable
  stage_changes: StageChangesTable
  application_reviews: ApplicationReviewsTable
  application_notes: ApplicationNotesTable
  audit_log: AuditLogTable
  founder_links: FounderLinksTable
  assignments: AssignmentsTable
  conflicts: ConflictsTable
  reminder_runs: ReminderRunsTable
  criterion_weights: CriterionWeightsTable
  founder_mail_drafts: FounderMailDraftsTable
  founder_mail_settings: FounderMailSettingsTable
  documents: DocumentsTable
  document_blobs: DocumentBlobsTable
  backup_runs: BackupRunsTable
  document_uploads: DocumentUploadsTable
  data_requests: DataRequestsTable
  founder_activity: FounderActivityTable
  founder_activity_seen: FounderActivitySeenTable
  rate_card_versions: RateCardVersionsTable
  rate_card_items: RateCardItemsTable
  deals: DealsTable
}

/**
 * How each column is stored, for schema.test.ts to compare with both
 * databases. Its type is derived from `Database`, so a column added to one
 * and not the other, or given another kind, does not compile.
 */
export type ColumnKind = 'uuid' | 'text' | 'time' | 'bool' | 'json' | 'int' | 'int64' | 'real' | 'bytes'

type Select<C> = C extends ColumnType<infer S, unknown, unknown> ? S : C
type KindOfValue<S> = [S] extends [Date | TimeText]
  ? 'time'
  : [S] extends [boolean | 0 | 1]
    ? 'bool'
    : [S] extends [number | Int64Text]
      ? [Int64Text] extends [S]
        ? 'int64'
        : 'int' | 'real'
      : [S] extends [Uint8Array]
        ? 'bytes'
        : [S] extends [string]
          ? 'uuid' | 'text'
          : 'json'
/** `time?` for a nullable timestamp, `time` for a NOT NULL one. */
type KindOf<C> = null extends Select<C> ? `${KindOfValue<Exclude<Select<C>, null>>}?` : KindOfValue<Select<C>>

export type ColumnKinds = { [T in keyof Database]: { [C in keyof Database[T]]-?: KindOf<Database[T][C]> } }

export const COLUMN_KINDS: ColumnKinds = {
  applications: {
    id: 'uuid',
    reference: 'text',
    created_at: 'time',
    email: 'text',
    form_data: 'json',
    consent_policy_version: 'text',
    consent_accepted_at: 'time',
    stage: 'text',
    stage_entered_at: 'time?',
    stage_due_at: 'time?',
    search_text: 'text',
    discussion_cleared_at: 'time?',
    discussion_cleared_scores: 'text?',
    anonymized_at: 'time?',
  },
  outbox: {
    id: 'uuid',
    application_id: 'uuid?',
    member_id: 'uuid?',
    kind: 'text',
    message_id: 'text',
    sender: 'text',
    recipient: 'text',
    reply_to: 'text?',
    subject: 'text',
    text_body: 'text',
    html_body: 'text',
    redact_after_send: 'bool',
    status: 'text',
    attempts: 'int',
    next_attempt_at: 'time',
    claimed_by: 'text?',
    lease_until: 'time?',
    last_error: 'text?',
    created_at: 'time',
    settled_at: 'time?',
  },
  idempotency_keys: { key: 'text', request_hash: 'text', application_id: 'uuid', reference: 'text', created_at: 'time' },
  team_members: {
    id: 'uuid',
    email: 'text',
    name: 'text',
    role: 'text',
    active: 'bool',
    created_at: 'time',
    invited_by: 'uuid?',
    deactivated_at: 'time?',
    last_sign_in_at: 'time?',
    reminder_frequency: 'text',
  },
  team_sessions: {
    id: 'text',
    member_id: 'uuid',
    csrf_token: 'text',
    auth_method: 'text',
    created_at: 'time',
    last_seen_at: 'time',
    idle_expires_at: 'time',
    expires_at: 'time',
  },
  team_sign_in_links: { token_hash: 'text', member_id: 'uuid', created_at: 'time', expires_at: 'time', used_at: 'time?' },
  team_passkeys: {
    id: 'text',
    member_id: 'uuid',
    public_key: 'text',
    counter: 'int64',
    transports: 'json',
    device_type: 'text',
    backed_up: 'bool',
    name: 'text',
    created_at: 'time',
    last_used_at: 'time?',
  },
  webauthn_challenges: { id: 'uuid', challenge: 'text', purpose: 'text', member_id: 'uuid?', expires_at: 'time' },
  rate_limit_counters: { bucket: 'text', window_start: 'time', hits: 'int' },
  stage_changes: {
    id: 'uuid',
    application_id: 'uuid',
    from_stage: 'text',
    to_stage: 'text',
    reason: 'text?',
    member_id: 'uuid?',
    at: 'time',
  },
  application_reviews: {
    application_id: 'uuid',
    member_id: 'uuid',
    producto_validado: 'int',
    primeros_clientes: 'int',
    modelo_escalable: 'int',
    founders_comprometidos: 'int',
    apertura_participacion: 'int',
    comments: 'json',
    recommendation: 'text',
    overall_comment: 'text',
    created_at: 'time',
    updated_at: 'time',
  },
  application_notes: { id: 'uuid', application_id: 'uuid', member_id: 'uuid', body: 'text', created_at: 'time' },
  audit_log: { id: 'uuid', at: 'time', member_id: 'uuid?', action: 'text', application_id: 'uuid?', detail: 'json' },
  founder_links: { token_hash: 'text', application_id: 'uuid', created_at: 'time', revoked_at: 'time?' },
  assignments: { application_id: 'uuid', member_id: 'uuid', assigned_by: 'uuid', assigned_at: 'time' },
  conflicts: {
    id: 'uuid',
    application_id: 'uuid',
    member_id: 'uuid',
    kind: 'text',
    note: 'text',
    declared_by: 'uuid',
    declared_at: 'time',
    lifted_at: 'time?',
    lifted_by: 'uuid?',
    lift_reason: 'text?',
  },
  reminder_runs: { member_id: 'uuid', day: 'text', outbox_id: 'uuid?', created_at: 'time' },
  criterion_weights: { criterion: 'text', weight: 'real', updated_by: 'uuid?', updated_at: 'time' },
  founder_mail_drafts: {
    id: 'uuid',
    application_id: 'uuid',
    kind: 'text',
    recipient: 'text',
    subject: 'text',
    text_body: 'text',
    html_body: 'text',
    status: 'text',
    created_at: 'time',
    edited_by: 'uuid?',
    edited_at: 'time?',
    settled_by: 'uuid?',
    settled_at: 'time?',
    outbox_id: 'uuid?',
    superseded_to: 'text?',
  },
  founder_mail_settings: { kind: 'text', send_immediately: 'bool', updated_by: 'uuid?', updated_at: 'time' },
  documents: {
    id: 'text',
    application_id: 'uuid',
    item_key: 'text',
    file_name: 'text',
    media_type: 'text',
    size_bytes: 'int64',
    sha256: 'text',
    uploaded_at: 'time',
    status: 'text',
    review_note: 'text?',
    reviewed_by: 'uuid?',
    reviewed_at: 'time?',
  },
  document_blobs: { document_id: 'text', content: 'bytes' },
  backup_runs: {
    id: 'uuid',
    slot: 'time?',
    started_at: 'time',
    finished_at: 'time?',
    status: 'text',
    size_bytes: 'int64?',
    file: 'text?',
    error: 'text?',
  },
  document_uploads: {
    id: 'text',
    application_id: 'uuid',
    item_key: 'text',
    size_bytes: 'int64',
    created_at: 'time',
  },
  data_requests: {
    id: 'uuid',
    application_id: 'uuid?',
    reference: 'text',
    kind: 'text',
    opened_at: 'time',
    due_at: 'time',
    closed_at: 'time?',
    closed_by: 'uuid?',
  },
  founder_activity: { id: 'uuid', application_id: 'uuid', kind: 'text', at: 'time' },
  founder_activity_seen: { member_id: 'uuid', application_id: 'uuid', seen_at: 'time' },
  rate_card_versions: {
    id: 'uuid',
    number: 'int',
    note: 'text',
    status: 'text',
    created_by: 'uuid',
    created_at: 'time',
    updated_at: 'time',
    published_by: 'uuid?',
    published_at: 'time?',
  },
  rate_card_items: { id: 'uuid', version_id: 'uuid', position: 'int', outlet: 'text', format: 'text', unit_price_cop: 'int64' },
  deals: {
    application_id: 'uuid',
    equity_bp: 'int',
    instrument: 'text',
    discount_bp: 'int?',
    valuation_usd_cents: 'int64',
    media_value_cop: 'int64',
    investment_value_cop: 'int64',
    window_start: 'text',
    window_months: 'int',
    follow_up_start: 'text',
    rate_card_version_id: 'uuid?',
    signed_by: 'uuid?',
    signed_at: 'time',
    updated_by: 'uuid?',
    updated_at: 'time',
  },
}
