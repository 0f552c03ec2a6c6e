/**
 * The founder's side of the agreement, under their personal link, with plain HTML forms (no
 * JavaScript), readable on a phone:
 *
 * - the status page's section «Tu acuerdo» (agreementSection): what is waiting and the way to it;
 * - /postulacion/<token>/acuerdo: the whole document as text to read, its PDF, the e-signature
 *   agreement to accept, «Enviarme el código» and the code's form, «Rechazar»; once signed, the
 *   sealed PDF, its code and its SHA-256, and the way to verify it;
 * - /acuerdo/documento?version=sent|signed: the PDF (the founder's own application's only);
 * - POST /acuerdo/codigo, /acuerdo/firmar, /acuerdo/rechazar: each from our own page only (formPost),
 *   one write per submission; a GET of any of them changes nothing (a mail scanner following a link).
 */
import { Hono, type Context } from 'hono'
import { AGREEMENT_STATUS_LABELS, ESIGN_CONSENT, SAMPLE_TEMPLATE_BODY, renderAgreement, type AgreementFacts } from '../../../domain/agreements.ts'
import { isLiveAgreement, type AgreementRecord } from '../../../domain/agreements-records.ts'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import { formatDateTime, formatIsoDay } from '../../../domain/format.ts'
import type { FounderStore, FounderView } from '../../db/stores/founder-store.ts'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import { resolveFounderToken } from '../../shared/auth/founder-link.ts'
import { BODY_LIMITS } from '../../shared/http/body-limit.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import { founderRequestOnce, founderRouteBasics } from '../../shared/http/founder-form-guard.ts'
import { page } from '../../shared/http/founder-page-shell.ts'
import { noticeHtml } from '../../shared/http/notice.ts'
import { requestKeyInput } from '../../shared/http/request-key-field.ts'
import { STATUS_PAGE_PATH, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import { AGREEMENT_PATH } from './mails.ts'
import { declineAgreement, isRefusal, requestCode, signAgreement, type AgreementDeps } from './service.ts'

const e = escapeHtml
const bogota = (d: Date) => `${formatDateTime(d)} (hora de Bogotá)`

/** The agreement the founder sees: the one under way or signed, else the last one closed. */
const current = (list: readonly AgreementRecord[]) => list.find((a) => isLiveAgreement(a) || a.status === 'signed') ?? list[0] ?? null

export interface FounderAgreementDeps {
  service: AgreementDeps
  founders: { store: FounderStore; mail: FounderMailConfig }
  reviews: Pick<ReviewStore, 'appendAudit'>
  requestKeys?: RequestKeyStore
  clientIp: (c: Context) => string
}

const CSS = `
.agreement-text{border:1px solid var(--ink-600);border-radius:.5rem;padding:1rem;max-height:none;background:#fff}
.agreement-text h3{font-size:1.05rem;margin:1.25rem 0 .5rem}
.agreement-text p{margin:.5rem 0;line-height:1.55;overflow-wrap:anywhere}
.consent{background:#f8fafc;border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.consent label{font-weight:400;display:flex;gap:.6rem;align-items:flex-start}
.consent input{margin-top:.3rem;width:1.25rem;height:1.25rem;flex:none}
input.code{font:inherit;font-size:1.5rem;letter-spacing:.4rem;width:10ch;padding:.5rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem}
textarea{font:inherit;width:100%;min-height:5rem;padding:.6rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem}
.hash{font-family:ui-monospace,monospace;word-break:break-all;font-size:.85rem}
a.button{display:inline-block;text-decoration:none;text-align:center}
a.button.primary{background:var(--ink-950);color:#fff}
`

/** The status page's section: what waits, and the way to the agreement's page. Null: no agreement yet. */
export function agreementSection(deps: Pick<FounderAgreementDeps, 'service'>) {
  return async (view: FounderView, token: string): Promise<string | null> => {
    const a = current(await deps.service.agreements.agreementsOf(view.applicationId))
    if (!a) return null
    const href = `${STATUS_PAGE_PATH}/${encodeURIComponent(token)}/${AGREEMENT_PATH}`
    const line: Record<AgreementRecord['status'], string> = {
      sent: `Tu acuerdo está listo para que lo leas y lo firmes, hasta el ${bogota(a.expiresAt)}.`,
      founder_signed: 'Firmaste el acuerdo. Falta la firma del programa: te avisaremos por correo.',
      sealing: 'Ambas partes firmaron. Estamos sellando el documento firmado; en unos minutos podrás descargarlo.',
      signed: 'El acuerdo está firmado por ambas partes. Puedes descargar el documento firmado cuando quieras.',
      declined: 'El acuerdo se rechazó y ya no se puede firmar. El equipo te escribirá.',
      expired: 'Venció el plazo para firmar el acuerdo. El equipo te escribirá.',
      voided: 'El acuerdo que te enviamos se anuló. El equipo te escribirá.',
    }
    const label = a.status === 'sent' ? 'Leer y firmar el acuerdo' : 'Ver el acuerdo'
    return `<h2>Tu acuerdo</h2>
<div class="card"><p style="margin:0 0 .75rem">${e(line[a.status])}</p><p style="margin:0"><a class="button${a.status === 'sent' ? ' primary' : ''}" style="display:inline-block;text-decoration:none" href="${e(href)}">${e(label)}</a></p></div>`
  }
}

export function founderAgreementRoutes(deps: FounderAgreementDeps): Hono {
  const s = deps.service
  const { contact, formPost, notFound } = founderRouteBasics(deps.founders.mail, BODY_LIMITS.founderForm)
  const once = founderRequestOnce({ keys: deps.requestKeys, founders: deps.founders.store, now: s.now, contactEmail: contact })
  const app = new Hono()
  const withView = (handler: (c: Context, view: FounderView, token: string) => Promise<Response> | Response) => async (c: Context) => {
    const token = c.req.param('token') ?? ''
    const view = await resolveFounderToken(deps.founders.store, token)
    return view ? handler(c, view, token) : notFound(c)
  }

  /** The text of the document as sent, from its frozen facts and its template version. */
  const documentText = async (a: AgreementRecord, view: FounderView) => {
    const body = a.templateVersion === 0 ? SAMPLE_TEMPLATE_BODY : ((await s.agreements.template(a.templateVersion))?.body ?? SAMPLE_TEMPLATE_BODY)
    const record = await s.reviews.getApplication(view.applicationId)
    const docs = await s.documents.list(view.applicationId)
    const received = new Set(docs.filter((d) => d.status !== 'new_version_requested').map((d) => d.itemKey))
    const facts: AgreementFacts = {
      code: a.code,
      version: a.version,
      template: { version: a.templateVersion, sample: a.templateSample },
      parties: a.parties,
      terms: a.terms,
      rateCardVersionNumber: a.rateCardVersionNumber,
      founderName: record?.application.formData.founderName ?? '',
      founderEmail: record?.application.formData.email ?? '',
      documentsReceived: DOCUMENT_ITEMS.filter((i) => received.has(i.key)).map((i) => i.label),
      issuedOn: formatIsoDay(a.sentAt),
    }
    return renderAgreement(body, facts)
  }

  const render = async (c: Context, view: FounderView, token: string, extra: { error?: string; notice?: string; status?: 200 | 404 | 409 | 422 | 429 } = {}) => {
    const a = current(await s.agreements.agreementsOf(view.applicationId))
    if (!a) return notFound(c)
    const base = `${STATUS_PAGE_PATH}/${encodeURIComponent(token)}/${AGREEMENT_PATH}`
    const parts: string[] = []
    if (extra.error) parts.push(noticeHtml('error', e(extra.error)))
    if (extra.notice) parts.push(noticeHtml('ok', e(extra.notice)))
    parts.push(`<p class="eyebrow">Tu acuerdo · versión ${a.version}</p><h1>${e(AGREEMENT_STATUS_LABELS[a.status])}</h1>`)
    parts.push(`<div class="card"><p style="margin:0" class="muted">Código del documento</p><p class="ref" style="margin:0">${e(a.code)}</p></div>`)
    const founderSig = a.signatures.find((x) => x.role === 'founder')
    const programmeSig = a.signatures.find((x) => x.role === 'programme')
    if (founderSig) parts.push(`<p>Firmaste el ${e(bogota(founderSig.signedAt))}.</p>`)
    if (programmeSig) parts.push(`<p>${e(programmeSig.name)} firmó por el programa el ${e(bogota(programmeSig.signedAt))}.</p>`)
    if (a.status === 'signed') {
      parts.push(`<h2>El documento firmado</h2>
<p>Es un PDF con las dos firmas electrónicas y una página de evidencia; cualquier cambio posterior se nota al verificarlo.</p>
<p><a class="button primary" href="${e(base)}/documento?version=signed">Descargar el acuerdo firmado (PDF)</a></p>
<p class="muted">Huella SHA-256 del documento firmado:</p><p class="hash">${e(a.signedSha256 ?? '')}</p>
<p>Para comprobar que está intacto, súbelo en <a href="/verificar">/verificar</a> o escribe allí su código.</p>`)
    } else if (a.status === 'sealing') {
      parts.push(`<p class="status">Ambas partes firmaron. Estamos sellando el documento firmado; en unos minutos podrás descargarlo aquí.</p>`)
    } else if (a.status === 'founder_signed') {
      parts.push(`<p class="status">Falta la firma del programa: te avisaremos por correo cuando el documento esté firmado por ambas partes.</p>`)
    } else if (a.status !== 'sent') {
      parts.push(`<p class="status">Este documento ya no se puede firmar. El equipo te escribirá; si tienes dudas, escríbenos.</p>`)
    }
    parts.push(`<p><a href="${e(base)}/documento?version=sent">Descargar el documento tal como te lo enviamos (PDF)</a></p>`)
    if (a.status === 'sent') {
      const text = await documentText(a, view)
      const blocks = text.blocks.map((b) => (b.kind === 'heading' ? `<h3>${e(b.text)}</h3>` : `<p>${e(b.text)}</p>`)).join('\n')
      parts.push(`<h2>Lee el acuerdo completo</h2><div class="agreement-text"><h3>${e(text.title)}</h3>${blocks}</div>`)
      const consent = `<div class="consent"><label><input type="checkbox" name="acepto" value="si" required> <span>${e(ESIGN_CONSENT.text)}</span></label></div>`
      parts.push(`<h2>Firma el acuerdo</h2>
<p>Puedes firmarlo hasta el ${e(bogota(a.expiresAt))}. Primero te enviamos un código de un solo uso a tu correo.</p>
<form method="post" action="${e(base)}/codigo">${requestKeyInput()}<button type="submit">Enviarme el código</button></form>
<form method="post" action="${e(base)}/firmar">${requestKeyInput()}${consent}
<label for="codigo">Código que te enviamos por correo</label>
<input class="code" id="codigo" name="codigo" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
<p><button type="submit" class="primary">Firmar el acuerdo</button></p></form>
<h2>¿No estás de acuerdo?</h2>
<form method="post" action="${e(base)}/rechazar">${requestKeyInput()}
<label for="motivo">Cuéntanos por qué (opcional)</label>
<textarea id="motivo" name="motivo" maxlength="1000"></textarea>
<button type="submit" class="danger">Rechazar el acuerdo</button></form>`)
    }
    parts.push(`<p><a href="${e(STATUS_PAGE_PATH)}/${e(encodeURIComponent(token))}">Volver al estado de tu postulación</a></p>`)
    return c.html(page('Tu acuerdo', parts.join('\n'), contact, CSS), extra.status ?? 200)
  }

  const field = async (c: Context, name: string) => {
    const value = (await c.req.parseBody())[name]
    return typeof value === 'string' ? value : ''
  }
  const liveOf = async (view: FounderView) => (await s.agreements.agreementsOf(view.applicationId)).find((a) => isLiveAgreement(a)) ?? null

  app.get(`/:token/${AGREEMENT_PATH}`, withView(async (c, view, token) => {
    const done = c.req.query('hecho')
    return render(c, view, token, done === 'codigo' ? { notice: 'Te enviamos un código a tu correo. Escríbelo abajo para firmar; vence en 15 minutos.' } : done === 'firmado' ? { notice: 'Firmaste el acuerdo. Te avisaremos cuando firme el programa.' } : done === 'rechazado' ? { notice: 'Registramos que rechazaste el acuerdo. El equipo ya lo sabe.' } : {})
  }))

  app.get(`/:token/${AGREEMENT_PATH}/documento`, withView(async (c, view) => {
    const a = current(await s.agreements.agreementsOf(view.applicationId))
    if (!a) return notFound(c)
    const which = c.req.query('version') === 'signed' ? 'signed' : 'sent'
    const bytes = await s.agreements.document(a.id, which)
    if (!bytes) return notFound(c)
    return c.body(new Uint8Array(bytes), 200, attachmentHeaders({ mediaType: 'application/pdf', sizeBytes: bytes.length, fileName: `acuerdo-${a.code}-v${a.version}${which === 'signed' ? '-firmado' : ''}.pdf` }))
  }))

  const consented = async (c: Context) => (await field(c, 'acepto')) === 'si'

  app.post(`/:token/${AGREEMENT_PATH}/codigo`, formPost, once(`POST /:token/${AGREEMENT_PATH}/codigo`), withView(async (c, view, token) => {
    const a = await liveOf(view)
    if (!a) return render(c, view, token, { error: 'Este acuerdo ya no se puede firmar.', status: 409 })
    const outcome = await requestCode(s, a, { role: 'founder' })
    if (isRefusal(outcome)) return render(c, view, token, { error: outcome.message, status: outcome.status === 403 || outcome.status === 400 ? 409 : outcome.status })
    return c.redirect(`${STATUS_PAGE_PATH}/${token}/${AGREEMENT_PATH}?hecho=codigo`, 303)
  }))

  app.post(`/:token/${AGREEMENT_PATH}/firmar`, formPost, once(`POST /:token/${AGREEMENT_PATH}/firmar`), withView(async (c, view, token) => {
    const a = await liveOf(view)
    if (!a) return render(c, view, token, { error: 'Este acuerdo ya no se puede firmar.', status: 409 })
    const outcome = await signAgreement(s, a, { role: 'founder' }, { code: await field(c, 'codigo'), consent: await consented(c), ip: deps.clientIp(c), userAgent: c.req.header('user-agent') ?? '' })
    if (isRefusal(outcome)) return render(c, view, token, { error: outcome.message, status: outcome.status === 403 || outcome.status === 400 ? 409 : outcome.status })
    return c.redirect(`${STATUS_PAGE_PATH}/${token}/${AGREEMENT_PATH}?hecho=firmado`, 303)
  }))

  app.post(`/:token/${AGREEMENT_PATH}/rechazar`, formPost, once(`POST /:token/${AGREEMENT_PATH}/rechazar`), withView(async (c, view, token) => {
    const a = await liveOf(view)
    if (!a) return render(c, view, token, { error: 'Este acuerdo ya no se puede rechazar.', status: 409 })
    const reason = (await field(c, 'motivo')).trim().slice(0, 1000)
    const outcome = await declineAgreement(s, a, { role: 'founder' }, reason || null)
    if (isRefusal(outcome)) return render(c, view, token, { error: outcome.message, status: outcome.status === 403 || outcome.status === 400 ? 409 : outcome.status })
    return c.redirect(`${STATUS_PAGE_PATH}/${token}/${AGREEMENT_PATH}?hecho=rechazado`, 303)
  }))

  return app
}
