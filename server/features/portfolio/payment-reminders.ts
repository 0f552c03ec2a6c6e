/**
 * The payment reminders (ADR 0215): a subscription the media has not yet paid in full must be paid by
 * its deadline (signature + the agreed term, at most 24 months; Ley 1258 de 2008, art. 9). The deal's
 * owner («Responsable»; without one, every active admin) is told 60 days and 14 days before, once each:
 * the store writes each reminder under its primary key with its e-mail, so several instances on the
 * reminders' tick never send one twice. A balance paid in the meantime is not reminded.
 */
import { formatCop, formatDay } from '../../../domain/deals.ts'
import { formatCount, formatIsoDay } from '../../../domain/format.ts'
import { holdingState, paymentOf, paymentReminderDue, type PaymentReminder } from '../../../domain/holdings.ts'
import type { Deal, DealStore } from '../../db/stores/deal-store.ts'
import type { HoldingStore } from '../../db/stores/holding-store.ts'
import type { MediaPlanStore } from '../../db/stores/media-plan-store.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { escapeHtml, htmlDocument } from '../../shared/mail/templates.ts'
import { periodic } from '../../shared/jobs/periodic.ts'
import type { Log } from '../../shared/log.ts'
import { holdingDealOf } from './service.ts'

export interface PaymentReminderDeps {
  holdings: Pick<HoldingStore, 'eventsOfMany' | 'remindersSent' | 'recordReminder'>
  deals: Pick<DealStore, 'dealsOf'>
  mediaPlan: Pick<MediaPlanStore, 'deliveries'>
  team: Pick<TeamStore, 'listMembers'>
  mail: FounderMailConfig
  workspaceUrl: (applicationId: string) => string
  now: () => Date
  onMailQueued?: () => void
}

export function reminderText(p: { reference: string; tradeName: string; daysBefore: PaymentReminder; unpaidCop: number; unpaidShares: number; deadline: string }) {
  const subject = `Suscripción sin pagar: ${p.tradeName || p.reference} vence el ${formatDay(p.deadline)}`
  const lines = [
    `A la suscripción del programa en ${p.tradeName || p.reference} (${p.reference}) le faltan ${formatCop(p.unpaidCop)} por pagar con pauta${p.unpaidShares > 0 ? ` (${formatCount(p.unpaidShares)} acciones)` : ''}.`,
    `El plazo vence el ${formatDay(p.deadline)}, en ${p.daysBefore} días. Las acciones que no se paguen a tiempo quedan sin pagar: mientras tanto, el programa no puede ejercer sus derechos (Código de Comercio, art. 397).`,
    'Revisa el plan de medios: la pauta que falta por salir es la que paga el saldo.',
  ]
  return { subject, lines }
}

/** One pass: every signed deal with an unpaid balance whose 60- or 14-day mark has come. Returns how many reminders were written. */
export async function sendPaymentReminders(deps: PaymentReminderDeps): Promise<number> {
  const today = formatIsoDay(deps.now())
  const deliveries = await deps.mediaPlan.deliveries()
  const ids = deliveries.map((d) => d.applicationId)
  if (ids.length === 0) return 0
  const [events, deals, sent, members] = await Promise.all([deps.holdings.eventsOfMany(ids), deps.deals.dealsOf(ids), deps.holdings.remindersSent(ids), deps.team.listMembers()])
  let written = 0
  for (const d of deliveries) {
    const deal: Deal | undefined = deals.get(d.applicationId)
    const ev = events.get(d.applicationId)
    if (!deal || !ev) continue
    const state = holdingState(ev)
    // A holding written off has nothing left to collect.
    if (state.writtenOff) continue
    const payment = paymentOf(state, holdingDealOf(deal), { ranRateCardCop: d.ran, forfeitedRateCardCop: d.forfeited, committedRateCardCop: deal.mediaValueCop }, today)
    const already = (sent.get(d.applicationId) ?? []).filter((r) => r.deadline === payment?.deadline).map((r) => r.daysBefore)
    const due = paymentReminderDue(payment, today, already)
    if (!payment || !due) continue
    const active = members.filter((m) => m.active)
    const owner = active.find((m) => m.id === deal.ownerId)
    const to = owner ? [owner] : active.filter((m) => m.role === 'admin')
    const { subject, lines } = reminderText({ reference: d.reference, tradeName: d.tradeName, daysBefore: due, unpaidCop: payment.unpaidCop, unpaidShares: payment.unpaidShares, deadline: payment.deadline! })
    const url = deps.workspaceUrl(d.applicationId)
    const text = [...lines, `Ver la participación: ${url}`].join('\n\n')
    const html = htmlDocument(subject, `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(url)}">Ver la participación</a></p>`)
    // One reminder row per deadline and day; the first member's e-mail rides with it, the others' follow under the same row's claim.
    const [first, ...rest] = to
    const wrote = await deps.holdings.recordReminder({
      applicationId: d.applicationId,
      deadline: payment.deadline!,
      daysBefore: due,
      ownerId: owner?.id ?? null,
      at: deps.now(),
      mail: first ? outboxMessage('team_holding', first.email, { subject, text, html }, deps.mail) : null,
      extraMails: rest.map((m) => outboxMessage('team_holding', m.email, { subject, text, html }, deps.mail)),
    })
    if (wrote) written++
  }
  if (written > 0) deps.onMailQueued?.()
  return written
}

export function createPaymentReminderJob(deps: PaymentReminderDeps, options: { tickMs: number; log: Log }) {
  const runOnce = () => sendPaymentReminders(deps)
  const loop = periodic({ everyMs: options.tickMs, run: runOnce, onError: (error) => options.log({ level: 'error', event: 'holding.reminders_failed', error: error instanceof Error ? error.message : String(error) }) })
  return { runOnce, start: loop.start, stop: loop.stop }
}
