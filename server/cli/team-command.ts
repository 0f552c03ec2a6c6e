/**
 * The team workspace's members from the command line, mainly to create the
 * first admin:
 *
 *   invite --email X --role admin|reviewer [--name "N"]
 *   list
 *   deactivate --email X
 *
 * `invite` only queues the invitation (a sign-in link, valid 7 days) in
 * the outbox: the running server's worker, or `npm run worker`, sends it.
 * Nothing secret is printed. Operator messages are in English.
 */
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { ROLES, type Role } from '../../domain/team.ts'
import { NormalizedEmailSchema } from '../../domain/email.ts'
import type { TeamMailConfig } from '../features/team/sign-in-message.ts'
import { inviteMember } from '../features/team/invite.ts'
import { INVITATION_LINK_DAYS } from '../features/team/sign-in-links.ts'
import type { TeamStore } from '../db/stores/team-store.ts'
import type { CliIo } from './applications-command.ts'

export const TEAM_USAGE = `Usage: npm run team -- <command>

Commands:
  invite --email ADDRESS --role admin|reviewer [--name "NAME"]
                              Add a member and queue their invitation (a sign-in link, valid 7 days)
  list                        One line per member
  deactivate --email ADDRESS  Deactivate a member and end their sessions

The database is the configured one (DATABASE_URL, else DATA_DIR/catalitico.sqlite).
The e-mail is sent by the running server (npm start) or by npm run worker.`

export interface TeamCommandDeps {
  team: TeamStore
  mail: TeamMailConfig
  now?: () => Date
}

/** Run one command; resolves to the process exit code. */
export async function runTeamCommand(argv: string[], deps: TeamCommandDeps, io: CliIo): Promise<number> {
  const now = deps.now ?? (() => new Date())
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (err) {
    io.err(`${(err as Error).message.split('\n')[0]}\n`)
    return 2
  }
  const { positionals, values } = parsed
  const command = positionals[0]
  if (values.help || !command) {
    io.out(`${TEAM_USAGE}\n`)
    return values.help ? 0 : 2
  }
  const fail = (message: string, code = 2) => {
    io.err(`${message}\n`)
    return code
  }
  const email = () => {
    const result = v.safeParse(NormalizedEmailSchema, values.email ?? '')
    return result.success ? result.output : null
  }

  switch (command) {
    case 'invite': {
      const address = email()
      if (!address) return fail('invite needs --email with one e-mail address, e.g. --email ana@example.co')
      if (!(ROLES as readonly string[]).includes(values.role ?? '')) return fail('invite needs --role admin or --role reviewer')
      const name = (values.name ?? address.split('@')[0]!).trim()
      if (name.length === 0 || name.length > 120) return fail('--name must be 1-120 characters')
      const outcome = await inviteMember(deps.team, deps.mail, { email: address, name, role: values.role as Role }, null, now())
      if (outcome.status === 'member_exists') return fail(`A member with the address ${address} already exists.`, 1)
      io.out(`Invitation sent to ${address} (${values.role}); the invitation expires in ${INVITATION_LINK_DAYS} days.\n`)
      io.err('The e-mail leaves through the outbox: keep `npm start` running, or run `npm run worker`.\n')
      return 0
    }
    case 'list': {
      const members = await deps.team.listMembers()
      const rows = members.map((m) => [
        m.email,
        m.name,
        m.role,
        m.active ? 'active' : 'inactive',
        m.lastSignInAt ? m.lastSignInAt.toISOString().slice(0, 16).replace('T', ' ') : 'never',
      ])
      const header = ['E-MAIL', 'NAME', 'ROLE', 'STATUS', 'LAST SIGN-IN (UTC)']
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
      const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')
      io.out([header, ...rows].map(line).join('\n') + '\n')
      io.err(`${members.length} member${members.length === 1 ? '' : 's'}\n`)
      return 0
    }
    case 'deactivate': {
      const address = email()
      if (!address) return fail('deactivate needs --email with one e-mail address')
      const member = await deps.team.findMemberByEmail(address)
      if (!member) return fail(`No member has the address ${address}.`, 1)
      const outcome = await deps.team.updateMember(member.id, { active: false }, now())
      if (outcome.status === 'last_admin') return fail('Refused: this is the last active admin. Invite another admin first.', 1)
      if (outcome.status === 'not_found') return fail(`No member has the address ${address}.`, 1)
      await deps.team.appendAudit({ at: now(), memberId: null, action: 'member.deactivated', applicationId: null, detail: { memberId: member.id } })
      io.out(`Deactivated ${address}; their sessions have ended.\n`)
      return 0
    }
    default:
      return fail(`Unknown command "${command}". Run npm run team -- --help`)
  }
}
