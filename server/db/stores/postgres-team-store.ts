/**
 * The TeamStore on PostgreSQL, sharing the PostgresStore's pool. Races
 * between instances are settled by the database: row locks (the last-admin
 * check, rate-limit counters) and single-statement updates (a sign-in link is
 * used by exactly one UPDATE … WHERE used_at IS NULL).
 */
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import type { Sql, TransactionSql } from 'postgres'
import type { Role } from '../../../domain/team.ts'
import type { Member, Session } from './team-store.ts'
import type { PostgresStore } from '../postgres-store.ts'
import type { NewOutboxMessage } from './application-store.ts'
import type { NewSignInLink, Passkey, TeamStore } from './team-store.ts'

interface MemberRow {
  id: string
  email: string
  name: string
  role: Role
  active: boolean
  created_at: Date
  last_sign_in_at: Date | null
}
interface SessionRow {
  id: string
  member_id: string
  csrf_token: string
  auth_method: Session['authMethod']
  created_at: Date
  last_seen_at: Date
  idle_expires_at: Date
  expires_at: Date
}
interface PasskeyRow {
  id: string
  member_id: string
  public_key: string
  counter: string | number
  transports: string[]
  device_type: string
  backed_up: boolean
  name: string
  created_at: Date
  last_used_at: Date | null
}

const toMember = (r: MemberRow): Member => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  active: r.active,
  createdAt: r.created_at,
  lastSignInAt: r.last_sign_in_at,
})
const toSession = (r: SessionRow): Session => ({
  id: r.id,
  memberId: r.member_id,
  csrfToken: r.csrf_token,
  authMethod: r.auth_method,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  idleExpiresAt: r.idle_expires_at,
  expiresAt: r.expires_at,
})
const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  memberId: r.member_id,
  publicKey: r.public_key,
  counter: Number(r.counter),
  transports: r.transports,
  deviceType: r.device_type,
  backedUp: r.backed_up,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
})

const MEMBER_COLUMNS = 'id, email, name, role, active, created_at, last_sign_in_at'
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids arrive from URLs: one that is not a UUID cannot match and must not reach a uuid column. */
const isUuid = (s: string) => UUID_RE.test(s)

/** Thrown inside a transaction to roll it back; never escapes the store. */
class Refused extends Error {}

export function createPostgresTeamStore(store: PostgresStore): TeamStore {
  const { sql } = store

  const memberById = async (q: Sql | TransactionSql, id: string) => {
    if (!isUuid(id)) return null
    const [row] = await q<MemberRow[]>`select ${q.unsafe(MEMBER_COLUMNS)} from team_members where id = ${id}`
    return row ? toMember(row) : null
  }

  const insertLink = async (q: TransactionSql, link: NewSignInLink, m: NewOutboxMessage) => {
    await q`
      insert into team_sign_in_links (token_hash, member_id, created_at, expires_at)
      values (${link.tokenHash}, ${link.memberId}, ${link.createdAt}, ${link.expiresAt})
    `
    await q`
      insert into outbox (id, application_id, member_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                          html_body, redact_after_send, next_attempt_at, created_at)
      values (${m.id}, null, ${link.memberId}, ${m.kind}, ${m.messageId}, ${m.from}, ${m.to}, ${m.replyTo ?? null}, ${m.subject},
              ${m.text}, ${m.html}, true, ${link.createdAt}, ${link.createdAt})
    `
  }

  const insertSession = async (q: Sql | TransactionSql, s: Session) => {
    await q`
      with s as (
        insert into team_sessions (id, member_id, csrf_token, auth_method, created_at, last_seen_at, idle_expires_at, expires_at)
        values (${s.id}, ${s.memberId}, ${s.csrfToken}, ${s.authMethod}, ${s.createdAt}, ${s.lastSeenAt}, ${s.idleExpiresAt}, ${s.expiresAt})
        returning member_id
      )
      update team_members set last_sign_in_at = ${s.createdAt} from s where team_members.id = s.member_id
    `
  }

  return {
    async createMember(m, invitation) {
      return sql.begin(async (tx) => {
        const [created] = await tx`
          insert into team_members (id, email, name, role, active, created_at, invited_by)
          values (${m.id}, ${m.email}, ${m.name}, ${m.role}, true, ${m.createdAt}, ${m.invitedBy})
          on conflict (email) do nothing
          returning id
        `
        if (!created) return false
        if (invitation) await insertLink(tx, invitation.link, invitation.message)
        return true
      })
    },

    getMember: (id) => memberById(sql, id),

    async findMemberByEmail(email) {
      const [row] = await sql<MemberRow[]>`select ${sql.unsafe(MEMBER_COLUMNS)} from team_members where email = ${email}`
      return row ? toMember(row) : null
    },

    async listMembers() {
      const rows = await sql<MemberRow[]>`
        select ${sql.unsafe(MEMBER_COLUMNS)} from team_members order by name collate "C", email collate "C"
      `
      return rows.map(toMember)
    },

    async updateMember(id, change, at) {
      if (!isUuid(id)) return { status: 'not_found' }
      return sql.begin(async (tx) => {
        // Lock every active admin (and the member): two admins demoting each other at once cannot both pass the check.
        await tx`select id from team_members where (role = 'admin' and active) or id = ${id} order by id for update`
        const before = await memberById(tx, id)
        if (!before) return { status: 'not_found' as const }
        const role = change.role ?? before.role
        const active = change.active ?? before.active
        if (before.role === 'admin' && before.active && (role !== 'admin' || !active)) {
          const [{ n }] = (await tx<{ n: number }[]>`
            select count(*)::int as n from team_members where role = 'admin' and active and id <> ${id}
          `) as unknown as [{ n: number }]
          if (n === 0) return { status: 'last_admin' as const }
        }
        await tx`
          update team_members set role = ${role}, active = ${active},
            deactivated_at = case when ${active} then null when active then ${at}::timestamptz else deactivated_at end
          where id = ${id}
        `
        if (!active) await tx`delete from team_sessions where member_id = ${id}`
        return { status: 'updated' as const, member: (await memberById(tx, id))!, before }
      })
    },

    async createSignInLink(link, message) {
      await sql.begin((tx) => insertLink(tx, link, message))
    },

    async completeSignIn(tokenHash, session) {
      return sql.begin(async (tx) => {
        const [used] = await tx<{ member_id: string }[]>`
          update team_sign_in_links set used_at = ${session.createdAt}
          where token_hash = ${tokenHash} and used_at is null and expires_at > ${session.createdAt}
            and member_id in (select id from team_members where active)
          returning member_id
        `
        if (!used) return null
        await insertSession(tx, { ...session, memberId: used.member_id })
        return memberById(tx, used.member_id)
      })
    },

    async createSession(session) {
      await insertSession(sql, session)
    },

    async getSession(id) {
      const [row] = await sql<(SessionRow & { m_email: string; m_name: string; m_role: Role; m_active: boolean; m_created_at: Date; m_last_sign_in_at: Date | null })[]>`
        select s.*, m.email as m_email, m.name as m_name, m.role as m_role, m.active as m_active,
               m.created_at as m_created_at, m.last_sign_in_at as m_last_sign_in_at
        from team_sessions s join team_members m on m.id = s.member_id
        where s.id = ${id}
      `
      if (!row) return null
      return {
        session: toSession(row),
        member: toMember({
          id: row.member_id,
          email: row.m_email,
          name: row.m_name,
          role: row.m_role,
          active: row.m_active,
          created_at: row.m_created_at,
          last_sign_in_at: row.m_last_sign_in_at,
        }),
      }
    },

    async touchSession(id, lastSeenAt, idleExpiresAt) {
      await sql`update team_sessions set last_seen_at = ${lastSeenAt}, idle_expires_at = ${idleExpiresAt} where id = ${id}`
    },

    async deleteSession(id) {
      await sql`delete from team_sessions where id = ${id}`
    },

    async deleteMemberSessions(memberId) {
      if (!isUuid(memberId)) return 0
      const rows = await sql`delete from team_sessions where member_id = ${memberId} returning id`
      return rows.length
    },

    async addPasskey(p) {
      await sql`
        insert into team_passkeys (id, member_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
        values (${p.id}, ${p.memberId}, ${p.publicKey}, ${p.counter}, ${sql.json(p.transports)}, ${p.deviceType}, ${p.backedUp},
                ${p.name}, ${p.createdAt}, ${p.lastUsedAt})
      `
    },

    async getPasskey(id) {
      const [row] = await sql<PasskeyRow[]>`select * from team_passkeys where id = ${id}`
      return row ? toPasskey(row) : null
    },

    async listPasskeys(memberId) {
      if (!isUuid(memberId)) return []
      const rows = await sql<PasskeyRow[]>`select * from team_passkeys where member_id = ${memberId} order by created_at, id`
      return rows.map(toPasskey)
    },

    async recordPasskeyUse(id, counter, at) {
      await sql`update team_passkeys set counter = ${counter}, last_used_at = ${at} where id = ${id}`
    },

    async deletePasskey(id, memberId) {
      if (!isUuid(memberId)) return false
      const rows = await sql`delete from team_passkeys where id = ${id} and member_id = ${memberId} returning id`
      return rows.length === 1
    },

    async createChallenge(c) {
      await sql`
        insert into webauthn_challenges (id, challenge, purpose, member_id, expires_at)
        values (${c.id}, ${c.challenge}, ${c.purpose}, ${c.memberId}, ${c.expiresAt})
      `
    },

    async takeChallenge(id, purpose, now) {
      if (!isUuid(id)) return null
      const [row] = await sql<{ id: string; challenge: string; purpose: string; member_id: string | null; expires_at: Date }[]>`
        delete from webauthn_challenges where id = ${id} returning *
      `
      if (!row || row.purpose !== purpose || row.expires_at.getTime() <= now.getTime()) return null
      return { id: row.id, challenge: row.challenge, purpose, memberId: row.member_id, expiresAt: row.expires_at }
    },

    async hitRateLimits(hits, windowStart) {
      try {
        await sql.begin(async (tx) => {
          for (const h of hits) {
            const [counted] = await tx`
              insert into rate_limit_counters (bucket, window_start, hits) values (${h.bucket}, ${windowStart}, 1)
              on conflict (bucket, window_start) do update set hits = rate_limit_counters.hits + 1
              where rate_limit_counters.hits < ${h.max}
              returning hits
            `
            if (!counted) throw new Refused()
          }
        })
        return true
      } catch (err) {
        if (err instanceof Refused) return false
        throw err
      }
    },

    async deleteExpired(now, rateWindowsBefore) {
      await sql.begin(async (tx) => {
        await tx`delete from team_sessions where expires_at <= ${now} or idle_expires_at <= ${now}`
        await tx`delete from team_sign_in_links where expires_at <= ${now}`
        await tx`delete from webauthn_challenges where expires_at <= ${now}`
        await tx`delete from rate_limit_counters where window_start < ${rateWindowsBefore}`
      })
    },

    async appendAudit(e) {
      await sql`
        insert into audit_log (id, at, member_id, action, application_id, detail)
        values (${e.id}, ${e.at}, ${e.memberId}, ${e.action}, ${e.applicationId}, ${sql.json(e.detail as Parameters<typeof sql.json>[0])})
      `
    },

    async listAudit({ offset, limit }) {
      const rows = await sql<
        {
          id: string
          at: Date
          member_id: string | null
          action: AuditAction
          application_id: string | null
          detail: AuditDetail
          member_name: string | null
        }[]
      >`
        select a.*, m.name as member_name from audit_log a left join team_members m on m.id = a.member_id
        order by a.at desc, a.id desc limit ${limit} offset ${offset}
      `
      const [{ n }] = (await sql<{ n: number }[]>`select count(*)::int as n from audit_log`) as unknown as [{ n: number }]
      return {
        total: n,
        items: rows.map((r) => ({
          id: r.id,
          at: r.at,
          memberId: r.member_id,
          action: r.action,
          applicationId: r.application_id,
          detail: r.detail,
          memberName: r.member_name,
        })),
      }
    },
  }
}
