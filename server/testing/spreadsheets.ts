/**
 * For tests (Vitest and Playwright): an export read back as the team's spreadsheet would read it, with the
 * library that wrote it (exceljs): the .xlsx's sheets with their cells' types, the CSV's rows as text.
 */
import ExcelJS from 'exceljs'
import { Readable } from 'node:stream'

/** A sheet's rows by header: each cell as exceljs reads it (value, type, number format). */
export interface ReadSheet {
  headers: string[]
  rows: Map<string, ExcelJS.Cell>[]
}

/** The .xlsx's sheets by name, in order; each row a map from its column's header to its cell. */
export async function readXlsx(bytes: Uint8Array): Promise<Map<string, ReadSheet>> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
  const sheets = new Map<string, ReadSheet>()
  for (const sheet of workbook.worksheets) {
    const headers: string[] = []
    sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => void (headers[column - 1] = String(cell.value ?? '')))
    const rows: Map<string, ExcelJS.Cell>[] = []
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r)
      rows.push(new Map(headers.map((h, i) => [h, row.getCell(i + 1)])))
    }
    sheets.set(sheet.name, { headers, rows })
  }
  return sheets
}

/**
 * The CSV as a `;`-separated file's rows, every cell as its text (no conversion: what the file holds), read
 * by exceljs's CSV reader; `bom` says whether it starts with UTF-8's byte-order mark (then left out).
 */
export async function readCsv(bytes: Uint8Array): Promise<{ bom: boolean; rows: string[][] }> {
  const buffer = Buffer.from(bytes)
  const bom = buffer.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))
  const workbook = new ExcelJS.Workbook()
  const sheet = await workbook.csv.read(Readable.from([bom ? buffer.subarray(3) : buffer]), {
    parserOptions: { delimiter: ';' },
    map: (value: string) => value,
  })
  const rows: string[][] = []
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = []
    row.eachCell({ includeEmpty: true }, (cell, column) => void (cells[column - 1] = String(cell.value ?? '')))
    rows.push(Array.from(cells, (c) => c ?? ''))
  })
  return { bom, rows }
}

/** The cell of `header` in `row` (a test's failure names the missing column). */
export function cellOf(row: Map<string, ExcelJS.Cell>, header: string): ExcelJS.Cell {
  const cell = row.get(header)
  if (!cell) throw new Error(`No column «${header}» in ${[...row.keys()].join(' | ')}`)
  return cell
}
