/**
 * The admins' pages against the real server: the CSV and JSON export
 * buttons, a founder's Ley 1581 request (look up, export, delete with a
 * typed confirmation) and the audit log, which records each step without
 * the founder's data.
 */
import { readFileSync } from 'node:fs'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'

// The worker's server is shared: this test's own admin and founder.
const ADMIN = uniqueEmail('directora')
const FOUNDER = uniqueEmail('fundadora', 'pagoclaro.example')

test('an admin exports the applications, answers a founder’s data request and reads it in the audit log', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Pago Claro', companyName: 'Pago Claro S.A.S.', email: FOUNDER })
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)

  await page.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  const csv = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Exportar CSV' }).click()
  const csvText = readFileSync(await (await csv).path(), 'utf8')
  expect(csvText).toContain(app.reference)
  expect(csvText).toContain('Razón social')

  await page.getByRole('link', { name: 'Datos personales' }).click()
  await page.getByLabel('Correo de la persona fundadora').fill(FOUNDER)
  await page.getByRole('button', { name: 'Consultar' }).click()
  const held = page.getByRole('region', { name: `Lo que guardamos de ${FOUNDER}` })
  await expect(held).toContainText(app.reference)
  await expect(held).toContainText('Pago Claro')
  expect(await axeViolations(page)).toEqual([])

  const json = page.waitForEvent('download')
  await held.getByRole('button', { name: 'Exportar JSON' }).click()
  const exported = JSON.parse(readFileSync(await (await json).path(), 'utf8')) as { reference: string; formData: { email: string } }[]
  expect(exported.map((r) => r.reference)).toEqual([app.reference])
  expect(exported[0]!.formData.email).toBe(FOUNDER)

  await held.getByRole('button', { name: 'Eliminar sus datos' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel(`Escribe ${FOUNDER} para confirmar`).fill('otra@persona.example')
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click()
  await expect(dialog).toContainText('El texto no coincide.')
  await dialog.getByLabel(`Escribe ${FOUNDER} para confirmar`).fill(FOUNDER)
  await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click()
  await expect(page.getByRole('region', { name: 'Eliminación completada' })).toContainText(`Se eliminó 1 postulación (${app.reference})`)

  // Gone from the workspace.
  await page.getByLabel('Correo de la persona fundadora').fill(FOUNDER)
  await page.getByRole('button', { name: 'Consultar' }).click()
  await expect(page.getByText('No hay postulaciones con este correo.')).toBeVisible()

  await page.getByRole('link', { name: 'Auditoría' }).click()
  const log = page.getByRole('table')
  for (const action of ['Exportó las postulaciones', 'Consultó datos personales', 'Exportó datos personales', 'Eliminó datos personales']) {
    await expect(log.getByText(action).first()).toBeVisible()
  }
  expect(await axeViolations(page)).toEqual([])
  await expect(log).not.toContainText(FOUNDER)
  await expect(log).not.toContainText('Pago Claro')
})
