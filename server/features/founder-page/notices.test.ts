/**
 * The founder's pages say how an action went in one way («founder
 * success notices look like refusals»): a success is a green notice with a ✓,
 * announced politely (role=status); a refusal a red one with a ⚠, announced
 * at once (role=alert). The lost link, the withdrawal, the deletion request,
 * the panel's refusals and the documents' upload, from the outside.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { documentsPage } from '../documents/page.ts'
import { noticesIn } from '../../testing/notices.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

function page(h: WorkspaceHarness, path: string, form?: Record<string, string>) {
  return h.app.request(`${SITE}${path}`, {
    method: form ? 'POST' : 'GET',
    headers: form ? { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' } : {},
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  })
}

/** A founder with an application just received and a link (asked for on the lost-link page, as a founder would). */
async function founder() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const s = newSubmission({ createdAt: h.now(), email: 'fundadora@startup.example' })
  await h.store.saveSubmission(s)
  const asked = await (await page(h, '/postulacion', { email: 'fundadora@startup.example' })).text()
  const mail = (await h.deliverMail()).find((m) => m.to === 'fundadora@startup.example' && /\/postulacion\/[A-Za-z0-9_-]{43}/.test(m.text))!
  return { h, asked, token: founderTokenFrom(mail.text) }
}

/** The border colour the page's stylesheet gives a notice of `kind`. */
const borderOf = (html: string, kind: 'ok' | 'error') => new RegExp(`\\.notice\\.${kind}\\{[^}]*border-color:([^;}]+)`).exec(html)?.[1]

const OK = { kind: 'ok', role: 'status', icon: '✓' } as const
const REFUSED = { kind: 'error', role: 'alert', icon: '⚠' } as const

describe("the founder's notices", () => {
  it('the lost link: "te enviamos un enlace" is a success, in green, apart from a refusal in red', async () => {
    const { asked } = await founder()
    expect(noticesIn(asked)).toEqual([{ ...OK, text: expect.stringContaining('Si ese correo corresponde a una postulación, te enviamos un enlace nuevo.') }])
    expect(borderOf(asked, 'ok')).toBeDefined()
    expect(borderOf(asked, 'error')).toBeDefined()
    expect(borderOf(asked, 'ok')).not.toBe(borderOf(asked, 'error'))
    // An informational box («Qué sigue») is neither: neutral ink, not the refusals' red nor the brand's orange beside it.
    expect(/\n\.status\{[^}]*border-left:4px solid ([^;}]+)/.exec(asked)?.[1]).toBe('var(--ink-700)')
  })

  it('the deletion request and the withdrawal: each says it went through, as a success', async () => {
    const { h, token } = await founder()
    const asked = await page(h, `/postulacion/${token}/supresion`, { confirm: '1' })
    expect(asked.status).toBe(303)
    const afterDeletion = await (await page(h, asked.headers.get('location')!)).text()
    expect(noticesIn(afterDeletion)).toEqual([{ ...OK, text: expect.stringContaining('Recibimos tu solicitud de supresión de datos.') }])

    const withdrawn = await page(h, `/postulacion/${token}/retirar`, { confirm: '1' })
    expect(withdrawn.status).toBe(303)
    expect(withdrawn.headers.get('location')).toBe(`/postulacion/${token}?hecho=retirada`)
    const afterWithdrawal = await (await page(h, withdrawn.headers.get('location')!)).text()
    expect(afterWithdrawal).toContain('<h1>Retirada</h1>')
    expect(noticesIn(afterWithdrawal)).toEqual([{ ...OK, text: 'Retiraste tu postulación. Te enviamos un correo de confirmación.' }])
  })

  it('a refusal (the panel asked outside its stage) is an alert in red, never a success', async () => {
    const { h, token } = await founder()
    const refused = await page(h, `/postulacion/${token}/sesion/ninguno`, { nota: '' })
    expect(refused.status).toBe(409)
    const notices = noticesIn(await refused.text())
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject(REFUSED)
  })

  it("the documents' upload: the progress and the success in a status, a failure in an alert of its own, each styled as such", () => {
    const html = documentsPage({
      base: '/postulacion/x',
      scriptPath: '/assets/documentos.js',
      reference: 'CAT-2026-7KQ3XZ',
      canUpload: true,
      maxBytes: 25 * 1_048_576,
      items: [{ key: 'estados_financieros', label: 'Estados financieros', optional: false, document: null }],
    })
    // Empty until the script writes in them; the script marks a success `notice ok` (server/features/documents/client/upload.ts).
    expect(html).toMatch(/<p role="status" aria-live="polite" data-upload-status><\/p>/)
    expect(html).toMatch(/<p class="notice error" role="alert" data-upload-error hidden><\/p>/)
    expect(borderOf(html, 'ok')).toBeDefined()
    expect(borderOf(html, 'ok')).not.toBe(borderOf(html, 'error'))
  })
})
