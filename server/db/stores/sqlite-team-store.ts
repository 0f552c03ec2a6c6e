/**
 * The TeamStore on the application's SQLite file: reads straight from the
 * shared connection, writes through the SqliteStore's group commit so they
 * join its fsync'd batches (docs/decisions/0022-sqlite-group-commit.md).
 * Each write() callback runs in its own savepoint: it is one transaction.
 */
import type { AuditAction, AuditDetail } from '../../../domain/audit.ts'
import type { Role } from '../../../domain/team.ts'
import type { Member, Session } from './team-store.ts'
import type { SqliteStore } from '../sqlite-store.ts'
import type { NewOutboxMessage } from './application-store.ts'
import type { AuditEntry, NewSignInLink, Passkey, TeamStore, WebAuthnChallenge } from './team-store.ts'
import { statementCache } from '../sqlite-statements.ts'

const iso = (d: Date) => d.toISOString()
const date = (s: string) => new Date(s)

interface MemberRow {
  id: string
  email: string
  name: string
  role: Role
  active: number
  created_at: string
  last_sign_in_at: string | null
}
interface SessionRow {
  id: string
  member_id: string
  csrf_token: string
  auth_method: Session['authMethod']
  created_at: string
  last_seen_at: string
  idle_expires_at: string
  expires_at: string
}
interface PasskeyRow {
  id: string
  member_id: string
  public_key: string
  counter: number
  transports: string
  device_type: string
  backed_up: number
  name: string
  created_at: string
  last_used_at: string | null
}

const toMember = (r: MemberRow): Member => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  active: r.active === 1,
  createdAt: date(r.created_at),
  lastSignInAt: r.last_sign_in_at === null ? null : date(r.last_sign_in_at),
})
const toSession = (r: SessionRow): Session => ({
  id: r.id,
  memberId: r.member_id,
  csrfToken: r.csrf_token,
  authMethod: r.auth_method,
  createdAt: date(r.created_at),
  lastSeenAt: date(r.last_seen_at),
  idleExpiresAt: date(r.idle_expires_at),
  expiresAt: date(r.expires_at),
})
const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  memberId: r.member_id,
  publicKey: r.public_key,
  counter: r.counter,
  transports: JSON.parse(r.transports) as string[],
  deviceType: r.device_type,
  backedUp: r.backed_up === 1,
  name: r.name,
  createdAt: date(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : date(r.last_used_at),
})

/** Thrown inside a write to roll its savepoint back; never escapes the store. */
class Refused extends Error {}

export function createSqliteTeamStore(store: SqliteStore): TeamStore {
  const { db, write } = store
  const stmt = statementCache(db)
  const memberById = (id: string) => {
    const row = stmt('SELECT * FROM team_members WHERE id = ?').get(id) as MemberRow | undefined
    return row ? toMember(row) : null
  }

  const insertLink = (link: NewSignInLink, m: NewOutboxMessage) => {
    stmt('INSERT INTO team_sign_in_links (token_hash, member_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      link.tokenHash,
      link.memberId,
      iso(link.createdAt),
      iso(link.expiresAt),
    )
    const at = iso(link.createdAt)
    stmt(
      `INSERT INTO outbox (id, application_id, member_id, kind, message_id, sender, recipient, reply_to, subject, text_body,
                           html_body, redact_after_send, next_attempt_at, created_at)
       VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ).run(m.id, link.memberId, m.kind, m.messageId, m.from, m.to, m.replyTo ?? null, m.subject, m.text, m.html, at, at)
  }

  const insertSession = (s: Session) => {
    stmt(
      `INSERT INTO team_sessions (id, member_id, csrf_token, auth_method, created_at, last_seen_at, idle_expires_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.id, s.memberId, s.csrfToken, s.authMethod, iso(s.createdAt), iso(s.lastSeenAt), iso(s.idleExpiresAt), iso(s.expiresAt))
    stmt('UPDATE team_members SET last_sign_in_at = ? WHERE id = ?').run(iso(s.createdAt), s.memberId)
  }

  return {
    createMember(m, invitation) {
      return write(() => {
        if (stmt('SELECT 1 FROM team_members WHERE email = ?').get(m.email)) return false
        stmt('INSERT INTO team_members (id, email, name, role, active, created_at, invited_by) VALUES (?, ?, ?, ?, 1, ?, ?)').run(
          m.id,
          m.email,
          m.name,
          m.role,
          iso(m.createdAt),
          m.invitedBy,
        )
        if (invitation) insertLink(invitation.link, invitation.message)
        return true
      })
    },

    async getMember(id) {
      return memberById(id)
    },

    async findMemberByEmail(email) {
      const row = stmt('SELECT * FROM team_members WHERE email = ?').get(email) as MemberRow | undefined
      return row ? toMember(row) : null
    },

    async listMembers() {
      return (stmt('SELECT * FROM team_members ORDER BY name, email').all() as MemberRow[]).map(toMember)
    },

    updateMember(id, change, at) {
      return write(() => {
        const before = memberById(id)
        if (!before) return { status: 'not_found' as const }
        const role = change.role ?? before.role
        const active = change.active ?? before.active
        const losesAdmin = before.role === 'admin' && before.active && (role !== 'admin' || !active)
        if (losesAdmin) {
          const { n } = stmt("SELECT count(*) AS n FROM team_members WHERE role = 'admin' AND active = 1 AND id <> ?").get(id) as {
            n: number
          }
          if (n === 0) return { status: 'last_admin' as const }
        }
        stmt(
          `UPDATE team_members SET role = ?, active = ?,
             deactivated_at = CASE WHEN ? = 1 THEN NULL WHEN active = 1 THEN ? ELSE deactivated_at END
           WHERE id = ?`,
        ).run(role, active ? 1 : 0, active ? 1 : 0, iso(at), id)
        if (!active) stmt('DELETE FROM team_sessions WHERE member_id = ?').run(id)
        return { status: 'updated' as const, member: memberById(id)!, before }
      })
    },

    createSignInLink(link, message) {
      return write(() => insertLink(link, message))
    },

    completeSignIn(tokenHash, session) {
      return write(() => {
        const used = stmt(
          `UPDATE team_sign_in_links SET used_at = ?
           WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
             AND member_id IN (SELECT id FROM team_members WHERE active = 1)
           RETURNING member_id`,
        ).get(iso(session.createdAt), tokenHash, iso(session.createdAt)) as { member_id: string } | undefined
        if (!used) return null
        insertSession({ ...session, memberId: used.member_id })
        return memberById(used.member_id)
      })
    },

    createSession(session) {
      return write(() => insertSession(session))
    },

    async getSession(id) {
      const row = stmt('SELECT * FROM team_sessions WHERE id = ?').get(id) as SessionRow | undefined
      if (!row) return null
      const member = memberById(row.member_id)
      return member ? { session: toSession(row), member } : null
    },

    async touchSession(id, lastSeenAt, idleExpiresAt) {
      await write(() =>
        stmt('UPDATE team_sessions SET last_seen_at = ?, idle_expires_at = ? WHERE id = ?').run(iso(lastSeenAt), iso(idleExpiresAt), id),
      )
    },

    async deleteSession(id) {
      await write(() => stmt('DELETE FROM team_sessions WHERE id = ?').run(id))
    },

    deleteMemberSessions(memberId) {
      return write(() => stmt('DELETE FROM team_sessions WHERE member_id = ?').run(memberId).changes)
    },

    async addPasskey(p) {
      await write(() =>
        stmt(
          `INSERT INTO team_passkeys (id, member_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          p.id,
          p.memberId,
          p.publicKey,
          p.counter,
          JSON.stringify(p.transports),
          p.deviceType,
          p.backedUp ? 1 : 0,
          p.name,
          iso(p.createdAt),
          p.lastUsedAt === null ? null : iso(p.lastUsedAt),
        ),
      )
    },

    async getPasskey(id) {
      const row = stmt('SELECT * FROM team_passkeys WHERE id = ?').get(id) as PasskeyRow | undefined
      return row ? toPasskey(row) : null
    },

    async listPasskeys(memberId) {
      return (stmt('SELECT * FROM team_passkeys WHERE member_id = ? ORDER BY created_at, id').all(memberId) as PasskeyRow[]).map(toPasskey)
    },

    async recordPasskeyUse(id, counter, at) {
      await write(() => stmt('UPDATE team_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, iso(at), id))
    },

    deletePasskey(id, memberId) {
      return write(() => stmt('DELETE FROM team_passkeys WHERE id = ? AND member_id = ?').run(id, memberId).changes === 1)
    },

    async createChallenge(c) {
      await write(() =>
        stmt('INSERT INTO webauthn_challenges (id, challenge, purpose, member_id, expires_at) VALUES (?, ?, ?, ?, ?)').run(
          c.id,
          c.challenge,
          c.purpose,
          c.memberId,
          iso(c.expiresAt),
        ),
      )
    },

    takeChallenge(id, purpose, now) {
      return write(() => {
        const row = stmt('DELETE FROM webauthn_challenges WHERE id = ? RETURNING *').get(id) as
          | { id: string; challenge: string; purpose: string; member_id: string | null; expires_at: string }
          | undefined
        if (!row || row.purpose !== purpose || row.expires_at <= iso(now)) return null
        const c: WebAuthnChallenge = {
          id: row.id,
          challenge: row.challenge,
          purpose,
          memberId: row.member_id,
          expiresAt: date(row.expires_at),
        }
        return c
      })
    },

    async hitRateLimits(hits, windowStart) {
      try {
        await write(() => {
          const hit = stmt(
            `INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES (?, ?, 1)
             ON CONFLICT (bucket, window_start) DO UPDATE SET hits = hits + 1 WHERE hits < ?
             RETURNING hits`,
          )
          for (const h of hits) {
            if (!hit.get(h.bucket, iso(windowStart), h.max)) throw new Refused()
          }
        })
        return true
      } catch (err) {
        if (err instanceof Refused) return false
        throw err
      }
    },

    async deleteExpired(now, rateWindowsBefore) {
      await write(() => {
        const at = iso(now)
        stmt('DELETE FROM team_sessions WHERE expires_at <= ? OR idle_expires_at <= ?').run(at, at)
        stmt('DELETE FROM team_sign_in_links WHERE expires_at <= ?').run(at)
        stmt('DELETE FROM webauthn_challenges WHERE expires_at <= ?').run(at)
        stmt('DELETE FROM rate_limit_counters WHERE window_start < ?').run(iso(rateWindowsBefore))
      })
    },

    async appendAudit(e: AuditEntry) {
      await write(() =>
        stmt('INSERT INTO audit_log (id, at, member_id, action, application_id, detail) VALUES (?, ?, ?, ?, ?, ?)').run(
          e.id,
          iso(e.at),
          e.memberId,
          e.action,
          e.applicationId,
          JSON.stringify(e.detail),
        ),
      )
    },

    async listAudit({ offset, limit }) {
      const rows = stmt(
        `SELECT a.*, m.name AS member_name FROM audit_log a LEFT JOIN team_members m ON m.id = a.member_id
         ORDER BY a.at DESC, a.id DESC LIMIT ? OFFSET ?`,
      ).all(limit, offset) as {
        id: string
        at: string
        member_id: string | null
        action: AuditAction
        application_id: string | null
        detail: string
        member_name: string | null
      }[]
      const { n } = stmt('SELECT count(*) AS n FROM audit_log').get() as { n: number }
      return {
        total: n,
        items: rows.map((r) => ({
          id: r.id,
          at: date(r.at),
          memberId: r.member_id,
          action: r.action,
          applicationId: r.application_id,
          detail: JSON.parse(r.detail) as AuditDetail,
          memberName: r.member_name,
        })),
      }
    },
  }
}
