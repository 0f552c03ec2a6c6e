/**
 * The founder's status page and its small companions (confirmations, the
 * "lost link" form, the 404), as HTML strings: readable with no JavaScript,
 * one request (the stylesheet is inlined and uses the system font), in the
 * landing page's colours (src/styles.css tokens). Every value is escaped.
 */
import { requestKeyInput } from './request-key-field.ts'
import { PROCESS_STAGES, PROGRAMME_NAME } from '../../../domain/programme.ts'
import { STAGE_LABELS, STAGE_STEP, type Stage } from '../../../domain/pipeline.ts'
import { EMAIL_INPUT_PATTERN, EMAIL_MAX_LENGTH } from '../../../domain/email.ts'
import { formatDate } from '../../../domain/format.ts'
import { pageStart } from '../../shared/http/page-start.ts'
import { NOTICE_CSS, noticeHtml } from '../../shared/http/notice.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import { PANEL_CSS } from './panel-section.ts'
import type { FounderView } from '../../db/stores/founder-store.ts'

const e = escapeHtml

// The landing's tokens (ink, accent, paper); the system font avoids a font download on a phone.
const CSS = `
:root{--ink-950:#060d1f;--ink-700:#1d3366;--ink-600:#33466e;--ink-200:#d3dbeb;--ink-50:#f2f5fa;--accent-50:#fff3ed;--accent-700:#b93a12;--paper:#f7f6f2;--danger:#b42318}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink-950);font:16px/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{background:var(--ink-950);color:#fff;padding:1rem 1.25rem}
header p{margin:0;font-weight:700;letter-spacing:.02em}
main{max-width:42rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:.25rem 0 1rem}
h2{font-size:1.15rem;margin:2rem 0 .75rem}
.eyebrow{color:var(--accent-700);font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;margin:0}
.card{background:#fff;border:1px solid var(--ink-200);border-radius:.75rem;padding:1rem 1.25rem}
.ref{font-size:1.25rem;font-weight:700;letter-spacing:.04em}
.status{background:var(--ink-50);border-left:4px solid var(--ink-700);padding:.75rem 1rem;border-radius:.25rem}
ol.steps{list-style:none;padding:0;margin:0}
ol.steps li{border:1px solid var(--ink-200);background:#fff;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 .5rem}
ol.steps li[aria-current=step]{border:2px solid var(--accent-700)}
.tag{display:inline-block;font-size:.8rem;font-weight:700;border-radius:999px;padding:.05rem .6rem;background:var(--ink-50);color:var(--ink-700)}
li[aria-current=step] .tag{background:var(--accent-700);color:#fff}
.muted{color:var(--ink-600)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}
dt{color:var(--ink-600)}dd{margin:0}
@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin:0 0 .5rem}}
.nowrap{white-space:nowrap}
a{color:var(--accent-700)}
form{margin:0 0 .75rem}
button,.button{font:inherit;font-weight:700;border-radius:.5rem;padding:.7rem 1.1rem;border:2px solid var(--ink-950);background:#fff;color:var(--ink-950);cursor:pointer;min-height:44px}
button.primary{background:var(--ink-950);color:#fff}
button.danger{border-color:var(--danger);color:var(--danger)}
label{display:block;font-weight:700;margin:0 0 .25rem}
input[name=email]{font:inherit;width:100%;padding:.6rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem}
footer{max-width:42rem;margin:0 auto;padding:0 1.25rem 2rem;font-size:.875rem;color:var(--ink-600)}
${NOTICE_CSS}
`

export function page(title: string, body: string, contactEmail: string, extraCss = ''): string {
  return `${pageStart('noindex, nofollow')}<meta name="referrer" content="no-referrer">
<title>${e(title)} · ${e(PROGRAMME_NAME)}</title>
<style>${CSS}${extraCss}</style>
</head>
<body>
<header><p>${e(PROGRAMME_NAME)}</p></header>
<main>
${body}
</main>
<footer>¿Preguntas? Escríbenos a <a href="mailto:${e(contactEmail)}">${e(contactEmail)}</a>.</footer>
</body>
</html>
`
}

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
  /** «Tu plan de medios» after the signature (media-plan-section.ts), with its styles; rendered only when given. */
  mediaPlan?: { html: string; css: string } | null
  /** The twelve months of follow-up after the signature (check-in-html.ts), with its styles; rendered only when given. */
  followUp?: { html: string; css: string } | null
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
<!-- DOCUMENTS SECTION SLOT: the due-diligence documents (server/features/founder/status-page.ts StatusPageDeps.documentsSection) -->
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

/**
 * The page every founder route answers (404) for a link that is unknown, replaced or no longer available; the
 * same for each, so a guess learns nothing. Its likeliest reader holds the link of an old e-mail (only the
 * newest links work, ADR 0197): it says so first.
 */
export const invalidLinkPage = (contactEmail: string): string =>
  messagePage(
    'Este enlace no es válido',
    'Puede ser de un correo antiguo: solo funcionan los enlaces de los últimos correos que te enviamos, así que usa el del correo más reciente. También puede que el enlace no exista o que la postulación ya no esté disponible. Si postulaste, pide un enlace nuevo con tu correo.',
    contactEmail,
  )

/** The page the founder routes answer (429) when their rate limit refuses a request. */
export const tooManyAttemptsPage = (contactEmail: string): string =>
  messagePage('Demasiados intentos', 'Espera unos minutos y vuelve a intentarlo.', contactEmail)

export function messagePage(title: string, text: string, contactEmail: string): string {
  return page(
    title,
    `<h1>${e(title)}</h1>
<p>${e(text)}</p>
<p><a href="/postulacion">Pedir un enlace nuevo</a></p>`,
    contactEmail,
  )
}

/** The status page's way to the due-diligence documents (SPEC §9), shown during stage 3. */
export function documentsLinkHtml(href: string): string {
  return `<h2>Documentos de due diligence</h2>
<p>Sube cada documento de la lista desde tu página de documentos. Si la conexión se cae, la subida sigue donde quedó.</p>
<p><a href="${e(href)}">Subir mis documentos</a></p>`
}
