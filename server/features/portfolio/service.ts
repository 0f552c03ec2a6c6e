/**
 * The holdings register and the portfolio (ADR 0215): what the routes, the founder's page, the report
 * and the reminders' job read and write. Every figure is computed here, on the server, by the domain's
 * functions (domain/holdings.ts), from the stores' records: the register's events and marks, the deal,
 * the media ledger's delivery (ran and forfeited at rate card), and the follow-up (reports missed,
 * the latest runway).
 */
import { formatIsoDay } from '../../../domain/format.ts'
import {
  HOLDING_MESSAGES,
  eventProblem,
  holdingSummary,
  impairmentReasons,
  liveHoldingEvents,
  modelRound,
  paymentOf,
  readHoldingEvent,
  roundEvents,
  type HoldingDeal,
  type HoldingEvent,
  type HoldingEventInput,
  type HoldingEventRecord,
  type LedgerPayment,
  type RoundInput,
  type RoundModel,
  type ValuationMarkRecord,
} from '../../../domain/holdings.ts'
import { deliveryOf } from '../../../domain/media-plan.ts'
import { followUpView, portfolioRow } from '../../../domain/follow-up.ts'
import { PRODUCT_STAGE_LABELS, type ProductStage } from '../../../domain/application.ts'
import { SOURCE_OUTLET_LABELS } from '../../../domain/sources.ts'
import type { HoldingView, IssuanceDefaults, PortfolioAnswer, PortfolioGroup, PortfolioRow, PortfolioTotals } from '../../../domain/workspace-api/holdings.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import { D } from '../../../domain/holdings.ts'
import type { AgreementStore } from '../../db/stores/agreement-store.ts'
import type { ConflictStore } from '../../db/stores/conflict-store.ts'
import type { Deal, DealStore } from '../../db/stores/deal-store.ts'
import type { FollowUpStore } from '../../db/stores/follow-up-store.ts'
import type { HoldingStore, NewHoldingDocument } from '../../db/stores/holding-store.ts'
import { newHoldingId } from '../../db/stores/holding-store.ts'
import type { MediaPlanStore } from '../../db/stores/media-plan-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { SourceStore } from '../../db/stores/source-store.ts'

export interface PortfolioDeps {
  holdings: HoldingStore
  deals: Pick<DealStore, 'deal' | 'dealsOf'>
  mediaPlan: Pick<MediaPlanStore, 'ledger' | 'deliveries'>
  followUp: Pick<FollowUpStore, 'followUp' | 'portfolio' | 'latestRunways' | 'reportsVersion'>
  reviews: Pick<ReviewStore, 'getApplication' | 'getApplications' | 'appendAudit'>
  sources: Pick<SourceStore, 'attributions'>
  agreements: Pick<AgreementStore, 'agreementsOf'>
  conflicts: Pick<ConflictStore, 'conflictedApplications'>
  now: () => Date
}

export const holdingDealOf = (deal: Pick<Deal, 'mediaValueCop' | 'investmentValueCop' | 'signedAt'>, signedOn = formatIsoDay(deal.signedAt)): HoldingDeal => ({
  mediaValueCop: deal.mediaValueCop,
  investmentValueCop: deal.investmentValueCop,
  signedOn,
})

/** The quarter a Bogotá day falls in, in words: «4.º trimestre de 2026». */
export const quarterOf = (day: string): string => `${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}.º trimestre de ${day.slice(0, 4)}`

/** Which events a live void names, directly or through their round. */
function voidedIds(events: readonly HoldingEvent[]): Set<string> {
  const live = new Set(liveHoldingEvents(events).map((e) => e.id))
  return new Set(events.filter((e) => e.kind !== 'void' && !live.has(e.id)).map((e) => e.id))
}

/** The events' checks, one after the other, as they would join the register. */
export const joins =
  (next: readonly HoldingEvent[]) =>
  (current: readonly HoldingEvent[]): string | null => {
    let all = [...current]
    for (const e of next) {
      const problem = eventProblem(all, e)
      if (problem) return problem
      all = [...all, e]
    }
    return null
  }

export interface HoldingFacts {
  deal: Deal
  events: HoldingEventRecord[]
  marks: ValuationMarkRecord[]
  ledger: LedgerPayment
  followUp: { runwayMonths: number | null; missedReports: number }
}

export function portfolioService(deps: PortfolioDeps) {
  const { holdings, now } = deps

  /**
   * The registers as last parsed, each under its version (HoldingStore.registerVersions: append-only, so
   * a version names its events exactly). Every read asks the database for the versions and reads again
   * only the registers whose version moved: several instances stay right, each keeping its own copy.
   */
  const registers = new Map<string, { version: string; events: HoldingEventRecord[] }>()
  /** Each holding's summary, under its register's version, its marks and the day it was computed for. */
  const summaries = new Map<string, { key: string; summary: ReturnType<typeof holdingSummary> }>()
  async function allRegisters(): Promise<Map<string, HoldingEventRecord[]>> {
    const versions = await holdings.registerVersions()
    const moved = [...versions].filter(([id, v]) => registers.get(id)?.version !== v).map(([id]) => id)
    if (moved.length > 0) {
      const fresh = await holdings.eventsOfMany(moved, { names: false })
      for (const id of moved) registers.set(id, { version: versions.get(id)!, events: fresh.get(id) ?? [] })
    }
    for (const id of registers.keys()) if (!versions.has(id)) registers.delete(id)
    return new Map([...versions.keys()].map((id) => [id, registers.get(id)!.events]))
  }
  /** Reports missed and latest runways, under the reports' version, the deals' follow-up starts and the day. */
  let reports: { key: string; missed: Map<string, number>; runways: Map<string, number | null> } | null = null
  async function reportsOf(ids: string[], deals: ReadonlyMap<string, Deal>, today: string) {
    const version = await deps.followUp.reportsVersion()
    const key = `${version}|${today}|${ids.map((id) => `${id}:${deals.get(id)?.followUpStart ?? ''}:${deals.get(id)?.signedAt.getTime() ?? ''}`).join(',')}`
    if (reports?.key === key) return reports
    const [entries, runways] = await Promise.all([deps.followUp.portfolio(), deps.followUp.latestRunways(ids)])
    reports = { key, missed: new Map(entries.map((entry) => [entry.applicationId, portfolioRow(entry, today).missed])), runways }
    return reports
  }
  function summaryOf(id: string, events: readonly HoldingEventRecord[], marks: readonly ValuationMarkRecord[], today: string) {
    const key = `${registers.get(id)?.version ?? ''}|${marks.map((m) => `${m.id}:${m.status}`).join(',')}|${today}`
    const kept = summaries.get(id)
    if (kept?.key === key) return kept.summary
    const summary = holdingSummary(events, marks, today)
    summaries.set(id, { key, summary })
    return summary
  }

  /** One company's facts: null without a deal. */
  async function facts(applicationId: string, today: string): Promise<HoldingFacts | null> {
    const deal = await deps.deals.deal(applicationId)
    if (!deal) return null
    const [events, marks, ledger, followUp, runways] = await Promise.all([
      holdings.eventsOf(applicationId),
      holdings.marksOf(applicationId),
      deps.mediaPlan.ledger(applicationId),
      deps.followUp.followUp(applicationId),
      deps.followUp.latestRunways([applicationId]),
    ])
    const delivery = ledger ? deliveryOf(ledger.deal, ledger.lines, ledger.entries) : { ran: 0, forfeited: 0 }
    const missed = followUp
      ? followUpView({ followUpStart: followUp.followUpStart, recordedOn: followUp.recordedOn, checkIns: followUp.checkIns, milestones: followUp.milestones, closing: followUp.closing }, today).months.filter((m) => m.state === 'missed').length
      : 0
    return {
      deal,
      events,
      marks,
      ledger: { ranRateCardCop: delivery.ran, forfeitedRateCardCop: delivery.forfeited, committedRateCardCop: deal.mediaValueCop },
      followUp: { runwayMonths: runways.get(applicationId) ?? null, missedReports: missed },
    }
  }

  async function issuanceDefaults(applicationId: string, deal: Deal): Promise<IssuanceDefaults> {
    const signed = (await deps.agreements.agreementsOf(applicationId)).find((a) => a.status === 'signed')
    return {
      instrument: deal.instrument === 'nota_convertible' ? 'nota_convertible' : 'acciones',
      shareClass: signed?.parties.shareClass ?? 'Ordinarias',
      shares: signed?.parties.shares ? String(signed.parties.shares) : '',
      subscribedCop: String(deal.investmentValueCop),
      discountPercent: deal.discountBp === null ? '' : String(deal.discountBp / 100).replace('.', ','),
      day: formatIsoDay(deal.signedAt),
      termMonths: '24',
    }
  }

  async function view(applicationId: string): Promise<HoldingView | null> {
    const today = formatIsoDay(now())
    const [f, record] = await Promise.all([facts(applicationId, today), deps.reviews.getApplication(applicationId)])
    if (!f || !record) return null
    const hd = holdingDealOf(f.deal)
    // One replay of the register for the figures, the payment and the review list.
    const summary = holdingSummary(f.events, f.marks, today)
    const voided = voidedIds(f.events)
    return {
      applicationId,
      reference: record.application.reference,
      tradeName: record.application.formData.tradeName ?? '',
      companyName: record.application.formData.companyName ?? '',
      today,
      deal: { mediaValueCop: f.deal.mediaValueCop, investmentValueCop: f.deal.investmentValueCop, signedOn: hd.signedOn, equityBp: f.deal.equityBp },
      issuanceDefaults: await issuanceDefaults(applicationId, f.deal),
      events: wire(f.events).map((e) => ({ ...e, voided: voided.has(e.id) })),
      marks: wire(f.marks),
      figures: summary.figures,
      payment: paymentOf(summary.state, hd, f.ledger, today),
      ledger: f.ledger,
      staleSince: summary.staleSince,
      impairment: impairmentReasons(f.followUp),
    }
  }

  type Refusal = { ok: false; status: 404 | 409 | 422; error: string; message: string; errors?: Partial<Record<string, string>> }
  type Done = { ok: true }
  const noDeal: Refusal = { ok: false, status: 404, error: 'no_deal', message: HOLDING_MESSAGES.noDeal }

  async function recordEvent(applicationId: string, input: HoldingEventInput, document: NewHoldingDocument | null, memberId: string): Promise<Done | Refusal> {
    const deal = await deps.deals.deal(applicationId)
    if (!deal) return noDeal
    const today = formatIsoDay(now())
    const r = readHoldingEvent(input, { deal: holdingDealOf(deal), today })
    if (!r.ok) return { ok: false, status: 422, error: 'invalid', message: r.message, errors: r.errors }
    const event = { ...r.detail, id: newHoldingId(), day: r.day, note: r.note, documentId: document?.id ?? null } as HoldingEvent
    const at = now()
    const audit = [{ at, memberId, action: 'holding.event_recorded' as const, applicationId, detail: { kind: event.kind, day: event.day } }]
    const out = await holdings.append({ applicationId, document, memberId, at, decide: (current) => joins([event])(current) ?? { events: [event], audit } })
    if (!out.ok) return 'noDeal' in out ? noDeal : { ok: false, status: 422, error: 'refused', message: out.problem }
    return { ok: true }
  }

  async function voidEvent(applicationId: string, eventId: string, reason: string, memberId: string): Promise<Done | Refusal> {
    const at = now()
    const v: HoldingEvent = { kind: 'void', voids: eventId, reason, id: newHoldingId(), day: formatIsoDay(at), note: '', documentId: null }
    const out = await holdings.append({
      applicationId,
      document: null,
      memberId,
      at,
      decide: (current) => {
        const target = current.find((e) => e.id === eventId)
        if (!target) return HOLDING_MESSAGES.voidUnknown
        return eventProblem(current, v) ?? { events: [v], audit: [{ at, memberId, action: 'holding.event_voided', applicationId, detail: { event: eventId, kind: target.kind } }] }
      },
    })
    if (!out.ok) return 'noDeal' in out ? noDeal : { ok: false, status: 422, error: 'refused', message: out.problem }
    return { ok: true }
  }

  /** The pro-forma, refused as the confirmation would be (a round dated before the issuance or the previous round). */
  async function previewRound(applicationId: string, input: RoundInput): Promise<RoundModel | { problem: string } | null> {
    if (!(await deps.deals.deal(applicationId))) return null
    const events = await holdings.eventsOf(applicationId)
    const model = modelRound(events, input, formatIsoDay(now()))
    if (!model.reading.ok) return model
    const problem = joins(roundEvents(model.reading, { round: newHoldingId(), next: newHoldingId }))(events)
    return problem ? { problem } : model
  }

  /** Confirms a round: the same model as the preview, computed again on the register inside the transaction. */
  async function recordRound(applicationId: string, input: RoundInput, document: NewHoldingDocument | null, memberId: string): Promise<Done | Refusal> {
    if (!(await deps.deals.deal(applicationId))) return noDeal
    const today = formatIsoDay(now())
    const at = now()
    let refusal: Refusal | null = null
    const out = await holdings.append({
      applicationId,
      document,
      memberId,
      at,
      decide: (current) => {
        if (!current.some((e) => e.kind === 'issuance')) return HOLDING_MESSAGES.issuanceFirst
        const model = modelRound(current, input, today)
        if (!model.reading.ok) {
          refusal = { ok: false, status: 422, error: 'invalid', message: model.reading.message, errors: model.reading.errors }
          return model.reading.message
        }
        const roundId = newHoldingId()
        const written = roundEvents(model.reading, { round: roundId, next: newHoldingId }).map((e) => (e.id === roundId ? { ...e, documentId: document?.id ?? null } : e))
        return joins(written)(current) ?? { events: written, audit: [{ at, memberId, action: 'holding.round_recorded', applicationId, detail: { day: model.reading.day, events: written.length } }] }
      },
    })
    if (refusal) return refusal
    if (!out.ok) return 'noDeal' in out ? noDeal : { ok: false, status: 422, error: 'refused', message: out.problem }
    return { ok: true }
  }

  /** The portfolio: every signed deal, its holding's figures, and the totals a member may see. */
  async function portfolio(memberId: string | null): Promise<PortfolioAnswer> {
    const today = formatIsoDay(now())
    const deliveries = await deps.mediaPlan.deliveries()
    const ids = deliveries.map((d) => d.applicationId)
    const deals = await deps.deals.dealsOf(ids)
    const [events, marks, apps, origins, { missed: missedById, runways }, conflicted] = await Promise.all([
      // Every register and mark there is: only signed deals have one (the store refuses the rest), so no list of ids.
      allRegisters(),
      holdings.marksOfMany(null),
      deps.reviews.getApplications(ids),
      deps.sources.attributions(ids),
      reportsOf(ids, deals, today),
      memberId ? deps.conflicts.conflictedApplications(memberId) : Promise.resolve(new Set<string>()),
    ])
    const appById = new Map(apps.map((a) => [a.application.id, a]))
    const rows: PortfolioRow[] = []
    for (const d of deliveries) {
      const deal = deals.get(d.applicationId)
      if (!deal) continue
      if (conflicted.has(d.applicationId)) {
        rows.push({ applicationId: d.applicationId, reference: d.reference, conflicted: true, tradeName: '', outlet: '', signedYear: null, companyStage: '', media: null, figures: null, payment: null, lastMark: null, staleSince: null, impairment: [] })
        continue
      }
      const ev = events.get(d.applicationId) ?? []
      const mk = marks.get(d.applicationId) ?? []
      const summary = summaryOf(d.applicationId, ev, mk, today)
      const state = summary.state
      const app = appById.get(d.applicationId)
      const origin = origins.get(d.applicationId)
      const outlet = origin?.source?.outlet ?? origin?.heardFrom ?? null
      const stage = app?.application.formData.productStage as ProductStage | undefined
      const signedOn = formatIsoDay(deal.signedAt)
      const lastMark = mk.filter((m) => m.status === 'approved').sort((a, b) => a.day.localeCompare(b.day)).at(-1) ?? null
      rows.push({
        applicationId: d.applicationId,
        reference: d.reference,
        conflicted: false,
        tradeName: d.tradeName,
        outlet: outlet ? SOURCE_OUTLET_LABELS[outlet] : 'Sin atribución',
        signedYear: Number(signedOn.slice(0, 4)),
        companyStage: stage ? (PRODUCT_STAGE_LABELS[stage] ?? stage) : 'Sin dato',
        media: { committedCop: deal.mediaValueCop, ranCop: d.ran, forfeitedCop: d.forfeited },
        figures: summary.figures,
        payment: paymentOf(state, holdingDealOf(deal, signedOn), { ranRateCardCop: d.ran, forfeitedRateCardCop: d.forfeited, committedRateCardCop: deal.mediaValueCop }, today, { words: false }),
        lastMark: lastMark ? { method: lastMark.method, day: lastMark.day, price: lastMark.price } : null,
        staleSince: summary.staleSince,
        impairment: impairmentReasons({ runwayMonths: runways.get(d.applicationId) ?? null, missedReports: missedById.get(d.applicationId) ?? 0 }),
      })
    }
    rows.sort((a, b) => a.reference.localeCompare(b.reference))
    const visible = rows.filter((r) => !r.conflicted)
    const recorded = visible.filter((r) => r.figures)
    return {
      today,
      quarter: quarterOf(today),
      rows,
      totals: totalsOf(recorded),
      byOutlet: groupsOf(recorded, (r) => [r.outlet, r.outlet]),
      byYear: groupsOf(recorded, (r) => [String(r.signedYear), String(r.signedYear)]),
      byStage: groupsOf(recorded, (r) => [r.companyStage, r.companyStage]),
      withoutIssuance: visible.length - recorded.length,
    }
  }

  /** The parties of the signed agreement (legal name, NIT, city, representative), when there is one. */
  async function signedParties(applicationId: string) {
    return (await deps.agreements.agreementsOf(applicationId)).find((a) => a.status === 'signed')?.parties ?? null
  }

  return { facts, view, recordEvent, voidEvent, previewRound, recordRound, portfolio, issuanceDefaults, signedParties }
}

export type PortfolioService = ReturnType<typeof portfolioService>

/** The totals of holdings: each a sum of the rows (the report's last line equals the sum of its lines). */
export function totalsOf(rows: readonly PortfolioRow[]): PortfolioTotals {
  const t: PortfolioTotals = { holdings: rows.length, committedCop: 0, ranCop: 0, forfeitedCop: 0, costCop: 0, rateCardCop: 0, fairValueCop: 0, proceedsCop: 0, subscribedCop: 0, paidCop: 0, unpaidCop: 0, moic: null }
  for (const r of rows) {
    t.committedCop += r.media?.committedCop ?? 0
    t.ranCop += r.media?.ranCop ?? 0
    t.forfeitedCop += r.media?.forfeitedCop ?? 0
    t.costCop += r.figures?.costCop ?? 0
    t.rateCardCop += r.figures?.rateCardCop ?? 0
    t.fairValueCop += r.figures?.fairValueCop ?? 0
    t.proceedsCop += r.figures?.proceedsCop ?? 0
    t.subscribedCop += r.payment?.subscribedCop ?? 0
    t.paidCop += r.payment?.paidCop ?? 0
    t.unpaidCop += r.payment?.unpaidCop ?? 0
  }
  t.moic = t.costCop === 0 ? null : new D(t.fairValueCop + t.proceedsCop).div(t.costCop).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2)
  return t
}

function groupsOf(rows: readonly PortfolioRow[], keyOf: (r: PortfolioRow) => [string, string]): PortfolioGroup[] {
  const groups = new Map<string, { label: string; rows: PortfolioRow[] }>()
  for (const r of rows) {
    const [key, label] = keyOf(r)
    ;(groups.get(key) ?? groups.set(key, { label, rows: [] }).get(key)!).rows.push(r)
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, g]) => ({ key, label: g.label, ...totalsOf(g.rows) }))
}

