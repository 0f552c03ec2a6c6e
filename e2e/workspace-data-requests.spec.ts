/**
 * A founder's Ley 1581 request looked up by an admin who declared a conflict
 * of interest with the application, in Chromium against the real server: the
 * page names the application by its reference, says another admin must
 * answer, and offers neither export nor deletion (ADR 0123). An open
 * request handled from its row, the clicks counted. And the
 * addresses the form accepts work where the browser validates them (ADR 0121).
 */
import type { Locator } from '@playwright/test'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'
import { mailsOf, nthMail } from './fixtures/outbox-mail.ts'
import { screenshotsAtWidths } from './fixtures/screenshots.ts'

// An address valibot's email() refused: the look-up now takes it (ADR 0121). Each test has its own such
// address (and admin): the worker's server is shared, and no other test uses them.
const FOUNDER = "josé.o'brien@ejemplo.co"
const OTHER_FOUNDER = "maría.o'neill@ejemplo.co"

test('an admin with a conflict sees only the reference and that another admin must answer', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Río Claro', companyName: 'Río Claro S.A.S.', email: FOUNDER })
  const ADMIN = uniqueEmail('directora')
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)

  await page.goto(`/equipo/postulaciones/${app.id}`)
  const panel = page.getByRole('region', { name: 'Conflicto de interés' })
  await panel.getByLabel('Tipo').selectOption('personal')
  await panel.getByRole('button', { name: 'Declarar conflicto' }).click()
  await page.getByRole('dialog', { name: '¿Declarar el conflicto de interés?' }).getByRole('button', { name: 'Declarar conflicto' }).click()
  await expect(page.getByRole('heading', { name: 'Conflicto de interés declarado' })).toBeVisible()

  await page.getByRole('link', { name: 'Datos personales' }).click()
  await page.getByLabel('Correo de la persona fundadora').fill(' JOSÉ.O\'Brien@Ejemplo.co ')
  await page.getByRole('button', { name: 'Consultar' }).click()
  const answer = page.getByRole('region', { name: `Postulaciones de JOSÉ.O'Brien@Ejemplo.co` })
  await expect(answer).toContainText(app.reference)
  await expect(answer).toContainText('pide a otra persona administradora sin conflicto que atienda esta solicitud')
  await expect(answer).not.toContainText('Río Claro')
  await expect(page.getByRole('button', { name: 'Exportar JSON' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Eliminar sus datos' })).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])
})

test('the lost-link form takes maría.o’neill@… in Chromium and the link goes to the address on file', async ({ page, ws, origin, request }) => {
  await submitApplication(request, origin, { tradeName: 'Río Claro', companyName: 'Río Claro S.A.S.', email: OTHER_FOUNDER })
  // Other tests' link e-mails may be on the shared server: the finished ones to this founder's address, however written.
  const linkMails = async () => (await mailsOf(ws, 'founder_link', OTHER_FOUNDER)).map((m) => m.parsed)
  await page.goto('/postulacion')
  // The status page's form is validated by the browser (no JavaScript): type="email" would refuse this address.
  await page.getByLabel('Correo electrónico').fill(" MARÍA.O'Neill@Ejemplo.co ")
  await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace nuevo')
  await expect.poll(async () => (await linkMails()).length, { timeout: 15_000 }).toBe(1)
  expect((await linkMails())[0]!.to?.[0]?.address).toBe(OTHER_FOUNDER)
})

test('an open deletion request is handled from its row: the titular\'s data, deleted and confirmed, in at most 4 clicks', async ({ page, ws, origin, request }) => {
  const TITULAR = uniqueEmail('titular', 'cacaoandino.co')
  const app = await submitApplication(request, origin, { tradeName: 'Cacao Andino', companyName: 'Cacao Andino S.A.S.', email: TITULAR })
  // The founder asks for deletion from their status page (the link from the lost-link form).
  await page.goto('/postulacion')
  await page.getByLabel('Correo electrónico').fill(TITULAR)
  await page.getByRole('button', { name: 'Enviarme un enlace' }).click()
  const mail = (await nthMail(ws, 'founder_link', TITULAR, 1)).parsed
  await page.goto(new URL(/https?:\/\/\S+\/postulacion\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0]).pathname)
  await page.getByRole('button', { name: 'Pedir que borremos mis datos' }).click()
  await page.getByRole('button', { name: 'Sí, pedir que borren mis datos' }).click()
  await expect(page.getByRole('status')).toContainText('Recibimos tu solicitud de supresión de datos')

  const ADMIN = uniqueEmail('directora')
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)
  await page.goto('/equipo/datos-personales')

  // From here on, every click counts (12 before, by looking the address up by hand).
  let clicks = 0
  const click = async (target: Locator) => {
    clicks++
    await target.click()
  }
  // The worker's server is shared: other tests' requests may be open too; this one is found by its reference.
  const row = page.getByRole('region', { name: 'Solicitudes abiertas' }).getByRole('listitem').filter({ hasText: app.reference })
  await expect(row).toContainText('Supresión de datos')
  await click(row.getByRole('link', { name: `Atender la solicitud de ${app.reference}` }))
  const held = page.getByRole('region', { name: `Lo que guardamos de ${TITULAR}` })
  await expect(held).toContainText(app.reference)
  await expect(held).toContainText('Cacao Andino')
  expect(await axeViolations(page)).toEqual([])
  await screenshotsAtWidths(page, 'data-request-from-its-row', [390, 1280])
  await click(held.getByRole('button', { name: 'Eliminar sus datos' }))
  const dialog = page.getByRole('dialog', { name: '¿Eliminar todos los datos de esta persona fundadora?' })
  const typed = dialog.getByLabel(`Escribe ${TITULAR} para confirmar`)
  await click(typed)
  await typed.fill(TITULAR)
  await click(dialog.getByRole('button', { name: 'Eliminar definitivamente' }))

  await expect(page.getByRole('region', { name: 'Eliminación completada' })).toContainText(app.reference)
  expect(clicks).toBeLessThanOrEqual(4)
  // The request is closed (its row gone), the address bar forgets it, and the titular is told.
  await expect(row).toHaveCount(0)
  expect(new URL(page.url()).search).toBe('')
  const confirmation = (await nthMail(ws, 'founder_data_deleted', TITULAR, 1)).parsed
  expect(confirmation.text).toContain(app.reference)
  expect(await axeViolations(page)).toEqual([])
})
