/**
 * What every e-mail is built from, whichever capability writes it: HTML escaping,
 * header-safe values, the document frame every HTML part shares, its colours,
 * and the company's footer. Pure and runtime-agnostic (no node: imports): the
 * submission renders its e-mails with these on Node and on Deno.
 *
 * Every value a person typed is HTML-escaped in the HTML part (escapeHtml), and
 * anything that reaches a header is stripped of line breaks and control
 * characters (headerSafe), so no header can be injected. The capabilities' own
 * e-mails live in their folders (server/features/<capability>/).
 */
import type { CompanyInfo } from '../../../domain/company.ts'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const ESCAPED = /[&<>"']/

/** Escape text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  // Most values hold none of the five: they are returned as they are, without a new string.
  return ESCAPED.test(value) ? value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!) : value
}

/**
 * Make a value safe for a header: line breaks and other control characters
 * become spaces, runs of white space collapse, and the result is capped.
 */
export function headerSafe(value: string, maxLength = 200): string {
  // eslint-disable-next-line no-control-regex
  const flat = value.replace(/[\u0000-\u001F\u007F\u0085\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim()
  return flat.length > maxLength ? flat.slice(0, maxLength - 1).trimEnd() + '…' : flat
}

/** A value on one line, for names woven into a sentence. */
export function oneLine(value: string): string {
  return headerSafe(value, Number.MAX_SAFE_INTEGER)
}

/** An address usable as a header value on its own: one mailbox, no line breaks, no brackets or commas. */
export function isHeaderSafeAddress(address: string): boolean {
  return /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/.test(address)
}

// --- Shared HTML pieces (inline styles: mail clients ignore style sheets) -----

const INK = '#0f172a'
export const MUTED = '#475569'
export const ACCENT = '#c2410c'

/** The shell every e-mail's HTML part shares; team e-mails are narrower (560 px). */
export function htmlDocument(title: string, body: string, { maxWidth = 640 }: { maxWidth?: number } = {}): string {
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;color:${INK};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div style="max-width:${maxWidth}px;margin:0 auto;padding:24px;background:#ffffff">
${body}
</div>
</body>
</html>
`
}

export function multiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>')
}

export function companyFooterHtml(company: CompanyInfo, policyVersion: string): string {
  return `<hr style="border:none;border-top:1px solid #e7e5e4;margin:24px 0">
<p style="font-size:13px;color:${MUTED}">${escapeHtml(company.legalName)} · <a href="${escapeHtml(company.website)}" style="color:${MUTED}">${escapeHtml(company.website)}</a><br>
Tratamos tus datos personales según la Ley 1581 de 2012 y nuestra política de tratamiento de datos (versión ${escapeHtml(policyVersion)}). Para conocer, actualizar, rectificar o suprimir tus datos, escríbenos a <a href="mailto:${escapeHtml(company.contactEmail)}" style="color:${MUTED}">${escapeHtml(company.contactEmail)}</a>.</p>`
}

export function companyFooterText(company: CompanyInfo, policyVersion: string): string {
  return `--
${company.legalName} · ${company.website}
Tratamos tus datos personales según la Ley 1581 de 2012 y nuestra política de tratamiento de datos (versión ${policyVersion}). Para conocer, actualizar, rectificar o suprimir tus datos, escríbenos a ${company.contactEmail}.`
}

