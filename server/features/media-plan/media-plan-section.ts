/**
 * The status page's «Tu plan de medios» (ADR 0180): for a signed
 * application with a deal, what was committed in media, the exposure window,
 * how much ran so far and what is left, then the plan month by month: the
 * lines whose flight starts that month and what happened that month (what
 * ran with its proof, what did not run and its make-good, what moved to
 * another outlet, what was lost at the window's end), in plain Spanish.
 *
 * - One store read per view (MediaPlanStore.ledger), only once signed.
 * - Only what counts is shown: domain/media-plan.ts liveEntries drops voids
 *   and the entries they cancel; withdrawn lines are left out; bookings (a
 *   note of the traffic) are not the founder's business.
 * - «Semana a semana» (media-plan-weeks.ts): the workspace's flowchart
 *   in words, line by line and week by week, before the months.
 * - The team's reasons for a miss or a forfeit are never shown (ADR 0180):
 *   they are written in the ledger for the team; the founder reads the kind,
 *   the day and the units, and asks the team for more.
 * Plain HTML, no JavaScript; every value is escaped.
 */
import { OUTLET_LABELS, formatCop, formatDay } from '../../../domain/deals.ts'
import { formatCount, formatMonth, formatShare, formatIsoDay } from '../../../domain/format.ts'
import { FOUNDER_WORDS, balancesOf, isSessionOutlet, liveEntries, owedByMiss, tallies, type FounderWordsContext, type PlanEntry } from '../../../domain/media-plan.ts'
import type { MediaPlanLedger, MediaPlanStore } from '../../db/stores/media-plan-store.ts'
import type { FounderView } from '../../db/stores/founder-store.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'
import { STATUS_PAGE_PATH } from '../../shared/mail/founder-mail.ts'
import { MEDIA_PLAN_WEEKS_CSS, mediaPlanWeeksHtml } from './media-plan-weeks.ts'

export const MEDIA_PLAN_CSS = `
.plan-month{margin:0 0 1.5rem}
ul.plan-list{list-style:none;padding:0;margin:0 0 1rem}
ul.plan-list>li{background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:.6rem 1rem;margin:0 0 .5rem;overflow-wrap:anywhere}
ul.plan-list p{margin:0}
ul.plan-list dl{margin:.35rem 0 0;grid-template-columns:auto 1fr;gap:.15rem 1rem}
ul.plan-list dd{margin:0}
.media-plan h4{font-size:1rem;margin:1rem 0 .5rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`

/**
 * The proof as the founder sees it: the link, or the file under their personal link (`base`,
 * /postulacion/<token>; ADR 0163 addendum); without a base, only that the team keeps it.
 */
const proofOf = (x: Pick<PlanEntry, 'proofUrl' | 'proofDocumentId' | 'day'>, base: string | null) =>
  x.proofUrl
    ? proofLink(x.proofUrl, x.day)
    : x.proofDocumentId
      ? base
        ? proofLink(`${base}/plan/pruebas/${encodeURIComponent(x.proofDocumentId)}`, x.day)
        : ' Prueba en archivo: la tiene el equipo.'
      : ''
const proofLink = (url: string, day: string) =>
  ` <a href="${e(url)}" rel="noopener noreferrer">Ver prueba<span class="sr-only"> del ${e(formatDay(day))}</span></a>`

/** One entry as the founder reads it (domain/media-plan.ts FOUNDER_WORDS); null for what is not theirs to read (bookings). */
function entryHtml(x: PlanEntry, ctx: FounderWordsContext, base: string | null): string | null {
  const words = FOUNDER_WORDS[x.kind]?.(x, ctx)
  return words ? `<p><strong>${e(words.title)}</strong>${e(words.rest)}${words.proof ? proofOf(x, base) : ''}</p>` : null
}

/** The section's HTML for a deal's ledger on `today` (a Bogotá day "AAAA-MM-DD"). */
export function mediaPlanSectionHtml(ledger: MediaPlanLedger, today: string, base: string | null = null): string {
  const deal = ledger.deal
  const balances = balancesOf(deal, ledger.lines, ledger.entries)
  const window = `La ventana de exposición va del ${formatDay(balances.window.start)} al ${formatDay(balances.window.end)}.`
  const t = tallies(ledger.lines, ledger.entries)
  const lines = ledger.lines.filter((l) => !t.get(l.id)?.withdrawn)
  if (lines.length === 0) {
    return `<section class="media-plan" aria-labelledby="tu-plan-de-medios">
<h2 id="tu-plan-de-medios">Tu plan de medios</h2>
<p class="status">El equipo está preparando tu plan de medios. Aquí verás cada medio, sus fechas y lo que vaya saliendo al aire, con su prueba.</p>
<p>Tu acuerdo compromete ${e(formatCop(balances.committed))} en medios. ${e(window)}</p>
</section>`
  }
  const share = balances.committed > 0 ? balances.ran / balances.committed : 0
  const sentences = [
    `Hasta hoy salió al aire ${formatCop(balances.ran)} de ${formatCop(balances.committed)} comprometidos en medios (${formatShare(share)}). Quedan ${formatCop(balances.remaining)} por salir al aire.`,
    window,
    ...(balances.forfeited > 0 ? [`${formatCop(balances.forfeited)} no alcanzaron a salir antes del cierre de la ventana.`] : []),
  ]
  const byId = new Map(ledger.lines.map((l) => [l.id, l]))
  const live = liveEntries(ledger.entries).filter((x) => x.kind !== 'booked' && byId.has(x.lineId))
  const owed = owedByMiss(ledger.entries)
  const months = [...new Set([...lines.map((l) => l.flightFrom.slice(0, 7)), ...live.map((x) => x.day.slice(0, 7))])].sort()
  const sections = months.map((month) => {
    const starting = lines.filter((l) => l.flightFrom.slice(0, 7) === month)
    const happened = live
      .filter((x) => x.day.slice(0, 7) === month)
      .sort((a, b) => a.day.localeCompare(b.day))
      .map((x) => entryHtml(x, { lineOf: (id) => byId.get(id), live, owed }, base))
      .filter((h): h is string => h !== null)
    const planned = starting
      .map((l) => {
        const tally = t.get(l.id)!
        return `<li><p><strong>${e(OUTLET_LABELS[l.outlet])}</strong></p><dl>
<dt>Formato</dt><dd>${e(l.format)}</dd>
<dt>${isSessionOutlet(l.outlet) ? 'Sesiones' : 'Unidades'}</dt><dd>${e(formatCount(tally.effective))}</dd>
<dt>Fechas</dt><dd>del ${e(formatDay(l.flightFrom))} al ${e(formatDay(l.flightTo))}</dd>
</dl></li>`
      })
      .join('\n')
    const title = formatMonth(month)
    return `<div class="plan-month">
<h3>${e(title.charAt(0).toUpperCase() + title.slice(1))}</h3>
${planned ? `<h4>Lo planeado que empieza este mes</h4>\n<ul class="plan-list">\n${planned}\n</ul>` : ''}
${happened.length > 0 ? `<h4>Lo que pasó</h4>\n<ul class="plan-list">\n${happened.map((h) => `<li>${h}</li>`).join('\n')}\n</ul>` : month <= today.slice(0, 7) ? '<p class="muted">Todavía no hay registros de este mes.</p>' : ''}
</div>`
  })
  return `<section class="media-plan" aria-labelledby="tu-plan-de-medios">
<h2 id="tu-plan-de-medios">Tu plan de medios</h2>
<p>${e(sentences.join(' '))}</p>
${mediaPlanWeeksHtml(ledger, today)}
${sections.join('\n')}
</section>`
}

/** The status page's «Tu plan de medios»: HTML and styles once signed with a deal, or null (one ledger read). */
export function mediaPlanSection(deps: { plans: Pick<MediaPlanStore, 'ledger'>; now: () => Date }) {
  return async (view: FounderView, token?: string): Promise<{ html: string; css: string } | null> => {
    if (view.stage !== 'acuerdo_firmado') return null
    const ledger = await deps.plans.ledger(view.applicationId)
    if (!ledger) return null
    const base = token === undefined ? null : `${STATUS_PAGE_PATH}/${encodeURIComponent(token)}`
    return { html: mediaPlanSectionHtml(ledger, formatIsoDay(deps.now()), base), css: MEDIA_PLAN_CSS + MEDIA_PLAN_WEEKS_CSS }
  }
}
