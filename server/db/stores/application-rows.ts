/**
 * The tables' rows as the SQL drivers return them, and their mapping to the
 * store's types, shared by the SQLite and PostgreSQL stores. The drivers
 * differ only in how they hand back timestamps (ISO text on SQLite, Date on
 * postgres.js) and the form data (JSON text on SQLite, parsed jsonb on
 * PostgreSQL): `T` is the timestamp type, `F` the form data's.
 *
 * Runtime-agnostic (the PostgreSQL store also runs on Deno): no node: imports.
 */
import type { Application } from '../../../domain/application.ts'

/** Evidence of the data-processing authorisation (Ley 1581 de 2012). */
export interface ConsentEvidence {
  /** The version of the privacy notice the founder agreed to (domain/privacy.ts). */
  policyVersion: string
  /** When the server received the authorisation. */
  acceptedAt: Date
}

export interface StoredApplication {
  /** A UUID; the only identifier that may appear in logs. */
  id: string
  /** The human-friendly code shown to the founder, e.g. CAT-2026-7KQ3XZ. Unique. */
  reference: string
  createdAt: Date
  formData: Application
  consent: ConsentEvidence
}

export interface ApplicationRow<T, F> {
  id: string
  reference: string
  created_at: T
  form_data: F
  consent_policy_version: string
  consent_accepted_at: T
}

export function applicationFromRow<T, F>(
  row: ApplicationRow<T, F>,
  date: (value: T) => Date,
  formData: (value: F) => Application,
): StoredApplication {
  return {
    id: row.id,
    reference: row.reference,
    createdAt: date(row.created_at),
    formData: formData(row.form_data),
    consent: { policyVersion: row.consent_policy_version, acceptedAt: date(row.consent_accepted_at) },
  }
}
