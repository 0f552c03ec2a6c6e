/**
 * The addresses the application form accepts are the ones the rest of the
 * founder's side accepts (domain/email.ts): a founder whose address has an
 * apostrophe or an accent gets a new link like anyone else.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const requestLink = (h: WorkspaceHarness, email: string) =>
  h.app.request(`${SITE}/postulacion`, {
    method: 'POST',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email }).toString(),
  })

describe('the lost-link form and the addresses people have', () => {
  it("finds o'brien@… and josé@… however they are typed, and queues the link to the address on file", async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const cases = [
      { stored: "o'brien@ejemplo.co", typed: ["o'brien@ejemplo.co", "O'Brien@Ejemplo.co"] },
      // The last one is "josé" with e + a combining accent, as some keyboards and pastes send it.
      { stored: 'josé@ejemplo.co', typed: ['josé@ejemplo.co', 'JOSÉ@Ejemplo.co ', 'jose\u0301@ejemplo.co'] },
    ]
    for (const { stored, typed } of cases) {
      const sub = newSubmission({ createdAt: h.now(), email: stored })
      await h.store.saveSubmission(sub)
      for (const [i, email] of typed.entries()) {
        const res = await requestLink(h, email)
        expect(res.status, email).toBe(200)
        expect(await res.text(), email).toContain('te enviamos un enlace nuevo')
        const links = (await h.store.listMessages({ applicationId: sub.application.id })).filter((m) => m.kind === 'founder_link')
        expect(links, email).toHaveLength(i + 1)
        expect(links.at(-1)!.to).toBe(stored)
      }
    }
  })

  it('still answers 422, queuing nothing, to what is not an address', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    for (const email of ['maria@', 'dos@arrobas@ejemplo.co', 'a b@ejemplo.co']) {
      expect((await requestLink(h, email)).status, email).toBe(422)
    }
    expect(h.store.db.prepare("SELECT count(*) AS n FROM outbox WHERE kind = 'founder_link'").get()).toEqual({ n: 0 })
  })
})
