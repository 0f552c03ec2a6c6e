/**
 * The founder's status page and its small companions (confirmations, the
 * "lost link" form, the 404), as HTML strings: readable with no JavaScript,
 * one request (the stylesheet is inlined and uses the system font), in the
 * landing page's colours (src/styles.css tokens). Every value is escaped.
 */
import { requestKeyInput } from '../../shared/http/request-key-field.ts'
import { PROCESS_STAGES } from '../../../domain/programme.ts'
import { STAGE_LABELS, STAGE_STEP, type Stage } from '../../../domain/pipeline.ts'
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH } from '../../../domain/email.ts'
import { formatDate } from '../../../domain/format.ts'
import { noticeHtml } from '../../shared/http/notice.ts'
import { page } from '../../shared/http/founder-page-shell.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import { PANEL_CSS } from '../panel/panel-section.ts'
import type { FounderView } from '../../db/stores/founder-store.ts'

const e = escapeHtml

/** The furthest of the three stages the application reached (1 when it never moved on). */
function reachedStep(view: FounderView): 1 | 2 | 3 {
  let step: 1 | 2 | 3 = 1
  for (const s of [view.stage, ...view.changes.map((c) => c.to)]) {
    const n = STAGE_STEP[s]
    if (n !== null && n > step) step = n
  }
  return step
}

const REVIEWING = 'Estamos revisando tu información y el encaje con nuestros medios. Te escribiremos al terminar la validación preliminar.'
const NEXT: Record<Stage, string> = {
  recibida: REVIEWING,
  validacion_preliminar: REVIEWING,
  sesion_panel:
    'Elige aquí el horario de tu sesión 1:1 con el panel de expertos. Si todavía no ves horarios, te avisaremos por correo cuando los ofrezcamos.',
  due_diligence:
    'Prepara y envíanos los documentos de la due diligence. Al revisarlos, firmamos el acuerdo y definimos tu plan de exposición en medios.',
  acuerdo_firmado: 'El acuerdo está firmado. Te presentaremos al equipo que acompañará tu plan de exposición en medios.',
  no_seleccionada:
    'Esta vez tu postulación no fue seleccionada. Gracias por tu interés: la convocatoria está abierta todo el año y puedes volver a postular cuando tu startup haya avanzado.',
  retirada: 'Tu postulación está retirada y no seguiremos evaluándola.',
}

export interface StatusPageOptions {
  token: string
  contactEmail: string
  /** The documents helper's section (due diligence); rendered only when given. */
  documentsHtml?: string | null
  /** A one-line notice after an action (e.g. the deletion request recorded). */
  notice?: string | null
  /** Why the last action was refused (nothing changed); shown as an alert. */
  error?: string | null
  /** The panel session's section (panel-section.ts); rendered only when given. */
  panelHtml?: string | null
  /** «Qué sigue» when the stage's own text does not fit (the panel session's state: panel-section.ts panelNext). */
  next?: string | null
  /** «Tu acuerdo»: the agreement to read and sign, or signed to download (server/features/agreements/founder-page.ts). */
  agreementHtml?: string | null
  /** «Tu plan de medios» after the signature (media-plan-section.ts), with its styles; rendered only when given. */
  mediaPlan?: { html: string; css: string } | null
  /** The twelve months of follow-up after the signature (check-in-html.ts), with its styles; rendered only when given. */
  followUp?: { html: string; css: string } | null
  /** «Tu participación» once the programme's stake is recorded (server/features/portfolio/founder-section.ts). */
  holdingHtml?: string | null
}

export function statusPage(view: FounderView, options: StatusPageOptions): string {
  const base = `/postulacion/${options.token}`
  const closed = STAGE_STEP[view.stage] === null
  const reached = reachedStep(view)
  const currentStep = STAGE_STEP[view.stage]
  const steps = PROCESS_STAGES.map((s) => {
    const current = currentStep === s.number
    const done = s.number < reached || (view.stage === 'acuerdo_firmado' && s.number <= 3)
    const tag = current
      ? 'Etapa actual'
      : done
        ? 'Completada'
        : closed
          ? s.number === reached
            ? 'Última etapa alcanzada'
            : 'No alcanzada'
          : 'Pendiente'
    return `<li${current ? ' aria-current="step"' : ''}><span class="tag">${e(tag)}</span>
<p style="margin:.35rem 0 0"><strong>Etapa ${s.number}. ${e(s.title)}</strong> <span class="muted">(${e(s.duration)})</span></p></li>`
  }).join('\n')
  const dates = [
    `<dt>Recibida</dt><dd>${e(formatDate(view.receivedAt))}</dd>`,
    ...view.changes.map((c) => `<dt>${e(STAGE_LABELS[c.to])}</dt><dd>${e(formatDate(c.at))}</dd>`),
    ...(view.stageDueAt ? [`<dt>Respuesta estimada</dt><dd>antes del ${e(formatDate(view.stageDueAt))}</dd>`] : []),
  ].join('\n')
  const withdraw = closed
    ? ''
    : `<form method="get" action="${e(base)}/retirar"><button type="submit" class="danger">Retirar mi postulación</button></form>`
  return page(
    'Estado de tu postulación',
    `${options.error ? noticeHtml('error', e(options.error)) : ''}${options.notice ? noticeHtml('ok', e(options.notice)) : ''}
<p class="eyebrow">Tu postulación</p>
<h1>${e(STAGE_LABELS[view.stage])}</h1>
<div class="card"><p style="margin:0" class="muted">Referencia</p><p class="ref" style="margin:0">${e(view.reference)}</p></div>
<h2>Qué sigue</h2>
<p class="status">${e(options.next ?? NEXT[view.stage])}</p>
${options.panelHtml ?? ''}
${options.agreementHtml ?? ''}
${options.holdingHtml ?? ''}
${options.mediaPlan?.html ?? ''}
${options.followUp?.html ?? ''}
<h2>Las tres etapas</h2>
<ol class="steps">
${steps}
</ol>
<h2>Fechas</h2>
<div class="card"><dl>
${dates}
</dl></div>
<!-- DOCUMENTS SECTION SLOT: the due-diligence documents (server/features/founder-page/status-page.ts StatusPageDeps.documentsSection) -->
${options.documentsHtml ?? ''}
<h2>Tus datos</h2>
<p>Según la Ley 1581 de 2012 puedes conocer, actualizar o pedir que suprimamos tus datos personales.</p>
<form method="post" action="${e(base)}/datos"><button type="submit">Ver y descargar mis datos</button></form>
<form method="get" action="${e(base)}/supresion"><button type="submit">Pedir que borremos mis datos</button></form>
${withdraw}
<h2>¿Dudas?</h2>
<p>Escríbenos a <a href="mailto:${e(options.contactEmail)}">${e(options.contactEmail)}</a> e incluye tu referencia <span class="nowrap">${e(view.reference)}</span>.</p>`,
    options.contactEmail,
    (options.panelHtml ? PANEL_CSS : '') + (options.mediaPlan?.css ?? '') + (options.followUp?.css ?? ''),
  )
}

export function confirmPage(
  token: string,
  action: 'retirar' | 'supresion' | 'sesion/cancelar',
  view: FounderView,
  contactEmail: string,
  /** For 'sesion/cancelar', and 'retirar' with a session still ahead: the session's date and time as the founder reads it. */
  sessionWhen?: string,
): string {
  const base = `/postulacion/${token}`
  const copy =
    action === 'sesion/cancelar'
      ? {
          title: '¿Cancelar tu sesión con el panel?',
          body: `Si la cancelas, liberamos el horario del ${sessionWhen ?? ''} (hora de Bogotá) y retiramos la invitación de los calendarios. Luego podrás elegir otro de los horarios disponibles en tu página de estado.`,
          button: 'Sí, cancelar mi sesión',
        }
      : action === 'retirar'
      ? {
          title: '¿Retirar tu postulación?',
          // What the withdrawal does to a session still ahead, as domain/pipeline.ts STAGE_ENTAILS says (ADR 0185).
          body: `Si la retiras, dejaremos de evaluar la postulación ${view.reference} y no podrás reactivarla desde aquí. Te enviaremos un correo de confirmación.${
            sessionWhen ? ` Tu sesión con el panel del ${sessionWhen} (hora de Bogotá) también se cancela: ese correo retira la invitación de tu calendario.` : ''
          }`,
          button: 'Sí, retirar mi postulación',
        }
      : {
          title: '¿Pedir que borremos tus datos?',
          body: `El equipo recibirá tu solicitud de supresión de los datos de la postulación ${view.reference} y te responderá por correo. Borrarlos pone fin a tu participación en el proceso.`,
          button: 'Sí, pedir que borren mis datos',
        }
  return page(
    copy.title,
    `<p class="eyebrow">Referencia ${e(view.reference)}</p>
<h1>${e(copy.title)}</h1>
<p>${e(copy.body)}</p>
<form method="post" action="${e(base)}/${action}"><input type="hidden" name="confirm" value="1">${action === 'sesion/cancelar' ? requestKeyInput() : ''}<button type="submit" class="danger">${e(copy.button)}</button></form>
<p><a href="${e(base)}">No, volver a mi postulación</a></p>`,
    contactEmail,
  )
}

export function requestLinkPage(contactEmail: string, sent = false): string {
  return page(
    'Recupera tu enlace',
    `<p class="eyebrow">Tu postulación</p>
<h1>Recupera el enlace a tu postulación</h1>
${
  sent
    ? noticeHtml('ok', 'Si ese correo corresponde a una postulación, te enviamos un enlace nuevo. Revisa tu bandeja de entrada (y la de correo no deseado) en unos minutos.')
    : `<p>Escribe el correo con el que postulaste y te enviaremos un enlace nuevo a esa dirección. Los enlaces anteriores dejarán de funcionar.</p>`
}
<form method="post" action="/postulacion">
<label for="email">Correo electrónico</label>
<input id="email" name="email" type="text" inputmode="email" autocomplete="email" autocapitalize="none" spellcheck="false" required maxlength="${EMAIL_MAX_LENGTH}" pattern="${e(EMAIL_INPUT_PATTERN)}" title="Un correo como nombre@empresa.co">
<button type="submit" class="primary">Enviarme un enlace</button>
</form>`,
    contactEmail,
  )
}

/** The status page's way to the due-diligence documents (SPEC §9), shown during stage 3. */
export function documentsLinkHtml(href: string): string {
  return `<h2>Documentos de due diligence</h2>
<p>Sube cada documento de la lista desde tu página de documentos. Si la conexión se cae, la subida sigue donde quedó.</p>
<p><a href="${e(href)}">Subir mis documentos</a></p>`
}
