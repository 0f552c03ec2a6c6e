/**
 * What the team exports and what a founder's data request shows, in one
 * place: `npm run applications` (server/cli/applications-command.ts) and the
 * workspace (server/features/workspace/review/, data-requests/) give the same content.
 */
import { stringify } from 'csv-stringify/sync'
import { APPLICATION_FIELDS, FIELD_LABELS, optionLabel } from '../../domain/application.ts'
import type { ApplicationStore, OutboxMessage, StoredApplication } from '../db/stores/application-store.ts'

export function toExport(app: StoredApplication) {
  return {
    id: app.id,
    reference: app.reference,
    receivedAt: app.createdAt.toISOString(),
    consent: { policyVersion: app.consent.policyVersion, acceptedAt: app.consent.acceptedAt.toISOString() },
    formData: app.formData,
  }
}

export function messageSummary(m: OutboxMessage) {
  return {
    kind: m.kind,
    to: m.to,
    status: m.status,
    attempts: m.attempts,
    messageId: m.messageId,
    settledAt: m.settledAt?.toISOString() ?? null,
  }
}

/** The JSON export: every application with its consent evidence, pretty-printed. */
export function toJson(apps: StoredApplication[]): string {
  return JSON.stringify(apps.map(toExport), null, 2) + '\n'
}

/** Everything held about a founder (Ley 1581 access request): their applications and the e-mails about them. */
export async function founderRecords(store: ApplicationStore, email: string) {
  const apps = await store.findByEmail(email)
  const shown = []
  for (const app of apps) {
    const messages = await store.listMessages({ applicationId: app.id })
    shown.push({ ...toExport(app), emails: messages.map(messageSummary) })
  }
  return shown
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) get a leading apostrophe: a founder's text must never execute in
 * the team's Excel. The JSON export keeps values untouched.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** UTF-8 with a byte-order mark and CRLF line ends: what Excel needs to show Spanish accents. */
export function toCsv(apps: StoredApplication[]): string {
  const header = ['Referencia', 'Recibida (UTC)', 'Versión de la política aceptada', 'Autorización (UTC)', ...APPLICATION_FIELDS.map((f) => FIELD_LABELS[f]), 'ID']
  const rows = apps.map((a) => [
    a.reference,
    a.createdAt.toISOString(),
    a.consent.policyVersion,
    a.consent.acceptedAt.toISOString(),
    ...APPLICATION_FIELDS.map((f) => spreadsheetSafe(optionLabel(f, a.formData[f]))),
    a.id,
  ])
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n",;]/ })
}
