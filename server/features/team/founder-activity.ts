/**
 * Tell the team what a founder did (ADR 0142): a document uploaded, a
 * withdrawal, a deletion request. One short e-mail to each member concerned
 * (active admins and the application's assigned reviewers, never one with an
 * active conflict of interest on it) and the activity recorded for the
 * badge they see in the workspace until they open the application; both in
 * one transaction (FounderActivityStore.record).
 *
 * The e-mail names the application by its reference only and links to the
 * workspace's page of it (behind the team's sign-in). It never holds a
 * founder's personal link, nor the founder's data.
 */
import { FOUNDER_ACTIVITY_LABELS, type FounderActivityKind } from '../../../domain/founder-activity.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import type { ApplicationStore, NewOutboxMessage } from '../../db/stores/application-store.ts'
import { type ConcernedMember } from '../../db/stores/founder-activity-store.ts'
import { escapeHtml, headerSafe, htmlDocument, type RenderedMail } from '../../shared/mail/templates.ts'
import { outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'

export interface FounderActivityDeps {
  store: ApplicationStore
  founders: { mail: FounderMailConfig }
  now: () => Date
  onMailQueued?: () => void
}

export interface FounderActivityInput {
  applicationId: string
  reference: string
  kind: FounderActivityKind
  /** For a document: the checklist item's label. */
  documentLabel?: string
}

/** The workspace's page of an application (src/workspace/paths.ts). */
export const workspaceApplicationUrl = (siteOrigin: string, applicationId: string) => `${siteOrigin}/equipo/postulaciones/${encodeURIComponent(applicationId)}`

function what(input: FounderActivityInput): string {
  switch (input.kind) {
    case 'document_uploaded':
      return input.documentLabel ? `subió el documento «${input.documentLabel}»` : 'subió un documento'
    case 'withdrawn':
      return 'retiró su postulación'
    case 'deletion_requested':
      return 'pidió que suprimamos sus datos personales (Ley 1581 de 2012); una persona administradora la atiende en «Datos personales»'
    case 'panel_none_fits':
      // The founder's note is read in the workspace, never in an e-mail (no founder data here).
      return 'dice que ningún horario ofrecido para la sesión con el panel le sirve; su nota está en la sección «Sesión con el panel» de la postulación, en el espacio de trabajo'
    case 'panel_cancelled':
      return 'canceló la sesión con el panel; puede reservar otro de los horarios ofrecidos'
  }
}

export function renderFounderActivityMail(member: Pick<ConcernedMember, 'name'>, input: FounderActivityInput & { url: string }): RenderedMail {
  const subject = headerSafe(`${FOUNDER_ACTIVITY_LABELS[input.kind]}: postulación ${input.reference}`)
  const line = `La persona fundadora de la postulación ${input.reference} ${what(input)}.`
  const where = 'Verás la marca «Novedad» en la postulación, en el espacio de trabajo, hasta que la abras:'
  const why = 'Te escribimos porque administras el programa o tienes asignada esta postulación.'
  const text = `Hola, ${member.name}:\n\n${line}\n\n${where}\n${input.url}\n\n${why}\n\n${PROGRAMME_NAME}\n`
  const html = htmlDocument(
    subject,
    `<p>Hola, ${escapeHtml(member.name)}:</p>
<p>${escapeHtml(line)}</p>
<p>${escapeHtml(where)} <a href="${escapeHtml(input.url)}">abrir la postulación ${escapeHtml(input.reference)}</a></p>
<p>${escapeHtml(why)}</p>`,
  )
  return { subject, text, html }
}

/** Record the activity and e-mail the members concerned; returns how many were written to. */
export async function tellTeamOfFounderActivity(deps: FounderActivityDeps, input: FounderActivityInput): Promise<number> {
  const activities = openWorkspaceStores(deps.store).founderActivity
  const members = await activities.membersConcerned(input.applicationId)
  const url = workspaceApplicationUrl(deps.founders.mail.siteOrigin, input.applicationId)
  const messages: (NewOutboxMessage & { memberId: string })[] = members.map((m) => ({
    ...outboxMessage('team_founder_activity', m.email, renderFounderActivityMail(m, { ...input, url }), deps.founders.mail),
    memberId: m.id,
  }))
  await activities.record({ id: crypto.randomUUID(), applicationId: input.applicationId, kind: input.kind, at: deps.now() }, messages)
  if (messages.length > 0) deps.onMailQueued?.()
  return messages.length
}
