/**
 * The register of the stakes the programme holds (docs/decisions/0215-the-holdings-register.md): each
 * portfolio company's events, append-only (a correction is a void event), the documents that back them,
 * the valuation marks (proposed by one member, approved by a second admin), and the payment reminders
 * sent to the deal's owner.
 */
import { column, int, text, time, timeOrNull, uuid, uuidOrNull, type Json } from '../../columns.ts'
import { check, createTable, declareMigration, oneOf, table } from '../../declare/declare.ts'
import { HOLDING_EVENT_KINDS, MARK_METHODS, PAYMENT_REMINDER_DAYS, type HoldingEventKind, type MarkMethod } from '../../../../domain/holdings-records.ts'
import type { HoldingEventDetail, MarkStatus } from '../../../../domain/holdings.ts'

export const HOLDING_DOCUMENTS = table(
  'holding_documents',
  {
    id: uuid,
    application_id: uuid,
    file_name: text,
    content_type: text,
    size: int,
    sha256: text,
    content: column<Uint8Array>('bytes'),
    uploaded_by: uuidOrNull,
    uploaded_at: time,
  },
  {
    comment: 'The files behind the register: a round’s documents, a sale’s, a valuation’s evidence (content-checked on upload).',
    primaryKey: ['id'],
    references: { application_id: { table: 'applications', onDelete: 'cascade' }, uploaded_by: { table: 'team_members' } },
    checks: [check('size > 0')],
    indexes: [{ name: 'holding_documents_by_application', columns: ['application_id'] }],
  },
)

export const HOLDING_EVENTS = table(
  'holding_events',
  {
    id: uuid,
    application_id: uuid,
    kind: column<HoldingEventKind>('text'),
    /** The Bogotá day it took effect, AAAA-MM-DD. */
    day: text,
    detail: column<Json<HoldingEventDetail>>('json'),
    note: text,
    document_id: uuidOrNull,
    recorded_by: uuidOrNull,
    recorded_at: time,
  },
  {
    comment: 'Each portfolio company’s register: issuance, rounds (joined or not), conversions, top-ups, splits, sales, write-downs and write-offs; written once, a correction is a void.',
    primaryKey: ['id'],
    references: { application_id: { table: 'applications', onDelete: 'cascade' }, document_id: { table: 'holding_documents' }, recorded_by: { table: 'team_members' } },
    checks: [oneOf('kind', HOLDING_EVENT_KINDS)],
    indexes: [{ name: 'holding_events_by_application', columns: ['application_id', 'recorded_at'] }],
  },
)

export const VALUATION_MARKS = table(
  'valuation_marks',
  {
    id: uuid,
    application_id: uuid,
    method: column<MarkMethod>('text'),
    day: text,
    /** Price per share in pesos, a decimal as text ("20000.1032"). */
    price: text,
    note: text,
    document_id: uuid,
    status: column<MarkStatus>('text'),
    proposed_by: uuidOrNull,
    proposed_at: time,
    decided_by: uuidOrNull,
    decided_at: timeOrNull,
  },
  {
    comment: 'Valuation marks: method, day, price per share, evidence; proposed by one member, approved (or rejected) by another admin.',
    primaryKey: ['id'],
    references: {
      application_id: { table: 'applications', onDelete: 'cascade' },
      document_id: { table: 'holding_documents' },
      proposed_by: { table: 'team_members' },
      decided_by: { table: 'team_members' },
    },
    checks: [oneOf('method', MARK_METHODS), oneOf('status', ['proposed', 'approved', 'rejected']), check('decided_by is null or proposed_by is null or decided_by <> proposed_by')],
    indexes: [{ name: 'valuation_marks_by_application', columns: ['application_id', 'day'] }],
  },
)

export const HOLDING_REMINDERS = table(
  'holding_reminders',
  { application_id: uuid, deadline: text, days_before: int, sent_at: time, owner_id: uuidOrNull },
  {
    comment: 'The payment reminders sent to the deal’s owner before an unpaid balance’s deadline: one per deadline and day.',
    primaryKey: ['application_id', 'deadline', 'days_before'],
    references: { application_id: { table: 'applications', onDelete: 'cascade' }, owner_id: { table: 'team_members' } },
    checks: [oneOf('days_before', PAYMENT_REMINDER_DAYS)],
  },
)

export const MIGRATION = declareMigration({
  sqlite: 32,
  postgres: '20261204125000',
  name: 'holdings',
  title: 'The register of the stakes the programme holds',
  decisions: ['docs/decisions/0215-the-holdings-register.md'],
  steps: [createTable(HOLDING_DOCUMENTS), createTable(HOLDING_EVENTS), createTable(VALUATION_MARKS), createTable(HOLDING_REMINDERS)],
})
