/**
 * A sign-in link or invitation as an outbox message (kind team_sign_in),
 * ready for TeamStore.createSignInLink / createMember.
 */
import { messageIdDomain } from '../../shared/ids.ts'
import type { RenderedMail } from '../../shared/mail/templates.ts'
import type { NewOutboxMessage } from '../../db/stores/application-store.ts'
import type { Member } from '../../db/stores/team-store.ts'
import { signInUrl, workspaceUrl } from './sign-in-links.ts'
import { renderInvitationMail, renderSignInMail } from './team-mail.ts'

export interface TeamMailConfig {
  /** The From header (MAIL_FROM). */
  from: string
  /** The site's public origin (VITE_SITE_URL), for the link. */
  siteOrigin: string
}

export function signInMessage(
  config: TeamMailConfig,
  member: Pick<Member, 'email' | 'name' | 'role'>,
  token: string,
  invitation?: { invitedBy: string | null },
  /** A checked workspace path (return-path.ts) the link returns to. */
  returnTo: string | null = null,
): NewOutboxMessage {
  const input = { name: member.name, url: signInUrl(config.siteOrigin, token, returnTo), workspaceUrl: workspaceUrl(config.siteOrigin) }
  const mail = invitation ? renderInvitationMail({ ...input, role: member.role, invitedBy: invitation.invitedBy }) : renderSignInMail(input)
  return teamOutboxMessage(config, 'team_sign_in', member.email, mail)
}

/** A rendered team e-mail as an outbox message from MAIL_FROM, with its own id and Message-ID. */
export function teamOutboxMessage(config: TeamMailConfig, kind: 'team_sign_in' | 'team_reminder', to: string, mail: RenderedMail): NewOutboxMessage {
  return {
    id: crypto.randomUUID(),
    kind,
    messageId: `<${crypto.randomUUID()}@${messageIdDomain(config.from)}>`,
    from: config.from,
    to,
    ...mail,
  }
}
