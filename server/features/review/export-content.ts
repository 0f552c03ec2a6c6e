/**
 * What the team exports and what a founder's data request shows, in one
 * place: `npm run applications` (server/cli/applications-command.ts) and the
 * workspace (server/features/review/, data-requests/) give the same content.
 *
 * The team's export (ADR 0195): the rows of a list (the workspace's list, filtered and
 * ordered as the admin sees it; every application for the CLI), read in batches of EXPORT_BATCH with
 * one query per table each (never one per row), written as they are read:
 * - `.xlsx`: four sheets, «Postulaciones» (one row per application: stage and its dates, source,
 *   scores, assigned reviewers, the deal, the plan's balances, the last check-in, the founder's answers,
 *   the consent), «Acuerdos», «Plan de medios» (every entry) and «Reportes mensuales» (each month's
 *   latest version);
 * - `.csv`: «Postulaciones» for the Colombian Excel (server/shared/spreadsheet.ts);
 * - `.json`: each application's answers, consent and source, as before.
 */
import type { AgreementRecord } from '../../../domain/agreements-records.ts'
import { APPLICATION_FIELDS, FIELD_LABELS, optionLabel, type ApplicationField } from '../../../domain/application.ts'
import { INSTRUMENT_LABELS, OUTLET_LABELS } from '../../../domain/deals.ts'
import { numberFromText } from '../../../domain/format.ts'
import { balancesOf, ENTRY_KIND_LABELS, entryKindLabel, type Balances } from '../../../domain/media-plan.ts'
import { STAGE_LABELS } from '../../../domain/pipeline.ts'
import { applicationScores } from '../../../domain/scoring.ts'
import type { CriterionScores } from '../../../domain/review.ts'
import { METRICS, METRIC_KEYS, TEXTS, TEXT_KEYS } from '../../../domain/follow-up.ts'
import type { PlanEntryRecord, PlanLineRecord } from '../../../domain/workspace-api/media-plan.ts'
import { EXPORT_FORMATS, type ExportFormat } from '../../../domain/workspace-api/review.ts'
import { type ApplicationRecord } from '../../db/stores/review-store.ts'
import { csvHeader, csvOf, csvRows, sheet, xlsxStream, XLSX_TYPE, type Column, type SheetWriter } from '../../shared/spreadsheet.ts'
import type { ApplicationStore, OutboxMessage, StoredApplication } from '../../db/stores/application-store.ts'
import { type Deal } from '../../db/stores/deal-store.ts'
import { type Attribution } from '../../db/stores/source-store.ts'
import { HEARD_FROM_OPTIONS } from '../../../domain/sources.ts'
import type { HeldAgreement, HeldApplication, HeldDeal, HeldFollowUp, HeldHolding, HeldMediaPlan } from '../../../domain/workspace-api/data-requests.ts'
import { HOLDING_EVENT_LABELS, liveHoldingEvents, type HoldingEventRecord, type ValuationMarkRecord } from '../../../domain/holdings.ts'
import { type CheckIn, type FollowUpRecord } from '../../db/stores/follow-up-store.ts'
import type { MediaPlanLedger } from '../../db/stores/media-plan-store.ts'
import { checkInMonth } from '../../../domain/follow-up.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

export function toExport(app: StoredApplication) {
  return {
    id: app.id,
    reference: app.reference,
    receivedAt: app.createdAt.toISOString(),
    consent: { policyVersion: app.consent.policyVersion, acceptedAt: app.consent.acceptedAt.toISOString() },
    formData: app.formData,
  }
}

/** Where each application came from: the source a short path gave, the answer to «¿Dónde nos conociste?». */
export type Attributions = ReadonlyMap<string, Attribution>

/** The attributions of `apps`. */
export async function attributionsOf(store: ApplicationStore, apps: readonly StoredApplication[]): Promise<Attributions> {
  return openWorkspaceStores(store).sources.attributions(apps.map((a) => a.id))
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
  const deals = openWorkspaceStores(store).deals
  const followUps = openWorkspaceStores(store).followUp
  const plans = openWorkspaceStores(store).mediaPlan
  const agreements = await openWorkspaceStores(store).agreements.agreementsOfMany(apps.map((a) => a.id))
  const holdings = openWorkspaceStores(store).holdings
  const [holdingEvents, holdingMarks] = apps.length > 0 ? await Promise.all([holdings.eventsOfMany(apps.map((a) => a.id)), holdings.marksOfMany(apps.map((a) => a.id))]) : [new Map(), new Map()]
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
      agreements: await Promise.all(
        (agreements.get(app.id) ?? []).map(async (a) => heldAgreement(a, a.status === 'signed' ? await openWorkspaceStores(store).agreements.document(a.id, 'signed') : null)),
      ),
      holding: deal ? heldHolding(holdingEvents.get(app.id) ?? [], holdingMarks.get(app.id) ?? []) : null,
    })
  }
  return shown
}

/** An agreement in the titular's copy: the founder's own evidence in full; of the programme's signer, the name and time. */
export function heldAgreement(a: AgreementRecord, signedPdf: Uint8Array | null = null): HeldAgreement {
  return {
    signedPdfBase64: signedPdf ? Buffer.from(signedPdf).toString('base64') : null,
    code: a.code,
    version: a.version,
    status: a.status,
    sentAt: a.sentAt.toISOString(),
    documentSha256: a.documentSha256,
    signedSha256: a.signedSha256,
    signatures: a.signatures.map((s) =>
      s.role === 'founder'
        ? { role: s.role, name: s.name, email: s.email, method: s.method, consentVersion: s.consentVersion, consentText: s.consentText, ip: s.ip, userAgent: s.userAgent, signedAt: s.signedAt.toISOString() }
        : { role: s.role, name: s.name, email: null, method: s.method, consentVersion: null, consentText: null, ip: null, userAgent: null, signedAt: s.signedAt.toISOString() },
    ),
  }
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
/** The register as the titular's copy holds it (HeldHolding): numbers as stored, never who on the team. */
export function heldHolding(events: readonly HoldingEventRecord[], marks: readonly ValuationMarkRecord[]): HeldHolding {
  const live = new Set(liveHoldingEvents(events).map((e) => e.id))
  return {
    events: events.map((e) => {
      const { id, kind, day, note, documentId: _d, applicationId: _a, documentName: _n, recordedBy: _b, recordedByName: _m, recordedAt, ...detail } = e
      return { id, kind, label: HOLDING_EVENT_LABELS[kind], day, detail, note, voided: kind !== 'void' && !live.has(id), recordedAt: recordedAt.toISOString() }
    }),
    marks: marks.map((m) => ({ method: m.method, day: m.day, price: m.price, status: m.status, proposedAt: m.proposedAt.toISOString(), decidedAt: m.decidedAt?.toISOString() ?? null })),
  }
}

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
      runwayMonths: c.runwayMonths,
      wentWell: c.wentWell,
      wentBadly: c.wentBadly,
      needs: c.needs,
    })),
    milestones: record.milestones.map((m) => ({ month: m.month, heldOn: m.heldOn })),
    closedAt: record.closing?.closedAt.toISOString() ?? null,
  }
}

// ---------------------------------------------------------------------------
// The team's export
// ---------------------------------------------------------------------------

export { EXPORT_FORMATS, type ExportFormat }

/** Applications read together: one query per table for each batch. */
export const EXPORT_BATCH = 500

/** A row of the list being exported: which application, and what decides whether its scores are shown. */
export interface ExportedRow {
  id: string
  reviewCount: number
  /** Whether the viewer reviewed it: a reviewer sees the scores only then (an admin always). */
  myReview: boolean
}

/** The last check-in of a follow-up: its month, the month it reports, when its latest version came. */
interface LastCheckIn {
  month: number
  period: string
  submittedAt: Date
}

/** One row of «Postulaciones». */
export interface ApplicationLine {
  record: ApplicationRecord
  attribution: Attribution | undefined
  reviewCount: number
  /** Null without a review, or while hidden from the viewer. */
  scores: { average: number; weighted: number } | null
  assigned: string[]
  deal: Deal | null
  balances: Balances | null
  lastCheckIn: LastCheckIn | null
}

interface Startup {
  reference: string
  company: string
}
interface DealLine extends Startup {
  deal: Deal
  balances: Balances
  lastCheckIn: LastCheckIn | null
}
interface EntryLine extends Startup {
  line: PlanLineRecord | undefined
  entry: PlanEntryRecord
  voided: boolean
}
interface CheckInLine extends Startup {
  checkIn: CheckIn
  period: string
}

/** What one batch of the list reads. */
export interface ExportBatch {
  applications: ApplicationLine[]
  deals: DealLine[]
  entries: EntryLine[]
  checkIns: CheckInLine[]
}

const companyOf = (app: StoredApplication) => app.formData.tradeName || app.formData.companyName

/** Each month's latest version (the answer as it stands), by month. */
function latestVersions(checkIns: readonly CheckIn[]): CheckIn[] {
  const byMonth = new Map<number, CheckIn>()
  for (const c of checkIns) if ((byMonth.get(c.month)?.version ?? 0) < c.version) byMonth.set(c.month, c)
  return [...byMonth.values()].sort((a, b) => a.month - b.month)
}

/**
 * The list's rows read batch by batch, in their order: for each batch, the applications and what the
 * export says of them, in one query per table (records, sources, assignments, reviews, deals; plans and
 * check-ins for the signed ones). An application deleted since the list was read is left out.
 */
export async function* exportBatches(store: ApplicationStore, rows: readonly ExportedRow[], viewer: { isAdmin: boolean }): AsyncGenerator<ExportBatch> {
  const { review: reviews, scoring, sources, deals, mediaPlan: plans, followUp: followUps } = openWorkspaceStores(store)
  const weights = rows.length > 0 ? await scoring.getWeights() : null
  const none = { lines: [], entries: [] }
  /** One batch's reads: five queries, two more when some of it is signed. */
  async function read(ids: string[]) {
    const [records, attributions, assignments, scored, dealsOf] = await Promise.all([
      reviews.getApplications(ids),
      sources.attributions(ids),
      scoring.assignmentsOf(ids),
      scoring.reviewsOf(ids),
      deals.dealsOf(ids),
    ])
    const signed = [...dealsOf.keys()]
    const [plansOf, checkInsOf] = signed.length > 0 ? await Promise.all([plans.plansOf(signed), followUps.checkInsOf(signed)]) : [new Map<string, typeof none>(), new Map<string, CheckIn[]>()]
    return { records, attributions, assignments, scored, dealsOf, plansOf, checkInsOf }
  }
  const idsAt = (i: number) => rows.slice(i, i + EXPORT_BATCH).map((r) => r.id)
  // The next batch is read while this one is written: at most two batches held.
  let ahead = rows.length > 0 ? read(idsAt(0)) : null
  for (let i = 0; i < rows.length; i += EXPORT_BATCH) {
    const part = rows.slice(i, i + EXPORT_BATCH)
    const { records, attributions, assignments, scored, dealsOf, plansOf, checkInsOf } = await ahead!
    ahead = i + EXPORT_BATCH < rows.length ? read(idsAt(i + EXPORT_BATCH)) : null
    // Awaited on the next turn; if the client goes away first, its failure is nobody's to hear.
    ahead?.catch(() => {})
    const recordOf = new Map(records.map((r) => [r.application.id, r]))
    const scoresOf = new Map<string, CriterionScores[]>()
    for (const r of scored) {
      const list = scoresOf.get(r.applicationId)
      if (list) list.push(r.scores)
      else scoresOf.set(r.applicationId, [r.scores])
    }
    const batch: ExportBatch = { applications: [], deals: [], entries: [], checkIns: [] }
    for (const row of part) {
      const record = recordOf.get(row.id)
      if (!record) continue
      const app = record.application
      const startup = { reference: app.reference, company: companyOf(app) }
      const deal = dealsOf.get(row.id) ?? null
      const plan = plansOf.get(row.id) ?? none
      const balances = deal ? balancesOf(deal, plan.lines, plan.entries) : null
      const checkIns = deal ? latestVersions(checkInsOf.get(row.id) ?? []) : []
      const periodOf = (month: number) => (deal ? checkInMonth(deal.followUpStart, month).period : '')
      const last = checkIns.at(-1)
      const lastCheckIn = last ? { month: last.month, period: periodOf(last.month), submittedAt: last.submittedAt } : null
      // Hidden as in the list (HotCRP-style): a reviewer sees the scores once they have reviewed it.
      const visible = viewer.isAdmin || row.myReview
      batch.applications.push({
        record,
        attribution: attributions.get(row.id),
        reviewCount: row.reviewCount,
        scores: visible && weights ? applicationScores(scoresOf.get(row.id) ?? [], weights) : null,
        assigned: (assignments.get(row.id) ?? []).map((a) => a.member.name),
        deal,
        balances,
        lastCheckIn,
      })
      if (deal && balances) batch.deals.push({ ...startup, deal, balances, lastCheckIn })
      const lineOf = new Map(plan.lines.map((l) => [l.id, l]))
      const voided = new Set(plan.entries.flatMap((x) => (x.kind === 'void' && x.voids ? [x.voids] : [])))
      for (const entry of plan.entries) batch.entries.push({ ...startup, line: lineOf.get(entry.lineId), entry, voided: voided.has(entry.id) })
      for (const checkIn of checkIns) batch.checkIns.push({ ...startup, checkIn, period: periodOf(checkIn.month) })
    }
    yield batch
  }
}
/** The answers that are figures: the year, the users, the revenue, the share offered. */
const NUMERIC_ANSWERS: readonly ApplicationField[] = ['foundingYear', 'activeUsers', 'revenue', 'equityPercentage']

/** A founder's answer: a number when it is a figure and reads as one, else its text (its label for a choice); none when empty. */
const answerOf = (field: ApplicationField) => (app: StoredApplication) => {
  const text = optionLabel(field, app.formData[field])
  if (text === '') return null
  return NUMERIC_ANSWERS.includes(field) ? (numberFromText(text) ?? text) : text
}
const answerColumns = <R>(appOf: (r: R) => StoredApplication): Column<R>[] =>
  APPLICATION_FIELDS.map((f) => ({ header: FIELD_LABELS[f], kind: f === 'phone' ? 'phone' : 'answer', value: (r) => answerOf(f)(appOf(r)), width: 24 }))

/** Where it came from: the source of a short path, the answer to «¿Dónde nos conociste?». */
const originColumns = <R>(of: (r: R) => Attribution | undefined): Column<R>[] => [
  { header: 'Fuente', kind: 'text', value: (r) => of(r)?.source?.name ?? null },
  { header: '¿Dónde nos conociste?', kind: 'text', value: (r) => (of(r)?.heardFrom ? HEARD_FROM_OPTIONS[of(r)!.heardFrom!] : null) },
]
const consentColumns = <R>(appOf: (r: R) => StoredApplication): Column<R>[] => [
  { header: 'Versión de la política aceptada', kind: 'text', value: (r) => appOf(r).consent.policyVersion },
  { header: 'Autorización', kind: 'datetime', value: (r) => appOf(r).consent.acceptedAt },
  { header: 'ID', kind: 'text', value: (r) => appOf(r).id, width: 38 },
]
const planColumns = <R>(of: (r: R) => Balances | null): Column<R>[] => [
  { header: 'Plan: comprometido (COP)', kind: 'cop', value: (r) => of(r)?.committed ?? null },
  { header: 'Plan: emitido (COP)', kind: 'cop', value: (r) => of(r)?.ran ?? null },
  { header: 'Plan: por emitir (COP)', kind: 'cop', value: (r) => of(r)?.remaining ?? null },
]
const lastCheckInColumns = <R>(of: (r: R) => LastCheckIn | null): Column<R>[] => [
  { header: 'Último reporte: mes', kind: 'integer', value: (r) => of(r)?.month ?? null },
  { header: 'Último reporte: periodo', kind: 'month', value: (r) => of(r)?.period ?? null },
  { header: 'Último reporte: enviado', kind: 'datetime', value: (r) => of(r)?.submittedAt ?? null },
]

/** «Postulaciones»: the .xlsx's first sheet and the CSV. */
export const APPLICATION_COLUMNS: readonly Column<ApplicationLine>[] = [
  { header: 'Referencia', kind: 'text', value: (r) => r.record.application.reference, width: 24 },
  { header: 'Recibida', kind: 'datetime', value: (r) => r.record.application.createdAt, width: 17 },
  { header: 'Etapa', kind: 'text', value: (r) => STAGE_LABELS[r.record.stage], width: 24 },
  { header: 'En la etapa desde', kind: 'datetime', value: (r) => r.record.stageEnteredAt, width: 17 },
  { header: 'Vence la etapa', kind: 'datetime', value: (r) => r.record.stageDueAt, width: 17 },
  ...originColumns<ApplicationLine>((r) => r.attribution),
  { header: 'Evaluaciones', kind: 'integer', value: (r) => r.reviewCount },
  { header: 'Puntaje promedio', kind: 'decimal', value: (r) => r.scores?.average ?? null },
  { header: 'Puntaje ponderado', kind: 'decimal', value: (r) => r.scores?.weighted ?? null },
  { header: 'Evaluadores asignados', kind: 'text', value: (r) => (r.assigned.length > 0 ? r.assigned.join(', ') : null), width: 30 },
  { header: 'Participación (%)', kind: 'decimal', value: (r) => (r.deal ? r.deal.equityBp / 100 : null) },
  { header: 'Valor en medios (COP)', kind: 'cop', value: (r) => r.deal?.mediaValueCop ?? null },
  ...planColumns<ApplicationLine>((r) => r.balances),
  ...lastCheckInColumns<ApplicationLine>((r) => r.lastCheckIn),
  ...answerColumns<ApplicationLine>((r) => r.record.application),
  ...consentColumns<ApplicationLine>((r) => r.record.application),
]

const startupColumns: Column<Startup>[] = [
  { header: 'Referencia', kind: 'text', value: (r) => r.reference, width: 24 },
  { header: 'Empresa', kind: 'text', value: (r) => r.company, width: 28 },
]

const DEAL_COLUMNS: readonly Column<DealLine>[] = [
  ...startupColumns,
  { header: 'Instrumento', kind: 'text', value: (r) => INSTRUMENT_LABELS[r.deal.instrument] },
  { header: 'Participación (%)', kind: 'decimal', value: (r) => r.deal.equityBp / 100 },
  { header: 'Descuento (%)', kind: 'decimal', value: (r) => (r.deal.discountBp === null ? null : r.deal.discountBp / 100) },
  { header: 'Valoración (USD)', kind: 'usd', value: (r) => (r.deal.valuationUsdCents === null ? null : r.deal.valuationUsdCents / 100) },
  { header: 'Valor en medios (COP)', kind: 'cop', value: (r) => r.deal.mediaValueCop },
  { header: 'Valor de la inversión (COP)', kind: 'cop', value: (r) => r.deal.investmentValueCop },
  { header: 'Inicio de la exposición', kind: 'day', value: (r) => r.deal.windowStart },
  { header: 'Meses de exposición', kind: 'integer', value: (r) => r.deal.windowMonths },
  { header: 'Inicio del seguimiento', kind: 'day', value: (r) => r.deal.followUpStart },
  { header: 'Versión del tarifario', kind: 'integer', value: (r) => r.deal.rateCardVersionNumber },
  { header: 'Firmado', kind: 'datetime', value: (r) => r.deal.signedAt, width: 17 },
  ...planColumns<DealLine>((r) => r.balances),
  ...lastCheckInColumns<DealLine>((r) => r.lastCheckIn),
]

const ENTRY_COLUMNS: readonly Column<EntryLine>[] = [
  ...startupColumns,
  { header: 'Línea', kind: 'integer', value: (r) => r.line?.number ?? null },
  { header: 'Medio', kind: 'text', value: (r) => (r.line ? OUTLET_LABELS[r.line.outlet] : null) },
  { header: 'Formato', kind: 'text', value: (r) => r.line?.format ?? null, width: 24 },
  { header: 'Precio unitario (COP)', kind: 'cop', value: (r) => r.line?.unitPriceCop ?? null },
  // A void naming no entry withdrew its line; a consulting line's sessions are held, never aired (as the plan reads them).
  { header: 'Registro', kind: 'text', value: (r) => (r.entry.kind === 'void' && r.entry.voids === null ? 'Línea retirada' : r.line ? entryKindLabel(r.entry.kind, r.line.outlet) : ENTRY_KIND_LABELS[r.entry.kind]) },
  { header: 'Día', kind: 'day', value: (r) => r.entry.day },
  { header: 'Unidades', kind: 'count', value: (r) => r.entry.units },
  { header: 'Valor (COP)', kind: 'cop', value: (r) => (r.line ? r.entry.units * r.line.unitPriceCop : null) },
  { header: 'Anulado', kind: 'text', value: (r) => (r.voided ? 'Sí' : 'No') },
  { header: 'Prueba (enlace)', kind: 'text', value: (r) => r.entry.proofUrl, width: 30 },
  { header: 'Prueba (archivo)', kind: 'text', value: (r) => r.entry.proofFileName },
  { header: 'Motivo', kind: 'text', value: (r) => r.entry.reason, width: 30 },
  { header: 'Registrado', kind: 'datetime', value: (r) => r.entry.recordedAt, width: 17 },
]

const CHECK_IN_COLUMNS: readonly Column<CheckInLine>[] = [
  ...startupColumns,
  { header: 'Mes', kind: 'integer', value: (r) => r.checkIn.month },
  { header: 'Periodo', kind: 'month', value: (r) => r.period },
  { header: 'Versión', kind: 'integer', value: (r) => r.checkIn.version },
  { header: 'Enviado', kind: 'datetime', value: (r) => r.checkIn.submittedAt, width: 17 },
  ...METRIC_KEYS.map((key): Column<CheckInLine> => {
    const value = (r: CheckInLine) => r.checkIn[key]
    return METRICS[key].unit === 'usd_cents'
      ? { header: METRICS[key].label, kind: 'usd', value: (r) => (value(r) === null ? null : value(r)! / 100) }
      : { header: METRICS[key].label, kind: 'count', value }
  }),
  ...TEXT_KEYS.map((key): Column<CheckInLine> => ({ header: TEXTS[key].label, kind: 'text', value: (r) => r.checkIn[key] || null, width: 40 })),
]

/** An export's body, as it is written. */
export interface ExportBody {
  contentType: string
  body: AsyncIterable<string | Uint8Array>
}

/**
 * The team's export of `rows` (in their order) in `format`: what the workspace sends and the CLI writes,
 * one content. Read and written batch by batch.
 */
export function exportApplications(store: ApplicationStore, rows: readonly ExportedRow[], viewer: { isAdmin: boolean }, format: ExportFormat): ExportBody {
  const batches = () => exportBatches(store, rows, viewer)
  if (format === 'csv') {
    return {
      contentType: 'text/csv; charset=utf-8',
      body: (async function* () {
        yield csvHeader(APPLICATION_COLUMNS)
        for await (const batch of batches()) yield csvRows(APPLICATION_COLUMNS, batch.applications)
      })(),
    }
  }
  if (format === 'json') {
    return {
      contentType: 'application/json; charset=utf-8',
      body: (async function* () {
        let first = true
        for await (const batch of batches()) {
          for (const a of batch.applications) {
            // JSON.stringify(list, null, 2), one application at a time.
            yield `${first ? '[\n' : ',\n'}  ${JSON.stringify(withSource(a.record.application, new Map(a.attribution ? [[a.record.application.id, a.attribution]] : [])), null, 2).replace(/\n/g, '\n  ')}`
            first = false
          }
        }
        yield first ? '[]\n' : '\n]\n'
      })(),
    }
  }
  return {
    contentType: XLSX_TYPE,
    body: xlsxStream(async function* (): AsyncGenerator<SheetWriter> {
      // «Postulaciones» as the batches come; the other sheets hold only the signed startups' rows, kept meanwhile.
      const rest: Omit<ExportBatch, 'applications'> = { deals: [], entries: [], checkIns: [] }
      yield sheet({
        name: 'Postulaciones',
        columns: APPLICATION_COLUMNS,
        rows: (async function* () {
          for await (const batch of batches()) {
            rest.deals.push(...batch.deals)
            rest.entries.push(...batch.entries)
            rest.checkIns.push(...batch.checkIns)
            yield batch.applications
          }
        })(),
      })
      yield sheet({ name: 'Acuerdos', columns: DEAL_COLUMNS, rows: [rest.deals] })
      yield sheet({ name: 'Plan de medios', columns: ENTRY_COLUMNS, rows: [rest.entries] })
      yield sheet({ name: 'Reportes mensuales', columns: CHECK_IN_COLUMNS, rows: [rest.checkIns] })
    }),
  }
}

/** Every application, oldest first, as the CLI exports them: the list's rows with nothing hidden (no member, no conflict). */
export async function everyApplication(store: ApplicationStore, now: Date): Promise<ExportedRow[]> {
  const reviews = openWorkspaceStores(store).review
  const rows: ExportedRow[] = []
  for (let page = 1; ; page++) {
    const read = await reviews.listApplications({ sort: 'received_asc', page, pageSize: EVERY_PAGE, now, viewer: { memberId: NO_MEMBER, isAdmin: true } })
    rows.push(...read.items)
    if (read.items.length < EVERY_PAGE) return rows
  }
}
const EVERY_PAGE = 10_000
/** The command line is no member: a well-formed id no member has (PostgreSQL compares the viewer with uuid columns). */
const NO_MEMBER = '00000000-0000-0000-0000-000000000000'

/**
 * The titular's copy as a CSV (a Ley 1581 request, data-requests/): their answers, consent and source in
 * the team's CSV dialect, never the team's assessments (stage, scores, reviewers).
 */
export const FOUNDER_COLUMNS: readonly Column<{ app: StoredApplication; attribution: Attribution | undefined }>[] = [
  { header: 'Referencia', kind: 'text', value: (r) => r.app.reference },
  { header: 'Recibida', kind: 'datetime', value: (r) => r.app.createdAt },
  ...originColumns<{ app: StoredApplication; attribution: Attribution | undefined }>((r) => r.attribution),
  ...answerColumns<{ app: StoredApplication; attribution: Attribution | undefined }>((r) => r.app),
  ...consentColumns<{ app: StoredApplication; attribution: Attribution | undefined }>((r) => r.app),
]

export function founderCsv(apps: readonly StoredApplication[], attributions: Attributions = new Map()): string {
  return csvOf(FOUNDER_COLUMNS, apps.map((app) => ({ app, attribution: attributions.get(app.id) })))
}
