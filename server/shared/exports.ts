/**
 * What the team exports and what a founder's data request shows, in one
 * place: `npm run applications` (server/cli/applications-command.ts) and the
 * workspace (server/features/workspace/review/, data-requests/) give the same content.
 */
import { stringify } from 'csv-stringify/sync'
import { APPLICATION_FIELDS, FIELD_LABELS, optionLabel } from '../../domain/application.ts'
import type { ApplicationStore, OutboxMessage, StoredApplication } from '../db/stores/application-store.ts'
import { openDealStore, type Deal } from '../db/stores/deal-store.ts'
import { openSourceStore, type Attribution } from '../db/stores/source-store.ts'
import { HEARD_FROM_OPTIONS } from '../../domain/sources.ts'
import { engineOf } from '../db/engine-of.ts'
import type { HeldApplication, HeldDeal, HeldFollowUp, HeldMediaPlan } from '../../domain/workspace-api/data-requests.ts'
import { openFollowUpStore, type FollowUpRecord } from '../db/stores/follow-up-store.ts'
import { openMediaPlanStore, type MediaPlanLedger } from '../db/stores/media-plan-store.ts'
import { checkInMonth } from '../../domain/follow-up.ts'

export function toExport(app: StoredApplication) {
  return {
    id: app.id,
    reference: app.reference,
    receivedAt: app.createdAt.toISOString(),
    consent: { policyVersion: app.consent.policyVersion, acceptedAt: app.consent.acceptedAt.toISOString() },
    formData: app.formData,
  }
}

/** Where each application came from (issue 22): the source a short path gave, the answer to «¿Dónde nos conociste?». */
export type Attributions = ReadonlyMap<string, Attribution>

/** The attributions of `apps`. */
export async function attributionsOf(store: ApplicationStore, apps: readonly StoredApplication[]): Promise<Attributions> {
  return openSourceStore(engineOf(store)).attributions(apps.map((a) => a.id))
}

/** The team's export of an application: the founder's answers and where it came from. */
function withSource(app: StoredApplication, attributions: Attributions) {
  const found = attributions.get(app.id)
  return {
    ...toExport(app),
    source: found?.source ? { slug: found.source.slug, name: found.source.name } : null,
    heardFrom: found?.heardFrom ?? null,
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
export function toJson(apps: StoredApplication[], attributions: Attributions = new Map()): string {
  return JSON.stringify(apps.map((a) => withSource(a, attributions)), null, 2) + '\n'
}

/** Everything held about a founder (Ley 1581 access request): their applications and the e-mails about them. */
export async function founderRecords(store: ApplicationStore, email: string): Promise<HeldApplication[]> {
  const apps = await store.findByEmail(email)
  const deals = openDealStore(engineOf(store))
  const followUps = openFollowUpStore(engineOf(store))
  const plans = openMediaPlanStore(engineOf(store))
  const shown: HeldApplication[] = []
  const origins = await attributionsOf(store, apps)
  for (const app of apps) {
    const messages = await store.listMessages({ applicationId: app.id })
    const deal = await deals.deal(app.id)
    const followUp = deal ? await followUps.followUp(app.id) : null
    const plan = deal ? await plans.ledger(app.id) : null
    const origin = origins.get(app.id)
    shown.push({
      ...toExport(app),
      emails: messages.map(messageSummary),
      deal: deal ? heldDeal(deal) : null,
      origin: { source: origin?.source?.name ?? null, heardFrom: origin?.heardFrom ? HEARD_FROM_OPTIONS[origin.heardFrom] : null },
      followUp: followUp ? heldFollowUp(followUp) : null,
      mediaPlan: plan ? heldMediaPlan(plan) : null,
    })
  }
  return shown
}

/** The deal in the titular's copy: the terms and when it was signed, never who on the team. */
export function heldDeal(deal: Deal): HeldDeal {
  return {
    equityBasisPoints: deal.equityBp,
    instrument: deal.instrument,
    discountBasisPoints: deal.discountBp,
    valuationUsdCents: deal.valuationUsdCents,
    mediaValueCop: deal.mediaValueCop,
    investmentValueCop: deal.investmentValueCop,
    exposureStart: deal.windowStart,
    exposureMonths: deal.windowMonths,
    followUpStart: deal.followUpStart,
    rateCardVersion: deal.rateCardVersionNumber,
    signedAt: deal.signedAt.toISOString(),
  }
}

/** The media plan in the titular's copy (ADR 0160): every line and every entry, corrections included; never who on the team. */
export function heldMediaPlan(ledger: MediaPlanLedger): HeldMediaPlan {
  const numberOf = new Map(ledger.lines.map((l) => [l.id, l.number]))
  return {
    lines: ledger.lines.map((l) => ({ number: l.number, outlet: l.outlet, format: l.format, units: l.units, unitPriceCop: l.unitPriceCop, flightFrom: l.flightFrom, flightTo: l.flightTo, notes: l.notes })),
    entries: ledger.entries.map((x) => ({
      id: x.id,
      line: numberOf.get(x.lineId) ?? 0,
      kind: x.kind,
      day: x.day,
      units: x.units,
      proofUrl: x.proofUrl,
      // A proof kept as a file (ADR 0163 addendum): by its name; the team keeps the file.
      proofFile: x.proofFileName,
      reason: x.reason,
      makeGoodFor: x.makeGoodFor,
      toLine: x.toLineId ? (numberOf.get(x.toLineId) ?? null) : null,
      voids: x.voids,
      recordedAt: x.recordedAt.toISOString(),
    })),
  }
}

/** The follow-up in the titular's copy (ADR 0167): what they sent, every version; the reviews' days; never the team's notes nor who. */
export function heldFollowUp(record: FollowUpRecord): HeldFollowUp {
  return {
    start: record.followUpStart,
    checkIns: record.checkIns.map((c) => ({
      month: c.month,
      period: checkInMonth(record.followUpStart, c.month).period,
      version: c.version,
      submittedAt: c.submittedAt.toISOString(),
      salesUsdCents: c.salesUsdCents,
      activeCustomers: c.activeCustomers,
      newCustomers: c.newCustomers,
      siteVisits: c.siteVisits,
      leads: c.leads,
      teamSize: c.teamSize,
      wentWell: c.wentWell,
      wentBadly: c.wentBadly,
      needs: c.needs,
    })),
    milestones: record.milestones.map((m) => ({ month: m.month, heldOn: m.heldOn })),
    closedAt: record.closing?.closedAt.toISOString() ?? null,
  }
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
export function toCsv(apps: StoredApplication[], attributions: Attributions = new Map()): string {
  const header = [
    'Referencia',
    'Recibida (UTC)',
    'Versión de la política aceptada',
    'Autorización (UTC)',
    ...APPLICATION_FIELDS.map((f) => FIELD_LABELS[f]),
    'Fuente',
    '¿Dónde nos conociste?',
    'ID',
  ]
  const rows = apps.map((a) => {
    const found = attributions.get(a.id)
    return [
      a.reference,
      a.createdAt.toISOString(),
      a.consent.policyVersion,
      a.consent.acceptedAt.toISOString(),
      ...APPLICATION_FIELDS.map((f) => spreadsheetSafe(optionLabel(f, a.formData[f]))),
      spreadsheetSafe(found?.source?.name ?? ''),
      found?.heardFrom ? HEARD_FROM_OPTIONS[found.heardFrom] : '',
      a.id,
    ]
  })
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n",;]/ })
}
