/**
 * The frame of the founder's e-mails after the submission, whichever capability
 * writes one (the stage e-mails in server/features/review/stage-mail.ts, the
 * panel's, the check-in's, the documents', the data requests', the new link):
 * the context they are written from, their blocks and how the blocks become
 * the plain text and the HTML. Like templates.ts: pure, Spanish, every value
 * escaped in the HTML part and flattened in the subject; the programme's facts
 * come from domain/.
 *
 * Each e-mail is written as blocks (paragraphs, lists, the link) so that its
 * plain text and its HTML say the same thing.
 */
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { CompanyInfo } from '../../../domain/company.ts'
import {
  ACCENT,
  companyFooterHtml,
  companyFooterText,
  escapeHtml,
  headerSafe,
  htmlDocument,
  oneLine,
  type RenderedMail,
} from './templates.ts'

export interface FounderMailContext {
  reference: string
  founderName: string
  tradeName: string
  /**
   * Where the founder's personal status page goes: the placeholder
   * (domain/personal-link.ts) in every stored e-mail, which the outbox worker
   * replaces with a link it creates as the e-mail leaves.
   */
  statusUrl: string
  /** Only for no_seleccionada: what the team chose to tell the founder (never the internal reason). */
  founderReason?: string | null
  company: CompanyInfo
  policyVersion: string
}

/** `url`: a line that ends with an address, which the HTML part makes a link (a video call's). */
export type MailBlock = { p: string } | { list: readonly string[] } | { link: { intro: string; label: string } } | { h: string } | { url: { label: string; href: string } }

/** Every e-mail opens with «Hola, name:» before what it `said`. */
export function renderFounderMail(subject: string, heading: string, said: MailBlock[], ctx: FounderMailContext): RenderedMail {
  const blocks: MailBlock[] = [{ p: `Hola, ${oneLine(ctx.founderName)}:` }, ...said]
  const safeSubject = headerSafe(subject)
  const text =
    blocks
      .map((b) =>
        'p' in b
          ? b.p
          : 'h' in b
            ? b.h
            : 'list' in b
              ? b.list.map((item) => `- ${item}`).join('\n')
              : 'url' in b
                ? `${b.url.label} ${b.url.href}`
                : `${b.link.intro}\n${ctx.statusUrl}`,
      )
      .join('\n\n') + `\n\n${companyFooterText(ctx.company, ctx.policyVersion)}\n`
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p>${escapeHtml(b.p)}</p>`
      if ('h' in b) return `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(b.h)}</h2>`
      if ('url' in b) return `<p>${escapeHtml(b.url.label)} <a href="${escapeHtml(b.url.href)}">${escapeHtml(b.url.href)}</a></p>`
      if ('list' in b) return `<ul style="padding-left:20px;margin:0">\n${b.list.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`
      return `<p>${escapeHtml(b.link.intro)}</p>
<p><a href="${escapeHtml(ctx.statusUrl)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(b.link.label)}</a></p>`
    })
    .join('\n')
  const html = htmlDocument(
    safeSubject,
    `<p style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${ACCENT};margin:0 0 8px">${escapeHtml(PROGRAMME_NAME)}</p>
<h1 style="font-size:24px;line-height:1.25;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
${companyFooterHtml(ctx.company, ctx.policyVersion)}`,
  )
  return { subject: safeSubject, text, html }
}

export const signature: MailBlock = { p: `El equipo de ${PROGRAMME_NAME}` }
/** How most e-mails end: where to write with questions, then the signature. */
export const contactAndSignature = (ctx: FounderMailContext): MailBlock[] => [
  { p: `Si tienes preguntas, responde a este correo o escríbenos a ${ctx.company.contactEmail} con tu referencia ${ctx.reference}.` },
  signature,
]

export const statusLink = (intro = 'Puedes ver en qué etapa va tu postulación cuando quieras, sin contraseña:'): MailBlock => ({
  link: { intro, label: 'Ver el estado de mi postulación' },
})
