/**
 * The founder's side from the outside: a stage change writes the founder's
 * e-mail to "Correos por enviar", a member edits and sends it (then it is in
 * the outbox), the link in it opens the status page of that application and
 * no other, and the page's forms withdraw, download and ask for deletion,
 * refusing what comes from another origin or carries a wrong token.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DUE_DILIGENCE_DOCUMENTS } from '../../../domain/programme.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { sha256Hex } from '../../shared/auth/tokens.ts'
import { expectRefused } from '../../testing/refused.ts'
import type { FounderDraftList } from '../../../domain/workspace-api/founder-mail.ts'
import { DOCUMENT_ITEMS } from '../../../domain/documents.ts'
import { openDocumentStore } from '../../db/stores/document-store.ts'
import { engineOf } from '../../db/engine-of.ts'
import { DEAL_BODY } from '../../testing/deal-body.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

/** Any founder link, anywhere: what must never be found in what the database holds. */
const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/

async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  return { h, admin, reviewer }
}

async function application(h: WorkspaceHarness, email = `fundadora-${crypto.randomUUID().slice(0, 8)}@startup.example`) {
  const s = newSubmission({ createdAt: h.now(), email })
  await h.store.saveSubmission(s)
  return s.application
}

async function move(h: WorkspaceHarness, as: SignedIn, id: string, steps: [string, string][], extra: Record<string, unknown> = {}) {
  for (const [from, to] of steps) {
    const res = await h.call('POST', `/applications/${id}/transitions`, { as, body: { from, to, ...extra } })
    expect(res.status, `${from} → ${to}`).toBe(200)
  }
}

const TO_PANEL: [string, string][] = [
  ['recibida', 'validacion_preliminar'],
  ['validacion_preliminar', 'sesion_panel'],
]

/** A page of the founder's site, as a browser would ask for it. */
function page(
  h: WorkspaceHarness,
  path: string,
  init: { method?: string; form?: Record<string, string>; origin?: string | null; fetchSite?: string } = {},
) {
  const headers: Record<string, string> = {}
  if (init.fetchSite) headers['sec-fetch-site'] = init.fetchSite
  if (init.origin !== null && init.method === 'POST') headers.origin = init.origin ?? SITE
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded'
  return h.app.request(`${SITE}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
  })
}

async function founderMail(h: WorkspaceHarness, applicationId: string) {
  return (await h.store.listMessages({ applicationId })).filter((m) => m.kind === 'founder_status' || m.kind === 'founder_link')
}

/** Send the application's waiting drafts as a member would, deliver them, and read the founder's link from the e-mail. */
async function linkSentTo(h: WorkspaceHarness, as: SignedIn, app: { id: string; formData: { email: string } }) {
  for (const d of (await h.founders.listWaitingDrafts()).filter((d) => d.applicationId === app.id)) {
    expect((await h.call('POST', `/founder-mail/drafts/${d.id}/send`, { as, body: {} })).status).toBe(200)
  }
  const mails = (await h.deliverMail()).filter((m) => m.to === app.formData.email && ANY_LINK.test(m.text))
  expect(mails.length).toBeGreaterThan(0)
  return founderTokenFrom(mails.at(-1)!.text)
}

describe('status e-mails through "Correos por enviar"', () => {
  it('a stage change writes a draft (nothing in the outbox) that a member edits and sends into the outbox', async () => {
    const { h, admin, reviewer } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, [['recibida', 'validacion_preliminar']])
    expect(await h.founders.listWaitingDrafts()).toHaveLength(0) // validación preliminar writes to nobody

    await move(h, admin, app.id, [['validacion_preliminar', 'sesion_panel']])
    const list = (await (await h.call('GET', '/founder-mail/drafts', { as: reviewer })).json()) as { items: { id: string; kind: string; to: string; text: string; reference: string }[] }
    expect(list.items.map((d) => [d.kind, d.to, d.reference])).toEqual([['sesion_panel', app.formData.email, app.reference]])
    const draft = list.items[0]!
    expect(draft.text).toContain('panel de expertos')
    // The team reads where the founder's link will go, never a link (ADR 0117); nothing stored holds one.
    expect(draft.text).toContain(`Elige el horario de tu sesión desde tu página de estado, sin contraseña:\n${PERSONAL_LINK_PLACEHOLDER}`)
    expect(JSON.stringify(list)).not.toMatch(ANY_LINK)
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)
    expect(await founderMail(h, app.id)).toEqual([])
    expect(h.snapshot().founder_links).toEqual([])

    const edited = `${draft.text.replace('Hola,', 'Hola de nuevo,')}\n\nP. D.: <b>nos vemos</b>`
    const put = await h.call('PUT', `/founder-mail/drafts/${draft.id}`, { as: reviewer, body: { subject: 'Asunto\r\nBcc: x@evil.example', text: edited } })
    expect(put.status).toBe(200)
    const after = ((await put.json()) as { draft: { subject: string; html: string } }).draft
    expect(after.subject).toBe('Asunto Bcc: x@evil.example') // one header line
    expect(after.html).toContain('&lt;b&gt;nos vemos&lt;/b&gt;')
    expect(after.html).toContain(`<a href="${PERSONAL_LINK_PLACEHOLDER}">${PERSONAL_LINK_PLACEHOLDER}</a>`)

    const sent = await h.call('POST', `/founder-mail/drafts/${draft.id}/send`, { as: reviewer, body: {} })
    expect(sent.status).toBe(200)
    const [message] = await founderMail(h, app.id)
    expect(message).toMatchObject({ kind: 'founder_status', to: app.formData.email, status: 'pending', subject: 'Asunto Bcc: x@evil.example' })
    expect(message!.text).toContain('Hola de nuevo,')
    expect(h.mailsQueued).toBe(1)
    // Sent once: a second send (another member's click) is a conflict and queues nothing.
    expect((await h.call('POST', `/founder-mail/drafts/${draft.id}/send`, { as: admin, body: {} })).status).toBe(409)
    expect(await founderMail(h, app.id)).toHaveLength(1)
    expect(await h.founders.listWaitingDrafts()).toEqual([])
    // The timeline shows it.
    const detail = (await (await h.call('GET', `/applications/${app.id}`, { as: admin })).json()) as { timeline: { type: string; detail: { status?: string } }[] }
    expect(detail.timeline.filter((e) => e.type === 'founder_mail').map((e) => e.detail.status)).toEqual(['sent'])

    // The link is made as the e-mail leaves: in the e-mail, in both parts, and working; only its hash is kept.
    const [delivered] = (await h.deliverMail()).filter((m) => m.to === app.formData.email && m.subject === 'Asunto Bcc: x@evil.example')
    const token = founderTokenFrom(delivered!.text)
    expect(delivered!.text).not.toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(delivered!.html).toContain(`href="${SITE}/postulacion/${token}"`)
    expect((await page(h, `/postulacion/${token}`)).status).toBe(200)
    expect(h.store.db.prepare('SELECT count(*) AS n FROM founder_links WHERE token_hash = ?').get(sha256Hex(token))).toEqual({ n: 1 })
    expect(JSON.stringify(h.snapshot())).not.toContain(token)
  })

  it('a draft sent after the founder asked for a new link carries a link that works, and so does the new-link e-mail', async () => {
    const { h, admin } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, TO_PANEL)
    // The founder asks for a new link (revoking every older one) while the stage change's draft still waits.
    expect((await page(h, '/postulacion', { method: 'POST', form: { email: app.formData.email } })).status).toBe(200)
    const fromRequest = founderTokenFrom((await h.deliverMail()).find((m) => m.to === app.formData.email && ANY_LINK.test(m.text))!.text)
    const fromDraft = await linkSentTo(h, admin, app)
    expect(fromDraft).not.toBe(fromRequest)
    for (const token of [fromRequest, fromDraft]) expect((await page(h, `/postulacion/${token}`)).status).toBe(200)
  })

  it('a member with a conflict neither reads, edits, sends nor discards the drafts of that application; send all skips them', async () => {
    const { h, admin, reviewer } = await setUp()
    const [mine, other] = [await application(h), await application(h)]
    for (const app of [mine, other]) await move(h, admin, app.id, TO_PANEL)
    expect((await h.call('POST', '/conflicts', { as: reviewer, body: { applicationId: mine.id, kind: 'personal' } })).status).toBe(201)
    const drafts = await h.founders.listWaitingDrafts()
    const conflicted = drafts.find((d) => d.applicationId === mine.id)!

    const list = (await (await h.call('GET', '/founder-mail/drafts', { as: reviewer })).json()) as { items: { applicationId: string }[]; withheld: number }
    expect(list.items.map((d) => d.applicationId)).toEqual([other.id])
    expect(list.withheld).toBe(1)
    expect(JSON.stringify(list)).not.toContain(mine.reference)
    for (const e of [
      { method: 'GET', path: `/founder-mail/drafts/${conflicted.id}` },
      { method: 'PUT', path: `/founder-mail/drafts/${conflicted.id}`, body: { subject: 'Hola', text: 'Texto' } },
      { method: 'POST', path: `/founder-mail/drafts/${conflicted.id}/send`, body: {} },
      { method: 'POST', path: `/founder-mail/drafts/${conflicted.id}/discard`, body: {} },
    ]) {
      await expectRefused(h, e, reviewer, 403, 'conflict_of_interest')
    }
    // Asked to send them all, naming the conflicted one too: only the other leaves.
    const ids = drafts.map((d) => d.id)
    expect(await (await h.call('POST', '/founder-mail/drafts/send-all', { as: reviewer, body: { ids } })).json()).toEqual({ sent: 1, skipped: 1 })
    expect((await h.founders.listWaitingDrafts()).map((d) => d.id)).toEqual([conflicted.id])
    // Someone without the conflict sees and sends it.
    const forAdmin = (await (await h.call('GET', '/founder-mail/drafts', { as: admin })).json()) as { items: { id: string }[]; withheld: number }
    expect([forAdmin.items.map((d) => d.id), forAdmin.withheld]).toEqual([[conflicted.id], 0])
  })

  it('counts the founder e-mails waiting for the member (the menu and Resumen), their conflicts aside', async () => {
    const { h, admin, reviewer } = await setUp()
    const count = async (as: SignedIn) => ((await (await h.call('GET', '/founder-mail/count', { as })).json()) as { waiting: number }).waiting
    expect(await count(admin)).toBe(0)
    const [mine, other] = [await application(h), await application(h)]
    for (const app of [mine, other]) await move(h, admin, app.id, TO_PANEL)
    expect((await h.call('POST', '/conflicts', { as: reviewer, body: { applicationId: mine.id, kind: 'personal' } })).status).toBe(201)
    expect([await count(admin), await count(reviewer)]).toEqual([2, 1])
    // A later change replaces a waiting e-mail rather than adding one.
    await move(h, admin, other.id, [['sesion_panel', 'no_seleccionada']])
    expect(await count(admin)).toBe(2)
    const [first] = await h.founders.listWaitingDrafts()
    expect((await h.call('POST', `/founder-mail/drafts/${first!.id}/send`, { as: admin, body: {} })).status).toBe(200)
    expect(await count(admin)).toBe(1)
  })

  it('discard leaves the outbox empty; send all sends every waiting draft', async () => {
    const { h, admin } = await setUp()
    const [a, b, c] = [await application(h), await application(h), await application(h)]
    for (const app of [a, b, c]) await move(h, admin, app.id, TO_PANEL)
    const drafts = await h.founders.listWaitingDrafts()
    const ofA = drafts.find((d) => d.applicationId === a.id)!
    expect((await h.call('POST', `/founder-mail/drafts/${ofA.id}/discard`, { as: admin, body: {} })).status).toBe(200)
    const all = await h.call('POST', '/founder-mail/drafts/send-all', { as: admin, body: { ids: drafts.map((d) => d.id) } })
    expect(await all.json()).toEqual({ sent: 2, skipped: 1 })
    expect(await founderMail(h, a.id)).toEqual([])
    expect((await founderMail(h, b.id)).map((m) => m.kind)).toEqual(['founder_status'])
    expect((await founderMail(h, c.id)).map((m) => m.kind)).toEqual(['founder_status'])
  })

  it('issue 19: bulk-move four to the panel, close two as not selected, send all: each founder receives only the e-mail of their current stage', async () => {
    const { h, admin } = await setUp()
    const apps = [await application(h), await application(h), await application(h), await application(h)]
    const filter = { stage: 'validacion_preliminar' }
    for (const app of apps) await move(h, admin, app.id, [['recibida', 'validacion_preliminar']])
    const bulk = await h.call('POST', '/bulk/apply', { as: admin, body: { filter, action: { type: 'move', to: 'sesion_panel' }, expected: 4 } })
    expect(bulk.status).toBe(200)
    expect(await h.founders.listWaitingDrafts()).toHaveLength(4)
    const [closedA, closedB] = apps
    for (const app of [closedA!, closedB!]) {
      await move(h, admin, app.id, [['sesion_panel', 'no_seleccionada']], { reason: 'Interno', founderReason: 'Buscamos más tracción.' })
    }

    // "Correos por enviar": one e-mail per founder, the one of the current stage; the replaced ones say so.
    const list = (await (await h.call('GET', '/founder-mail/drafts', { as: admin })).json()) as FounderDraftList
    const kindOf = new Map(list.items.map((d) => [d.applicationId, d.kind]))
    expect(list.items).toHaveLength(4)
    expect(apps.map((a) => kindOf.get(a.id))).toEqual(['no_seleccionada', 'no_seleccionada', 'sesion_panel', 'sesion_panel'])
    expect(list.replaced.map((d) => [d.applicationId, d.kind, d.status, d.supersededTo]).sort()).toEqual(
      [[closedA!.id, 'sesion_panel', 'superseded', 'no_seleccionada'], [closedB!.id, 'sesion_panel', 'superseded', 'no_seleccionada']].sort(),
    )
    expect(list.replaced[0]!.supersededNote).toBe('Reemplazado por el cambio a «No seleccionada» el 23 de noviembre de 2026, 10:00\u00a0a.\u00a0m.; no se envió.')
    // A replaced draft can no longer be sent on its own either.
    const replacedSend = await h.call('POST', `/founder-mail/drafts/${list.replaced[0]!.id}/send`, { as: admin, body: {} })
    expect(replacedSend.status).toBe(409)

    // "Enviar todos" sends what the dialog confirmed, nothing when it confirmed nothing.
    expect((await h.call('POST', '/founder-mail/drafts/send-all', { as: admin, body: {} })).status).toBe(422)
    const sent = await h.call('POST', '/founder-mail/drafts/send-all', { as: admin, body: { ids: list.items.map((d) => d.id) } })
    expect(await sent.json()).toEqual({ sent: 4, skipped: 0 })

    const subjectOf = new Map(list.items.map((d) => [d.applicationId, d.subject]))
    const replacedSubject = new Map(list.replaced.map((d) => [d.applicationId, d.subject]))
    expect(subjectOf.get(closedA!.id)).not.toBe(replacedSubject.get(closedA!.id))
    for (const app of apps) {
      const outbox = await founderMail(h, app.id)
      expect(outbox.map((m) => [m.to, m.subject]), app.reference).toEqual([[app.formData.email, subjectOf.get(app.id)]])
    }
    // What leaves the outbox: per founder, exactly that one e-mail (the fixtures' own submission e-mails aside).
    const delivered = (await h.deliverMail()).filter((m) => !m.subject.startsWith('Asunto de '))
    for (const app of apps) expect(delivered.filter((m) => m.to === app.formData.email).map((m) => m.subject)).toEqual([subjectOf.get(app.id)])
    expect(delivered).toHaveLength(4)
  })

  it('refuses to send a waiting draft that no longer matches its application’s stage, saying why in Spanish', async () => {
    const { h, admin } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, TO_PANEL)
    const [draft] = await h.founders.listWaitingDrafts()
    // A draft left waiting beside a later change (as before superseding existed): the move written without it.
    await h.reviews.transition(app.id, { from: 'sesion_panel', to: 'no_seleccionada', reason: null, memberId: null, at: h.now() })
    h.store.db.prepare("UPDATE founder_mail_drafts SET status = 'draft', superseded_to = NULL, text_body = 'Hola' WHERE id = ?").run(draft!.id)
    const res = await h.call('POST', `/founder-mail/drafts/${draft!.id}/send`, { as: admin, body: {} })
    expect(res.status).toBe(409)
    const body = (await res.json()) as { error: string; stage: string; message: string }
    expect(body).toMatchObject({ error: 'stale_stage', stage: 'no_seleccionada' })
    expect(body.message).toBe('Este correo anuncia «Avanza a la sesión con el panel», pero la postulación ahora está en «No seleccionada». No se envió: descártalo.')
    expect(await founderMail(h, app.id)).toEqual([])
    expect(await (await h.call('POST', '/founder-mail/drafts/send-all', { as: admin, body: { ids: [draft!.id] } })).json()).toEqual({ sent: 0, skipped: 1 })
    expect(await founderMail(h, app.id)).toEqual([])
  })

  it('an admin setting sends a kind straight to the outbox; the founder reason (not the internal one) goes to a not-selected founder', async () => {
    const { h, admin, reviewer } = await setUp()
    expect((await h.call('PUT', '/founder-mail/settings', { as: reviewer, body: { kind: 'no_seleccionada', sendImmediately: true } })).status).toBe(403)
    expect((await h.call('PUT', '/founder-mail/settings', { as: admin, body: { kind: 'no_seleccionada', sendImmediately: true } })).status).toBe(200)
    const app = await application(h)
    await move(h, admin, app.id, [['recibida', 'no_seleccionada']], {
      reason: 'INTERNO: métricas flojas',
      founderReason: 'Buscamos startups con <ventas> recurrentes.',
    })
    expect(await h.founders.listWaitingDrafts()).toEqual([])
    const [message] = await founderMail(h, app.id)
    expect(message!.text).toContain('Buscamos startups con <ventas> recurrentes.')
    expect(message!.html).toContain('Buscamos startups con &lt;ventas&gt; recurrentes.')
    expect(message!.text + message!.html).not.toContain('INTERNO')
    // The timeline keeps the record, without the body.
    const [record] = await h.founders.listDrafts(app.id)
    expect(record).toMatchObject({ status: 'sent', text: '', html: '' })
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)
  })

  it('due diligence lists every SPEC §9 document and links to the status page', async () => {
    const { h, admin } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, [...TO_PANEL, ['sesion_panel', 'due_diligence']])
    const draft = (await h.founders.listWaitingDrafts()).find((d) => d.kind === 'due_diligence')!
    for (const doc of DUE_DILIGENCE_DOCUMENTS) expect(draft.text).toContain(`- ${doc}`)
    expect(draft.text).toContain(`Súbelos desde tu página de estado, donde también verás cuáles ya recibimos:\n${PERSONAL_LINK_PLACEHOLDER}`)
  })
})

describe('the status page /postulacion/<token>', () => {
  async function withLink() {
    const { h, admin } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, TO_PANEL)
    return { h, admin, app, token: await linkSentTo(h, admin, app) }
  }

  it('shows the reference and the current stage, privately (noindex, no-store, no-referrer)', async () => {
    const { h, app, token } = await withLink()
    const res = await page(h, `/postulacion/${token}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await res.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">')
    expect(html).toContain(app.reference)
    expect(html).toMatch(/<li aria-current="step"><span class="tag">Etapa actual<\/span>\s*<p[^>]*><strong>Etapa 2\./)
    expect(html).not.toContain(app.formData.email)
    expect(html).not.toContain('<script')
  })

  it('answers a clear 404 to no token, a malformed, unknown or revoked one, telling nothing', async () => {
    const { h, app, token } = await withLink()
    for (const path of ['/postulacion/x', `/postulacion/${'A'.repeat(43)}`, `/postulacion/${token}x`]) {
      const res = await page(h, path)
      expect(res.status, path).toBe(404)
      const html = await res.text()
      expect(html).toContain('Este enlace no es válido')
      expect(html).not.toContain(app.reference)
    }
    h.store.db.prepare('UPDATE founder_links SET revoked_at = ?').run(h.now().toISOString())
    expect((await page(h, `/postulacion/${token}`)).status).toBe(404)
    expect((await page(h, `/postulacion/${token}/retirar`, { method: 'POST', form: { confirm: '1' } })).status).toBe(404)
    expect((await h.reviews.getApplication(app.id))!.stage).toBe('sesion_panel')
  })

  it("one founder's link neither shows nor acts on another's application", async () => {
    const { h, admin, app, token } = await withLink()
    const other = await application(h)
    await move(h, admin, other.id, TO_PANEL)
    const html = await (await page(h, `/postulacion/${token}`)).text()
    expect(html).not.toContain(other.reference)
    await page(h, `/postulacion/${token}/retirar`, { method: 'POST', form: { confirm: '1' } })
    expect((await h.reviews.getApplication(app.id))!.stage).toBe('retirada')
    expect((await h.reviews.getApplication(other.id))!.stage).toBe('sesion_panel')
    const download = await (await page(h, `/postulacion/${token}/datos`, { method: 'POST' })).text()
    expect(download).toContain(app.reference)
    expect(download).not.toContain(other.reference)
  })

  it('never writes the link to the request log, whatever the path under it', async () => {
    const { h, token } = await withLink()
    h.logs.length = 0
    for (const path of ['', '/retirar', '/supresion', '/documentos', '/api/documentos', '/nada']) await page(h, `/postulacion/${token}${path}`)
    await page(h, `/postulacion/${token}/datos`, { method: 'POST' })
    await page(h, `/otra/${token}`)
    const lines = h.logs.filter((l) => l.msg === 'request')
    expect(lines.length).toBe(8)
    expect(JSON.stringify(h.logs)).not.toContain(token)
    expect(lines.map((l) => l.path)).toContain('/postulacion/:token/datos')
  })

  it('refuses a POST from another origin or with none, and changes nothing', async () => {
    const { h, token } = await withLink()
    const refused = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', fetchSite: 'same-origin' },
      { origin: 'null' },
      { origin: 'null', fetchSite: 'cross-site' },
      { origin: 'null', fetchSite: 'same-site' },
      { origin: null },
    ]
    for (const from of refused) {
      // The three actions, and the lost-link form at /postulacion itself.
      for (const path of ['retirar', 'supresion', 'datos'].map((action) => `/postulacion/${token}/${action}`).concat('/postulacion')) {
        const before = h.snapshot()
        const res = await page(h, path, { method: 'POST', form: { confirm: '1', email: 'x@startup.example' }, ...from })
        expect(res.status, `${path} from ${JSON.stringify(from)}`).toBe(403)
        expect(h.snapshot()).toEqual(before)
      }
    }
    // The link itself takes no POST (nothing to act on), from anywhere.
    const before = h.snapshot()
    expect((await page(h, `/postulacion/${token}`, { method: 'POST', form: { confirm: '1' }, origin: 'https://evil.example' })).status).toBe(404)
    expect(h.snapshot()).toEqual(before)
    // Our own page's form: with no-referrer the browser sends Origin: null, and Sec-Fetch-Site: same-origin.
    const ours = await page(h, `/postulacion/${token}/datos`, { method: 'POST', origin: 'null', fetchSite: 'same-origin' })
    expect(ours.status).toBe(200)
  })

  it('withdraws through a confirmation step, with the confirmation e-mail sent straight away', async () => {
    const { h, app, token } = await withLink()
    h.advance(60_000)
    const confirm = await (await page(h, `/postulacion/${token}/retirar`)).text()
    expect(confirm).toContain('¿Retirar tu postulación?')
    expect((await h.reviews.getApplication(app.id))!.stage).toBe('sesion_panel')
    const res = await page(h, `/postulacion/${token}/retirar`, { method: 'POST', form: { confirm: '1' } })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/postulacion/${token}?hecho=retirada`)
    expect((await h.reviews.getApplication(app.id))!.stage).toBe('retirada')
    const [change] = (await h.reviews.listStageChanges(app.id)).slice(-1)
    expect(change).toMatchObject({ to: 'retirada', member: null })
    const mail = await founderMail(h, app.id)
    // The panel e-mail that brought the link, then the withdrawal's, queued at once.
    expect(mail.map((m) => [m.subject, m.status])).toEqual([
      [expect.stringContaining('sesión'), 'sent'],
      [expect.stringContaining('retiro'), 'pending'],
    ])
    const after = await (await page(h, `/postulacion/${token}`)).text()
    expect(after).toContain('<h1>Retirada</h1>')
    expect([...after.matchAll(/<span class="tag">([^<]+)<\/span>/g)].map((m) => m[1])).toEqual(['Completada', 'Última etapa alcanzada', 'No alcanzada'])
  })

  it('downloads everything held (the data-request export) and records a deletion request for the team', async () => {
    const { h, app, token } = await withLink()
    const res = await page(h, `/postulacion/${token}/datos`, { method: 'POST', form: { formato: 'json' } })
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="mis-datos-${app.reference}.json"`)
    const records = ((await res.json()) as { applications: { reference: string; formData: { email: string } }[] }).applications
    expect(records.map((r) => [r.reference, r.formData.email])).toEqual([[app.reference, app.formData.email]])

    // A GET, as a mail scanner following links sends, only shows the confirmation (or nothing) and changes nothing.
    expect((await page(h, `/postulacion/${token}/datos`)).status).toBe(404)
    const confirm = await page(h, `/postulacion/${token}/supresion`)
    expect(confirm.status).toBe(200)
    expect((await h.store.listMessages({ applicationId: app.id })).filter((m) => m.subject.includes('supresión'))).toEqual([])

    const asked = await page(h, `/postulacion/${token}/supresion`, { method: 'POST', form: { confirm: '1' } })
    expect(asked.status).toBe(303)
    const notice = (await h.store.listMessages({ applicationId: app.id })).filter((m) => m.kind === 'team_notification' && m.subject.includes('supresión'))
    expect(notice).toHaveLength(1)
    expect(notice[0]!.to).toBe(h.config.TEAM_EMAIL)
    expect(notice[0]!.text).not.toContain(app.formData.email)
    const audit = h.store.db.prepare("SELECT action FROM audit_log WHERE application_id = ? AND action LIKE 'founder.%' ORDER BY at, id").all(app.id)
    expect(audit).toEqual([{ action: 'founder.data_downloaded' }, { action: 'founder.deletion_requested' }])
  })

  it('sends a new link only to the address on file, with the same answer for an unknown address, rate-limited', async () => {
    const { h, app, token } = await withLink()
    const known = await (await page(h, '/postulacion', { method: 'POST', form: { email: `  ${app.formData.email.toUpperCase()} ` } })).text()
    const unknown = await (await page(h, '/postulacion', { method: 'POST', form: { email: 'nadie@startup.example' } })).text()
    expect(unknown).toBe(known)
    const [link] = (await founderMail(h, app.id)).filter((m) => m.kind === 'founder_link')
    expect(link!.to).toBe(app.formData.email)
    expect(link!.text).not.toMatch(ANY_LINK)
    const fresh = founderTokenFrom((await h.deliverMail()).find((m) => m.subject === link!.subject)!.text)
    expect((await page(h, `/postulacion/${fresh}`)).status).toBe(200)
    // The old link is revoked: it may be where the founder lost it.
    expect((await page(h, `/postulacion/${token}`)).status).toBe(404)
    expect(h.store.db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'founder_link'").get()).toEqual({ n: 1 })

    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await page(h, '/postulacion', { method: 'POST', form: { email: 'nadie@startup.example' } }))
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429])
    // The refusal is a page in Spanish that says when to try again, not the workspace's JSON.
    const refused = answers[4]!
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(refused.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(await refused.text()).toContain('Espera unos minutos y vuelve a intentarlo.')
  })
})

describe('the status page and the documents', () => {
  it('leads to the documents page at due diligence only', async () => {
    const { h, admin } = await setUp()
    const app = await application(h)
    await move(h, admin, app.id, TO_PANEL)
    const token = await linkSentTo(h, admin, app)
    expect(await (await page(h, `/postulacion/${token}`)).text()).not.toContain('/documentos"')
    await move(h, admin, app.id, [['sesion_panel', 'due_diligence']])
    const html = await (await page(h, `/postulacion/${token}`)).text()
    expect(html).toContain(`href="/postulacion/${token}/documentos"`)
    expect((await page(h, `/postulacion/${token}/documentos`)).status).toBe(200)
  })

  describe("the founder's copy of their data (Ley 1581)", () => {
    async function withDocument() {
      const { h, admin } = await setUp()
      const app = await application(h)
      await move(h, admin, app.id, [...TO_PANEL, ['sesion_panel', 'due_diligence']])
      const token = await linkSentTo(h, admin, app)
      await openDocumentStore(engineOf(h.store)).put(
        { id: crypto.randomUUID(), applicationId: app.id, itemKey: DOCUMENT_ITEMS[0]!.key, fileName: 'certificado.pdf', mediaType: 'application/pdf', sizeBytes: 245_760, sha256: 'a'.repeat(64), uploadedAt: h.now() },
        { content: Buffer.from('%PDF-1.4') },
      )
      return { h, app, token }
    }

    it('is a Spanish page by default: labelled fields, stage history, documents, and the two downloads beside it', async () => {
      const { h, app, token } = await withDocument()
      const res = await page(h, `/postulacion/${token}/datos`, { method: 'POST' })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('content-disposition')).toBeNull()
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      expect(html).toContain('<h1>Tus datos personales</h1>')
      // The form's own labels, not its keys; the option's label, not its code.
      expect(html).toContain(`<th scope="row">Razón social</th><td>${app.formData.companyName}</td>`)
      expect(html).toContain('<th scope="row">Correo electrónico</th>')
      expect(html).not.toMatch(/>(companyName|formData|receivedAt|policyVersion)</)
      expect(html).toContain('<th scope="row">Etapa actual</th><td>Due diligence y acuerdo</td>')
      expect(html).toContain('de «Recibida» a «Validación preliminar»')
      expect(html).toContain('de «Sesión con panel de expertos» a «Due diligence y acuerdo»')
      expect(html).toContain(DOCUMENT_ITEMS[0]!.label)
      expect(html).toContain('certificado.pdf')
      expect(html).toContain('240\u00a0KB')
      expect(html).toContain('Recibido, en revisión')
      expect(html).toContain('Confirmación de tu postulación')
      // The machine-readable copy and a file of this page, both POST forms on the page.
      expect(html).toContain(`<form method="post" action="/postulacion/${token}/datos"><input type="hidden" name="formato" value="json">`)
      expect(html).toContain(`<form method="post" action="/postulacion/${token}/datos"><input type="hidden" name="formato" value="html">`)
    })

    it('holds the same content as JSON with English keys, and as an HTML file to keep, each audited', async () => {
      const { h, app, token } = await withDocument()
      const json = await page(h, `/postulacion/${token}/datos`, { method: 'POST', form: { formato: 'json' } })
      const copy = (await json.json()) as { applications: Record<string, unknown>[] }
      expect(copy.applications).toHaveLength(1)
      expect(copy.applications[0]).toMatchObject({
        reference: app.reference,
        stage: 'due_diligence',
        stageHistory: [
          { from: 'recibida', to: 'validacion_preliminar' },
          { from: 'validacion_preliminar', to: 'sesion_panel' },
          { from: 'sesion_panel', to: 'due_diligence' },
        ],
        documents: [{ item: DOCUMENT_ITEMS[0]!.key, fileName: 'certificado.pdf', sizeBytes: 245_760, status: 'received', reviewNote: null }],
      })
      const file = await page(h, `/postulacion/${token}/datos`, { method: 'POST', form: { formato: 'html' } })
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="mis-datos-${app.reference}.html"`)
      const kept = await file.text()
      expect(kept).toContain('<h1>Tus datos personales</h1>')
      // The kept file carries no form and no link: it holds no key to the status page.
      expect(kept).not.toContain(token)
      expect(kept).not.toContain('<form')
      const audit = (await h.reviews.listAudit(1, 50)).items.filter((e) => e.action === 'founder.data_downloaded')
      expect(audit.map((e) => e.detail.format).sort()).toEqual(['html', 'json'])
    })

    it('includes the deal once signed (the page in Colombian figures, the JSON in integers), as does the team\'s data-request export; deleting the titular deletes it', async () => {
      const { h, app, token } = await withDocument()
      const admin = await h.signIn(await h.addMember({ role: 'admin' }))
      const signed = await h.call('POST', `/applications/${app.id}/transitions`, {
        as: admin,
        body: { from: 'due_diligence', to: 'acuerdo_firmado', deal: DEAL_BODY, missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' } },
      })
      expect(signed.status).toBe(200)
      const html = await (await page(h, `/postulacion/${token}/datos`, { method: 'POST' })).text()
      expect(html).toContain('<h3>Tu acuerdo con el programa</h3>')
      expect(html).toContain('<th scope="row">Participación</th><td>4,5\u00a0% en nota convertible, con 20\u00a0% de descuento</td>')
      expect(html).toContain('<th scope="row">Valoración de referencia</th><td>US$\u00a01.500.000</td>')
      expect(html).toContain('<th scope="row">Valor de inversión acordado</th><td>$\u00a0500.000.000 (relación 3,0 : 1)</td>')
      expect(html).toContain('(9 meses)')
      const expected = {
        equityBasisPoints: 450,
        instrument: 'nota_convertible',
        discountBasisPoints: 2000,
        valuationUsdCents: 150_000_000,
        mediaValueCop: 1_500_000_000,
        investmentValueCop: 500_000_000,
        exposureStart: '2027-01-15',
        exposureMonths: 9,
        followUpStart: '2026-12-01',
        rateCardVersion: null,
      }
      const copy = (await (await page(h, `/postulacion/${token}/datos`, { method: 'POST', form: { formato: 'json' } })).json()) as { applications: { deal: unknown }[] }
      expect(copy.applications[0]!.deal).toMatchObject(expected)
      // The team's side of the same right (Ley 1581 look-up and export), and the deletion.
      const email = app.formData.email
      const lookup = (await (await h.call('POST', '/data-requests/lookup', { as: admin, body: { email } })).json()) as { deal: unknown }[]
      expect(lookup[0]!.deal).toMatchObject(expected)
      const exported = JSON.parse(await (await h.call('POST', '/data-requests/export', { as: admin, body: { email, format: 'json' } })).text()) as { deal: unknown }[]
      expect(exported[0]!.deal).toMatchObject(expected)
      expect(h.snapshot().deals).toHaveLength(1)
      expect((await h.call('POST', '/data-requests/delete', { as: admin, body: { email, confirm: email } })).status).toBe(200)
      expect(h.snapshot().deals).toEqual([])
    })

    it('answers a GET (a mail scanner), a wrong link and another origin with nothing of the data', async () => {
      const { h, app, token } = await withDocument()
      for (const res of [
        await page(h, `/postulacion/${token}/datos`),
        await page(h, `/postulacion/${'x'.repeat(43)}/datos`, { method: 'POST' }),
        await page(h, `/postulacion/${token}/datos`, { method: 'POST', origin: 'https://evil.example' }),
      ]) {
        expect([403, 404]).toContain(res.status)
        const body = await res.text()
        expect(body).not.toContain(app.formData.companyName)
        expect(body).not.toContain('certificado.pdf')
      }
      expect((await h.reviews.listAudit(1, 50)).items.filter((e) => e.action === 'founder.data_downloaded')).toEqual([])
    })
  })
})
