/**
 * The founder's copy of everything held about them (Ley 1581, art. 8: the
 * titular's right to know their data), from POST /postulacion/<token>/datos:
 * a Spanish page a person reads (labelled fields, stage history, documents,
 * e-mails), and beside it the same content as JSON with English keys for a
 * program (`formato=json`). The page is HTML rather than plain text: it
 * opens in any browser or phone, keeps its headings and tables for a screen
 * reader, prints (or saves as PDF) as it is, and can be saved as one file
 * (`formato=html`). Docs: docs/decisions/0143-founder-data-copy.md.
 *
 * What it shows is what the data-request export shows (founderRecords: every
 * application under the founder's address, its consent and e-mails), plus
 * each application's stage history (stage and date; the team's internal
 * reasons and names stay out, as on the status page) and documents.
 */
import { APPLICATION_FIELDS, FIELD_LABELS } from '../../../domain/application.ts'
import { fieldValueText } from '../../../domain/field-display.ts'
import { DOCUMENT_ITEMS, DOCUMENT_STATUS_FOUNDER_LABELS, type UploadedFile } from '../../../domain/documents.ts'
import type { MailKind } from '../../../domain/machinery.ts'
import { STAGE_LABELS, type Stage } from '../../../domain/pipeline.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { countOf, formatBytes, formatCount, formatDateTime } from '../../../domain/format.ts'
import { founderRecords } from '../review/export-content.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { DocumentStore } from '../../db/stores/document-store.ts'
import { page } from '../../shared/http/founder-page-shell.ts'
import { FOLLOW_UP_MONTHS, INSTRUMENT_LABELS, OUTLET_LABELS, formatBp, formatCop, formatDay, formatUsdCents, mediaRate, monthsText, periodEnd } from '../../../domain/deals.ts'
import type { HeldAgreement, HeldDeal, HeldFollowUp, HeldHolding, HeldMediaPlan } from '../../../domain/workspace-api/data-requests.ts'
import { ENTRY_KIND_LABELS } from '../../../domain/media-plan.ts'
import { METRICS, METRIC_KEYS, TEXTS, TEXT_KEYS, checkInTitle, formatMetric } from '../../../domain/follow-up.ts'

type HeldRecord = Awaited<ReturnType<typeof founderRecords>>[number]

/** One application as the founder's copy holds it: the export's record, its stage and history, its documents. */
export interface FounderCopyApplication extends HeldRecord {
  stage: Stage
  stageHistory: { from: Stage; to: Stage; at: string }[]
  /** `item`: the SPEC §9 document it answers. */
  documents: (UploadedFile & { item: string })[]
}

export interface FounderCopy {
  generatedAt: string
  applications: FounderCopyApplication[]
}

export async function founderCopy(
  deps: { store: ApplicationStore; reviews: ReviewStore; documents: Pick<DocumentStore, 'list'> },
  email: string,
  at: Date,
): Promise<FounderCopy> {
  const applications: FounderCopyApplication[] = []
  for (const record of await founderRecords(deps.store, email)) {
    const current = await deps.reviews.getApplication(record.id)
    const changes = await deps.reviews.listStageChanges(record.id)
    const docs = await deps.documents.list(record.id)
    applications.push({
      ...record,
      stage: current?.stage ?? 'recibida',
      stageHistory: changes.map((c) => ({ from: c.from, to: c.to, at: c.at.toISOString() })),
      documents: docs.map((d) => ({
        item: d.itemKey,
        fileName: d.fileName,
        mediaType: d.mediaType,
        sizeBytes: d.sizeBytes,
        sha256: d.sha256,
        uploadedAt: d.uploadedAt.toISOString(),
        status: d.status,
        reviewNote: d.status === 'new_version_requested' ? d.reviewNote : null,
      })),
    })
  }
  return { generatedAt: at.toISOString(), applications }
}

export function founderCopyJson(copy: FounderCopy): string {
  return JSON.stringify(copy, null, 2) + '\n'
}

const when = (iso: string) => `${formatDateTime(iso)} (hora de Bogotá)`

/** How the founder's copy names each e-mail kind: only kinds about an application reach it. */
const MAIL_LABELS: Record<MailKind, string> = {
  applicant_confirmation: 'Confirmación de tu postulación',
  team_notification: 'Aviso al equipo',
  team_sign_in: 'Enlace de acceso del equipo',
  team_reminder: 'Recordatorio al equipo',
  founder_status: 'Correo sobre tu postulación',
  founder_link: 'Enlace nuevo a tu postulación',
  founder_data_deleted: 'Confirmación de datos eliminados',
  team_founder_activity: 'Aviso al equipo de lo que hiciste',
  founder_panel_invitation: 'Invitación a la sesión con el panel',
  founder_panel_times: 'Horarios para la sesión con el panel',
  team_panel_invitation: 'Invitación del panel a la sesión',
  founder_panel_reminder: 'Recordatorio de la sesión con el panel',
  team_panel_reminder: 'Recordatorio al panel',
  founder_check_in: 'Reporte mensual del seguimiento',
  founder_agreement: 'Tu acuerdo para firmar',
  agreement_code: 'Código para firmar el acuerdo',
  team_agreement: 'Aviso al equipo sobre la firma del acuerdo',
  team_holding: 'Recordatorio al equipo de un saldo de la suscripción sin pagar',
}
const MAIL_STATUS: Record<string, string> = { pending: 'por enviar', sent: 'enviado', failed: 'no se pudo entregar' }

const e = escapeHtml
const row = (label: string, value: string) => `<tr><th scope="row">${e(label)}</th><td>${e(value) || '<span class="muted">(vacío)</span>'}</td></tr>`

const COPY_CSS = `
table{width:100%;border-collapse:collapse;background:#fff;margin:0 0 1rem}
th,td{text-align:left;vertical-align:top;padding:.45rem .6rem;border-bottom:1px solid var(--ink-200)}
caption{text-align:left;font-weight:700;padding:.5rem 0}
th[scope=row]{width:38%;color:var(--ink-600);font-weight:600}
td{white-space:pre-wrap;overflow-wrap:anywhere}
@media (max-width:30rem){th[scope=row],td{display:block;width:auto;border:0;padding:.15rem 0}td{padding-bottom:.6rem;border-bottom:1px solid var(--ink-200)}}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}.actions form{margin:0}
@media print{.actions{display:none}}
`

function applicationHtml(app: FounderCopyApplication): string {
  const fields = APPLICATION_FIELDS.map((f) => row(FIELD_LABELS[f], fieldValueText(f, String(app.formData[f] ?? '')))).join('\n')
  const history = [
    `<li>${e(when(app.receivedAt))}: recibimos tu postulación.</li>`,
    ...app.stageHistory.map((c) => `<li>${e(when(c.at))}: de «${e(STAGE_LABELS[c.from])}» a «${e(STAGE_LABELS[c.to])}».</li>`),
  ].join('\n')
  const documents =
    app.documents.length === 0
      ? '<p class="muted">No has subido documentos.</p>'
      : `<table><thead><tr><th scope="col">Documento</th><th scope="col">Archivo</th><th scope="col">Estado</th></tr></thead><tbody>
${app.documents
  .map((d) => {
    const label = DOCUMENT_ITEMS.find((i) => i.key === d.item)?.label ?? d.item
    const note = d.reviewNote ? `<br>Nota del equipo: ${e(d.reviewNote)}` : ''
    return `<tr><td>${e(label)}</td><td>${e(d.fileName)}<br><span class="muted">${e(formatBytes(d.sizeBytes))}, subido el ${e(when(d.uploadedAt))}</span></td><td>${e(DOCUMENT_STATUS_FOUNDER_LABELS[d.status])}${note}</td></tr>`
  })
  .join('\n')}
</tbody></table>`
  const emails =
    app.emails.length === 0
      ? '<p class="muted">Ninguno.</p>'
      : `<ul>\n${app.emails
          .map((m) => `<li>${e(MAIL_LABELS[m.kind] ?? m.kind)}, a ${e(m.to)}: ${e(MAIL_STATUS[m.status] ?? m.status)}${m.settledAt ? ` (${e(when(m.settledAt))})` : ''}.</li>`)
          .join('\n')}\n</ul>`
  return `<section aria-labelledby="app-${e(app.id)}">
<h2 id="app-${e(app.id)}">Postulación ${e(app.reference)}</h2>
<table><tbody>
${row('Referencia', app.reference)}
${row('Recibida', when(app.receivedAt))}
${row('Etapa actual', STAGE_LABELS[app.stage])}
${row('Autorización de tratamiento de datos', `Aceptaste la política versión ${app.consent.policyVersion} el ${when(app.consent.acceptedAt)}`)}
${app.origin.source ? row('Medio por el que llegaste', app.origin.source) : ''}${app.origin.heardFrom ? row('¿Dónde nos conociste?', app.origin.heardFrom) : ''}
</tbody></table>
<h3>Lo que escribiste en el formulario</h3>
<table><tbody>
${fields}
</tbody></table>
<h3>Historial de etapas</h3>
<ol>
${history}
</ol>
${agreementsHtml(app.agreements)}${dealHtml(app.deal)}${holdingHtml(app.holding)}${mediaPlanHtml(app.mediaPlan)}${followUpHtml(app.followUp)}<h3>Documentos</h3>
${documents}
<h3>Correos sobre esta postulación</h3>
${emails}
</section>`
}

/** The programme's stake as registered: each event's kind and day, in order (its numbers are in the JSON copy); nothing without one. */
function holdingHtml(holding: HeldHolding | null): string {
  if (!holding || holding.events.length === 0) return ''
  const items = holding.events
    .filter((x) => x.kind !== 'void')
    .map((x) => `<li>${e(formatDay(x.day))}: ${e(x.label)}${x.voided ? ' (anulado)' : ''}${x.note ? `. ${e(x.note)}` : ''}</li>`)
    .join('\n')
  return `<h3>Participación del programa en tu compañía</h3>
<p class="muted">Los eventos del registro de la participación; sus cifras están en la copia en JSON.</p>
<ol>
${items}
</ol>
`
}

const AGREEMENT_STATUS_WORDS: Record<string, string> = {
  sent: 'enviado para firma',
  founder_signed: 'firmado por ti, falta la firma del programa',
  sealing: 'firmado por ambas partes, sellándose',
  signed: 'firmado por ambas partes',
  declined: 'rechazado',
  expired: 'vencido sin firmar',
  voided: 'anulado (se envió una versión nueva)',
}

/** Each agreement sent for signature, with the evidence of your signature; nothing when there is none. */
function agreementsHtml(agreements: readonly HeldAgreement[]): string {
  if (agreements.length === 0) return ''
  return `<h3>Tus acuerdos enviados para firma</h3>
${agreements
  .map((a) => {
    const sigs = a.signatures
      .map((s) =>
        s.role === 'founder'
          ? row('Tu firma', `${s.name} (${s.email ?? ''}), el ${when(s.signedAt)}, con un código enviado a tu correo; desde la dirección IP ${s.ip ?? ''} y el navegador ${s.userAgent ?? ''}. Aceptaste la firma electrónica (texto versión ${s.consentVersion ?? ''}): «${s.consentText ?? ''}»`)
          : row('Firma del programa', `${s.name}, el ${when(s.signedAt)}`),
      )
      .join('\n')
    return `<table><caption>Acuerdo ${e(a.code)}, versión ${a.version}</caption><tbody>
${row('Estado', AGREEMENT_STATUS_WORDS[a.status] ?? a.status)}
${row('Enviado', when(a.sentAt))}
${row('Huella SHA-256 del documento enviado', a.documentSha256)}
${a.signedSha256 ? row('Huella SHA-256 del documento firmado', a.signedSha256) : ''}
${sigs}
</tbody></table>${a.signedPdfBase64 ? `\n<p><a download="acuerdo-${e(a.code)}-v${a.version}-firmado.pdf" href="data:application/pdf;base64,${a.signedPdfBase64}">Descargar el acuerdo firmado (PDF)</a></p>` : ''}`
  })
  .join('\n')}
`
}

/** The deal signed with the programme, in Colombian figures; nothing when there is none. */
function dealHtml(deal: HeldDeal | null): string {
  if (!deal) return ''
  const end = periodEnd(deal.exposureStart, deal.exposureMonths)
  return `<h3>Tu acuerdo con el programa</h3>
<table><tbody>
${row('Firmado', when(deal.signedAt))}
${row('Participación', `${formatBp(deal.equityBasisPoints)} en ${INSTRUMENT_LABELS[deal.instrument].toLowerCase()}${deal.discountBasisPoints === null ? '' : `, con ${formatBp(deal.discountBasisPoints)} de descuento`}`)}
${row('Valoración de referencia', formatUsdCents(deal.valuationUsdCents))}
${row('Pauta en medios a tarifa', formatCop(deal.mediaValueCop))}
${row('Valor de inversión acordado', `${formatCop(deal.investmentValueCop)} (relación ${mediaRate(deal.mediaValueCop, deal.investmentValueCop)})`)}
${row('Exposición en medios', `Del ${formatDay(deal.exposureStart)} al ${formatDay(end)} (${monthsText(deal.exposureMonths)})`)}
${row('Seguimiento', `Del ${formatDay(deal.followUpStart)} al ${formatDay(periodEnd(deal.followUpStart, FOLLOW_UP_MONTHS))} (12 meses)`)}
</tbody></table>
`
}

/** The media plan and its ledger (ADR 0160): each line at its rate-card price, then every entry, corrections included. */
function mediaPlanHtml(plan: HeldMediaPlan | null): string {
  if (!plan) return ''
  if (plan.lines.length === 0) return '<h3>Tu plan de medios</h3>\n<p class="muted">El programa todavía no ha registrado líneas en tu plan de medios.</p>\n'
  const lines = plan.lines
    .map((l) => `<tr><td>${l.number}</td><td>${e(OUTLET_LABELS[l.outlet])}, ${e(l.format)}</td><td>${e(formatCount(l.units))}</td><td>${e(formatCop(l.unitPriceCop))}</td><td>${e(formatCop(l.units * l.unitPriceCop))}</td><td>Del ${e(formatDay(l.flightFrom))} al ${e(formatDay(l.flightTo))}</td></tr>`)
    .join('\n')
  const voided = new Set(plan.entries.map((x) => x.voids).filter((v) => v !== null))
  const entries = plan.entries.map((x) => {
    const what = `${ENTRY_KIND_LABELS[x.kind]}, línea ${x.line}, ${e(formatDay(x.day))}${x.units > 0 ? `: ${e(countOf(x.units, 'unidad', 'unidades'))}` : ''}${x.toLine ? ` a la línea ${x.toLine}` : ''}`
    const extra = `${x.reason ? ` (${e(x.reason)})` : ''}${x.proofUrl ? ` · <a href="${e(x.proofUrl)}" rel="noopener noreferrer">prueba de emisión</a>` : ''}${voided.has(x.id) ? ' · anulado después' : ''}`
    return `<li>${what}${extra}</li>`
  })
  return `<h3>Tu plan de medios</h3>
<table><thead><tr><th scope="col">Línea</th><th scope="col">Medio y formato</th><th scope="col">Unidades</th><th scope="col">Precio unitario</th><th scope="col">Valor</th><th scope="col">Vuelo</th></tr></thead><tbody>
${lines}
</tbody></table>
${entries.length > 0 ? `<p>Lo que pasó con cada línea (cada registro, también las correcciones):</p>\n<ul>\n${entries.join('\n')}\n</ul>` : '<p class="muted">Todavía no hay registros de emisión.</p>'}
`
}

/** The follow-up (ADR 0167): every version of every monthly check-in sent, the reviews' days, the closing. */
function followUpHtml(followUp: HeldFollowUp | null): string {
  if (!followUp) return ''
  const checkIns =
    followUp.checkIns.length === 0
      ? '<p class="muted">Todavía no has enviado reportes mensuales.</p>'
      : followUp.checkIns
          .map((c) => {
            const rows = [
              ...METRIC_KEYS.map((k) => row(METRICS[k].label, formatMetric(k, c[k]))),
              ...TEXT_KEYS.map((k) => row(TEXTS[k].label, c[k])),
            ].join('\n')
            return `<table><caption>${e(checkInTitle({ number: c.month, period: c.period }))}, versión ${c.version}, enviada el ${e(when(c.submittedAt))}</caption><tbody>\n${rows}\n</tbody></table>`
          })
          .join('\n')
  const reviews = followUp.milestones.map((m) => `<li>Revisión del mes ${m.month} con el equipo: ${e(formatDay(m.heldOn))}.</li>`)
  return `<h3>Tu seguimiento</h3>
<p>Desde el ${e(formatDay(followUp.start))}${followUp.closedAt ? `; terminó el ${e(when(followUp.closedAt))}` : ''}. Guardamos cada versión de cada reporte que enviaste.</p>
${checkIns}
${reviews.length > 0 ? `<ul>\n${reviews.join('\n')}\n</ul>` : ''}
`
}

/**
 * The readable copy. `actionBase` is the status page's path: given, the page
 * carries the two download buttons (POST forms); the saved file has none.
 */
export function founderCopyHtml(copy: FounderCopy, options: { contactEmail: string; actionBase: string | null }): string {
  const { actionBase } = options
  const actions = actionBase
    ? `<div class="actions">
<form method="post" action="${e(actionBase)}/datos"><input type="hidden" name="formato" value="html"><button type="submit">Guardar esta copia (HTML)</button></form>
<form method="post" action="${e(actionBase)}/datos"><input type="hidden" name="formato" value="json"><button type="submit">Descargar en JSON (para programas)</button></form>
</div>
<p><a href="${e(actionBase)}">Volver a mi postulación</a></p>`
    : ''
  const count = copy.applications.length
  return page(
    'Tus datos personales',
    `<p class="eyebrow">Ley 1581 de 2012</p>
<h1>Tus datos personales</h1>
<p>Esta es una copia de todo lo que ${e(PROGRAMME_NAME)} guarda sobre ${count === 1 ? 'tu postulación' : `tus ${countOf(count, 'postulación', 'postulaciones')}`} con tu correo, generada el ${e(when(copy.generatedAt))}. El archivo JSON tiene los mismos datos con nombres de campo en inglés, para leerlo con un programa.</p>
${actions}
${copy.applications.map(applicationHtml).join('\n')}
<h2>¿Algo no está bien?</h2>
<p>Puedes pedir que corrijamos o borremos tus datos escribiendo a <a href="mailto:${e(options.contactEmail)}">${e(options.contactEmail)}</a>.</p>`,
    options.contactEmail,
    COPY_CSS,
  )
}
