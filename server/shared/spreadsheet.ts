/**
 * Sheets the team opens in a Colombian Excel (ADR 0195): a column says what its cells are (text,
 * a phone, a count, an amount, an instant, a day…), and two writers render the same rows:
 *
 * - the CSV: `;`-separated, numbers with a decimal comma and no grouping (domain/format.ts
 *   formatDataNumber), instants as Bogotá's wall clock "AAAA-MM-DD HH:MM", UTF-8 with a byte-order mark,
 *   CRLF. A text cell that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a CR)
 *   and every phone get a leading tab inside the quoted cell: Excel takes the cell as text and shows no
 *   apostrophe; a phone's "+" is data (ADR 0195 says why not the apostrophe of ADR 0027).
 * - the .xlsx (exceljs, streamed): numbers as numbers, instants and days as dates (Bogotá's wall clock, as
 *   Excel has no time zones), text as shared strings in Excel's text format: a cell is never a formula,
 *   whatever it starts with.
 *
 * Server only: exceljs never reaches a browser bundle.
 */
import ExcelJS from 'exceljs'
import { PassThrough, type Readable } from 'node:stream'
import { stringify } from 'csv-stringify/sync'
import { bogotaClock, formatDataNumber, formatIsoDateTime } from '../../domain/format.ts'

/**
 * What a column's cells are. Numbers: `integer` (as is), `count` (grouped in Excel), `decimal` (two
 * decimals), `cop` (whole pesos), `usd` (dollars and cents). `datetime`: an instant (a Date). `day`
 * ("AAAA-MM-DD") and `month` ("AAAA-MM"): calendar days and months, already Bogotá's. `phone`: text kept
 * as typed. `text`: anything else; `answer`: a founder's answer, a number when it reads as one, else text.
 */
export type CellKind = 'text' | 'answer' | 'phone' | 'integer' | 'count' | 'decimal' | 'cop' | 'usd' | 'datetime' | 'day' | 'month'

export type CellValue = string | number | Date | null

export interface Column<R> {
  header: string
  kind: CellKind
  value: (row: R) => CellValue
  /** Characters, for the .xlsx; from the header when left out. */
  width?: number
}

/** The start of a cell a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/

/** A founder's text for the CSV: one that would start a formula gets a leading tab, so it stays text (ADR 0195). */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `\t${value}` : value
}

const DECIMALS: Partial<Record<CellKind, number>> = { integer: 0, count: 0, cop: 0, decimal: 2, usd: 2, answer: 2 }

function csvCell(kind: CellKind, value: CellValue): string {
  if (value === null) return ''
  if (typeof value === 'number') return formatDataNumber(value, DECIMALS[kind] ?? 2)
  if (value instanceof Date) return formatIsoDateTime(value)
  if (kind === 'day' || kind === 'month') return value
  // Phones always: "+57 300…" would be a formula and "3001234567" a number in scientific notation.
  if (kind === 'phone') return value === '' ? '' : `\t${value}`
  return spreadsheetSafe(value)
}

const CSV_OPTIONS = { delimiter: ';', record_delimiter: 'windows', quoted_match: /[\r\n";\t]/ } as const

/** The CSV's first line, after the byte-order mark Excel needs to read UTF-8. */
export function csvHeader<R>(columns: readonly Column<R>[]): string {
  return '\uFEFF' + stringify([columns.map((c) => c.header)], CSV_OPTIONS)
}

/** CSV lines of `rows` (CRLF after each). */
export function csvRows<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  if (rows.length === 0) return ''
  return stringify(
    rows.map((r) => columns.map((c) => csvCell(c.kind, c.value(r)))),
    CSV_OPTIONS,
  )
}

/** A whole CSV of `rows`. */
export function csvOf<R>(columns: readonly Column<R>[], rows: readonly R[]): string {
  return csvHeader(columns) + csvRows(columns, rows)
}

// ---------------------------------------------------------------------------
// .xlsx
// ---------------------------------------------------------------------------

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  count: '#,##0',
  decimal: '0.00',
  cop: '"$" #,##0',
  usd: '"US$" #,##0.00',
  datetime: 'yyyy-mm-dd hh:mm',
  day: 'yyyy-mm-dd',
  month: 'yyyy-mm',
}

/** Bogotá's wall clock at `instant` as a zoneless date (what an .xlsx holds: Excel has no time zones). */
function wallClock(instant: Date): Date | null {
  const c = bogotaClock(instant)
  return c ? new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute)) : null
}

function calendarDate(text: string): Date | string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text)
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, m[3] === undefined ? 1 : Number(m[3]))) : text
}

function xlsxCell(kind: CellKind, value: CellValue): CellValue {
  if (value === null || typeof value === 'number') return value
  if (value instanceof Date) return wallClock(value)
  if (kind === 'day' || kind === 'month') return calendarDate(value)
  // A string: exceljs writes it as a string cell, never as a formula (a formula is only ever an object).
  return value
}

/** One sheet of the workbook: its name, columns and rows (batch by batch, so a source can read them as they go). */
export interface Sheet<R> {
  name: string
  columns: readonly Column<R>[]
  rows: AsyncIterable<readonly R[]> | Iterable<readonly R[]>
}

/** A sheet ready to be written, whatever its rows' type. */
export type SheetWriter = (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>

/** `sheet` as xlsxStream writes it: a frozen, bold header, then each row committed as soon as it is written. */
export function sheet<R>({ name, columns, rows }: Sheet<R>): SheetWriter {
  return async (workbook) => {
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] })
    worksheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? Math.min(40, Math.max(12, c.header.length + 2)) }))
    const header = worksheet.getRow(1)
    header.font = { bold: true }
    header.commit()
    for await (const batch of rows) {
      for (const r of batch) {
        const values = columns.map((c) => c.value(r))
        const row = worksheet.addRow(values.map((v, i) => xlsxCell(columns[i]!.kind, v)))
        values.forEach((v, i) => {
          const kind = columns[i]!.kind
          // Text in Excel's text format ("@"), so a cell edited later stays text too; a founder's answer
          // read as a number keeps Excel's own format (a year is no "2.019").
          const format = typeof v === 'string' && kind !== 'day' && kind !== 'month' ? '@' : kind === 'answer' ? undefined : NUMBER_FORMATS[kind]
          if (format && v !== null) row.getCell(i + 1).numFmt = format
        })
        row.commit()
      }
    }
    worksheet.commit()
  }
}

/**
 * The workbook of `sheets`, streamed as it is written: each sheet's rows are read batch by batch and
 * committed, so only a batch is held at a time. The sheets are asked for one after the other: a sheet
 * may be made from what the ones before it read.
 */
export function xlsxStream(sheets: () => AsyncIterable<SheetWriter>): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true })
  void (async () => {
    for await (const write of sheets()) await write(workbook)
    await workbook.commit()
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
