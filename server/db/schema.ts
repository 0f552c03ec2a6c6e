/**
 * Every table of both migration sets (server/db/migrations/sqlite.ts and
 * supabase/migrations/), as the Kysely `Database` the stores build their
 * queries on. Kysely writes no migrations: this file follows the hand-written
 * ones, and schema.test.ts checks it against both freshly migrated databases.
 * A table of a declared migration (server/db/migrations/declared/) is not
 * written here: its declaration's columns are listed as they are
 * (docs/stores.md, "Adding a table / a migration").
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
import type { Selectable } from 'kysely'
import type { Application } from '../../domain/application.ts'
import type { Stage } from '../../domain/pipeline.ts'
import type { Recommendation } from '../../domain/review.ts'
import type { CriterionKey } from '../../domain/programme.ts'
import type { Instrument, Outlet } from '../../domain/deals.ts'
import type { SourceOutlet } from '../../domain/sources.ts'
import type { CheckInMailKind, MilestoneMonth } from '../../domain/follow-up.ts'
import type { EntryKind } from '../../domain/media-plan.ts'
import type { NewOutboxMessage } from './stores/outbox-rows.ts'
import { AGREEMENTS, AGREEMENT_CODES, AGREEMENT_SIGNATURES, AGREEMENT_TEMPLATES, MEMBER_CAN_SIGN } from './migrations/declared/31_agreements.ts'
import { HOLDING_DOCUMENTS, HOLDING_EVENTS, HOLDING_REMINDERS, VALUATION_MARKS } from './migrations/declared/32_holdings.ts'
import { CHECK_IN_RUNWAY } from './migrations/declared/33_check_in_runway.ts'
import { bool, column, int, text, textOrNull, time, timeOrNull, uuid, uuidOrNull } from './columns.ts'
import type { Bool, ColumnKind, Default, Int64, Int64Text, Json, JsonText, NullableJson, TimeText } from './columns.ts'

export type { Bool, ColumnKind, Default, Int64, Int64Text, Json, JsonText, NullableJson, Time, TimeText } from './columns.ts'

/** An outbox message kept whole in a JSON column (founder_mail_drafts.panel_cancel): the outbox row's own shape. */
export type StoredMessage = NewOutboxMessage

export const toDate = (value: Date | TimeText): Date => (value instanceof Date ? value : new Date(value))
export const toBool = (value: boolean | 0 | 1): boolean => value === true || value === 1
export const fromJson = <T>(value: T | JsonText<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
export const toNumber = (value: number | Int64Text | string): number => Number(value)
/** A nullable timestamp read back. */
export const toDateOrNull = (value: Date | TimeText | null): Date | null => (value === null ? null : toDate(value))

type FounderMailKind = 'sesion_panel' | 'due_diligence' | 'acuerdo_firmado' | 'no_seleccionada' | 'retirada' | 'documento_nueva_version'

/**
 * Every table of both migration sets (the migration runners' own bookkeeping
 * tables apart), each column written once: its kind here, its type for Kysely
 * in `Database` below. A declared table is its declaration's columns
 * (`agreement_templates: AGREEMENT_TEMPLATES.columns`); a column a declared
 * migration adds joins its table's list (`...ADDED.columns`).
 */
const TABLES = {
  applications: {
    id: uuid,
    reference: text,
    created_at: time,
    email: text,
    form_data: column<Json<Application>>('json'),
    consent_policy_version: text,
    consent_accepted_at: time,
    stage: column<Default<Stage>>('text'),
    stage_entered_at: timeOrNull,
    stage_due_at: timeOrNull,
    search_text: column<Default<string>>('text'),
    discussion_cleared_at: timeOrNull,
    /** The scores' fingerprint as text on both engines (domain/scoring.ts scoresFingerprint). */
    discussion_cleared_scores: textOrNull,
    anonymized_at: timeOrNull,
  },
  outbox: {
    id: uuid,
    application_id: uuidOrNull,
    member_id: uuidOrNull,
    kind: text,
    message_id: text,
    sender: text,
    recipient: text,
    reply_to: textOrNull,
    subject: text,
    text_body: text,
    html_body: text,
    redact_after_send: column<Default<Bool>>('bool'),
    status: column<Default<'pending' | 'sent' | 'failed'>>('text'),
    attempts: column<Default<number>>('int'),
    next_attempt_at: time,
    claimed_by: textOrNull,
    lease_until: timeOrNull,
    last_error: textOrNull,
    created_at: time,
    settled_at: timeOrNull,
    /** An iCalendar invitation (RFC 5546, ADR 0153) sent as the e-mail's text/calendar part; null for plain e-mails. */
    calendar: textOrNull,
  },
  idempotency_keys: {
    key: text,
    request_hash: text,
    application_id: uuid,
    reference: text,
    created_at: time,
  },
  team_members: {
    id: uuid,
    /** Normalised: trimmed, lower case (domain/email.ts). */
    email: text,
    name: text,
    role: column<'admin' | 'reviewer'>('text'),
    active: column<Default<Bool>>('bool'),
    created_at: time,
    invited_by: uuidOrNull,
    deactivated_at: timeOrNull,
    last_sign_in_at: timeOrNull,
    reminder_frequency: column<Default<'daily' | 'weekdays' | 'off'>>('text'),
    ...MEMBER_CAN_SIGN.columns,
  },
  team_sessions: {
    /** SHA-256 (hex) of the cookie's token: text on both engines. */
    id: text,
    member_id: uuid,
    csrf_token: text,
    auth_method: column<'link' | 'passkey'>('text'),
    created_at: time,
    last_seen_at: time,
    idle_expires_at: time,
    expires_at: time,
  },
  team_sign_in_links: {
    /** SHA-256 (hex) of the link's token. */
    token_hash: text,
    member_id: uuid,
    created_at: time,
    expires_at: time,
    used_at: timeOrNull,
  },
  team_passkeys: {
    /** The WebAuthn credential id, base64url: text on both engines. */
    id: text,
    member_id: uuid,
    /** COSE public key, base64url. */
    public_key: text,
    counter: column<Default<Int64>>('int64'),
    transports: column<Default<Json<string[]>>>('json'),
    device_type: text,
    backed_up: bool,
    name: text,
    created_at: time,
    last_used_at: timeOrNull,
  },
  webauthn_challenges: {
    /** A UUID, handed to the browser with the options. */
    id: uuid,
    challenge: text,
    purpose: column<'register' | 'authenticate'>('text'),
    /** The member registering a passkey; null for a (discoverable) sign-in. */
    member_id: uuidOrNull,
    expires_at: time,
  },
  rate_limit_counters: {
    bucket: text,
    window_start: time,
    hits: int,
  },
  stage_changes: {
    id: uuid,
    application_id: uuid,
    from_stage: column<Stage>('text'),
    to_stage: column<Stage>('text'),
    reason: textOrNull,
    member_id: uuidOrNull,
    at: time,
  },
  application_reviews: {
    application_id: uuid,
    member_id: uuid,
    producto_validado: int,
    primeros_clientes: int,
    modelo_escalable: int,
    founders_comprometidos: int,
    apertura_participacion: int,
    comments: column<Default<Json<Partial<Record<CriterionKey, string>>>>>('json'),
    recommendation: column<Recommendation>('text'),
    overall_comment: column<Default<string>>('text'),
    created_at: time,
    updated_at: time,
  },
  application_notes: {
    id: uuid,
    application_id: uuid,
    member_id: uuid,
    body: text,
    created_at: time,
  },
  audit_log: {
    id: uuid,
    at: time,
    member_id: uuidOrNull,
    action: text,
    application_id: uuidOrNull,
    detail: column<Default<Json<Record<string, unknown>>>>('json'),
  },
  founder_links: {
    token_hash: text,
    application_id: uuid,
    created_at: time,
    revoked_at: timeOrNull,
  },
  assignments: {
    application_id: uuid,
    member_id: uuid,
    assigned_by: uuid,
    assigned_at: time,
  },
  conflicts: {
    id: uuid,
    application_id: uuid,
    member_id: uuid,
    kind: column<'personal' | 'comercial' | 'competencia' | 'otra'>('text'),
    note: column<Default<string>>('text'),
    declared_by: uuid,
    declared_at: time,
    lifted_at: timeOrNull,
    lifted_by: uuidOrNull,
    lift_reason: textOrNull,
  },
  reminder_runs: {
    member_id: uuid,
    /** The Bogotá day, YYYY-MM-DD: text on both engines. */
    day: text,
    outbox_id: uuidOrNull,
    created_at: time,
  },
  criterion_weights: {
    criterion: column<CriterionKey>('text'),
    weight: column<number>('real'),
    updated_by: uuidOrNull,
    updated_at: time,
  },
  founder_mail_drafts: {
    id: uuid,
    application_id: uuid,
    kind: column<FounderMailKind>('text'),
    recipient: text,
    subject: text,
    text_body: text,
    html_body: text,
    status: column<Default<'draft' | 'sent' | 'discarded'>>('text'),
    created_at: time,
    edited_by: uuidOrNull,
    edited_at: timeOrNull,
    settled_by: uuidOrNull,
    settled_at: timeOrNull,
    outbox_id: uuidOrNull,
    /** The stage a later change moved the application to, replacing this draft before it was sent (ADR 0138). */
    superseded_to: column<Stage | null>('text?'),
    /**
     * The founder's METHOD:CANCEL e-mail on its own, when this draft's stage change cancelled the panel session
     * (ADR 0185): sent, the draft carries its calendar; discarded or replaced, it goes instead. Null once settled.
     */
    panel_cancel: column<NullableJson<StoredMessage>>('json?'),
  },
  founder_mail_settings: {
    kind: column<FounderMailKind>('text'),
    send_immediately: bool,
    updated_by: uuidOrNull,
    updated_at: time,
  },
  documents: {
    /** Text on both engines (tus upload ids). */
    id: text,
    application_id: uuid,
    item_key: text,
    file_name: text,
    media_type: text,
    size_bytes: column<Int64>('int64'),
    sha256: text,
    uploaded_at: time,
    status: column<Default<'received' | 'accepted' | 'new_version_requested'>>('text'),
    review_note: textOrNull,
    reviewed_by: uuidOrNull,
    reviewed_at: timeOrNull,
  },
  document_blobs: {
    document_id: text,
    content: column<Uint8Array>('bytes'),
  },
  /** One tus upload in progress, counted against the application's caps (ADR 0119). */
  document_uploads: {
    /** tus's upload id (32 hex digits). */
    id: text,
    application_id: uuid,
    item_key: text,
    /** What the client announced (Upload-Length); tus takes no byte beyond it. */
    size_bytes: column<Int64>('int64'),
    created_at: time,
  },
  /** A titular's Ley 1581 request (ADR 0122); outlives its application (application_id set null). */
  data_requests: {
    id: uuid,
    /** Null once an admin deleted the application: the record outlives it, with its reference. */
    application_id: uuidOrNull,
    reference: text,
    kind: column<'consulta' | 'reclamo' | 'supresion'>('text'),
    opened_at: time,
    /** The end of the last business day the law gives to answer. */
    due_at: time,
    closed_at: timeOrNull,
    /** The admin who closed it; null while open, or when closed from the command line. */
    closed_by: uuidOrNull,
  },
  founder_activity: {
    id: uuid,
    application_id: uuid,
    kind: column<'document_uploaded' | 'withdrawn' | 'deletion_requested' | 'panel_none_fits' | 'panel_cancelled'>('text'),
    at: time,
  },
  founder_activity_seen: {
    member_id: uuid,
    application_id: uuid,
    seen_at: time,
  },
  // The panel session (ADRs 0152-0156).
  panel_offers: {
    id: uuid,
    application_id: uuid,
    length_minutes: int,
    place_kind: column<'video' | 'address'>('text'),
    place: text,
    offered_by: uuid,
    offered_at: time,
    /** The founder's "Ninguno me sirve" (at most 500 characters), until the next offer. */
    none_fits_note: textOrNull,
    none_fits_at: timeOrNull,
  },
  panel_offer_times: {
    id: uuid,
    offer_id: uuid,
    starts_at: time,
    ends_at: time,
  },
  panel_offer_members: {
    offer_id: uuid,
    member_id: uuid,
  },
  panel_sessions: {
    id: uuid,
    application_id: uuid,
    /** The iCalendar UID of every invitation about the session. */
    uid: text,
    /** The iCalendar SEQUENCE, raised on every change and on the cancellation. */
    sequence: column<Default<number>>('int'),
    status: column<'booked' | 'cancelled'>('text'),
    starts_at: time,
    ends_at: time,
    place_kind: column<'video' | 'address'>('text'),
    place: text,
    /** 'founder' or a member's id. */
    booked_by: text,
    booked_at: time,
    changed_by: textOrNull,
    changed_at: timeOrNull,
    cancelled_at: timeOrNull,
    reminded_at: timeOrNull,
    /** The team's «Motivo» of a cancellation; null when none was given or the founder cancelled. */
    cancel_reason: textOrNull,
    /** The admin who kept it on purpose when the application moved past the panel stage, and when (ADR 0185). */
    kept_by: uuidOrNull,
    kept_at: timeOrNull,
  },
  panel_session_members: {
    session_id: uuid,
    member_id: uuid,
  },
  backup_runs: {
    id: uuid,
    slot: timeOrNull,
    started_at: time,
    finished_at: timeOrNull,
    status: column<Default<'running' | 'ok' | 'failed'>>('text'),
    size_bytes: column<Int64<null>>('int64?'),
    file: textOrNull,
    error: textOrNull,
  },
  /** A version of the rate card (ADR 0158): drafts are edited, published ones never. */
  rate_card_versions: {
    id: uuid,
    number: int,
    note: text,
    status: column<'draft' | 'published'>('text'),
    created_by: uuid,
    created_at: time,
    updated_at: time,
    published_by: uuidOrNull,
    published_at: timeOrNull,
  },
  rate_card_items: {
    id: uuid,
    version_id: uuid,
    position: int,
    outlet: column<Outlet>('text'),
    format: text,
    /** Whole pesos (ADR 0157). */
    unit_price_cop: column<Int64>('int64'),
  },
  /** The deal recorded at the signature (ADR 0159); money in integers (ADR 0157), days as AAAA-MM-DD. */
  deals: {
    application_id: uuid,
    equity_bp: int,
    instrument: column<Instrument>('text'),
    discount_bp: column<number | null>('int?'),
    valuation_usd_cents: column<Int64>('int64'),
    media_value_cop: column<Int64>('int64'),
    investment_value_cop: column<Int64>('int64'),
    window_start: text,
    window_months: int,
    follow_up_start: text,
    rate_card_version_id: uuidOrNull,
    signed_by: uuidOrNull,
    signed_at: time,
    updated_by: uuidOrNull,
    updated_at: time,
    /** «Responsable» (ADR 0162): whose daily reminder carries the deal when it is behind its pace. */
    owner_id: uuidOrNull,
  },
  /** A source (fuente): an outlet's short path; the slug is written once (ADR 0170). */
  sources: {
    id: uuid,
    slug: text,
    name: text,
    outlet: column<SourceOutlet>('text'),
    created_by: uuidOrNull,
    created_at: time,
    updated_at: time,
  },
  /** Visits through a short path, counted per source per Bogotá day (AAAA-MM-DD); nothing per visitor (ADR 0169). */
  source_visits: {
    source_id: uuid,
    day: text,
    visits: int,
  },
  /** Where an application came from, written once with it (ADR 0168). */
  application_sources: {
    application_id: uuid,
    source_id: uuidOrNull,
    heard_from: column<SourceOutlet | null>('text?'),
  },
  /** A founder's monthly check-in (ADR 0164): every version kept; sales in US cents (ADR 0157). */
  check_ins: {
    application_id: uuid,
    month: int,
    version: int,
    sales_usd_cents: column<Int64>('int64'),
    active_customers: column<Int64>('int64'),
    new_customers: column<Int64>('int64'),
    site_visits: column<Int64<null>>('int64?'),
    leads: column<Int64<null>>('int64?'),
    team_size: int,
    went_well: text,
    went_badly: text,
    needs: text,
    submitted_at: time,
    ...CHECK_IN_RUNWAY.columns,
  },
  /** The reviews with the team at months 3, 6 and 12 (ADR 0166). */
  follow_up_milestones: {
    application_id: uuid,
    month: column<MilestoneMonth>('int'),
    /** AAAA-MM-DD, a Bogotá day. */
    held_on: text,
    note: text,
    recorded_by: uuidOrNull,
    recorded_at: time,
  },
  /** The note that closes the follow-up (ADR 0166): no more check-in e-mails. */
  follow_up_closings: {
    application_id: uuid,
    note: text,
    closed_by: uuidOrNull,
    closed_at: time,
  },
  /** The check-in e-mails decided, once per application, month and kind (ADR 0165). */
  follow_up_mails: {
    application_id: uuid,
    month: int,
    kind: column<CheckInMailKind>('text'),
    outbox_id: uuidOrNull,
    created_at: time,
  },
  /** A line of a deal's media plan (ADR 0160): written once; the price copied from the deal's rate card version. */
  media_plan_lines: {
    id: uuid,
    application_id: uuid,
    number: int,
    outlet: column<Outlet>('text'),
    format: text,
    units: int,
    /** Whole pesos (ADR 0157). */
    unit_price_cop: column<Int64>('int64'),
    /** AAAA-MM-DD, Bogotá days. */
    flight_from: text,
    flight_to: text,
    notes: text,
    created_by: uuidOrNull,
    created_at: time,
  },
  /** The append-only ledger of the plan's lines (ADR 0160): a correction is a 'void' entry naming another. */
  /** A proof of airing kept as a file (ADR 0163 addendum): its bytes here, named by the entry. */
  media_plan_proofs: {
    id: uuid,
    application_id: uuid,
    file_name: text,
    media_type: text,
    size_bytes: column<Int64>('int64'),
    sha256: text,
    content: column<Uint8Array>('bytes'),
    uploaded_by: uuidOrNull,
    uploaded_at: time,
  },
  media_plan_entries: {
    id: uuid,
    application_id: uuid,
    line_id: uuid,
    kind: column<EntryKind>('text'),
    day: text,
    units: int,
    proof_url: textOrNull,
    proof_document_id: uuidOrNull,
    reason: textOrNull,
    make_good_for: uuidOrNull,
    to_line_id: uuidOrNull,
    voids: uuidOrNull,
    recorded_by: uuidOrNull,
    recorded_at: time,
  },
  /** A form's key and the first answer given under it (ADR 0189): one write per submission. */
  request_keys: {
    /** 'member:<id>' or 'founder:<application id>'. */
    principal: text,
    /** The route as registered: 'POST /applications/:id/media-plan/entries'. */
    route: text,
    key: text,
    request_hash: text,
    application_id: uuidOrNull,
    created_at: time,
    /** Set by the write's own transaction where the store takes the key. */
    written_at: timeOrNull,
    answered_at: timeOrNull,
    answer_status: column<number | null>('int?'),
    answer_type: textOrNull,
    answer_location: textOrNull,
    answer_body: textOrNull,
  },
  /** What each deal delivered, from its whole ledger in each entry's transaction (ADR 0161): what the paces read. */
  media_plan_totals: {
    application_id: uuid,
    /** Whole pesos: live ran and make-good entries at their line's price. */
    ran_cop: column<Int64>('int64'),
    /** Whole pesos: live forfeited entries at their line's price. */
    forfeited_cop: column<Int64>('int64'),
  },
  // The agreement's electronic signature (declared: server/db/migrations/declared/31_agreements.ts).
  agreement_templates: AGREEMENT_TEMPLATES.columns,
  agreements: AGREEMENTS.columns,
  agreement_signatures: AGREEMENT_SIGNATURES.columns,
  agreement_codes: AGREEMENT_CODES.columns,
  // The register of the stakes the programme holds (declared: server/db/migrations/declared/32_holdings.ts).
  holding_documents: HOLDING_DOCUMENTS.columns,
  holding_events: HOLDING_EVENTS.columns,
  valuation_marks: VALUATION_MARKS.columns,
  holding_reminders: HOLDING_REMINDERS.columns,
}

type TypeOf<K> = K extends { readonly type?: infer C } ? Exclude<C, undefined> : never

/** The tables as Kysely builds queries on them. */
export type Database = { [T in keyof typeof TABLES]: { [C in keyof (typeof TABLES)[T]]: TypeOf<(typeof TABLES)[T][C]> } }

/** Each table's columns and their kinds: what schema.test.ts compares with both databases. */
export const COLUMN_KINDS = Object.fromEntries(
  Object.entries(TABLES).map(([table, columns]) => [table, Object.fromEntries(Object.entries(columns).map(([name, c]) => [name, c.kind as string]))]),
) as { [T in keyof Database]: { [C in keyof Database[T]]: string } }

/** snake_case → camelCase, as the app names a column's value. */
type Camel<S> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S
/** A column's value as the app holds it: what toDate, toBool, fromJson and toNumber return. */
type Decoded<V> = V extends TimeText | Int64Text | JsonText<unknown> | 0 | 1 ? never : V
/** A row of `T` read back by fromRow: its columns decoded and in camelCase; other columns (a join's) renamed only. */
export type FromRow<T extends keyof Database, R> = {
  [K in keyof R as Camel<K>]: K extends keyof Database[T] ? Decoded<R[K]> : R[K]
}
/** A whole row of `T` as fromRow reads it: the app's object of a table whose row it is, column for column. */
export type Row<T extends keyof Database> = FromRow<T, Selectable<Database[T]>>

const DECODERS: Partial<Record<ColumnKind, (value: never) => unknown>> = { time: toDate, bool: toBool, json: fromJson, int64: toNumber }
const camelNames = new Map<string, string>()
const camel = (name: string): string => {
  let named = camelNames.get(name)
  if (named === undefined) camelNames.set(name, (named = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())))
  return named
}
/** Each table's columns: the app's name and the kind's decoder, worked out once. */
const fields = Object.fromEntries(
  Object.entries(COLUMN_KINDS).map(([table, columns]) => [
    table,
    new Map(Object.entries(columns).map(([name, kind]) => [name, { key: camel(name), decode: DECODERS[kind.replace('?', '') as ColumnKind] }])),
  ]),
) as Record<string, Map<string, { key: string; decode: ((value: never) => unknown) | undefined }>>

/**
 * A row of `table` as the app holds it: each column named in camelCase and
 * read through its kind's decoder (toDate, toBool, fromJson, toNumber; null
 * stays null). Columns that are not `table`'s (a join's, an alias) are renamed
 * and left as they are. What a store hand-wrote for each table, once.
 */
export function fromRow<T extends keyof Database, R extends object>(table: T, row: R): FromRow<T, R> {
  const columns = fields[table]!
  const out: Record<string, unknown> = {}
  for (const name in row) {
    const value = (row as Record<string, unknown>)[name]
    const field = columns.get(name)
    if (!field) out[camel(name)] = value
    else out[field.key] = value === null || !field.decode ? value : field.decode(value as never)
  }
  return out as FromRow<T, R>
}

/**
 * The columns `names` of a row to write, each taken from `values`' camelCase
 * field (`toRow(p, ['member_id'])` is `{ member_id: p.memberId }`): named one
 * by one, so it serves a prepared query's placeholders too.
 */
export function toRow<A extends object, const K extends string>(values: A, names: readonly K[]): { [C in K]: A[Camel<C> & keyof A] } {
  return Object.fromEntries(names.map((name) => [name, (values as Record<string, unknown>)[camel(name)]])) as { [C in K]: A[Camel<C> & keyof A] }
}
