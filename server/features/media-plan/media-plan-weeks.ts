/**
 * «Semana a semana» in the founder's «Tu plan de medios» (ADR 0193): the workspace's flowchart
 * (domain/media-plan-flowchart.ts, the same geometry) said in plain Spanish, line by line: the weeks its
 * flight takes and, week by week, what aired, what did not and its make-good, today's week named.
 * "Semana del 7 de diciembre de 2026: salió al aire (2 unidades)."
 *
 * As the rest of the section (ADR 0180): only what counts (a void and what it cancels are gone), withdrawn
 * lines are left out, bookings (the team's note of the traffic) are not the founder's business, and the
 * team's reasons are never shown. Plain HTML, no JavaScript; every value is escaped.
 */
import { OUTLET_LABELS, formatDay } from '../../../domain/deals.ts'
import { formatCount, plural } from '../../../domain/format.ts'
import { mediaPlanFlowchart, weekName, type FlowchartCell, type FlowchartRow } from '../../../domain/media-plan-flowchart.ts'
import { windowOf } from '../../../domain/media-plan.ts'
import type { MediaPlanLedger } from '../../db/stores/media-plan-store.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'

export const MEDIA_PLAN_WEEKS_CSS = `
ul.plan-weeks{list-style:none;padding:0;margin:.35rem 0 0}
ul.plan-weeks>li{margin:0 0 .25rem}
`

const units = (n: number) => `${formatCount(n)} ${plural(n, 'unidad', 'unidades')}`
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** What airing means for the line: a consulting session is held, not aired. */
function words(outlet: FlowchartRow['outlet']) {
  return outlet === 'consultoria' ? { ran: 'se realizó', missed: 'no se realizó' } : { ran: 'salió al aire', missed: 'no salió al aire' }
}

/** A week's cell as the founder reads it, or null when it only holds bookings. */
function weekSentence(cell: FlowchartCell, row: FlowchartRow, monday: string, thisWeek: boolean): string | null {
  const w = words(row.outlet)
  const parts: string[] = []
  if (cell.units.ran > 0) parts.push(`${w.ran} (${units(cell.units.ran)})`)
  if (cell.units.missed > 0) {
    const after = cell.owed <= 0 ? 'ya se repuso' : cell.owed < cell.units.missed ? `falta reponer ${units(cell.owed)}` : 'queda pendiente de reposición'
    parts.push(`${w.missed} (${units(cell.units.missed)}), ${after}`)
  }
  if (cell.units.make_good > 0) parts.push(`reposición (${units(cell.units.make_good)})`)
  if (parts.length === 0) return null
  return `${capital(weekName(monday))}${thisWeek ? ' (esta semana)' : ''}: ${parts.join('; ')}.`
}

/** The section's «Semana a semana» for a deal's ledger on `today` (Bogotá's day "AAAA-MM-DD"); '' without a line to show. */
export function mediaPlanWeeksHtml(ledger: MediaPlanLedger, today: string): string {
  const chart = mediaPlanFlowchart({ window: windowOf(ledger.deal), lines: ledger.lines, entries: ledger.entries, today })
  const rows = chart.rows.filter((r) => !r.withdrawn)
  if (rows.length === 0) return ''
  const items = rows.map((r) => {
    const first = chart.weeks[r.flight.firstWeek]!.start
    const last = chart.weeks[r.flight.lastWeek]!.start
    const count = r.flight.lastWeek - r.flight.firstWeek + 1
    const flight =
      count === 1
        ? `Planeado para la ${weekName(first)}.`
        : `Planeado de la ${weekName(first)} a la del ${formatDay(last)} (${formatCount(count)} semanas).`
    const weeks = r.cells
      .map((c) => weekSentence(c, r, chart.weeks[c.week]!.start, chart.today?.week === c.week))
      .filter((s): s is string => s !== null)
    const what =
      weeks.length > 0
        ? `<ul class="plan-weeks">\n${weeks.map((s) => `<li>${e(s)}</li>`).join('\n')}\n</ul>`
        : `<p>${e(today < r.flight.from ? `Todavía no empieza: su primera semana es la del ${formatDay(first)}.` : 'Todavía no hay registros de esta línea.')}</p>`
    const line = ledger.lines.find((l) => l.id === r.lineId)!
    return `<li><p><strong>${e(OUTLET_LABELS[line.outlet])}, ${e(line.format)}</strong></p>
<p>${e(flight)}</p>
${what}</li>`
  })
  return `<h3 id="plan-semana-a-semana">Semana a semana</h3>
<p>Cada línea de tu plan, semana por semana (de lunes a domingo). ${e(chart.todayText)}</p>
<ul class="plan-list">
${items.join('\n')}
</ul>`
}
