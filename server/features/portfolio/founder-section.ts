/**
 * The status page's «Tu participación» (ADR 0215): once the programme's stake is recorded, the founder
 * reads what the programme subscribed, what the media that ran has paid so far, what remains and until
 * when, in plain words. Nothing else of the register (rounds, marks, values) is theirs to read here:
 * those are the programme's books. Plain HTML, no JavaScript; every value escaped.
 */
import { formatCop, formatDay } from '../../../domain/deals.ts'
import { formatCount, formatIsoDay } from '../../../domain/format.ts'
import { HOLDING_INSTRUMENT_LABELS, holdingState, paymentOf, type Payment } from '../../../domain/holdings.ts'
import type { FounderView } from '../../db/stores/founder-store.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'
import type { PortfolioService } from './service.ts'
import { holdingDealOf } from './service.ts'

export function holdingSectionHtml(p: { instrument: keyof typeof HOLDING_INSTRUMENT_LABELS; shareClass: string | null; payment: Payment }): string {
  const { payment } = p
  const note = p.instrument === 'nota_convertible' && payment.subscribedShares === 0
  const what = note
    ? `El programa suscribió una nota convertible por ${formatCop(payment.subscribedCop)}: se convertirá en acciones en tu próxima ronda.`
    : `El programa suscribió ${formatCount(payment.subscribedShares)} acciones${p.shareClass ? ` (${p.shareClass})` : ''} de tu compañía por ${formatCop(payment.subscribedCop)}, que se pagan con la pauta que sale al aire.`
  const paid = note
    ? `Hasta hoy la pauta emitida pagó ${formatCop(payment.paidCop)} de ${formatCop(payment.subscribedCop)}.`
    : `Hasta hoy la pauta emitida pagó ${formatCop(payment.paidCop)}: ${formatCount(payment.paidShares)} de ${formatCount(payment.subscribedShares)} acciones están pagadas.`
  const rest =
    payment.unpaidCop === 0
      ? 'La suscripción está pagada por completo.'
      : payment.status === 'paying'
        ? `Faltan ${formatCop(payment.unpaidCop)}${note ? '' : ` (${formatCount(payment.unpaidShares)} acciones)`}, que se pagan con la pauta que falta por salir, a más tardar el ${formatDay(payment.deadline!)}.`
        : (payment.consequence ?? '')
  return `<section class="holding" aria-labelledby="tu-participacion">
<h2 id="tu-participacion">Tu participación</h2>
<div class="card"><p style="margin-top:0">${e(what)}</p>
<p>${e(paid)}</p>
<p style="margin-bottom:0">${e(rest)}</p></div>
</section>`
}

/** The section once signed and the issuance recorded; null before. */
export function holdingSection(deps: { service: Pick<PortfolioService, 'facts'>; now: () => Date }) {
  return async (view: FounderView): Promise<string | null> => {
    if (view.stage !== 'acuerdo_firmado') return null
    const today = formatIsoDay(deps.now())
    const f = await deps.service.facts(view.applicationId, today)
    if (!f) return null
    const state = holdingState(f.events)
    const payment = paymentOf(state, holdingDealOf(f.deal), f.ledger, today)
    if (!payment || !state.instrument) return null
    return holdingSectionHtml({ instrument: state.instrument, shareClass: state.shareClass, payment })
  }
}
