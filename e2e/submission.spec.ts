/**
 * The whole product on real parts: the form in Chromium posts to the real
 * production server, which stores the application in its SQLite file and
 * writes the confirmation to DATA_DIR/outbox/ as an .eml file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import PostalMime from 'postal-mime'
import { SUBMIT_LABEL } from '../domain/messages.ts'
import { PROGRAMME_NAME } from '../domain/programme.ts'
import { sampleApplication } from '../domain/sample-application.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { FIELD_GROUPS } from '../src/features/application-form/field-specs.ts'
import { expect, test } from './fixtures/test.ts'

async function waitFor<T>(find: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = find()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 100))
  }
}

test('a founder applies: the application is stored and the confirmation lands in the outbox', async ({ page, server, consoleErrors }) => {
  const app = sampleApplication({ email: `maria.${Date.now()}@huertaviva.example`, tradeName: 'Huerta Viva & Cía <Colombia>' })
  await page.goto('/#formulario')

  const form = page.locator('form', { has: page.getByRole('button', { name: SUBMIT_LABEL }) })
  // Every input, found by the label the founder reads.
  for (const spec of FIELD_GROUPS.flatMap((g) => g.fields)) {
    const control = form.getByLabel(spec.label, { exact: false })
    if (spec.control === 'select') {
      await control.selectOption({ label: spec.options.find((o) => o.value === app[spec.name])!.label })
    } else {
      await control.fill(app[spec.name])
    }
  }
  await form.getByRole('checkbox', { name: /Autorizo a .* a tratar mis datos personales/ }).check()
  await form.getByRole('button', { name: SUBMIT_LABEL }).click()

  const confirmation = page.getByRole('region', { name: 'Recibimos tu postulación' })
  await expect(confirmation).toBeVisible()
  const reference = (await confirmation.getByText(/^CAT-\d{4}-[0-9A-Z]{6}$/).textContent())!.trim()

  // Stored, with its consent evidence.
  const store = openSqliteStore(join(server.dataDir, 'catalitico.sqlite'))
  try {
    const [stored, ...more] = await store.findByEmail(app.email)
    expect(more).toEqual([])
    expect(stored).toMatchObject({ reference, formData: { ...app, tradeName: 'Huerta Viva & Cía <Colombia>' } })
    expect(stored!.consent.policyVersion).toMatch(/^\d{4}-\d{2}-\d{2}(\.\d+)?$/)
  } finally {
    await store.close()
  }

  // The confirmation, addressed to the founder, with the reference.
  const outbox = join(server.dataDir, 'outbox')
  const mails = await waitFor(() => {
    const files = (() => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      } catch {
        return []
      }
    })()
    const parsed = files.map((f) => readFileSync(join(outbox, f), 'utf8')).filter((raw) => raw.includes(reference))
    return parsed.length === 2 ? parsed : undefined
  })
  const emails = await Promise.all(mails.map((raw) => PostalMime.parse(raw)))
  const toFounder = emails.find((e) => e.to?.[0]?.address === app.email)!
  expect(toFounder.subject).toBe(`Recibimos tu postulación a ${PROGRAMME_NAME} (${reference})`)
  expect(toFounder.html).toContain('Huerta Viva &amp; Cía &lt;Colombia&gt;')
  const toTeam = emails.find((e) => e !== toFounder)!
  expect(toTeam.replyTo?.[0]?.address).toBe(app.email)

  expect(consoleErrors).toEqual([])
})
