/**
 * A founder's deletion request from the status page, pressed again and
 * again: recorded once with its legal due date, one e-mail to the team, the
 * founder told it is already registered, then refused past the rate limit.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { seedFounder } from '../../testing/seed-founder.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const askDeletion = (h: WorkspaceHarness, token: string) =>
  h.app.request(`${SITE}/postulacion/${token}/supresion`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ confirm: '1' }).toString(),
  })

const teamNotices = async (h: WorkspaceHarness, applicationId: string) =>
  (await h.store.listMessages({ applicationId })).filter((m) => m.kind === 'team_notification' && m.subject.includes('supresión'))

describe('the deletion request from the status page', () => {
  it('ten presses: one request, one e-mail to the team, "ya está registrada" for the next, then 429', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const founder = await seedFounder(h.store)
    const before = h.mailsQueued

    const answers = []
    for (let i = 0; i < 10; i++) {
      const res = await askDeletion(h, founder.token)
      answers.push([res.status, res.headers.get('location')])
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(await res.text()).toContain('Demasiados intentos')
      }
      h.advance(1000)
    }
    const page = `/postulacion/${founder.token}`
    expect(answers).toEqual([
      [303, `${page}?hecho=supresion`],
      ...Array.from({ length: 4 }, () => [303, `${page}?hecho=supresion-registrada`]),
      ...Array.from({ length: 5 }, () => [429, null]),
    ])

    const notices = await teamNotices(h, founder.applicationId)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.to).toBe(h.config.TEAM_EMAIL)
    // Opened on Monday 23 November 2026 (Bogotá): 15 business days, 8 December a holiday, end on 15 December.
    expect(notices[0]!.text).toContain('Plazo para responder: hasta el 15 de diciembre de 2026 (15 días hábiles).')
    expect(h.mailsQueued - before).toBe(1)
    // It names the menu item as the workspace names it (src/workspace/components/layout.tsx), and no link.
    for (const body of [notices[0]!.text, notices[0]!.html]) {
      expect(body).toContain('«Datos personales»')
      expect(body).not.toContain('Solicitudes de datos')
      expect(body).not.toMatch(/https?:\/\/|\/postulacion\//)
    }

    const [request, ...more] = await h.founders.listDataRequests(founder.reference)
    expect(more).toEqual([])
    expect(request).toMatchObject({ applicationId: founder.applicationId, kind: 'supresion', closedAt: null, dueAt: new Date('2026-12-16T04:59:59.999Z') })

    const first = await (await h.app.request(`${SITE}${page}?hecho=supresion`)).text()
    expect(first).toContain('Recibimos tu solicitud de supresión de datos. El equipo te responderá por correo a más tardar el 15 de diciembre de 2026.')
    const again = await (await h.app.request(`${SITE}${page}?hecho=supresion-registrada`)).text()
    expect(again).toContain(
      'Tu solicitud de supresión ya está registrada desde el 23 de noviembre de 2026 y el equipo la está atendiendo: no hace falta enviarla de nuevo. Te responderemos por correo a más tardar el 15 de diciembre de 2026.',
    )

    // Every press that got through is in the audit log, the repeated ones marked so; the refused ones are not.
    const audit = h.store.db
      .prepare("SELECT detail FROM audit_log WHERE application_id = ? AND action = 'founder.deletion_requested' ORDER BY at, id")
      .all(founder.applicationId) as { detail: string }[]
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([{ alreadyOpen: false }, ...Array.from({ length: 4 }, () => ({ alreadyOpen: true }))])
  })

  it('counts the limit per window: the next window takes a press again (still the same open request)', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const founder = await seedFounder(h.store)
    for (let i = 0; i < 5; i++) await askDeletion(h, founder.token)
    expect((await askDeletion(h, founder.token)).status).toBe(429)
    h.advance(15 * 60_000)
    const res = await askDeletion(h, founder.token)
    expect(res.headers.get('location')).toBe(`/postulacion/${founder.token}?hecho=supresion-registrada`)
    expect(await teamNotices(h, founder.applicationId)).toHaveLength(1)
  })

  it('shows no notice for a hecho that names no open request', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const founder = await seedFounder(h.store)
    const html = await (await h.app.request(`${SITE}/postulacion/${founder.token}?hecho=supresion-registrada`)).text()
    expect(html).not.toContain('role="status"')
  })
})
