/**
 * The workspace's two e-mails, in Spanish: a sign-in link a member asked
 * for, and an invitation (the same link, with a welcome). The link is the
 * only secret they hold; the outbox blanks their bodies once sent
 * (redact_after_send). Names are HTML-escaped and kept on one line, as in
 * server/shared/mail/templates.ts.
 */
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { ACCENT, MUTED, escapeHtml, headerSafe, htmlDocument, type RenderedMail } from '../../shared/mail/templates.ts'
import type { Role } from '../../../domain/team.ts'
import { INVITATION_LINK_DAYS, SIGN_IN_LINK_MINUTES } from './sign-in-links.ts'


const ROLE_LABELS: Record<Role, string> = { admin: 'administración', reviewer: 'evaluación' }

export interface SignInMailInput {
  /** The member's name. */
  name: string
  /** `${site}/equipo/entrar#token=…` */
  url: string
  /** Where a member asks for a new link once this one has expired, e.g. https://catalitico.co/equipo */
  workspaceUrl: string
}

export interface InvitationMailInput extends SignInMailInput {
  role: Role
  /** Who invited them; null when invited from the command line. */
  invitedBy: string | null
}

function page(title: string, body: string): string {
  const header = `<p style="font-size:13px;letter-spacing:.08em;text-transform:uppercase;color:${ACCENT};margin:0 0 8px">${escapeHtml(PROGRAMME_NAME)} · Equipo</p>`
  return htmlDocument(title, `${header}\n${body}`, { maxWidth: 560 })
}

const oneLine = (value: string) => headerSafe(value, 120)

function linkBlock(input: SignInMailInput, action: string, expiry: string) {
  const expired = `Si ya venció, pide uno nuevo en ${input.workspaceUrl}`
  const ignore = 'Si no fuiste tú, ignora este correo: nadie puede entrar sin abrir este enlace.'
  return {
    text: `${action}:\n${input.url}\n\n${expiry} ${expired}\n\n${ignore}`,
    html: `<p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:${ACCENT};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:${MUTED}">Si el botón no funciona, copia esta dirección en tu navegador:<br><span style="word-break:break-all">${escapeHtml(input.url)}</span></p>
<p style="font-size:14px;color:${MUTED}">${escapeHtml(expiry)} Si ya venció, pide uno nuevo en <a href="${escapeHtml(input.workspaceUrl)}" style="color:${MUTED}">${escapeHtml(input.workspaceUrl)}</a>.</p>
<p style="font-size:14px;color:${MUTED}">${escapeHtml(ignore)}</p>`,
  }
}

/** A team e-mail: the greeting and `paragraphs`, then the link; the same words in its text and its HTML. */
function teamMail(subject: string, heading: string, name: string, paragraphs: readonly string[], link: { text: string; html: string }): RenderedMail {
  const said = [`Hola, ${oneLine(name)}:`, ...paragraphs]
  return {
    subject,
    text: `${[...said, link.text].join('\n\n')}\n\nEl equipo de ${PROGRAMME_NAME}\n`,
    html: page(
      subject,
      `<h1 style="font-size:22px;line-height:1.25;margin:0 0 16px">${escapeHtml(heading)}</h1>
${said.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link.html}`,
    ),
  }
}

export function renderSignInMail(input: SignInMailInput): RenderedMail {
  const intro = 'Pediste entrar al espacio del equipo. Abre el enlace y haz clic en «Entrar» en la página que se abre.'
  const link = linkBlock(input, 'Entrar al espacio del equipo', `El enlace vence en ${SIGN_IN_LINK_MINUTES} minutos y sirve una sola vez.`)
  return teamMail(`Tu enlace para entrar al espacio del equipo de ${PROGRAMME_NAME}`, 'Entra al espacio del equipo', input.name, [intro], link)
}

export function renderInvitationMail(input: InvitationMailInput): RenderedMail {
  const who = input.invitedBy ? `${oneLine(input.invitedBy)} te invitó` : 'Te invitaron'
  const intro = `${who} al espacio del equipo de ${PROGRAMME_NAME}, donde el equipo revisa y evalúa las postulaciones. Tu rol: ${ROLE_LABELS[input.role]}.`
  const next = 'Abre el enlace y haz clic en «Entrar» en la página que se abre. Una vez dentro podrás añadir una llave de acceso (passkey) para entrar sin correo.'
  // An invitation waits days for someone who may not read their mail today (ADR 0147).
  const link = linkBlock(input, 'Aceptar la invitación', `La invitación vence en ${INVITATION_LINK_DAYS} días y el enlace sirve una sola vez.`)
  return teamMail(`Te invitaron al espacio del equipo de ${PROGRAMME_NAME}`, 'Te damos la bienvenida al equipo', input.name, [intro, next], link)
}
