/**
 * "Estado del sistema" against the real server: the mail server (a real SMTP
 * sink) refuses one founder's address, the worker gives that e-mail up
 * (OUTBOX_MAX_ATTEMPTS=1), an admin sees it in the overview and follows its
 * link to the application; /metrics, with its token, counts it too.
 */
import { startSmtpSink, type SmtpSink } from '../server/testing/smtp-sink.ts'
import { signInThroughSmtp } from './fixtures/outbox-mail.ts'
import { screenshotForPeople } from './fixtures/screenshots.ts'
import { startServer } from './fixtures/server.ts'
import { addMember, expect, newMemberContext, submitApplication, test as base } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'

const ADMIN = 'directora@catalitico.example'
const REVIEWER = 'evaluador@catalitico.example'
const FOUNDER = 'no-existe@rebote.example'
const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef0123456789'

const test = base.extend<{ sink: SmtpSink }>({
  // eslint-disable-next-line no-empty-pattern
  sink: async ({}, use) => {
    const sink = await startSmtpSink({ rejectRecipient: (address) => address === FOUNDER })
    await use(sink)
    await sink.close()
  },
  // Its own server per test, with the sink as its mail server: /metrics counts the whole database.
  ws: async ({ sink }, use) => {
    const server = await startServer({ RATE_LIMIT_MAX: '1000', SMTP_URL: sink.url, OUTBOX_MAX_ATTEMPTS: '1', METRICS_TOKEN }, { from: 'bundle' })
    await use(server)
    await server.stop()
  },
})

test('an admin sees an e-mail that failed for good in the overview and opens its application', async ({ page, ws, origin, request, sink }) => {
  const app = await submitApplication(request, origin, { companyName: 'Rebote Andino S.A.S.', tradeName: 'Rebote', email: FOUNDER })
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')

  await signInThroughSmtp(page, sink, ADMIN)

  const failed = page.getByRole('region', { name: 'Estado del sistema' }).getByRole('region', { name: 'Correos que fallaron' })
  await expect(async () => {
    await page.reload()
    await expect(failed).toContainText(app.reference, { timeout: 5_000 })
  }).toPass({ timeout: 45_000 })
  await expect(failed).toContainText('Confirmación de recibido a la persona fundadora')
  await expect(failed).toContainText('550')
  await expect(failed).toContainText('Qué hacer')
  await expect(failed).not.toContainText(FOUNDER)
  expect(await axeViolations(page, { include: 'section[aria-label="Estado del sistema"]' })).toEqual([])
  await screenshotForPeople(page, 'workspace-machinery-failed-1280')

  await failed.getByRole('link', { name: app.reference }).click()
  await expect(page).toHaveURL(new RegExp(`/equipo/postulaciones/${app.id}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rebote')

  const metrics = await request.get(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  expect(metrics.status()).toBe(200)
  const text = await metrics.text()
  expect(text).toMatch(/^catalitico_outbox_messages\{status="failed"\} 1$/m)
  expect(text).not.toContain(FOUNDER)
  expect((await request.get(`${origin}/metrics`)).status()).toBe(401)

  // Once she declares a conflict with it (ADR 0200): its reference only, and no «Reenviar».
  const conflict = page.getByRole('region', { name: 'Conflicto de interés' })
  await conflict.getByLabel('Tipo').selectOption('personal')
  await conflict.getByRole('button', { name: 'Declarar conflicto' }).click()
  await page.getByRole('dialog', { name: '¿Declarar el conflicto de interés?' }).getByRole('button', { name: 'Declarar conflicto' }).click()
  await expect(page.getByRole('heading', { name: 'Conflicto de interés declarado' })).toBeVisible()
  await page.goto('/equipo')
  await expect(failed).toContainText(app.reference)
  await expect(failed).toContainText('otra persona administradora revisa y reenvía este correo')
  await expect(failed).not.toContainText('Rebote')
  await expect(failed.getByRole('link', { name: app.reference })).toHaveCount(0)
  await expect(failed.getByRole('button', { name: 'Reenviar' })).toHaveCount(0)
  expect(await axeViolations(page, { include: 'section[aria-label="Estado del sistema"]' })).toEqual([])
  await screenshotForPeople(page, 'workspace-machinery-failed-conflicted-1280')
  await page.setViewportSize({ width: 390, height: 844 })
  await screenshotForPeople(page, 'workspace-machinery-failed-conflicted-390')
})

test('a reviewer does not see Estado del sistema', async ({ browser, ws, origin, request, sink }) => {
  await submitApplication(request, origin, { email: FOUNDER })
  await addMember(ws, REVIEWER, 'reviewer', 'Evaluador Uno')
  const { context, page } = await newMemberContext(browser, origin)
  await signInThroughSmtp(page, sink, REVIEWER)
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Por etapa' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Estado del sistema' })).toHaveCount(0)
  await context.close()
})
