/**
 * /verificar, public: anyone holding an agreement's PDF (or its code, printed on every page) learns
 * whether it is an intact document signed through the programme, by whom and when. An upload is
 * recognised by its SHA-256 (the sealed file exactly as stored) and, failing that, by the code found in
 * it: then its PDF signatures are checked one by one, so a changed byte says "modificado". A typed code
 * says the agreement's state, the signers' names and dates, and the SHA-256 to compare a file with.
 * Nothing else of the agreement is shown (no numbers, no e-mail addresses). Counted per client IP, as
 * the sign-in is, so codes cannot be guessed in bulk.
 */
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AGREEMENT_STATUS_LABELS, normalizeAgreementCode } from '../../../domain/agreements.ts'
import type { AgreementRecord } from '../../../domain/agreements-records.ts'
import { formatDateTime } from '../../../domain/format.ts'
import type { AgreementStore } from '../../db/stores/agreement-store.ts'
import type { TeamStore } from '../../db/stores/team-store.ts'
import { DEFAULT_SIGN_IN_LIMITS, countHits } from '../../shared/auth/rate-limit.ts'
import { page } from '../../shared/http/founder-page-shell.ts'
import { noticeHtml } from '../../shared/http/notice.ts'
import { escapeHtml } from '../../shared/mail/templates.ts'
import { readPdfSignatures, type FoundSignature } from '../../shared/signing/verify.ts'

const e = escapeHtml
const bogota = (d: Date) => `${formatDateTime(d)} (hora de Bogotá)`
/** The largest PDF accepted: a signed agreement is well under 1 MB. */
export const VERIFY_MAX_BYTES = 15 * 1_048_576
const CODE_IN_TEXT = /CMFE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/

export interface VerifyDeps {
  agreements: Pick<AgreementStore, 'byCode' | 'bySignedSha256'>
  team: Pick<TeamStore, 'hitRateLimits'>
  clientIp: (c: Context) => string
  contactEmail: string
  now: () => Date
}

/** The codes a PDF carries in its text strings: plain, or UTF-16 in hex (a signature's reason with accents). */
export function codesIn(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString('latin1')
  const found = new Set<string>()
  for (const m of text.matchAll(new RegExp(CODE_IN_TEXT.source, 'g'))) found.add(m[0])
  for (const m of text.matchAll(/<FEFF((?:[0-9A-Fa-f]{4})+)>/g)) {
    const bytes = Buffer.from(m[1]!, 'hex')
    const chars: string[] = []
    for (let i = 0; i + 1 < bytes.length; i += 2) chars.push(String.fromCharCode(bytes.readUInt16BE(i)))
    const hit = CODE_IN_TEXT.exec(chars.join(''))
    if (hit) found.add(hit[0])
  }
  return [...found]
}

const FORM = `<h2>Sube el PDF</h2>
<form method="post" action="/verificar" enctype="multipart/form-data">
<label for="archivo">El acuerdo en PDF</label>
<input id="archivo" name="archivo" type="file" accept="application/pdf,.pdf" required>
<p><button type="submit" class="primary">Verificar el documento</button></p>
</form>
<h2>O escribe su código</h2>
<form method="post" action="/verificar" enctype="multipart/form-data">
<label for="codigo">Código del documento (en el pie de cada página)</label>
<input id="codigo" name="codigo" autocomplete="off" placeholder="CMFE-XXXX-XXXX" maxlength="20" required style="font:inherit;width:100%;padding:.6rem .75rem;border:2px solid var(--ink-600);border-radius:.5rem;margin:0 0 .75rem">
<p><button type="submit">Consultar el código</button></p>
</form>`

const intro = `<p class="eyebrow">Verificación</p><h1>Verifica un acuerdo firmado</h1>
<p>Comprueba si un acuerdo en PDF es un documento íntegro firmado a través de Catalítico Media for Equity: quién lo firmó y cuándo. El archivo no se guarda.</p>`

function signersHtml(a: AgreementRecord): string {
  return `<ul>${a.signatures
    .map((s) => `<li>${e(s.role === 'founder' ? 'Persona fundadora' : 'Programa')}: <strong>${e(s.name)}</strong>, el ${e(bogota(s.signedAt))}, verificada con un código enviado a su correo.</li>`)
    .join('')}</ul>`
}

function verdictHtml(kind: 'ok' | 'error', title: string, body: string): string {
  return `${noticeHtml(kind, `<strong>${e(title)}</strong>`)}${body}`
}

function signaturesHtml(found: readonly FoundSignature[]): string {
  if (found.length === 0) return ''
  return `<h2>Firmas dentro del PDF</h2><ul>${found
    .map(
      (s) =>
        `<li>${e(s.name ?? 'Firma')}${s.signingTime ? `, ${e(bogota(s.signingTime))}` : ''}: ${s.digestMatches && s.signatureValid ? 'firma válida' : 'firma que no corresponde al contenido'}${s.coversWholeDocument ? ', cubre todo el documento' : ''}${s.timestamp ? `; sello de tiempo del ${e(bogota(s.timestamp.time))}` : ''}.</li>`,
    )
    .join('')}</ul>`
}

export function verifyRoutes(deps: VerifyDeps): Hono {
  const app = new Hono()
  const show = (c: Context, body: string, status: 200 | 404 | 413 | 422 | 429 = 200) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Robots-Tag', 'noindex')
    return c.html(page('Verifica un acuerdo', `${intro}${body}${FORM}`, deps.contactEmail), status)
  }

  app.get('/', (c) => show(c, ''))

  app.post(
    '/',
    bodyLimit({ maxSize: VERIFY_MAX_BYTES + 64 * 1024, onError: (c) => show(c, verdictHtml('error', 'El archivo es demasiado grande', '<p>Un acuerdo firmado pesa menos de 1 MB: revisa que sea el PDF del acuerdo.</p>'), 413) }),
    async (c) => {
      const limits = DEFAULT_SIGN_IN_LIMITS
      const counted = await countHits(deps.team, [{ purpose: 'verify:ip', value: deps.clientIp(c), max: limits.perIp * 3 }], deps.now(), limits.windowMs)
      if (!counted.allowed) {
        c.header('Retry-After', String(counted.retryAfterSeconds))
        return show(c, verdictHtml('error', 'Demasiadas consultas seguidas', '<p>Espera unos minutos y vuelve a intentarlo.</p>'), 429)
      }
      let form: Record<string, string | File>
      try {
        form = (await c.req.parseBody()) as Record<string, string | File>
      } catch {
        return show(c, verdictHtml('error', 'No pudimos leer el formulario', '<p>Vuelve a intentarlo.</p>'), 422)
      }
      const file = form.archivo
      if (file instanceof File && file.size > 0) {
        const bytes = new Uint8Array(await file.arrayBuffer())
        if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
          return show(c, verdictHtml('error', 'Ese archivo no es un PDF', '<p>Sube el acuerdo en PDF tal como lo descargaste.</p>'), 422)
        }
        const sha = createHash('sha256').update(bytes).digest('hex')
        const exact = await deps.agreements.bySignedSha256(sha)
        const found = readPdfSignatures(bytes)
        if (exact && exact.status === 'signed') {
          return show(c, verdictHtml('ok', 'Documento íntegro: firmado a través del programa', `<p>Es exactamente el acuerdo <strong>${e(exact.code)}</strong> (versión ${exact.version}), firmado por ambas partes; no cambió ni un byte desde que se selló.</p>${signersHtml(exact)}<p class="muted">Huella SHA-256:</p><p style="font-family:ui-monospace,monospace;word-break:break-all">${e(sha)}</p>${signaturesHtml(found)}`))
        }
        for (const code of codesIn(bytes)) {
          const a = await deps.agreements.byCode(code)
          if (!a) continue
          if (a.status === 'signed') {
            return show(c, verdictHtml('error', 'Documento modificado: no coincide con el acuerdo firmado', `<p>Este archivo lleva el código <strong>${e(a.code)}</strong>, pero no es el documento que se firmó: fue modificado después de firmarse, o es otra versión. No confíes en su contenido; pide el original a quien lo firmó.</p>${signaturesHtml(found)}`), 422)
          }
          return show(c, verdictHtml('error', 'Este PDF no es un acuerdo firmado', `<p>Lleva el código <strong>${e(a.code)}</strong> (versión ${a.version}), pero no es el documento firmado por ambas partes. Estado del acuerdo: ${e(AGREEMENT_STATUS_LABELS[a.status])}.</p>${signaturesHtml(found)}`), 422)
        }
        return show(c, verdictHtml('error', 'No reconocemos este documento', '<p>No fue firmado a través del programa, o cambió tanto que ya no se reconoce.</p>'), 404)
      }
      const typed = typeof form.codigo === 'string' ? form.codigo : ''
      const code = normalizeAgreementCode(typed)
      if (!code) return show(c, verdictHtml('error', 'Escribe el código como aparece en el pie de página', '<p>Por ejemplo CMFE-7K3Q-9XPL.</p>'), 422)
      const a = await deps.agreements.byCode(code)
      if (!a) return show(c, verdictHtml('error', 'No encontramos ese código', '<p>Revisa que lo hayas escrito como aparece en el pie de página del documento.</p>'), 404)
      if (a.status !== 'signed') return show(c, verdictHtml('error', `El acuerdo ${a.code} no está firmado por ambas partes`, `<p>Estado: ${e(AGREEMENT_STATUS_LABELS[a.status])}.</p>${a.signatures.length > 0 ? signersHtml(a) : ''}`))
      return show(
        c,
        verdictHtml('ok', `El acuerdo ${a.code} está firmado por ambas partes`, `${signersHtml(a)}<p>Para saber si tu archivo es ese documento, súbelo arriba, o compara su huella SHA-256 con esta:</p><p style="font-family:ui-monospace,monospace;word-break:break-all">${e(a.signedSha256 ?? '')}</p>`),
      )
    },
  )
  return app
}
