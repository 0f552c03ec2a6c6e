/**
 * The admins' pages against the real server: the list's exports (a
 * filtered list downloaded as .xlsx and as the Colombian `;` CSV, read back),
 * a founder's Ley 1581 request (look up, export, delete with a typed
 * confirmation) and the audit log, which records each step without the
 * founder's data.
 */
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import type { Page } from '@playwright/test'
import { addMember, expect, signInWithLink, submitApplication, test, uniqueEmail } from './fixtures/workspace.ts'
import { axeViolations } from './fixtures/checks.ts'
import { SCREENSHOTS_ON, screenshotsAtWidths } from './fixtures/screenshots.ts'
import { cellOf, readCsv, readXlsx } from '../server/testing/spreadsheets.ts'

// The worker's server is shared: this test's own admin and founder.
const ADMIN = uniqueEmail('directora')
const FOUNDER = uniqueEmail('fundadora', 'pagoclaro.example')
const OTHER = uniqueEmail('otra', 'pagoclaro.example')

/** The file a click on the link `name` downloads: its name and bytes. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()])
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) }
}

test('an admin exports the filtered list, answers a founder’s data request and reads it in the audit log', async ({ page, ws, origin, request }) => {
  const app = await submitApplication(request, origin, { tradeName: 'Pago Claro', companyName: 'Pago Claro S.A.S.', email: FOUNDER, phone: '+57 300 123 4567', foundingYear: '2019' })
  const other = await submitApplication(request, origin, { tradeName: 'Pago Claro', companyName: 'Pago Claro Dos S.A.S.', email: OTHER })
  await addMember(ws, ADMIN, 'admin', 'Directora Programa')
  await signInWithLink(page, ws, ADMIN)

  // The list filtered to one application; the exports hold that one, read back as the team's Excel would.
  await page.getByRole('link', { name: /^Postulaciones( |$)/ }).click()
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(FOUNDER)
  await page.getByRole('button', { name: 'Buscar', exact: true }).click()
  await expect(page.getByText('1 postulación con estos filtros.')).toBeVisible()
  if (SCREENSHOTS_ON) {
    // The list's export links in its header; the bulk bar's actions without one of its own.
    await page.getByRole('button', { name: 'Seleccionar la postulación del filtro' }).click()
    await screenshotsAtWidths(page, 'postulaciones-exportar', [390, 1280], { fullPage: false })
    await page.getByRole('button', { name: 'Cancelar selección' }).click()
  }

  const xlsx = await download(page, 'Exportar Excel (.xlsx)')
  expect(xlsx.name).toMatch(/^postulaciones-filtradas-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const sheets = await readXlsx(xlsx.bytes)
  expect([...sheets.keys()]).toEqual(['Postulaciones', 'Acuerdos', 'Plan de medios', 'Reportes mensuales'])
  const rows = sheets.get('Postulaciones')!.rows
  expect(rows.map((r) => cellOf(r, 'Referencia').value)).toEqual([app.reference])
  const [row] = rows as [(typeof rows)[number]]
  expect(cellOf(row, 'Recibida').type).toBe(ExcelJS.ValueType.Date)
  expect(cellOf(row, 'Etapa').value).toBe('Recibida')
  expect([cellOf(row, 'Año de fundación').type, cellOf(row, 'Año de fundación').value]).toEqual([ExcelJS.ValueType.Number, 2019])
  expect([cellOf(row, 'Teléfono o WhatsApp').type, cellOf(row, 'Teléfono o WhatsApp').value]).toEqual([ExcelJS.ValueType.String, '+57 300 123 4567'])
  expect(cellOf(row, 'Correo electrónico').value).toBe(FOUNDER)

  const csv = await download(page, 'Exportar CSV')
  expect(csv.name).toMatch(/^postulaciones-filtradas-\d{4}-\d{2}-\d{2}\.csv$/)
  const { bom, rows: lines } = await readCsv(csv.bytes)
  expect(bom).toBe(true)
  const [header, ...data] = lines
  expect(header!.slice(0, 3)).toEqual(['Referencia', 'Recibida', 'Etapa'])
  expect(data.map((r) => r[0])).toEqual([app.reference])
  expect(csv.bytes.toString('utf8')).not.toContain(other.reference)
  const cell = (name: string) => data[0]![header!.indexOf(name)]
  expect(cell('Recibida')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  expect(cell('Ingresos de los últimos 12 meses (USD)')).toMatch(/^\d+(,\d+)?$/)
  // The phone as typed, its "+" data; a leading tab, not an apostrophe, keeps Excel from reading a formula.
  expect(cell('Teléfono o WhatsApp')).toBe('\t+57 300 123 4567')

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
