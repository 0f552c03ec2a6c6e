/**
 * Passkeys end to end through the HTTP API with a software authenticator:
 * registration (discoverable, attestation none) by a signed-in member, then
 * discoverable sign-in, with the challenge used once and the counter kept.
 * Chromium's virtual authenticator covers the browser side (e2e/).
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts'
import { SITE, sessionCookieFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)

type Options = { challengeId: string; options: { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string }; authenticatorSelection: Record<string, unknown>; excludeCredentials: { id: string }[]; rpId?: string; allowCredentials?: unknown[]; userVerification?: string } }

async function register(h: WorkspaceHarness, as: SignedIn, authenticator: SoftwareAuthenticator, name = 'Portátil') {
  const res = await h.call('POST', '/passkeys/options', { as, body: {} })
  expect(res.status).toBe(200)
  const { challengeId, options } = (await res.json()) as Options
  return h.call('POST', '/passkeys', { as, body: { challengeId, response: authenticator.create(options, SITE), name } })
}

async function passkeySignIn(h: WorkspaceHarness, authenticator: SoftwareAuthenticator, forgeWith?: SoftwareAuthenticator) {
  const res = await h.call('POST', '/auth/passkey/options', { body: {} })
  expect(res.status).toBe(200)
  const { challengeId, options } = (await res.json()) as Options
  const response = authenticator.get(options, SITE, forgeWith)
  return { challengeId, response, res: await h.call('POST', '/auth/passkey/verify', { body: { challengeId, response } }) }
}

async function setUp() {
  const h = await openWorkspaceHarness()
  const ana = await h.addMember({ email: 'ana@catalitico.example', name: 'Ana' })
  return { h, ana, session: await h.signIn(ana) }
}

describe('passkeys', () => {
  it('registers a discoverable passkey for the signed-in member and signs in with it', async () => {
    const { h, ana, session } = await setUp()
    const options = (await (await h.call('POST', '/passkeys/options', { as: session, body: {} })).json()) as Options
    expect(options.options.rp).toEqual({ id: 'equipo.catalitico.example', name: 'Catalítico Media for Equity' })
    expect(options.options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' })
    expect(options.options.user.name).toBe('ana@catalitico.example')

    const authenticator = new SoftwareAuthenticator()
    const created = await register(h, session, authenticator)
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({ passkey: { id: authenticator.id, name: 'Portátil', createdAt: h.now().toISOString(), lastUsedAt: null } })
    expect(await (await h.call('GET', '/passkeys', { as: session })).json()).toMatchObject({ passkeys: [{ id: authenticator.id }] })

    // Registering again excludes the existing credential.
    const again = (await (await h.call('POST', '/passkeys/options', { as: session, body: {} })).json()) as Options
    expect(again.options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.id])

    h.advance(60_000)
    const { res } = await passkeySignIn(h, authenticator)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ member: { id: ana.id, email: ana.email, name: 'Ana', role: 'reviewer' } })
    const cookie = sessionCookieFrom(res)!
    expect((await h.app.request(`${SITE}/equipo/api/session`, { headers: { cookie } })).status).toBe(200)
    expect(await h.team.getPasskey(authenticator.id)).toMatchObject({ counter: 1, lastUsedAt: h.now() })
    const actions = (h.snapshot().audit_log as { action: string; detail: string }[]).map((e) => [e.action, JSON.parse(e.detail)])
    expect(actions).toEqual([
      ['passkey.added', { passkeyId: authenticator.id }],
      ['session.signed_in', { method: 'passkey' }],
    ])
    // Discoverable: the options name no credential.
    const { options: auth } = (await (await h.call('POST', '/auth/passkey/options', { body: {} })).json()) as Options
    expect(auth.rpId).toBe('equipo.catalitico.example')
    expect(auth.allowCredentials ?? []).toEqual([])
  })

  it('uses a challenge once: a replayed assertion is refused', async () => {
    const { h, session } = await setUp()
    const authenticator = new SoftwareAuthenticator()
    expect((await register(h, session, authenticator)).status).toBe(201)
    const first = await passkeySignIn(h, authenticator)
    expect(first.res.status).toBe(200)
    const replay = await h.call('POST', '/auth/passkey/verify', { body: { challengeId: first.challengeId, response: first.response } })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({ error: 'invalid_passkey' })
    expect(h.snapshot().webauthn_challenges).toEqual([])
  })

  it('refuses a forged signature, an unknown credential, a deactivated member and a deleted passkey, opening no session', async () => {
    const { h, ana, session } = await setUp()
    const authenticator = new SoftwareAuthenticator()
    expect((await register(h, session, authenticator)).status).toBe(201)
    const sessions = () => h.snapshot().team_sessions!.length

    const before = sessions()
    expect((await passkeySignIn(h, authenticator, new SoftwareAuthenticator())).res.status).toBe(400)
    expect((await passkeySignIn(h, new SoftwareAuthenticator())).res.status).toBe(400)

    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    expect((await h.call('PATCH', `/members/${ana.id}`, { as: admin, body: { active: false } })).status).toBe(200)
    expect((await passkeySignIn(h, authenticator)).res.status).toBe(400)
    expect(await h.team.getPasskey(authenticator.id)).toMatchObject({ counter: 0, lastUsedAt: null })
    expect((await h.call('PATCH', `/members/${ana.id}`, { as: admin, body: { active: true } })).status).toBe(200)

    const back = await h.signIn(ana)
    expect((await h.call('DELETE', `/passkeys/${authenticator.id}`, { as: back })).status).toBe(204)
    expect((await h.call('DELETE', `/passkeys/${authenticator.id}`, { as: back })).status).toBe(404)
    expect((await passkeySignIn(h, authenticator)).res.status).toBe(400)
    // Only the sessions signIn() opened directly: none from a passkey.
    expect(sessions()).toBe(before - 1 + 2)
  })

  it("refuses a registration answered for another challenge, origin or member, and another member's passkey deletion", async () => {
    const { h, session } = await setUp()
    const authenticator = new SoftwareAuthenticator()
    const { challengeId, options } = (await (await h.call('POST', '/passkeys/options', { as: session, body: {} })).json()) as Options

    const wrongOrigin = await h.call('POST', '/passkeys', {
      as: session,
      body: { challengeId, response: authenticator.create(options, 'https://evil.example'), name: 'x' },
    })
    expect(wrongOrigin.status).toBe(400)
    // The challenge went with that attempt.
    const retried = await h.call('POST', '/passkeys', { as: session, body: { challengeId, response: authenticator.create(options, SITE), name: 'x' } })
    expect(retried.status).toBe(400)

    const beto = await h.signIn(await h.addMember())
    const fresh = (await (await h.call('POST', '/passkeys/options', { as: session, body: {} })).json()) as Options
    const stolen = await h.call('POST', '/passkeys', {
      as: beto,
      body: { challengeId: fresh.challengeId, response: authenticator.create(fresh.options, SITE), name: 'x' },
    })
    expect(stolen.status).toBe(400)
    expect(h.snapshot().team_passkeys).toEqual([])

    expect((await register(h, session, authenticator)).status).toBe(201)
    expect((await h.call('DELETE', `/passkeys/${authenticator.id}`, { as: beto })).status).toBe(404)
    expect(await h.team.getPasskey(authenticator.id)).not.toBeNull()
  })
})
