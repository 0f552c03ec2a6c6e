/**
 * The member routes through the HTTP API on a real SQLite file: invitations
 * (member + e-mail with a sign-in link), role changes, deactivation ending
 * sessions at once, the last active admin, and the audit trail.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { sessionCookieFrom, tokenFromMail, workspaceHarness } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)
async function setUp() {
  const h = await openWorkspaceHarness()
  const ana = await h.addMember({ role: 'admin', name: 'Ana', email: 'ana@catalitico.example' })
  return { h, ana, admin: await h.signIn(ana) }
}

describe('members', () => {
  it('lists members for any member', async () => {
    const { h, ana } = await setUp()
    const beto = await h.addMember({ name: 'Beto' })
    const res = await h.call('GET', '/members', { as: await h.signIn(beto) })
    expect(res.status).toBe(200)
    const { members } = (await res.json()) as { members: { id: string }[] }
    expect(members).toEqual([
      { id: ana.id, email: ana.email, name: 'Ana', role: 'admin', active: true, createdAt: h.now().toISOString(), lastSignInAt: h.now().toISOString(), canSign: false },
      { id: beto.id, email: beto.email, name: 'Beto', role: 'reviewer', active: true, createdAt: h.now().toISOString(), lastSignInAt: h.now().toISOString(), canSign: false },
    ])
  })

  it('invites a member: 201, an invitation e-mail whose link signs them in, and an audit entry with ids only', async () => {
    const { h, ana, admin } = await setUp()
    const res = await h.call('POST', '/members', { as: admin, body: { email: ' Carla@Catalitico.example ', name: ' Carla <b>', role: 'reviewer' } })
    expect(res.status).toBe(201)
    const { member } = (await res.json()) as { member: { id: string; email: string; name: string; role: string; active: boolean } }
    expect(member).toMatchObject({ email: 'carla@catalitico.example', name: 'Carla <b>', role: 'reviewer', active: true, lastSignInAt: null })
    expect(h.mailsQueued).toBe(1)

    const [mail] = await h.store.listMessages()
    expect(mail).toMatchObject({ kind: 'team_sign_in', memberId: member.id, applicationId: null, to: 'carla@catalitico.example' })
    expect(mail!.subject).toContain('Te invitaron')
    expect(mail!.text).toContain('Ana te invitó')
    expect(mail!.text).toContain('La invitación vence en 7 días')
    expect(mail!.html).toContain('Carla &lt;b&gt;')
    expect((h.store.db.prepare('SELECT redact_after_send FROM outbox').get() as { redact_after_send: number }).redact_after_send).toBe(1)

    const audit = h.snapshot().audit_log as { action: string; member_id: string; detail: string }[]
    expect(audit).toMatchObject([{ action: 'member.invited', member_id: ana.id }])
    expect(JSON.parse(audit[0]!.detail)).toEqual({ memberId: member.id, role: 'reviewer' })
    expect(audit[0]!.detail).not.toContain('carla')

    const signedIn = await h.call('POST', '/auth/link/complete', { body: { token: tokenFromMail(mail!.text) } })
    expect(signedIn.status).toBe(200)
    expect(sessionCookieFrom(signedIn)).not.toBeNull()
  })

  it('an invitation lasts 7 days (not a sign-in link\'s 15 minutes): it works on day 6, not on day 8', async () => {
    const { h, admin } = await setUp()
    for (const [email, later, works] of [
      ['dana@catalitico.example', 6 * 24 * 3_600_000, true],
      ['eva@catalitico.example', 8 * 24 * 3_600_000, false],
    ] as const) {
      expect((await h.call('POST', '/members', { as: admin, body: { email, name: 'X', role: 'reviewer' } })).status).toBe(201)
      const mail = (await h.store.listMessages()).find((m) => m.to === email)!
      const at = h.now()
      h.advance(later)
      const res = await h.call('POST', '/auth/link/complete', { body: { token: tokenFromMail(mail.text) } })
      expect(res.status).toBe(works ? 200 : 400)
      h.advance(at.getTime() - h.now().getTime())
    }
  })

  it('refuses an address already in the team with 409 member_exists, and a bad body with 422, changing nothing', async () => {
    const { h, admin } = await setUp()
    const before = h.snapshot()
    const dup = await h.call('POST', '/members', { as: admin, body: { email: 'ANA@catalitico.example', name: 'Otra', role: 'admin' } })
    expect(dup.status).toBe(409)
    expect(await dup.json()).toMatchObject({ error: 'member_exists' })
    for (const body of [{ email: 'x@y.co', name: '', role: 'admin' }, { email: 'x@y.co', name: 'X', role: 'owner' }, { email: 'x', name: 'X', role: 'admin' }]) {
      expect((await h.call('POST', '/members', { as: admin, body })).status).toBe(422)
    }
    expect(h.snapshot()).toEqual(before)
  })

  it('changes a role, deactivates (ending the sessions at once) and reactivates, auditing each', async () => {
    const { h, ana, admin } = await setUp()
    const beto = await h.addMember({ name: 'Beto' })
    const betoSession = await h.signIn(beto)

    const promoted = await h.call('PATCH', `/members/${beto.id}`, { as: admin, body: { role: 'admin' } })
    expect(promoted.status).toBe(200)
    expect(await promoted.json()).toMatchObject({ member: { id: beto.id, role: 'admin', active: true } })
    // A role change does not end the session; the new role applies on the next request.
    expect((await h.call('POST', '/members', { as: betoSession, body: { email: 'd@catalitico.example', name: 'D', role: 'reviewer' } })).status).toBe(201)

    const off = await h.call('PATCH', `/members/${beto.id}`, { as: admin, body: { active: false } })
    expect(await off.json()).toMatchObject({ member: { active: false } })
    expect((await h.call('GET', '/session', { as: betoSession })).status).toBe(401)
    expect(h.snapshot().team_sessions).toHaveLength(1)

    const on = await h.call('PATCH', `/members/${beto.id}`, { as: admin, body: { active: true } })
    expect(await on.json()).toMatchObject({ member: { active: true } })
    // Reactivation does not revive the old session.
    expect((await h.call('GET', '/session', { as: betoSession })).status).toBe(401)

    const actions = (h.snapshot().audit_log as { action: string; member_id: string; detail: string }[])
      .filter((e) => e.member_id === ana.id)
      .map((e) => [e.action, JSON.parse(e.detail)])
    expect(actions).toEqual([
      ['member.role_changed', { memberId: beto.id, from: 'reviewer', to: 'admin' }],
      ['member.deactivated', { memberId: beto.id }],
      ['member.reactivated', { memberId: beto.id }],
    ])
  })

  it('refuses to demote or deactivate the last active admin with 409 last_admin, changing nothing', async () => {
    const { h, ana, admin } = await setUp()
    await h.addMember({ role: 'reviewer' })
    const before = h.snapshot()
    for (const body of [{ role: 'reviewer' }, { active: false }, { role: 'reviewer', active: false }]) {
      const res = await h.call('PATCH', `/members/${ana.id}`, { as: admin, body })
      expect(res.status).toBe(409)
      expect(await res.json()).toMatchObject({ error: 'last_admin' })
    }
    expect(h.snapshot()).toEqual(before)
  })

  it('answers 404 for an unknown member and 422 for an empty change', async () => {
    const { h, ana, admin } = await setUp()
    expect((await h.call('PATCH', `/members/${crypto.randomUUID()}`, { as: admin, body: { role: 'admin' } })).status).toBe(404)
    expect((await h.call('PATCH', '/members/nope', { as: admin, body: { role: 'admin' } })).status).toBe(404)
    expect((await h.call('PATCH', `/members/${ana.id}`, { as: admin, body: {} })).status).toBe(422)
  })
})
