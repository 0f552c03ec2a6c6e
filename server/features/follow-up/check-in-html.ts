/**
 * The monthly check-in's page under the founder's personal link
 * (/postulacion/<token>/seguimiento) and the follow-up's section of the
 * status page, as HTML strings (ADR 0164): no JavaScript, big
 * touch targets, every metric with its definition on screen, each refusal
 * beside its field with what was typed kept. Every value is escaped; figures
 * and days through the one es-CO formatter.
 */
import { requestKeyInput } from '../../shared/http/request-key-field.ts'
import { formatDay } from '../../../domain/deals.ts'
import {
  CHECK_IN_COUNT,
  CHECK_IN_STATE_LABELS,
  CHECK_IN_TEXT_MAX,
  METRICS,
  METRIC_KEYS,
  MILESTONE_STATE_LABELS,
  TEXTS,
  TEXT_KEYS,
  checkInTitle,
  followUpView,
  formatMetric,
  nextCheckIn,
  type CheckInField,
  type CheckInMonth,
} from '../../../domain/follow-up.ts'
import { formatCount, formatDate, formatDateTime, formatIsoDay, formatMonth, SCROLL_HINT, sentence } from '../../../domain/format.ts'
import type { CheckIn, FollowUpRecord } from '../../db/stores/follow-up-store.ts'
import { escapeHtml as e } from '../../shared/mail/templates.ts'
import { page } from '../../shared/http/founder-page-shell.ts'
import { noticeHtml } from '../../shared/http/notice.ts'
import { followUpChartsHtml } from './status-page-chart.ts'
import { NO_FIGURES_TEXT, type DayInterval } from '../../../domain/follow-up-chart.ts'

/** The form's field names (short Spanish words; the keys stay English in code). */
export const FIELD_NAMES: Record<CheckInField, string> = {
  salesUsdCents: 'ventas',
  activeCustomers: 'activos',
  newCustomers: 'nuevos',
  siteVisits: 'visitas',
  leads: 'leads',
  teamSize: 'equipo',
  runwayMonths: 'caja',
  wentWell: 'bien',
  wentBadly: 'mal',
  needs: 'necesita',
}

/** «Tus cifras» before any figure: one line instead of a chart per metric with nothing in it. */
export const NO_FIGURES_YET = `${NO_FIGURES_TEXT}: cuando envíes tu primer reporte, aquí verás una gráfica de cada una.`

/**
 * The page's styles. «Tus cifras mes a mes» is wider than a phone: it scrolls sideways in its labelled
 * region and says so with no JavaScript, as the workspace's ScrollArea does with it: a shade on the right
 * while columns are hidden there (a background that scrolls with the table covers it at the end) and
 * «Desliza para ver más →» under it. The months stay put at the left, so a row is still read as its month.
 * Where CSS scroll timelines exist, the words show only while columns are hidden on the right (a table that
 * fits has an inactive timeline, which leaves them hidden); elsewhere, on any narrow screen.
 */
export const CHECK_IN_CSS = `
fieldset{border:0;padding:0;margin:0 0 1.5rem}
legend{font-size:1.15rem;font-weight:700;margin:0 0 .75rem;padding:0}
.field{margin:0 0 1.25rem}
.field label{font-size:1.05rem}
.hint{margin:.1rem 0 .4rem;color:var(--ink-600);font-size:.95rem;line-height:1.45}
.field input,.field textarea{font:inherit;font-size:1.1rem;width:100%;min-height:3rem;padding:.65rem .8rem;border:2px solid var(--ink-600);border-radius:.5rem;background:#fff;color:var(--ink-950)}
.field textarea{min-height:6rem;resize:vertical}
.field input:focus,.field textarea:focus{outline:3px solid var(--accent-700);outline-offset:2px}
.field [aria-invalid=true]{border-color:var(--danger)}
.field-error{color:var(--danger);font-weight:700;margin:.1rem 0 .4rem}
.optional{font-weight:400;color:var(--ink-600)}
.errors{border-left:4px solid var(--danger);background:#fff;padding:.75rem 1rem;border-radius:.25rem;margin:0 0 1.25rem}
.errors ul{margin:.25rem 0 0;padding-left:1.2rem}
button.wide,a.button.wide{display:block;width:100%;text-align:center;font-size:1.1rem;min-height:3.25rem}
a.button{display:inline-block;text-decoration:none;font:inherit;font-weight:700;border-radius:.5rem;padding:.7rem 1.1rem;border:2px solid var(--ink-950);min-height:44px}
a.button.primary{background:var(--ink-950);color:#fff}
details{margin:1rem 0}
summary{cursor:pointer;font-weight:700;min-height:44px;padding:.6rem 0}
.figures-block{margin:0 0 1rem;timeline-scope:--tus-cifras}
.table-wrap{overflow-x:auto;border:1px solid var(--ink-200);border-radius:.5rem;scroll-timeline:--tus-cifras x;background:linear-gradient(270deg,#fff 30%,rgba(255,255,255,0)) right/2.5rem 100% no-repeat local,radial-gradient(farthest-side at 100% 50%,rgba(6,13,31,.2),rgba(6,13,31,0)) right/.9rem 100% no-repeat scroll,#fff}
.table-wrap:focus{outline:3px solid var(--accent-700);outline-offset:2px}
table.figures{border-collapse:collapse;min-width:100%;font-size:.9rem;font-variant-numeric:tabular-nums}
table.figures th,table.figures td{padding:.45rem .5rem;border-bottom:1px solid var(--ink-200);text-align:right;white-space:nowrap}
table.figures th:first-child,table.figures td:first-child{text-align:left}
table.figures thead th{font-size:.8rem;color:var(--ink-600);white-space:normal;vertical-align:bottom}
table.figures tbody th{white-space:normal;min-width:6.5rem}
table.figures tr>:first-child{position:sticky;left:0;z-index:1;background:#fff;box-shadow:inset -1px 0 0 var(--ink-200)}
table.figures caption{text-align:left;padding:.5rem .5rem;font-weight:700}
.scroll-hint{margin:.25rem 0 0;text-align:right;font-size:.8rem;font-weight:700;color:var(--ink-700);display:none}
@media (max-width:40rem){.scroll-hint{display:block}}
@supports (animation-timeline:scroll()){.scroll-hint{display:block;visibility:hidden;max-height:0;margin:0;animation:scroll-hint linear both;animation-timeline:--tus-cifras}}
@keyframes scroll-hint{0%,99%{visibility:visible;max-height:2rem;margin-top:.25rem}100%{visibility:hidden;max-height:0;margin-top:0}}
ul.milestones{list-style:none;padding:0;margin:0 0 1rem}
ul.milestones li{background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:.6rem 1rem;margin:0 0 .5rem}
`

export interface CheckInPageOptions {
  token: string
  contactEmail: string
  month: CheckInMonth
  /** The check-in's latest version, if it was sent. */
  latest: CheckIn | null
  /** What the form holds: what was typed (after a refusal), or the latest version, or nothing. */
  values: Partial<Record<CheckInField, string>>
  /** The version the form starts from (the compare-and-set: 0 when none was sent). */
  baseVersion: number
  errors?: Partial<Record<CheckInField, string>>
  /** A refusal of the whole form (another version came first), in the alert at the top. */
  error?: string | null
  /** After sending: the thanks. */
  notice?: string | null
  summary?: string | null
}

const fieldId = (key: CheckInField) => `f-${FIELD_NAMES[key]}`

function metricField(key: (typeof METRIC_KEYS)[number], value: string, error: string | undefined): string {
  const m = METRICS[key]
  const id = fieldId(key)
  const described = [`${id}-def`, ...(error ? [`${id}-err`] : [])].join(' ')
  return `<div class="field">
<label for="${id}">${e(m.label)}${m.optional ? ' <span class="optional">(opcional)</span>' : ''}</label>
<p class="hint" id="${id}-def">${e(m.definition)}</p>
${error ? `<p class="field-error" id="${id}-err">${e(error)}</p>` : ''}<input id="${id}" name="${FIELD_NAMES[key]}" type="text" inputmode="${m.unit === 'usd_cents' ? 'decimal' : 'numeric'}" autocomplete="off" spellcheck="false" maxlength="40" value="${e(value)}" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}${m.optional ? '' : ' aria-required="true"'}>
</div>`
}

function textField(key: (typeof TEXT_KEYS)[number], value: string, error: string | undefined): string {
  const t = TEXTS[key]
  const id = fieldId(key)
  const described = [`${id}-def`, ...(error ? [`${id}-err`] : [])].join(' ')
  return `<div class="field">
<label for="${id}">${e(t.label)} <span class="optional">(opcional)</span></label>
<p class="hint" id="${id}-def">${e(t.hint)} Hasta ${formatCount(CHECK_IN_TEXT_MAX)} caracteres.</p>
${error ? `<p class="field-error" id="${id}-err">${e(error)}</p>` : ''}<textarea id="${id}" name="${FIELD_NAMES[key]}" rows="3" maxlength="${CHECK_IN_TEXT_MAX}" aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}>${e(value)}</textarea>
</div>`
}

/** The figures of one check-in as a definition list (what was sent). */
function sentFigures(checkIn: CheckIn): string {
  const figures = METRIC_KEYS.map((k) => `<dt>${e(METRICS[k].label)}</dt><dd>${e(formatMetric(k, checkIn[k]))}</dd>`)
  const texts = TEXT_KEYS.map((k) => `<dt>${e(TEXTS[k].label)}</dt><dd>${checkIn[k] ? e(checkIn[k]) : '<span class="muted">(vacío)</span>'}</dd>`)
  return `<div class="card"><dl>\n${[...figures, ...texts].join('\n')}\n</dl></div>`
}

export function checkInPage(o: CheckInPageOptions): string {
  const base = `/postulacion/${o.token}`
  const errors = o.errors ?? {}
  const bad = (Object.keys(errors) as CheckInField[]).filter((k) => errors[k])
  const summary =
    bad.length > 0
      ? `<div class="errors" role="alert" tabindex="-1" id="errores"><p style="margin:0"><strong>${e(o.summary ?? '')}</strong></p><ul>${bad
          .map((k) => `<li><a href="#${fieldId(k)}">${e(k in METRICS ? METRICS[k as keyof typeof METRICS].label : TEXTS[k as keyof typeof TEXTS].label)}</a>: ${e(errors[k]!)}</li>`)
          .join('')}</ul></div>`
      : ''
  const form = `<form method="post" action="${e(base)}/seguimiento" novalidate>
<input type="hidden" name="mes" value="${o.month.number}">
<input type="hidden" name="version" value="${o.baseVersion}">
${requestKeyInput()}
<fieldset><legend>Las cifras de ${e(formatMonth(o.month.period))}</legend>
${METRIC_KEYS.map((k) => metricField(k, o.values[k] ?? '', errors[k])).join('\n')}
</fieldset>
<fieldset><legend>Cuéntanos del mes</legend>
${TEXT_KEYS.map((k) => textField(k, o.values[k] ?? '', errors[k])).join('\n')}
</fieldset>
<button type="submit" class="primary wide">${o.latest ? 'Guardar la corrección' : 'Enviar mi reporte'}</button>
</form>`
  const sent = o.latest
    ? `${noticeHtml('ok', `${o.notice ? `${e(o.notice)} ` : ''}${e(sentence(`Enviado el ${formatDateTime(o.latest.submittedAt)}${o.latest.version > 1 ? ` (versión ${o.latest.version}: guardamos cada una)` : ''}`))} Puedes corregirlo hasta el ${e(formatDay(o.month.closesOn))}.`)}
<h2>Lo que enviaste</h2>
${sentFigures(o.latest)}
<details${bad.length > 0 || o.error ? ' open' : ''}><summary>Corregir mi reporte</summary>
${form}
</details>`
    : `<p>Seis cifras y tres preguntas cortas, unos tres minutos. Envíalo antes del <strong>${e(formatDay(o.month.dueOn))}</strong>; puedes corregirlo hasta el ${e(formatDay(o.month.closesOn))}. Los campos marcados como opcionales puedes dejarlos vacíos.</p>
${form}`
  return page(
    checkInTitle(o.month),
    `<p class="eyebrow">Seguimiento · mes ${o.month.number} de ${CHECK_IN_COUNT}</p>
<h1>Tu reporte de ${e(formatMonth(o.month.period))}</h1>
${o.error ? noticeHtml('error', e(o.error)) : ''}${summary}
${sent}
<p><a href="${e(base)}">Volver a mi postulación</a></p>`,
    o.contactEmail,
    CHECK_IN_CSS,
  )
}

/** No check-in is open (before the first, between none, after the last, or the follow-up closed). */
export function noCheckInPage(o: { token: string; contactEmail: string; follow: FollowUpRecord; today: string }): string {
  const base = `/postulacion/${o.token}`
  const next = nextCheckIn(o.follow.followUpStart, o.today)
  const text = o.follow.closing
    ? `El seguimiento de tu startup terminó el ${formatDate(o.follow.closing.closedAt)}: ya no hay reportes por enviar. Gracias por estos meses.`
    : next
      ? `Ahora no hay un reporte abierto. El próximo, el de ${formatMonth(next.period)}, se abre el ${formatDay(next.opensOn)} y vence el ${formatDay(next.dueOn)}; te avisaremos por correo.`
      : 'Ya pasaron los doce reportes del seguimiento: no hay más por enviar.'
  return page(
    'Tu reporte mensual',
    `<p class="eyebrow">Seguimiento</p>
<h1>Tu reporte mensual</h1>
<p class="status">${e(text)}</p>
<p><a href="${e(base)}">Volver a mi postulación</a></p>`,
    o.contactEmail,
    CHECK_IN_CSS,
  )
}

/**
 * The status page's «Seguimiento» section: this month's check-in (a button to it, or «enviado»), the
 * next due day, the milestones, and the founder's own figures month by month (a table).
 */
export function followUpSectionHtml(token: string, follow: FollowUpRecord, now: Date, mediaDays: readonly DayInterval[] = []): string {
  const base = `/postulacion/${token}`
  const view = followUpView(follow, formatIsoDay(now))
  const open = view.current === null ? null : view.months[view.current - 1]!
  const next = view.next
  let current: string
  if (view.closing) {
    current = `<p style="margin:0">El seguimiento terminó el ${e(formatDate(view.closing.closedAt))}. Gracias por estos meses.</p>`
  } else if (open?.checkIn) {
    current = `<p style="margin-top:0">${e(checkInTitle(open))}: <strong>enviado</strong> el ${e(formatDate(open.checkIn.submittedAt))}. Puedes corregirlo hasta el ${e(formatDay(open.closesOn))}.</p>
<a class="button" href="${e(base)}/seguimiento">Ver o corregir mi reporte</a>${next ? `\n<p style="margin-bottom:0" class="muted">El próximo, el de ${e(formatMonth(next.period))}, vence el ${e(formatDay(next.dueOn))}.</p>` : ''}`
  } else if (open) {
    // A month that opened before the deal was recorded is never late: past its due day, it says its last day.
    const when =
      open.state === 'late'
        ? `<strong>atrasado</strong>, venció el <strong>${e(formatDay(open.dueOn))}</strong>`
        : open.dueOn < formatIsoDay(now)
          ? `puedes enviarlo hasta el <strong>${e(formatDay(open.closesOn))}</strong>`
          : `vence el <strong>${e(formatDay(open.dueOn))}</strong>`
    current = `<p style="margin-top:0">${e(checkInTitle(open))}: ${when}. Son unos tres minutos.</p>
<a class="button primary wide" href="${e(base)}/seguimiento">Enviar mi reporte de ${e(formatMonth(open.period))}</a>`
  } else if (next) {
    current = `<p style="margin:0">Tu próximo reporte, el de ${e(formatMonth(next.period))}, se abre el ${e(formatDay(next.opensOn))} y vence el ${e(formatDay(next.dueOn))}. Te avisaremos por correo.</p>`
  } else {
    current = '<p style="margin:0">Ya pasaron los doce reportes del seguimiento.</p>'
  }
  const milestones = view.milestones
    .map((m) => {
      const when = m.record ? `hecha el ${formatDay(m.record.heldOn)}` : `${MILESTONE_STATE_LABELS[m.state].toLowerCase()}, antes del ${formatDay(m.dueOn)}`
      return `<li><strong>${m.month === 12 ? 'Revisión final' : `Revisión del mes ${m.month}`}</strong> con el equipo: ${e(when)}.</li>`
    })
    .join('\n')
  // The months opened so far (and any answered): the rest are still to come.
  const months = view.months.filter((m) => m.opensOn <= view.today || m.checkIn)
  const table =
    months.length === 0
      ? '<p class="muted">Aquí verás tus cifras mes a mes cuando envíes tu primer reporte.</p>'
      : `<div class="figures-block"><div class="table-wrap" role="region" aria-labelledby="tus-cifras" tabindex="0"><table class="figures">
<caption id="tus-cifras">Tus cifras mes a mes</caption>
<thead><tr><th scope="col">Mes</th>${METRIC_KEYS.map((k) => `<th scope="col">${e(METRICS[k].short)}</th>`).join('')}</tr></thead>
<tbody>
${months
  .map((m) => {
    const label = `<th scope="row">${e(formatMonth(m.period))}</th>`
    const c = m.checkIn
    if (c) return `<tr>${label}${METRIC_KEYS.map((k) => `<td>${e(formatMetric(k, c[k]))}</td>`).join('')}</tr>`
    return `<tr>${label}<td colspan="${METRIC_KEYS.length}" style="text-align:left" class="muted">${e(CHECK_IN_STATE_LABELS[m.state])}</td></tr>`
  })
  .join('\n')}
</tbody></table></div>
<p class="scroll-hint">${e(SCROLL_HINT)}</p></div>`
  // A chart per metric with a figure (ADR 0176); the metrics with none yet said in one line, not drawn as
  // empty charts (six of them took about 2,000 px of a phone before the first report).
  const drawn = METRIC_KEYS.filter((k) => view.series[k].some((p) => p.value !== null))
  const blank = METRIC_KEYS.filter((k) => !drawn.includes(k))
  const charts =
    drawn.length > 0
      ? followUpChartsHtml(drawn.map((k) => ({ title: METRICS[k].label, unit: METRICS[k].unit, points: view.series[k].map((p) => ({ period: p.period, value: p.value })), mediaDays })))
      : ''
  const noFigures =
    months.length === 0 || blank.length === 0
      ? ''
      : `<p class="muted">${e(drawn.length === 0 ? NO_FIGURES_YET : `${NO_FIGURES_TEXT} de: ${blank.map((k) => METRICS[k].label).join(', ')}.`)}</p>\n`
  return `<h2>Seguimiento de 12 meses</h2>
<p>Desde el ${e(formatDay(view.followUpStart))}, cada mes nos cuentas cómo va tu startup con un reporte corto, y a los meses 3, 6 y 12 lo revisamos juntos.</p>
<div class="card">
${current}
</div>
<h3>Revisiones con el equipo</h3>
<ul class="milestones">
${milestones}
</ul>
<h3>Tus cifras</h3>
${charts}${noFigures}${table}`
}
