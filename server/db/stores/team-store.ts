/**
 * Everything the sign-in, session and member routes keep in the database:
 * members, sessions, sign-in links, passkeys, WebAuthn challenges, the
 * rate-limit counters shared by every instance, and the audit log.
 *
 * Written once for both engines (ADR 0124): on SQLite it shares the
 * ApplicationStore's connection and group commit, on PostgreSQL its pool.
 * Races between instances are settled by the database: row locks (the
 * last-admin check), upserts that count only below the max (rate limits)
 * and single-statement compare-and-sets (a sign-in link is used by exactly
 * one UPDATE … WHERE used_at IS NULL). The semantics are pinned down by
 * team-store-contract.ts.
 */
import { sql, type InferResult } from 'kysely'
import type { Role } from '../../../domain/team.ts'
import { db, firstOrNull, type Engine, type Tx } from '../engine.ts'
import { fromRow, toDate, toNumber, toRow, type Row } from '../schema.ts'
import { messageColumns, type MessageValues, type NewOutboxMessage } from './outbox-rows.ts'
import { auditWriter, type NewAuditEntry } from './audit-log.ts'
import { isUuid } from '../time-ordered-id.ts'
import type { Member } from './member-rows.ts'

export type { Member } from './member-rows.ts'

/** A signed-in session: team_sessions's row. */
export type Session = Row<'team_sessions'>

export type NewMember = Pick<Row<'team_members'>, 'id' | 'email' | 'name' | 'role' | 'invitedBy' | 'createdAt'>

export type NewSignInLink = Omit<Row<'team_sign_in_links'>, 'usedAt'>

export type Passkey = Row<'team_passkeys'>

export type WebAuthnChallenge = Row<'webauthn_challenges'>
export type ChallengePurpose = WebAuthnChallenge['purpose']

export interface RateLimitHit {
  /** A hash (never the address or IP itself). */
  bucket: string
  max: number
}

export type MemberChange = { role?: Role; active?: boolean }

export type MemberChangeOutcome =
  | { status: 'updated'; member: Member; before: Member }
  | { status: 'not_found' }
  /** The change would leave no active admin: nothing changed. */
  | { status: 'last_admin' }

export interface Invitation {
  link: NewSignInLink
  message: NewOutboxMessage
}

export interface TeamStore {
  // --- Members ---------------------------------------------------------------
  /**
   * Add a member and, in the same transaction, their invitation (a sign-in
   * link and its e-mail). False, and nothing stored, when the address is taken.
   */
  createMember(member: NewMember, invitation?: Invitation): Promise<boolean>
  getMember(id: string): Promise<Member | null>
  findMemberByEmail(email: string): Promise<Member | null>
  /** Every member, by name then e-mail. */
  listMembers(): Promise<Member[]>
  /**
   * Change role and/or active flag. Deactivating ends every session of the
   * member in the same transaction. Refuses (and changes nothing) when no
   * active admin would remain.
   */
  updateMember(id: string, change: MemberChange, at: Date): Promise<MemberChangeOutcome>
  /** The active members an admin gave the right to sign agreements for the programme. */
  signerIds(): Promise<Set<string>>
  /** Give or take that right (audited member.signing_right_set); false when no such member. */
  setCanSign(id: string, canSign: boolean, by: { memberId: string; at: Date }): Promise<boolean>

  // --- Sign-in links ---------------------------------------------------------
  /** In ONE transaction: the link row and its outbox e-mail (redacted once sent). */
  createSignInLink(link: NewSignInLink, message: NewOutboxMessage): Promise<void>
  /**
   * Atomically use the link and open the session: only an unused, unexpired
   * link of an active member works, and only once, even under concurrent calls.
   * Null, and nothing changed, otherwise.
   */
  completeSignIn(tokenHash: string, session: Omit<Session, 'memberId'>): Promise<Member | null>

  // --- Sessions --------------------------------------------------------------
  /** Open a session and record the member's sign-in time. */
  createSession(session: Session): Promise<void>
  /** The session and its member, whatever their state (the caller checks expiry and `active`). */
  getSession(id: string): Promise<{ session: Session; member: Member } | null>
  /** Slide the idle expiry. */
  touchSession(id: string, lastSeenAt: Date, idleExpiresAt: Date): Promise<void>
  deleteSession(id: string): Promise<void>
  /** End every session of a member; says how many ended. */
  deleteMemberSessions(memberId: string): Promise<number>

  // --- Passkeys and WebAuthn ceremonies -------------------------------------
  addPasskey(passkey: Passkey): Promise<void>
  getPasskey(id: string): Promise<Passkey | null>
  listPasskeys(memberId: string): Promise<Passkey[]>
  /** After a successful assertion: the authenticator's new counter and the time. */
  recordPasskeyUse(id: string, counter: number, at: Date): Promise<void>
  /** Only the member's own passkey; false when there is none with that id. */
  deletePasskey(id: string, memberId: string): Promise<boolean>
  createChallenge(challenge: WebAuthnChallenge): Promise<void>
  /** Delete the challenge (used once) and return it if it had the purpose and had not expired. */
  takeChallenge(id: string, purpose: ChallengePurpose, now: Date): Promise<WebAuthnChallenge | null>

  // --- Rate limits -----------------------------------------------------------
  /**
   * Count one request in every bucket of the fixed window starting at
   * `windowStart`, all or nothing: when any bucket already holds its max,
   * nothing is counted and the answer is false.
   */
  hitRateLimits(hits: RateLimitHit[], windowStart: Date): Promise<boolean>

  // --- Housekeeping ----------------------------------------------------------
  /** Remove expired sessions, links, challenges and rate-limit windows that ended before `now`. */
  deleteExpired(now: Date, rateWindowsBefore: Date): Promise<void>

  // --- Audit log -------------------------------------------------------------
  /** One entry; its time-ordered id is made here unless it brings one (audit-log.ts). */
  appendAudit(entry: NewAuditEntry & { id?: string }): Promise<void>
}

const members = () =>
  db.selectFrom('team_members').select(['id', 'email', 'name', 'role', 'active', 'created_at', 'last_sign_in_at'])
type MemberRow = InferResult<ReturnType<typeof members>>[number]
const toMember = (r: MemberRow): Member => fromRow('team_members', r)

// The session and its member in one read: every signed-in request makes it.
const sessions = () =>
  db
    .selectFrom('team_sessions as s')
    .innerJoin('team_members as m', 'm.id', 's.member_id')
    .selectAll('s')
    .select(['m.email', 'm.name', 'm.role', 'm.active', 'm.created_at as member_created_at', 'm.last_sign_in_at'])
type SessionRow = InferResult<ReturnType<typeof sessions>>[number]
const toSession = ({ email, name, role, active, member_created_at, last_sign_in_at, ...s }: SessionRow): { session: Session; member: Member } => ({
  session: fromRow('team_sessions', s),
  member: toMember({ id: s.member_id, email, name, role, active, created_at: member_created_at, last_sign_in_at }),
})

const passkeys = () => db.selectFrom('team_passkeys').selectAll()
type PasskeyRow = InferResult<ReturnType<typeof passkeys>>[number]
const toPasskey = (r: PasskeyRow): Passkey => fromRow('team_passkeys', r)

/** The names of the members `ids` names (null: nobody), by id: what an answer's memberNames holds. */
export async function memberNames(team: Pick<TeamStore, 'listMembers'>, ids: readonly (string | null)[]): Promise<Record<string, string>> {
  const wanted = new Set(ids.filter((id): id is string => id !== null))
  if (wanted.size === 0) return {}
  return Object.fromEntries((await team.listMembers()).filter((m) => wanted.has(m.id)).map((m) => [m.id, m.name]))
}

/** Thrown inside a transaction to roll it back; never escapes the store. */
class Refused extends Error {}

export function openTeamStore(e: Engine): TeamStore {
  const insertAudit = auditWriter(e)
  const q = {
    member: e.prepare((p: { id: string }) => members().where('id', '=', p.id)),
    memberByEmail: e.prepare((p: { email: string }) => members().where('email', '=', p.email)),
    members: e.prepare(() => members().orderBy(e.textOrder('name')).orderBy(e.textOrder('email'))),
    // The address is unique: a taken one makes this insert a no-op.
    insertMember: e.prepare((p: NewMember) =>
      db
        .insertInto('team_members')
        .values({ ...toRow(p, ['id', 'email', 'name', 'role', 'created_at', 'invited_by']), active: true })
        .onConflict((oc) => oc.column('email').doNothing()),
    ),
    // Every active admin and the member, in id order: two admins demoting each other at once cannot both pass the check.
    lockAdmins: e.prepare((p: { id: string }) =>
      db
        .selectFrom('team_members')
        .select('id')
        .where((eb) => eb.or([eb.and([eb('role', '=', 'admin'), eb('active', '=', true)]), eb('id', '=', p.id)]))
        .orderBy('id')
        .$call(e.forUpdate),
    ),
    otherActiveAdmins: e.prepare((p: { id: string }) =>
      db
        .selectFrom('team_members')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('role', '=', 'admin')
        .where('active', '=', true)
        .where('id', '<>', p.id),
    ),
    setMember: e.prepare((p: { id: string; role: Role; active: boolean; deactivatedAt: Date | null }) =>
      db.updateTable('team_members').set({ role: p.role, active: p.active, deactivated_at: p.deactivatedAt }).where('id', '=', p.id),
    ),
    // Still inactive: the time it was deactivated stays.
    signers: e.prepare(() => db.selectFrom('team_members').select('id').where('can_sign', '=', true).where('active', '=', true)),
    setCanSign: e.prepare((p: { id: string; canSign: boolean }) => db.updateTable('team_members').set({ can_sign: p.canSign }).where('id', '=', p.id)),
    setRole: e.prepare((p: { id: string; role: Role }) => db.updateTable('team_members').set({ role: p.role }).where('id', '=', p.id)),
    insertLink: e.prepare((p: { tokenHash: string; memberId: string; createdAt: Date; expiresAt: Date }) =>
      db.insertInto('team_sign_in_links').values(toRow(p, ['token_hash', 'member_id', 'created_at', 'expires_at'])),
    ),
    // A sign-in link's body holds its token: blanked once sent or given up.
    enqueueMail: e.prepare((p: MessageValues & { memberId: string; at: Date }) =>
      db
        .insertInto('outbox')
        .values({ ...messageColumns(p), application_id: null, member_id: p.memberId, redact_after_send: true, next_attempt_at: p.at, created_at: p.at }),
    ),
    // Compare-and-set: of concurrent completions, only one finds the link unused.
    useLink: e.prepare((p: { tokenHash: string; at: Date }) =>
      db
        .updateTable('team_sign_in_links')
        .set({ used_at: p.at })
        .where('token_hash', '=', p.tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', p.at)
        .where('member_id', 'in', db.selectFrom('team_members').select('id').where('active', '=', true))
        .returning('member_id'),
    ),
    insertSession: e.prepare((p: Session) =>
      db.insertInto('team_sessions').values(toRow(p, ['id', 'member_id', 'csrf_token', 'auth_method', 'created_at', 'last_seen_at', 'idle_expires_at', 'expires_at'])),
    ),
    signedIn: e.prepare((p: { id: string; at: Date }) => db.updateTable('team_members').set({ last_sign_in_at: p.at }).where('id', '=', p.id)),
    session: e.prepare((p: { id: string }) => sessions().where('s.id', '=', p.id)),
    touchSession: e.prepare((p: { id: string; lastSeenAt: Date; idleExpiresAt: Date }) =>
      db.updateTable('team_sessions').set({ last_seen_at: p.lastSeenAt, idle_expires_at: p.idleExpiresAt }).where('id', '=', p.id),
    ),
    deleteSession: e.prepare((p: { id: string }) => db.deleteFrom('team_sessions').where('id', '=', p.id)),
    deleteMemberSessions: e.prepare((p: { memberId: string }) => db.deleteFrom('team_sessions').where('member_id', '=', p.memberId)),
    addPasskey: e.prepare((p: Passkey) =>
      db
        .insertInto('team_passkeys')
        .values(toRow(p, ['id', 'member_id', 'public_key', 'counter', 'transports', 'device_type', 'backed_up', 'name', 'created_at', 'last_used_at'])),
    ),
    passkey: e.prepare((p: { id: string }) => passkeys().where('id', '=', p.id)),
    passkeys: e.prepare((p: { memberId: string }) => passkeys().where('member_id', '=', p.memberId).orderBy('created_at').orderBy(e.textOrder('id'))),
    usePasskey: e.prepare((p: { id: string; counter: number; at: Date }) =>
      db.updateTable('team_passkeys').set({ counter: p.counter, last_used_at: p.at }).where('id', '=', p.id),
    ),
    deletePasskey: e.prepare((p: { id: string; memberId: string }) => db.deleteFrom('team_passkeys').where('id', '=', p.id).where('member_id', '=', p.memberId)),
    createChallenge: e.prepare((p: WebAuthnChallenge) =>
      db.insertInto('webauthn_challenges').values(toRow(p, ['id', 'challenge', 'purpose', 'member_id', 'expires_at'])),
    ),
    takeChallenge: e.prepare((p: { id: string }) => db.deleteFrom('webauthn_challenges').where('id', '=', p.id).returningAll()),
    // Counts only below the max: a full bucket's upsert changes nothing and returns no row.
    hit: e.prepare((p: { bucket: string; windowStart: Date; max: number }) =>
      db
        .insertInto('rate_limit_counters')
        .values({ bucket: p.bucket, window_start: p.windowStart, hits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['bucket', 'window_start'])
            .doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` })
            .where('rate_limit_counters.hits', '<', p.max),
        )
        .returning('hits'),
    ),
    expireSessions: e.prepare((p: { now: Date }) =>
      db.deleteFrom('team_sessions').where((eb) => eb.or([eb('expires_at', '<=', p.now), eb('idle_expires_at', '<=', p.now)])),
    ),
    expireLinks: e.prepare((p: { now: Date }) => db.deleteFrom('team_sign_in_links').where('expires_at', '<=', p.now)),
    expireChallenges: e.prepare((p: { now: Date }) => db.deleteFrom('webauthn_challenges').where('expires_at', '<=', p.now)),
    expireRateWindows: e.prepare((p: { before: Date }) => db.deleteFrom('rate_limit_counters').where('window_start', '<', p.before)),
  }

  function* insertLink(tx: Tx, link: NewSignInLink, m: NewOutboxMessage) {
    yield* tx.run(q.insertLink(link))
    yield* tx.run(
      q.enqueueMail({ ...m, replyTo: m.replyTo ?? null, memberId: link.memberId, at: link.createdAt }),
    )
  }
  function* insertSession(tx: Tx, s: Session) {
    yield* tx.run(q.insertSession(s))
    yield* tx.run(q.signedIn({ id: s.memberId, at: s.createdAt }))
  }
  function* memberIn(tx: Tx, id: string) {
    const row = yield* tx.first(q.member({ id }))
    return row ? toMember(row) : null
  }

  return {
    createMember(m, invitation) {
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.insertMember(m))) === 0) return false
        if (invitation) yield* insertLink(tx, invitation.link, invitation.message)
        return true
      })
    },

    async getMember(id) {
      if (!isUuid(id)) return null
      return firstOrNull(e, q.member({ id }), toMember)
    },

    async findMemberByEmail(email) {
      return firstOrNull(e, q.memberByEmail({ email }), toMember)
    },

    async listMembers() {
      return (await e.all(q.members({}))).map(toMember)
    },

    async signerIds() {
      return new Set((await e.all(q.signers({}))).map((r) => r.id))
    },

    async setCanSign(id, canSign, by) {
      if (!isUuid(id)) return false
      return e.transaction(function* (tx) {
        if ((yield* tx.run(q.setCanSign({ id, canSign }))) === 0) return false
        yield* tx.run(insertAudit([{ at: by.at, memberId: by.memberId, action: 'member.signing_right_set', applicationId: null, detail: { member: id, canSign } }]))
        return true
      })
    },

    async updateMember(id, change, at) {
      if (!isUuid(id)) return { status: 'not_found' }
      return e.transaction(function* (tx) {
        yield* tx.all(q.lockAdmins({ id }))
        const before = yield* memberIn(tx, id)
        if (!before) return { status: 'not_found' as const }
        const role = change.role ?? before.role
        const active = change.active ?? before.active
        if (before.role === 'admin' && before.active && (role !== 'admin' || !active)) {
          const others = yield* tx.first(q.otherActiveAdmins({ id }))
          if (toNumber(others!.n) === 0) return { status: 'last_admin' as const }
        }
        if (active || before.active) yield* tx.run(q.setMember({ id, role, active, deactivatedAt: active ? null : at }))
        else yield* tx.run(q.setRole({ id, role }))
        if (!active) yield* tx.run(q.deleteMemberSessions({ memberId: id }))
        return { status: 'updated' as const, member: (yield* memberIn(tx, id))!, before }
      })
    },

    async createSignInLink(link, message) {
      await e.transaction((tx) => insertLink(tx, link, message))
    },

    completeSignIn(tokenHash, session) {
      return e.transaction(function* (tx) {
        const used = yield* tx.first(q.useLink({ tokenHash, at: session.createdAt }))
        if (!used) return null
        yield* insertSession(tx, { ...session, memberId: used.member_id })
        return yield* memberIn(tx, used.member_id)
      })
    },

    async createSession(session) {
      await e.transaction((tx) => insertSession(tx, session))
    },

    async getSession(id) {
      return firstOrNull(e, q.session({ id }), toSession)
    },

    async touchSession(id, lastSeenAt, idleExpiresAt) {
      await e.run(q.touchSession({ id, lastSeenAt, idleExpiresAt }))
    },

    async deleteSession(id) {
      await e.run(q.deleteSession({ id }))
    },

    async deleteMemberSessions(memberId) {
      return isUuid(memberId) ? e.run(q.deleteMemberSessions({ memberId })) : 0
    },

    async addPasskey(passkey) {
      await e.run(q.addPasskey(passkey))
    },

    async getPasskey(id) {
      return firstOrNull(e, q.passkey({ id }), toPasskey)
    },

    async listPasskeys(memberId) {
      if (!isUuid(memberId)) return []
      return (await e.all(q.passkeys({ memberId }))).map(toPasskey)
    },

    async recordPasskeyUse(id, counter, at) {
      await e.run(q.usePasskey({ id, counter, at }))
    },

    async deletePasskey(id, memberId) {
      return isUuid(memberId) && (await e.run(q.deletePasskey({ id, memberId }))) === 1
    },

    async createChallenge(challenge) {
      await e.run(q.createChallenge(challenge))
    },

    async takeChallenge(id, purpose, now) {
      if (!isUuid(id)) return null
      // Deleted whatever it holds: a challenge is used once, even a wrong or late one.
      const row = await e.transaction((tx) => tx.first(q.takeChallenge({ id })))
      if (!row || row.purpose !== purpose || toDate(row.expires_at).getTime() <= now.getTime()) return null
      return fromRow('webauthn_challenges', row)
    },

    async hitRateLimits(hits, windowStart) {
      try {
        await e.transaction(function* (tx) {
          for (const h of hits) {
            // A full bucket rolls back the hits already counted in the others.
            if (!(yield* tx.first(q.hit({ bucket: h.bucket, windowStart, max: h.max })))) throw new Refused()
          }
        })
        return true
      } catch (err) {
        if (err instanceof Refused) return false
        throw err
      }
    },

    async deleteExpired(now, rateWindowsBefore) {
      await e.transaction(function* (tx) {
        yield* tx.run(q.expireSessions({ now }))
        yield* tx.run(q.expireLinks({ now }))
        yield* tx.run(q.expireChallenges({ now }))
        yield* tx.run(q.expireRateWindows({ before: rateWindowsBefore }))
      })
    },

    async appendAudit(entry) {
      await e.run(insertAudit([entry]))
    },
  }
}
