/**
 * The two e-mails of a submission, rendered to subject + plain text + HTML.
 * Pure and runtime-agnostic (no node: imports): the function renders them on
 * Node and on Deno, and stores them in the outbox with the application.
 *
 * Every value the founder typed is HTML-escaped in the HTML part, and anything
 * that reaches a header (the subject carries the trade name) is stripped of
 * line breaks and control characters, so no header can be injected
 * (the primitives: server/shared/mail/templates.ts).
 */
import {
  APPLICATION_FIELDS,
  FIELD_LABELS,
  HIDDEN_FIELDS,
  type Application,
} from '../../../domain/application.ts'
import type { CompanyInfo } from '../../../domain/company.ts'
import { fieldValueText } from '../../../domain/field-display.ts'
import { formatDateTime } from '../../../domain/format.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { DUE_DILIGENCE_DOCUMENTS, PROCESS_STAGES, PROGRAMME_NAME } from '../../../domain/programme.ts'
import { HEARD_FROM_LABEL, originText, type ApplicationOrigin, type SourceOutlet } from '../../../domain/sources.ts'
import {
  ACCENT,
  MUTED,
  companyFooterHtml,
  companyFooterText,
  escapeHtml,
  headerSafe,
  htmlDocument,
  multiline,
  oneLine,
  type RenderedMail,
} from '../../shared/mail/templates.ts'

export interface MailConfig {
  /** The From header, e.g. `Catalítico Media for Equity <postulaciones@catalitico.example>`. */
  from: string
  /** Where the team's notification goes. */
  teamEmail: string
  company: CompanyInfo
}

export interface MailContext {
  reference: string
  receivedAt: Date
  formData: Application
  policyVersion: string
  /** The answer to «¿Dónde nos conociste?», for the team's e-mail (the source itself is filled as it leaves: fillSourceLine). */
  heardFrom?: SourceOutlet | null
}

let formattedMinute = NaN
let formatted = ''

/** When the application was received, in Colombian time. */
export function formatReceivedAt(date: Date): string {
  // The text names the minute, and Bogotá's offset from UTC is whole minutes (whole hours since
  // 1914): every instant of a UTC minute reads alike, so one formatting (some 10 µs) serves it.
  const minute = Math.floor(date.getTime() / 60_000)
  if (minute !== formattedMinute) {
    formatted = `${formatDateTime(date)} (hora de Colombia)`
    formattedMinute = minute
  }
  return formatted
}

const SHOWN_FIELDS = APPLICATION_FIELDS.filter((f) => !(HIDDEN_FIELDS as readonly string[]).includes(f))

// Each row's label cell, built once.
const LABEL_CELLS = SHOWN_FIELDS.map(
  (f) =>
    `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:${MUTED};font-weight:normal;width:40%">${escapeHtml(FIELD_LABELS[f])}</th>`,
)

function fieldTable(formData: Application): string {
  const rows = SHOWN_FIELDS.map((f, i) => `${LABEL_CELLS[i]}<td style="vertical-align:top;padding:6px 0">${multiline(fieldValueText(f, formData[f]))}</td></tr>`).join('\n')
  return `<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">\n${rows}\n</table>`
}

function fieldText(formData: Application): string {
  return SHOWN_FIELDS.map((f) => `${FIELD_LABELS[f]}:\n  ${fieldValueText(f, formData[f]).replace(/\r?\n/g, '\n  ')}`).join('\n')
}

/**
 * What both e-mails of a submission show alike, rendered once for the two:
 * the form's fields (text and table) and when it was received.
 */
interface SharedParts {
  receivedAt: string
  fieldText: string
  fieldTable: string
}

const sharedParts = (ctx: MailContext): SharedParts => ({
  receivedAt: formatReceivedAt(ctx.receivedAt),
  fieldText: fieldText(ctx.formData),
  fieldTable: fieldTable(ctx.formData),
})

/** Both e-mails of a submission: the confirmation to the applicant and the team's notification. */
export function renderSubmissionMails(ctx: MailContext, config: MailConfig): { confirmation: RenderedMail; notification: RenderedMail } {
  const shared = sharedParts(ctx)
  return { confirmation: applicantConfirmation(ctx, config, shared), notification: teamNotification(ctx, shared) }
}

// --- The confirmation to the applicant --------------------------------------

// The parts that never change, built once.
const STAGES_TEXT = PROCESS_STAGES.map((s) => `${s.number}. ${s.title} (${s.duration}): ${s.description}`).join('\n')
const DOCUMENTS_TEXT = DUE_DILIGENCE_DOCUMENTS.map((doc) => `- ${doc}`).join('\n')
const STAGES_HTML = PROCESS_STAGES.map(
  (s) =>
    `<li style="margin:0 0 8px"><strong>${escapeHtml(s.title)}</strong> <span style="color:${MUTED}">(${escapeHtml(s.duration)})</span><br>${escapeHtml(s.description)}</li>`,
).join('\n')
const DOCUMENTS_HTML = DUE_DILIGENCE_DOCUMENTS.map((doc) => `<li>${escapeHtml(doc)}</li>`).join('\n')

export function renderApplicantConfirmation(ctx: MailContext, config: MailConfig): RenderedMail {
  return applicantConfirmation(ctx, config, sharedParts(ctx))
}

function applicantConfirmation(ctx: MailContext, config: MailConfig, shared: SharedParts): RenderedMail {
  const { formData: d, reference } = ctx
  const subject = headerSafe(`Recibimos tu postulación a ${PROGRAMME_NAME} (${reference})`)
  const greeting = `Hola, ${oneLine(d.founderName)}:`
  const intro = `Recibimos la postulación de ${oneLine(d.tradeName)} a ${PROGRAMME_NAME} el ${shared.receivedAt}.`
  const referenceLine = `Tu número de referencia es ${reference}. Inclúyelo si nos escribes sobre tu postulación.`
  // The placeholder becomes the founder's personal link as the e-mail leaves (the outbox worker, ADR 0117, 0137).
  const statusLine = 'En tu página personal ves en qué punto está tu postulación, en todo momento. El enlace es solo para ti: no lo compartas.'

  const text = `${greeting}

${intro}

${referenceLine}

SIGUE TU POSTULACIÓN
${statusLine}
${PERSONAL_LINK_PLACEHOLDER}

QUÉ SIGUE
${STAGES_TEXT}

DOCUMENTOS PARA IR PREPARANDO
Si tu startup avanza a la etapa de due diligence, te pediremos:
${DOCUMENTS_TEXT}

RESUMEN DE LO QUE NOS ENVIASTE
${shared.fieldText}

Si algo de esta información no es correcto, responde a este correo o escríbenos a ${config.company.contactEmail}.

El equipo de ${PROGRAMME_NAME}

${companyFooterText(config.company, ctx.policyVersion)}
`

  const html = htmlDocument(
    subject,
    `<p style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${ACCENT};margin:0 0 8px">${escapeHtml(PROGRAMME_NAME)}</p>
<h1 style="font-size:24px;line-height:1.25;margin:0 0 16px">Recibimos tu postulación</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="padding:12px 16px;background:#fff7ed;border-left:4px solid ${ACCENT}">Tu número de referencia es <strong style="font-size:18px;letter-spacing:.04em">${escapeHtml(reference)}</strong>.<br>Inclúyelo si nos escribes sobre tu postulación.</p>
<h2 style="font-size:18px;margin:24px 0 8px">Sigue tu postulación</h2>
<p style="margin:0 0 12px">${escapeHtml(statusLine)}</p>
<p style="margin:0"><a href="${PERSONAL_LINK_PLACEHOLDER}" style="display:inline-block;padding:10px 18px;border-radius:999px;background:${ACCENT};color:#ffffff;font-weight:bold;text-decoration:none">Ver mi postulación</a></p>
<h2 style="font-size:18px;margin:24px 0 8px">Qué sigue</h2>
<ol style="padding-left:20px;margin:0">
${STAGES_HTML}
</ol>
<h2 style="font-size:18px;margin:24px 0 8px">Documentos para ir preparando</h2>
<p style="margin:0 0 8px">Si tu startup avanza a la etapa de due diligence, te pediremos:</p>
<ul style="padding-left:20px;margin:0">
${DOCUMENTS_HTML}
</ul>
<h2 style="font-size:18px;margin:24px 0 8px">Resumen de lo que nos enviaste</h2>
${shared.fieldTable}
<p style="margin-top:24px">Si algo de esta información no es correcto, responde a este correo o escríbenos a <a href="mailto:${escapeHtml(config.company.contactEmail)}">${escapeHtml(config.company.contactEmail)}</a>.</p>
<p>El equipo de ${escapeHtml(PROGRAMME_NAME)}</p>
${companyFooterHtml(config.company, ctx.policyVersion)}`,
  )
  return { subject, text, html }
}

// --- The notification to the programme team --------------------------------

export function renderTeamNotification(ctx: MailContext, _config: MailConfig): RenderedMail {
  return teamNotification(ctx, sharedParts(ctx))
}

/**
 * Where the source's line goes in the team's «Nueva postulación»: the submission writes the e-mail
 * with the application in one statement, before the source's name is read, so the outbox worker puts the line
 * in as the e-mail leaves (fillSourceLine), from the attribution saved with it, with no query in the
 * submission (ADR 0206). Control characters are refused in every field of the form (domain/application.ts),
 * so nothing the founder typed can hold the placeholder.
 */
export const SOURCE_PLACEHOLDER = '[fuente\u0001]'

/** The team's e-mail as it leaves: the placeholder replaced by where the application came from, in both parts. */
export function fillSourceLine<M extends RenderedMail>(mail: M, origin: ApplicationOrigin): M {
  const { source, via } = originText(origin)
  return {
    ...mail,
    text: mail.text.split(SOURCE_PLACEHOLDER).join(`${source}${via ? `, ${via}` : ''}`),
    html: mail.html.split(SOURCE_PLACEHOLDER).join(`<strong>${escapeHtml(source)}</strong>${via ? `, ${escapeHtml(via)}` : ''}`),
  }
}

function teamNotification(ctx: MailContext, shared: SharedParts): RenderedMail {
  const { formData: d, reference } = ctx
  const subject = headerSafe(`Nueva postulación: ${d.tradeName} (${reference})`)
  const summary = `${oneLine(d.founderName)} (${oneLine(d.position)}) postuló ${oneLine(d.tradeName)} el ${shared.receivedAt}.`
  const replyHint = 'Responde a este correo para escribirle directamente a la persona fundadora.'
  const consent = `Autorizó el tratamiento de sus datos personales (política versión ${ctx.policyVersion}).`
  const heardFrom = `${HEARD_FROM_LABEL}: ${originText({ source: null, heardFrom: ctx.heardFrom ?? null }).heardFrom}`

  const text = `${summary}
Referencia: ${reference}
Fuente: ${SOURCE_PLACEHOLDER}
${heardFrom}
${replyHint}

${shared.fieldText}

${consent}
`
  const html = htmlDocument(
    subject,
    `<h1 style="font-size:20px;line-height:1.25;margin:0 0 12px">Nueva postulación: ${escapeHtml(oneLine(d.tradeName))}</h1>
<p>${escapeHtml(summary)}<br>Referencia: <strong>${escapeHtml(reference)}</strong><br>Fuente: ${SOURCE_PLACEHOLDER}<br>${escapeHtml(heardFrom)}<br><span style="color:${MUTED}">${escapeHtml(replyHint)}</span></p>
${shared.fieldTable}
<p style="font-size:13px;color:${MUTED};margin-top:24px">${escapeHtml(consent)}</p>`,
  )
  return { subject, text, html }
}
