/**
 * The confirmation of a submission carries the founder's personal link (issue
 * 19, ADR 0137), made by the outbox worker as the e-mail leaves (ADR 0117):
 * the .eml that left holds a link that opens the status page; the database,
 * before and after, holds only the placeholder and the link's hash.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import { FUNCTION_URL, TEST_ANON_KEY } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const ANY_LINK = /\/postulacion\/[A-Za-z0-9_-]{43}/

describe('the confirmation e-mail carries the founder\'s personal link', () => {
  it('the .eml holds a working link in both parts; the database holds none, before or after', async () => {
    const h = await workspaceHarness({ PUBLIC_ANON_KEY: TEST_ANON_KEY })
    harnesses.push(h)
    const body = validBody({ email: 'fundadora.confirmacion@startup.example' })
    const res = await h.app.request(FUNCTION_URL, {
      method: 'POST',
      headers: { apikey: TEST_ANON_KEY, authorization: `Bearer ${TEST_ANON_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status).toBe(200)
    const { reference } = (await res.json()) as { reference: string }

    // Stored: the placeholder where the link goes, no link.
    const [stored] = (await h.store.listMessages()).filter((m) => m.kind === 'applicant_confirmation')
    expect(stored!.text).toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(stored!.html).toContain(`href="${PERSONAL_LINK_PLACEHOLDER}"`)
    expect(JSON.stringify(h.snapshot())).not.toMatch(ANY_LINK)

    // The submission used the wall clock; the harness worker its own: bring them together.
    h.syncToWallClock()
    const mails = await h.deliverMail()
    const confirmation = mails.find((m) => m.to === body.formData.email)!
    expect(confirmation.subject).toContain(reference)
    expect(confirmation.text).toContain('SIGUE TU POSTULACIÓN')
    expect(confirmation.text).not.toContain(PERSONAL_LINK_PLACEHOLDER)
    const token = founderTokenFrom(confirmation.text)
    expect(confirmation.html).toContain(`href="${SITE}/postulacion/${token}"`)
    // The team's notification quotes the founder's words and never gets a link.
    const notification = mails.find((m) => m.to !== body.formData.email)!
    expect(notification.text).not.toMatch(ANY_LINK)

    // The link works: it opens this application's status page.
    const page = await h.app.request(`${SITE}/postulacion/${token}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(reference)

    // Afterwards the database still holds no link, only its hash; neither do the logs.
    const after = JSON.stringify(h.snapshot())
    expect(after).not.toContain(token)
    expect(after).not.toMatch(ANY_LINK)
    expect(JSON.stringify(h.logs)).not.toContain(token)
  })
})
