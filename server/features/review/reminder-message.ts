/**
 * The daily reminder (kind team_reminder), in Spanish: what is overdue, due
 * soon and waiting for the member's review, each with a link into the
 * workspace. Company names and references only: never a founder's name,
 * e-mail, phone or anything they wrote.
 */
import { companyDisplayName } from '../../../domain/company-name.ts'
import { countOf, formatDayMonth } from '../../../domain/format.ts'
import { DUE_SOON_DAYS, STAGE_LABELS } from '../../../domain/pipeline.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { MUTED, escapeHtml, headerSafe, htmlDocument } from '../../shared/mail/templates.ts'
import type { NewOutboxMessage } from '../../db/stores/application-store.ts'
import { teamOutboxMessage, type TeamMailConfig } from '../team/sign-in-message.ts'
import { workspaceApplicationUrl } from '../team/founder-activity.ts'
import type { PendingItem } from '../../db/stores/clock-store.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** «Mis pendientes» in the workspace (src/workspace/paths.ts under /equipo). */
export const pendingUrl = (origin: string) => `${origin}/equipo/pendientes`

export interface ReminderSections {
  overdue: PendingItem[]
  dueSoon: PendingItem[]
  /** Waiting for the member's review, not due within DUE_SOON_DAYS. */
  waiting: PendingItem[]
}

/** Each item once, under its most urgent heading. */
export function reminderSections(items: readonly PendingItem[], now: Date): ReminderSections {
  const soon = now.getTime() + DUE_SOON_DAYS * DAY_MS
  const sections: ReminderSections = { overdue: [], dueSoon: [], waiting: [] }
  for (const item of items) {
    const due = item.stageDueAt?.getTime()
    if (due !== undefined && due < now.getTime()) sections.overdue.push(item)
    else if (due !== undefined && due <= soon) sections.dueSoon.push(item)
    else if (item.waitingForMe) sections.waiting.push(item)
  }
  return sections
}

function line(item: PendingItem, origin: string) {
  const parts = [`${item.reference} · ${headerSafe(companyDisplayName(item), 120)}`, STAGE_LABELS[item.stage]]
  if (item.stageDueAt) parts.push(`vence el ${formatDayMonth(item.stageDueAt)}`)
  if (item.waitingForMe) parts.push('falta tu evaluación')
  return { text: parts.join(' — '), url: workspaceApplicationUrl(origin, item.id) }
}

/** A deal the member is «Responsable» of, behind its media pace (ADR 0162): reference, name and the pacing in words. */
export interface BehindDealItem {
  id: string
  reference: string
  tradeName: string
  /** "Va al 20 % del valor con el 62 % de la ventana" (domain/media-plan.ts pacingText). */
  pacing: string
}

export function reminderMessage(
  config: TeamMailConfig,
  member: { email: string; name: string },
  items: readonly PendingItem[],
  now: Date,
  /** How many are pending in all (items may be the most urgent of them only). */
  pendingTotal = items.length,
  /** The deals the member is responsible for that are behind their pace. */
  behindDeals: readonly BehindDealItem[] = [],
): NewOutboxMessage | null {
  const sections = reminderSections(items, now)
  const listed = sections.overdue.length + sections.dueSoon.length + sections.waiting.length
  if (listed === 0 && behindDeals.length === 0) return null
  const dealLines = behindDeals.map((d) => ({ text: `${d.reference} · ${headerSafe(d.tradeName || d.reference, 120)} — ${d.pacing}`, url: workspaceApplicationUrl(config.siteOrigin, d.id) }))
  const dealTitle = 'Acuerdos atrasados en su plan de medios (eres responsable)'
  const total = Math.max(pendingTotal, listed)
  const more = total > listed ? `Y ${total - listed} más en Mis pendientes: ${pendingUrl(config.siteOrigin)}` : null
  const headings: [string, PendingItem[]][] = [
    ['Vencidas', sections.overdue],
    [`Vencen en los próximos ${DUE_SOON_DAYS} días`, sections.dueSoon],
    ['Esperan tu evaluación', sections.waiting],
  ]
  const subject = `Tus pendientes en ${PROGRAMME_NAME}: ${[listed > 0 ? countOf(total, 'postulación', 'postulaciones') : null, behindDeals.length > 0 ? countOf(behindDeals.length, 'acuerdo atrasado', 'acuerdos atrasados') : null].filter(Boolean).join(' y ')}`
  const greeting = `Hola, ${headerSafe(member.name, 120)}:`
  const settings = `Recibes este resumen según tu preferencia de recordatorios; puedes cambiarla o apagarla en ${pendingUrl(config.siteOrigin)}`
  const text = [
    greeting,
    '',
    'Esto es lo que tienes pendiente hoy:',
    ...headings
      .filter(([, list]) => list.length > 0)
      .flatMap(([title, list]) => ['', `${title}:`, ...list.map((i) => line(i, config.siteOrigin)).map((l) => `- ${l.text}\n  ${l.url}`)]),
    ...(dealLines.length > 0 ? ['', `${dealTitle}:`, ...dealLines.map((l) => `- ${l.text}\n  ${l.url}`)] : []),
    ...(more ? ['', more] : []),
    '',
    settings,
    '',
    `El equipo de ${PROGRAMME_NAME}`,
    '',
  ].join('\n')
  const html = htmlDocument(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>Esto es lo que tienes pendiente hoy:</p>
${headings
  .filter(([, list]) => list.length > 0)
  .map(
    ([title, list]) =>
      `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(title)}</h2>\n<ul>${list
        .map((i) => line(i, config.siteOrigin))
        .map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`)
        .join('')}</ul>`,
  )
  .join('\n')}
${dealLines.length > 0 ? `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(dealTitle)}</h2>\n<ul>${dealLines.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`).join('')}</ul>\n` : ''}${more ? `<p><a href="${escapeHtml(pendingUrl(config.siteOrigin))}">${escapeHtml(`Y ${total - listed} más en Mis pendientes`)}</a></p>\n` : ''}<p style="font-size:14px;color:${MUTED}">Recibes este resumen según tu preferencia de recordatorios; puedes cambiarla o apagarla en <a href="${escapeHtml(pendingUrl(config.siteOrigin))}">Mis pendientes</a>.</p>`,
    { maxWidth: 560 },
  )
  return teamOutboxMessage(config, 'team_reminder', member.email, { subject, text, html })
}
