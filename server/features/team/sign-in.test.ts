/**
 * Signing in by e-mailed link, end to end through the HTTP API on a real
 * SQLite file: the link in the outbox, the session cookie, refusals of
 * expired and reused links, the same answer for members and strangers, the
 * rate limits, and the session's end.
 */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { sessionCookieFrom, tokenFromMail, workspaceHarness, type WorkspaceHarness, SITE } from '../../testing/workspace-harness.ts'

const openWorkspaceHarness = harnessPerTest(workspaceHarness)
async function harness(env: Record<string, string> = {}) {
  const h = await openWorkspaceHarness(env)
  return h
}

async function requestLink(h: WorkspaceHarness, email: string, headers: Record<string, string> = {}) {
  return h.call('POST', '/auth/link', { body: { email }, headers })
}

async function latestLinkToken(h: WorkspaceHarness) {
  const mails = (await h.store.listMessages()).filter((m) => m.kind === 'team_sign_in')
  return tokenFromMail(mails.at(-1)!.text)
}

async function complete(h: WorkspaceHarness, token: string) {
  return h.call('POST', '/auth/link/complete', { body: { token } })
}

describe('sign-in by link', () => {
  it('queues a link for an active member and signs in with it once; the cookie opens the session', async () => {
    const h = await harness()
    const ana = await h.addMember({ email: 'ana@catalitico.example', name: 'Ana <Admin>', role: 'admin' })

    const asked = await requestLink(h, '  ANA@catalitico.example ')
    expect(asked.status).toBe(202)
    expect(await asked.json()).toEqual({ ok: true })
    expect(h.mailsQueued).toBe(1)
    const [mail] = await h.store.listMessages()
    expect(mail).toMatchObject({ kind: 'team_sign_in', memberId: ana.id, applicationId: null, to: 'ana@catalitico.example', status: 'pending' })
    expect(mail!.text).toMatch(new RegExp(`${SITE}/equipo/entrar#token=[A-Za-z0-9_-]{43}\\n`))
    expect(mail!.text).toContain('15 minutos')
    expect(mail!.text).toContain(`${SITE}/equipo`)
    expect(mail!.html).toContain('Ana &lt;Admin&gt;')
    const token = tokenFromMail(mail!.text)
    // Only the hash is stored.
    expect(JSON.stringify(h.snapshot().team_sign_in_links)).not.toContain(token)

    // A GET (a mail scanner following the link) signs nobody in and changes nothing.
    const before = h.snapshot()
    const scanned = await h.call('GET', `/auth/link/complete?token=${token}`)
    expect(scanned.status).toBe(401)
    expect(h.snapshot()).toEqual(before)

    const res = await complete(h, token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ member: { id: ana.id, email: ana.email, name: 'Ana <Admin>', role: 'admin' } })
    const setCookie = res.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^__Host-catalitico_equipo=[A-Za-z0-9_-]{43}; Path=\/; Expires=.+; HttpOnly; Secure; SameSite=Lax$/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const cookie = sessionCookieFrom(res)!

    const session = await h.app.request(`${SITE}/equipo/api/session`, { headers: { cookie } })
    expect(session.status).toBe(200)
    const body = (await session.json()) as { member: { id: string }; csrfToken: string }
    expect(body.member.id).toBe(ana.id)
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // The session id in the database is the token's hash, never the token.
    expect(JSON.stringify(h.snapshot().team_sessions)).not.toContain(cookie.split('=')[1])
    expect(h.snapshot().audit_log).toMatchObject([{ action: 'session.signed_in', member_id: ana.id, detail: '{"method":"link"}' }])
    expect((await h.team.getMember(ana.id))!.lastSignInAt).toEqual(h.now())
  })

  it('refuses a reused link and an expired one with 400 invalid_link, changing nothing', async () => {
    const h = await harness()
    await h.addMember({ email: 'ana@catalitico.example' })
    await requestLink(h, 'ana@catalitico.example')
    const used = await latestLinkToken(h)
    expect((await complete(h, used)).status).toBe(200)

    let before = h.snapshot()
    const reused = await complete(h, used)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_link' })
    expect(reused.headers.get('set-cookie')).toBeNull()
    expect(h.snapshot()).toEqual(before)

    await requestLink(h, 'ana@catalitico.example')
    const late = await latestLinkToken(h)
    h.advance(15 * 60_000)
    before = h.snapshot()
    const expired = await complete(h, late)
    expect(expired.status).toBe(400)
    expect(h.snapshot()).toEqual(before)

    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const res = await complete(h, token)
      expect(res.status).toBe(400)
    }
    expect(h.snapshot()).toEqual(before)
  })

  it('brings the member back to the page they were opening: a workspace path rides in the link, a hostile one is dropped', async () => {
    const h = await harness()
    await h.addMember({ email: 'ana@catalitico.example' })
    const seen = new Set<string>()
    const ask = (returnTo: string) => {
      h.advance(16 * 60_000) // past the per-address limit's window
      return h.call('POST', '/auth/link', { body: { email: 'ana@catalitico.example', returnTo } })
    }
    const lastMail = async () => {
      const fresh = (await h.store.listMessages()).filter((m) => !seen.has(m.id))
      expect(fresh).toHaveLength(1)
      seen.add(fresh[0]!.id)
      return fresh[0]!
    }

    expect((await ask('/postulaciones/0193a2fe-6c00-7000-8000-000000000001?etapa=sesion_panel')).status).toBe(202)
    const back = await lastMail()
    expect(back.text).toMatch(
      new RegExp(`${SITE}/equipo/entrar\\?volver=%2Fpostulaciones%2F0193a2fe-6c00-7000-8000-000000000001%3Fetapa%3Dsesion_panel#token=[A-Za-z0-9_-]{43}\\n`),
    )
    expect(back.html).toContain(`${SITE}/equipo/entrar?volver=%2Fpostulaciones%2F`)

    for (const hostile of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/../postulacion', '/%2e%2e/x', '/entrar', ' /x']) {
      expect((await ask(hostile)).status, hostile).toBe(202)
      const mail = await lastMail()
      expect(mail.text, hostile).toMatch(new RegExp(`${SITE}/equipo/entrar#token=[A-Za-z0-9_-]{43}\\n`))
      expect(mail.text, hostile).not.toContain('volver')
      expect(mail.text, hostile).not.toContain('evil')
    }
    // A link is good for 15 minutes: a fresh one with the return path signs in.
    expect((await ask('/miembros')).status).toBe(202)
    const fresh = await lastMail()
    expect(fresh.text).toContain('/equipo/entrar?volver=%2Fmiembros#token=')
    expect((await complete(h, tokenFromMail(fresh.text))).status).toBe(200)
  })

  it('gives exactly one session to two concurrent completions of the same link', async () => {
    const h = await harness()
    await h.addMember({ email: 'ana@catalitico.example' })
    await requestLink(h, 'ana@catalitico.example')
    const token = await latestLinkToken(h)
    const results = await Promise.all(Array.from({ length: 5 }, () => complete(h, token)))
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400])
    expect(h.snapshot().team_sessions).toHaveLength(1)
  })

  it('answers a member, a stranger and a deactivated member identically; only the active member gets an e-mail', async () => {
    const h = await harness()
    await h.addMember({ email: 'ana@catalitico.example' })
    const gone = await h.addMember({ email: 'ex@catalitico.example', role: 'reviewer' })
    await h.team.updateMember(gone.id, { active: false }, h.now())

    const answers = []
    for (const email of ['ana@catalitico.example', 'nadie@catalitico.example', 'ex@catalitico.example']) {
      const res = await requestLink(h, email)
      answers.push({ status: res.status, body: await res.text(), headers: [...res.headers.entries()] })
    }
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    const mails = await h.store.listMessages()
    expect(mails.map((m) => m.to)).toEqual(['ana@catalitico.example'])
  })

  it('answers 422 to a body that is not an address, and queues nothing', async () => {
    const h = await harness()
    for (const body of [{ email: 'no es un correo' }, {}, '{"email":', { email: 42 }]) {
      const res = await h.call('POST', '/auth/link', { body })
      expect(res.status).toBe(422)
    }
    expect(await h.store.listMessages()).toEqual([])
  })

  it('limits link requests per address (members and strangers alike) with 429 and Retry-After, changing nothing once refused', async () => {
    const h = await harness()
    await h.addMember({ email: 'ana@catalitico.example' })
    for (const email of ['ana@catalitico.example', 'nadie@catalitico.example']) {
      for (let i = 0; i < 5; i++) expect((await requestLink(h, email)).status).toBe(202)
      const before = h.snapshot()
      const res = await requestLink(h, email)
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
      expect(h.snapshot()).toEqual(before)
    }
    expect((await h.store.listMessages()).length).toBe(5)
    // The counters hold hashes, never the address.
    expect(JSON.stringify(h.snapshot().rate_limit_counters)).not.toContain('catalitico.example')
    h.advance(15 * 60_000)
    expect((await requestLink(h, 'ana@catalitico.example')).status).toBe(202)
  })

  it('limits per client IP; X-Forwarded-For counts only with TRUST_PROXY', async () => {
    const direct = await harness()
    let last = 0
    for (let i = 0; i < 31; i++) {
      // A spoofed header must not give each request a fresh bucket.
      last = (await requestLink(direct, `p${i}@example.co`, { 'x-forwarded-for': `10.0.0.${i}` })).status
    }
    expect(last).toBe(429)

    const proxied = await harness({ TRUST_PROXY: '1' })
    for (let i = 0; i < 31; i++) {
      expect((await requestLink(proxied, `p${i}@example.co`, { 'x-forwarded-for': `198.51.100.7, 10.0.0.${i}` })).status).toBe(202)
    }
    let status = 0
    for (let i = 0; i < 31; i++) status = (await requestLink(proxied, `q${i}@example.co`, { 'x-forwarded-for': '10.9.9.9' })).status
    expect(status).toBe(429)
  })

  it('ends this session on logout and every session on logout-all', async () => {
    const h = await harness()
    const ana = await h.addMember()
    const laptop = await h.signIn(ana)
    const phone = await h.signIn(ana)
    const tablet = await h.signIn(ana)

    const out = await h.call('POST', '/session/logout', { as: laptop })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-catalitico_equipo=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=Lax/)
    expect((await h.call('GET', '/session', { as: laptop })).status).toBe(401)
    expect((await h.call('GET', '/session', { as: phone })).status).toBe(200)

    expect((await h.call('POST', '/session/logout-all', { as: phone })).status).toBe(204)
    expect((await h.call('GET', '/session', { as: phone })).status).toBe(401)
    expect((await h.call('GET', '/session', { as: tablet })).status).toBe(401)
    expect(h.snapshot().audit_log).toMatchObject([{ action: 'session.signed_out_everywhere', member_id: ana.id, detail: '{"sessions":2}' }])
  })

  it('slides the idle expiry at most once a minute', async () => {
    const h = await harness()
    const ana = await h.addMember()
    const s = await h.signIn(ana)
    const seen = () => (h.snapshot().team_sessions![0] as { last_seen_at: string }).last_seen_at
    const first = seen()
    h.advance(30_000)
    await h.call('GET', '/session', { as: s })
    expect(seen()).toBe(first)
    h.advance(30_000)
    await h.call('GET', '/session', { as: s })
    expect(seen()).toBe(h.now().toISOString())
    // 11 h later the session still lives because it slid; 12 h of silence ends it.
    h.advance(11 * 3_600_000)
    expect((await h.call('GET', '/session', { as: s })).status).toBe(200)
    h.advance(12 * 3_600_000)
    expect((await h.call('GET', '/session', { as: s })).status).toBe(401)
  })

  it('uses a plain cookie name without Secure when the site is served over http', async () => {
    const h = await harness({ VITE_SITE_URL: 'http://localhost:3000' })
    await h.addMember({ email: 'ana@catalitico.example' })
    await h.call('POST', 'http://localhost:3000/equipo/api/auth/link', { body: { email: 'ana@catalitico.example' }, origin: 'http://localhost:3000' })
    const token = await latestLinkToken(h)
    const [mail] = await h.store.listMessages()
    expect(mail!.text).toContain('http://localhost:3000/equipo/entrar#token=')
    const res = await h.call('POST', 'http://localhost:3000/equipo/api/auth/link/complete', { body: { token }, origin: 'http://localhost:3000' })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/^catalitico_equipo=[A-Za-z0-9_-]{43}; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/)
  })
})
