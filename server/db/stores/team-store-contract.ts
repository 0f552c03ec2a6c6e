/**
 * The contract every TeamStore honours, as a reusable Vitest suite run on
 * real databases (team-store.sqlite.test.ts, team-store.postgres.test.ts).
 * `open` gives a FRESH migrated database; openSecond another connection (or
 * pool) to the same one, as a second server instance would have.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { Session } from './team-store.ts'
import type { ApplicationStore, NewOutboxMessage } from './application-store.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import type { NewMember, NewSignInLink, TeamStore } from './team-store.ts'
import { engineOf } from '../engine-of.ts'
import { openReviewStore } from './review-store.ts'

export interface TeamStoreHarness {
  store: ApplicationStore
  team: TeamStore
  openSecond: () => Promise<{ store: ApplicationStore; team: TeamStore }>
  dispose: () => Promise<void>
}

/** The harness on a test database of either store, with that store's TeamStore. */
export function teamStoreHarness<S extends ApplicationStore>(db: TestDatabase<S>, openTeam: (store: S) => TeamStore): TeamStoreHarness {
  return {
    store: db.store,
    team: openTeam(db.store),
    openSecond: async () => {
      const second = await db.openAnother()
      return { store: second, team: openTeam(second) }
    },
    dispose: db.dispose,
  }
}

const T0 = new Date('2026-11-23T15:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60_000

let n = 0
export function newMember(overrides: Partial<NewMember> = {}): NewMember {
  n++
  return {
    id: crypto.randomUUID(),
    email: `persona${n}.${crypto.randomUUID().slice(0, 6)}@catalitico.example`,
    name: `Persona ${n}`,
    role: 'reviewer',
    invitedBy: null,
    createdAt: T0,
    ...overrides,
  }
}

function signInMail(to: string): NewOutboxMessage {
  return {
    id: crypto.randomUUID(),
    kind: 'team_sign_in',
    messageId: `<${crypto.randomUUID()}@catalitico.example>`,
    from: 'Catalítico <equipo@catalitico.example>',
    to,
    subject: 'Tu enlace para entrar',
    text: 'https://catalitico.example/equipo/entrar#token=secreto',
    html: '<a href="https://catalitico.example/equipo/entrar#token=secreto">Entrar</a>',
  }
}

const hash = () => crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '')

function link(memberId: string, createdAt = T0, ttlMs = 15 * MINUTE): NewSignInLink {
  return { tokenHash: hash(), memberId, createdAt, expiresAt: new Date(createdAt.getTime() + ttlMs) }
}

function session(createdAt = T0): Omit<Session, 'memberId'> {
  return {
    id: hash(),
    csrfToken: hash(),
    authMethod: 'link',
    createdAt,
    lastSeenAt: createdAt,
    idleExpiresAt: new Date(createdAt.getTime() + 12 * 60 * MINUTE),
    expiresAt: new Date(createdAt.getTime() + 7 * 24 * 60 * MINUTE),
  }
}

export function describeTeamStoreContract(name: string, open: () => Promise<TeamStoreHarness>): void {
  describe(`TeamStore contract: ${name}`, () => {
    const harness = harnessPerTest(open)

    it('creates members once per address and reads them back', async () => {
      const { team } = await harness()
      const ana = newMember({ name: 'Ana', role: 'admin' })
      const beto = newMember({ name: 'Beto', invitedBy: ana.id })
      expect(await team.createMember(ana)).toBe(true)
      expect(await team.createMember(beto)).toBe(true)
      expect(await team.createMember(newMember({ email: ana.email }))).toBe(false)

      const expected = { id: ana.id, email: ana.email, name: 'Ana', role: 'admin', active: true, createdAt: T0, lastSignInAt: null }
      expect(await team.getMember(ana.id)).toEqual(expected)
      expect(await team.findMemberByEmail(ana.email)).toEqual(expected)
      expect(await team.findMemberByEmail('nadie@catalitico.example')).toBeNull()
      expect(await team.getMember(crypto.randomUUID())).toBeNull()
      expect(await team.getMember('not-a-uuid')).toBeNull()
      expect((await team.listMembers()).map((m) => m.name)).toEqual(['Ana', 'Beto'])
    })

    it('stores an invitation with its member in one transaction, and nothing when the address is taken', async () => {
      const { store, team } = await harness()
      const ana = newMember()
      const mail = signInMail(ana.email)
      expect(await team.createMember(ana, { link: link(ana.id), message: mail })).toBe(true)
      const twin = newMember({ email: ana.email })
      expect(await team.createMember(twin, { link: link(twin.id), message: signInMail(ana.email) })).toBe(false)
      const messages = await store.listMessages()
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({ id: mail.id, kind: 'team_sign_in', memberId: ana.id, applicationId: null, status: 'pending' })
    })

    it('queues a sign-in link with its e-mail, and blanks the body once sent or given up (redact_after_send)', async () => {
      const { store, team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const first = signInMail(ana.email)
      const second = signInMail(ana.email)
      await team.createSignInLink(link(ana.id), first)
      await team.createSignInLink(link(ana.id, at(1)), second)
      const app = newSubmission({ createdAt: T0 })
      await store.saveSubmission(app)

      const claimed = await store.claimDueMessages('w1', at(MINUTE), 10, MINUTE)
      expect(claimed.map((m) => m.id).sort()).toEqual([first.id, second.id, ...app.messages.map((m) => m.id)].sort())
      const firstClaimed = claimed.find((m) => m.id === first.id)!
      expect(firstClaimed).toMatchObject({ memberId: ana.id, applicationId: null, text: first.text, html: first.html, to: ana.email })

      expect(await store.markSent(first.id, 'w1', at(2 * MINUTE))).toBe(true)
      expect(await store.markFailed(second.id, 'w1', { attempts: 8, failedAt: at(2 * MINUTE), lastError: 'gone' })).toBe(true)
      for (const m of app.messages) expect(await store.markSent(m.id, 'w1', at(2 * MINUTE))).toBe(true)

      const after = await store.listMessages()
      const byId = new Map(after.map((m) => [m.id, m]))
      expect(byId.get(first.id)).toMatchObject({ status: 'sent', text: '', html: '', subject: first.subject, to: ana.email })
      expect(byId.get(second.id)).toMatchObject({ status: 'failed', text: '', html: '' })
      // Application e-mails keep their bodies (the founder's copy can be re-read).
      for (const m of app.messages) expect(byId.get(m.id)).toMatchObject({ status: 'sent', text: m.text, html: m.html })
    })

    it('rolls the link back when its e-mail cannot be stored', async () => {
      const { store, team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const first = signInMail(ana.email)
      await team.createSignInLink(link(ana.id), first)
      const clash = link(ana.id)
      // Same Message-ID: the outbox insert fails after the link insert.
      await expect(team.createSignInLink(clash, { ...signInMail(ana.email), messageId: first.messageId })).rejects.toThrow()
      expect(await team.completeSignIn(clash.tokenHash, session(at(MINUTE)))).toBeNull()
      expect(await store.listMessages()).toHaveLength(1)
    })

    it('completes a sign-in once: unused, unexpired, active member only', async () => {
      const { team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const good = link(ana.id)
      const expired = link(ana.id, T0, MINUTE)
      await team.createSignInLink(good, signInMail(ana.email))
      await team.createSignInLink(expired, signInMail(ana.email))

      expect(await team.completeSignIn(expired.tokenHash, session(at(MINUTE)))).toBeNull()
      expect(await team.completeSignIn(hash(), session(at(MINUTE)))).toBeNull()
      const s = session(at(MINUTE))
      const member = await team.completeSignIn(good.tokenHash, s)
      expect(member).toMatchObject({ id: ana.id, lastSignInAt: at(MINUTE) })
      expect(await team.getSession(s.id)).toEqual({ session: { ...s, memberId: ana.id }, member })
      expect(await team.completeSignIn(good.tokenHash, session(at(2 * MINUTE)))).toBeNull()

      const beto = newMember()
      await team.createMember(beto)
      const betoLink = link(beto.id)
      await team.createSignInLink(betoLink, signInMail(beto.email))
      await team.updateMember(beto.id, { active: false }, at(MINUTE))
      expect(await team.completeSignIn(betoLink.tokenHash, session(at(MINUTE)))).toBeNull()
    })

    it('lets exactly one of two concurrent completions (on two connections) open a session', async () => {
      const { team, openSecond } = await harness()
      const other = await openSecond()
      const ana = newMember()
      await team.createMember(ana)
      const l = link(ana.id)
      await team.createSignInLink(l, signInMail(ana.email))
      const sessions = Array.from({ length: 6 }, () => session(at(MINUTE)))
      const results = await Promise.all(sessions.map((s, i) => (i % 2 ? other.team : team).completeSignIn(l.tokenHash, s)))
      expect(results.filter((r) => r !== null)).toHaveLength(1)
      const opened = await Promise.all(sessions.map((s) => team.getSession(s.id)))
      expect(opened.filter((s) => s !== null)).toHaveLength(1)
    })

    it('slides, ends one and ends all sessions of a member', async () => {
      const { team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const a = { ...session(), memberId: ana.id }
      const b = { ...session(), memberId: ana.id }
      await team.createSession(a)
      await team.createSession(b)
      expect((await team.getMember(ana.id))!.lastSignInAt).toEqual(T0)
      await team.touchSession(a.id, at(MINUTE), at(60 * MINUTE))
      expect((await team.getSession(a.id))!.session).toMatchObject({ lastSeenAt: at(MINUTE), idleExpiresAt: at(60 * MINUTE) })
      await team.deleteSession(a.id)
      expect(await team.getSession(a.id)).toBeNull()
      expect(await team.getSession(b.id)).not.toBeNull()
      await team.createSession(a)
      expect(await team.deleteMemberSessions(ana.id)).toBe(2)
      expect(await team.getSession(b.id)).toBeNull()
    })

    it('changes roles, deactivates (ending sessions at once), reactivates, and never leaves no active admin', async () => {
      const { team } = await harness()
      const ana = newMember({ role: 'admin' })
      const beto = newMember({ role: 'admin' })
      await team.createMember(ana)
      await team.createMember(beto)
      const betoSession = { ...session(), memberId: beto.id }
      await team.createSession(betoSession)

      const demoted = await team.updateMember(beto.id, { role: 'reviewer' }, at(1))
      expect(demoted).toMatchObject({ status: 'updated', member: { role: 'reviewer', active: true }, before: { role: 'admin' } })
      expect(await team.getSession(betoSession.id)).not.toBeNull()
      expect(await team.updateMember(ana.id, { role: 'reviewer' }, at(2))).toEqual({ status: 'last_admin' })
      expect(await team.updateMember(ana.id, { active: false }, at(2))).toEqual({ status: 'last_admin' })
      expect(await team.getMember(ana.id)).toMatchObject({ role: 'admin', active: true })

      expect(await team.updateMember(beto.id, { active: false }, at(3))).toMatchObject({ status: 'updated', member: { active: false } })
      expect(await team.getSession(betoSession.id)).toBeNull()
      expect(await team.updateMember(beto.id, { active: true, role: 'admin' }, at(4))).toMatchObject({
        status: 'updated',
        member: { active: true, role: 'admin' },
      })
      expect(await team.updateMember(ana.id, { active: false }, at(5))).toMatchObject({ status: 'updated' })
      expect(await team.updateMember(crypto.randomUUID(), { active: false }, at(5))).toEqual({ status: 'not_found' })
      expect(await team.updateMember('nope', { active: false }, at(5))).toEqual({ status: 'not_found' })
    })

    it('lets only one of two admins demoting each other at once succeed (two connections)', async () => {
      const { team, openSecond } = await harness()
      const other = await openSecond()
      const ana = newMember({ role: 'admin' })
      const beto = newMember({ role: 'admin' })
      await team.createMember(ana)
      await team.createMember(beto)
      const outcomes = await Promise.all([
        team.updateMember(ana.id, { active: false }, at(1)),
        other.team.updateMember(beto.id, { active: false }, at(1)),
      ])
      expect(outcomes.map((o) => o.status).sort()).toEqual(['last_admin', 'updated'])
      expect((await team.listMembers()).filter((m) => m.active && m.role === 'admin')).toHaveLength(1)
    })

    it('keeps passkeys per member and records their use', async () => {
      const { team } = await harness()
      const ana = newMember()
      const beto = newMember()
      await team.createMember(ana)
      await team.createMember(beto)
      const key = {
        id: 'Y3JlZGVudGlhbC1pZA',
        memberId: ana.id,
        publicKey: 'cHVibGljLWtleQ',
        counter: 0,
        transports: ['internal', 'hybrid'],
        deviceType: 'multiDevice',
        backedUp: true,
        name: 'Portátil de Ana',
        createdAt: T0,
        lastUsedAt: null,
      }
      await team.addPasskey(key)
      expect(await team.getPasskey(key.id)).toEqual(key)
      expect(await team.listPasskeys(ana.id)).toEqual([key])
      expect(await team.listPasskeys(beto.id)).toEqual([])
      await team.recordPasskeyUse(key.id, 7, at(MINUTE))
      expect(await team.getPasskey(key.id)).toMatchObject({ counter: 7, lastUsedAt: at(MINUTE) })
      expect(await team.deletePasskey(key.id, beto.id)).toBe(false)
      expect(await team.deletePasskey(key.id, ana.id)).toBe(true)
      expect(await team.getPasskey(key.id)).toBeNull()
    })

    it('hands a WebAuthn challenge out once, for its purpose, before it expires', async () => {
      const { team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const c = { id: crypto.randomUUID(), challenge: 'abc', purpose: 'register' as const, memberId: ana.id, expiresAt: at(5 * MINUTE) }
      await team.createChallenge(c)
      expect(await team.takeChallenge(c.id, 'register', at(MINUTE))).toEqual(c)
      expect(await team.takeChallenge(c.id, 'register', at(MINUTE))).toBeNull()

      const wrong = { ...c, id: crypto.randomUUID(), purpose: 'authenticate' as const, memberId: null }
      await team.createChallenge(wrong)
      expect(await team.takeChallenge(wrong.id, 'register', at(MINUTE))).toBeNull()
      expect(await team.takeChallenge(wrong.id, 'authenticate', at(MINUTE))).toBeNull()

      const late = { ...c, id: crypto.randomUUID() }
      await team.createChallenge(late)
      expect(await team.takeChallenge(late.id, 'register', at(5 * MINUTE))).toBeNull()
      expect(await team.takeChallenge('not-a-uuid', 'register', at(MINUTE))).toBeNull()
    })

    it('counts rate-limit hits all or nothing, per window, shared across connections', async () => {
      const { team, openSecond } = await harness()
      const other = await openSecond()
      const ip = { bucket: 'ip-hash', max: 3 }
      const address = { bucket: 'address-hash', max: 2 }
      expect(await team.hitRateLimits([address, ip], T0)).toBe(true)
      expect(await other.team.hitRateLimits([address, ip], T0)).toBe(true)
      // The address is spent: refused, and the IP's counter is not touched.
      expect(await team.hitRateLimits([address, ip], T0)).toBe(false)
      expect(await team.hitRateLimits([ip], T0)).toBe(true)
      expect(await team.hitRateLimits([ip], T0)).toBe(false)
      // A new window starts afresh.
      expect(await team.hitRateLimits([address, ip], at(15 * MINUTE))).toBe(true)

      const racing = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? other.team : team).hitRateLimits([{ bucket: 'race', max: 4 }], T0)),
      )
      expect(racing.filter(Boolean)).toHaveLength(4)
    })

    it('removes what has expired and keeps the rest', async () => {
      const { team } = await harness()
      const ana = newMember()
      await team.createMember(ana)
      const old = { ...session(), memberId: ana.id, idleExpiresAt: at(MINUTE) }
      const live = { ...session(), memberId: ana.id }
      await team.createSession(old)
      await team.createSession(live)
      const oldLink = link(ana.id, T0, MINUTE)
      const liveLink = link(ana.id)
      await team.createSignInLink(oldLink, signInMail(ana.email))
      await team.createSignInLink(liveLink, signInMail(ana.email))
      await team.hitRateLimits([{ bucket: 'b', max: 5 }], T0)
      await team.deleteExpired(at(2 * MINUTE), at(MINUTE))
      expect(await team.getSession(old.id)).toBeNull()
      expect(await team.getSession(live.id)).not.toBeNull()
      expect(await team.completeSignIn(liveLink.tokenHash, session(at(3 * MINUTE)))).not.toBeNull()
      // The old window was removed: five more hits fit.
      for (let i = 0; i < 5; i++) expect(await team.hitRateLimits([{ bucket: 'b', max: 5 }], T0)).toBe(true)
    })

    it('appends audit entries, read back newest first with the member name', async () => {
      const { store, team } = await harness()
      const audit = openReviewStore(engineOf(store))
      const ana = newMember({ name: 'Ana' })
      await team.createMember(ana)
      const appId = crypto.randomUUID()
      await team.appendAudit({ id: crypto.randomUUID(), at: T0, memberId: ana.id, action: 'member.invited', applicationId: null, detail: { memberId: ana.id } })
      await team.appendAudit({ id: crypto.randomUUID(), at: at(1), memberId: null, action: 'application.viewed', applicationId: appId, detail: {} })
      await team.appendAudit({ id: crypto.randomUUID(), at: at(2), memberId: ana.id, action: 'session.signed_in', applicationId: null, detail: { method: 'link' } })
      const page = await audit.listAudit(1, 2)
      expect(page.total).toBe(3)
      expect(page.items.map((e) => [e.action, e.member?.name ?? null])).toEqual([
        ['session.signed_in', 'Ana'],
        ['application.viewed', null],
      ])
      expect(page.items[0]!.detail).toEqual({ method: 'link' })
      expect(page.items[1]!.applicationId).toBe(appId)
      expect((await audit.listAudit(2, 2)).items.map((e) => e.action)).toEqual(['member.invited'])
    })
  })
}
