/**
 * What founders do, told to the team (ADR 0142), through the real session,
 * CSRF and conflict middleware: a document stored, a withdrawal and a
 * deletion request each e-mail the members concerned (active admins and the
 * assigned reviewers, never one with a conflict of interest, never with a
 * founder's link) and put a badge on the application until each opens it;
 * a new version asked for writes the founder's e-mail to "Correos por
 * enviar", or sends it at once when its kind is set so.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { SITE, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { samples, tusClient } from '../documents/testing/tus.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

/** Any founder link: never in a team e-mail. */
const ANY_FOUNDER_LINK = /\/postulacion\//

async function setup() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const founder = await seedFounder(h.store)
  const ana = await h.addMember({ role: 'admin', name: 'Ana Admin', email: 'ana@catalitico.example' })
  const beto = await h.addMember({ role: 'admin', name: 'Beto Conflicto', email: 'beto@catalitico.example' })
  const rita = await h.addMember({ role: 'reviewer', name: 'Rita Asignada', email: 'rita@catalitico.example' })
  const sol = await h.addMember({ role: 'reviewer', name: 'Sol Sin Asignar', email: 'sol@catalitico.example' })
  const as = { ana: await h.signIn(ana), beto: await h.signIn(beto), rita: await h.signIn(rita), sol: await h.signIn(sol) }
  expect((await h.call('POST', `/applications/${founder.applicationId}/assignments`, { as: as.ana, body: { memberIds: [rita.id] } })).status).toBe(200)
  expect((await h.call('POST', '/conflicts', { as: as.beto, body: { applicationId: founder.applicationId, kind: 'personal', note: 'Es mi prima' } })).status).toBe(201)
  return { h, founder, as }
}

const activityMail = async (h: WorkspaceHarness) => (await h.store.listMessages()).filter((m) => m.kind === 'team_founder_activity')
const badge = async (h: WorkspaceHarness, as: SignedIn) =>
  (await (await h.call('GET', '/founder-activity', { as })).json()) as { count: number; items: { applicationId: string; reference: string; labels: string[] }[] }

const form = (h: WorkspaceHarness, path: string) =>
  h.app.request(`${SITE}${path}`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ confirm: '1' }).toString(),
  })

describe("founders' activity told to the team", () => {
  it('a document stored: one short e-mail to each admin and assigned reviewer, none to a conflicted or unassigned member, no link', async () => {
    const { h, founder } = await setup()
    const tus = tusClient(async (url, init) => h.app.request(url, init), `${SITE}/postulacion/${founder.token}`, SITE)
    expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(10_000) })).status).toBe(204)

    const mails = await activityMail(h)
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@catalitico.example', 'rita@catalitico.example'])
    for (const m of mails) {
      expect(m.subject).toBe(`Subió un documento: postulación ${founder.reference}`)
      expect(m.text).toContain(`La persona fundadora de la postulación ${founder.reference} subió el documento «RUT`)
      expect(m.text).toContain(`${SITE}/equipo/postulaciones/${founder.applicationId}`)
      expect(m.text + m.html).not.toMatch(ANY_FOUNDER_LINK)
      expect(m.text + m.html).not.toContain(PERSONAL_LINK_PLACEHOLDER)
      expect(m.applicationId).toBe(founder.applicationId)
    }
  })

  it('a badge on the application for the members concerned until each opens it; none for the others', async () => {
    const { h, founder, as } = await setup()
    expect((await form(h, `/postulacion/${founder.token}/retirar`)).status).toBe(303)
    expect((await activityMail(h)).map((m) => m.to).sort()).toEqual(['ana@catalitico.example', 'rita@catalitico.example'])

    expect(await badge(h, as.ana)).toMatchObject({ count: 1, items: [{ applicationId: founder.applicationId, reference: founder.reference, labels: ['Retiró su postulación'] }] })
    expect((await badge(h, as.rita)).count).toBe(1)
    expect((await badge(h, as.beto)).count).toBe(0)
    expect((await badge(h, as.sol)).count).toBe(0)

    // Rita opens it: her badge goes, Ana's stays.
    h.advance(1000)
    expect((await h.call('POST', `/applications/${founder.applicationId}/founder-activity/seen`, { as: as.rita })).status).toBe(204)
    expect((await badge(h, as.rita)).count).toBe(0)
    expect((await badge(h, as.ana)).count).toBe(1)
    // Something new after she looked: the badge is back for her.
    h.advance(1000)
    expect((await form(h, `/postulacion/${founder.token}/supresion`)).status).toBe(303)
    expect(await badge(h, as.rita)).toMatchObject({ count: 1, items: [{ labels: ['Pidió suprimir sus datos'] }] })
    expect((await badge(h, as.ana)).items[0]!.labels).toEqual(['Retiró su postulación', 'Pidió suprimir sus datos'])
  })

  it('refuses the seen mark without a session, from another origin, to a conflicted member and on an unknown application', async () => {
    const { h, founder, as } = await setup()
    const path = `/applications/${founder.applicationId}/founder-activity/seen`
    const before = h.snapshot()
    expect((await h.call('POST', path, { as: null })).status).toBe(401)
    expect((await h.call('GET', '/founder-activity', { as: null })).status).toBe(401)
    expect((await h.call('POST', path, { as: as.ana, origin: 'https://evil.example' })).status).toBe(403)
    expect((await h.call('POST', path, { as: as.ana, csrf: null })).status).toBe(403)
    expect((await h.call('POST', path, { as: as.beto })).status).toBe(403)
    expect(h.snapshot()).toEqual(before)
    expect((await h.call('POST', `/applications/${crypto.randomUUID()}/founder-activity/seen`, { as: as.ana })).status).toBe(404)
  })

  it('a deletion request tells the members concerned beyond the notice to the team address', async () => {
    const { h, founder } = await setup()
    expect((await form(h, `/postulacion/${founder.token}/supresion`)).status).toBe(303)
    const mails = await activityMail(h)
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@catalitico.example', 'rita@catalitico.example'])
    expect(mails[0]!.text).toContain('pidió que suprimamos sus datos personales (Ley 1581 de 2012); una persona administradora la atiende en «Datos personales»')
    // Pressed again: the request is already open, nobody is written to twice.
    await form(h, `/postulacion/${founder.token}/supresion`)
    expect(await activityMail(h)).toHaveLength(2)
  })
})

describe("the founder's e-mail when the team asks for a new version of a document", () => {
  async function withDocument() {
    const s = await setup()
    const tus = tusClient(async (url, init) => s.h.app.request(url, init), `${SITE}/postulacion/${s.founder.token}`, SITE)
    expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(10_000) })).status).toBe(204)
    const docs = s.h.store.db.prepare('SELECT id FROM documents WHERE application_id = ?').all(s.founder.applicationId) as { id: string }[]
    return { ...s, documentId: docs[0]!.id }
  }

  it('waits in "Correos por enviar" with the document, the note and the link placeholder', async () => {
    const { h, founder, as, documentId } = await withDocument()
    const res = await h.call('POST', `/applications/${founder.applicationId}/documents/${documentId}/review`, {
      as: as.rita,
      body: { status: 'new_version_requested', note: 'Falta la página 2.' },
    })
    expect(res.status).toBe(200)
    const list = (await (await h.call('GET', '/founder-mail/drafts', { as: as.ana })).json()) as { items: { kind: string; kindLabel: string; subject: string; text: string; reference: string }[] }
    const draft = list.items.find((d) => d.kind === 'documento_nueva_version')
    expect(draft).toMatchObject({ kindLabel: 'Nueva versión de un documento', reference: founder.reference, subject: `Te pedimos una versión nueva de un documento (${founder.reference})` })
    expect(draft!.text).toContain('necesitamos una versión nueva de este: RUT')
    expect(draft!.text).toContain('Lo que nos falta: Falta la página 2.')
    expect(draft!.text).toContain(PERSONAL_LINK_PLACEHOLDER)
    // Nothing left for the founder yet: a member sends it.
    expect((await h.store.listMessages({ applicationId: founder.applicationId })).filter((m) => m.kind === 'founder_status')).toEqual([])
  })

  it('goes at once when an admin set its kind so', async () => {
    const { h, founder, as, documentId } = await withDocument()
    const set = await h.call('PUT', '/founder-mail/settings', { as: as.ana, body: { kind: 'documento_nueva_version', sendImmediately: true } })
    expect(set.status).toBe(200)
    const settings = (await (await h.call('GET', '/founder-mail/settings', { as: as.ana })).json()) as { items: { kind: string; label: string; sendImmediately: boolean }[] }
    expect(settings.items.find((i) => i.kind === 'documento_nueva_version')).toEqual({ kind: 'documento_nueva_version', label: 'Nueva versión de un documento', sendImmediately: true })
    await h.call('POST', `/applications/${founder.applicationId}/documents/${documentId}/review`, { as: as.ana, body: { status: 'new_version_requested', note: 'Ilegible.' } })
    const sent = (await h.store.listMessages({ applicationId: founder.applicationId })).filter((m) => m.kind === 'founder_status')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe(`Te pedimos una versión nueva de un documento (${founder.reference})`)
  })
})
