/**
 * Inviting a member: the member, a sign-in link and the invitation e-mail in
 * one transaction. Shared by POST /members and `npm run team -- invite`.
 */
import type { Role } from '../../../domain/team.ts'
import type { Member, TeamStore } from '../../db/stores/team-store.ts'
import { newSignInLink } from './sign-in-links.ts'
import { signInMessage, type TeamMailConfig } from './sign-in-message.ts'

export interface InviteInput {
  /** Normalised (trimmed, lower case). */
  email: string
  name: string
  role: Role
}

export type InviteOutcome = { status: 'created'; member: Member } | { status: 'member_exists' }

export async function inviteMember(
  team: TeamStore,
  mail: TeamMailConfig,
  input: InviteInput,
  invitedBy: Member | null,
  now: Date,
): Promise<InviteOutcome> {
  const member = { id: crypto.randomUUID(), ...input, invitedBy: invitedBy?.id ?? null, createdAt: now }
  const { token, link } = newSignInLink(member.id, now, 'invitation')
  const message = signInMessage(mail, member, token, { invitedBy: invitedBy?.name ?? null })
  if (!(await team.createMember(member, { link, message }))) return { status: 'member_exists' }
  const created = await team.getMember(member.id)
  await team.appendAudit({ at: now, memberId: invitedBy?.id ?? null, action: 'member.invited', applicationId: null, detail: { memberId: member.id, role: input.role } })
  return { status: 'created', member: created! }
}
