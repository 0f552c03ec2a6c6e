/**
 * The quarterly portfolio report as an .xlsx (ADR 0215): one row per holding (media committed, ran and
 * forfeited; cost, rate-card value, fair value, MOIC; ownership; paid versus subscribed; the last mark
 * and its method), the portfolio's total as the last row (the sum of the rows above it, the same
 * totalsOf the page shows), and the totals by outlet, by year of signature and by the company's stage.
 * Numbers as numbers (pesos whole, Colombian formats from server/shared/spreadsheet.ts), days as days.
 */
import { Readable } from 'node:stream'
import { D, FAIR_VALUE_BASIS_TEXT, PAYMENT_STATUS_LABELS } from '../../../domain/holdings.ts'
import type { PortfolioAnswer, PortfolioGroup, PortfolioRow } from '../../../domain/workspace-api/holdings.ts'
import { sheet, xlsxStream, type Column, type SheetWriter } from '../../shared/spreadsheet.ts'

/** A percentage as a number to two decimals (a cell), from an exact fraction. */
const percent = (fraction: string | undefined): number | null => (fraction === undefined ? null : new D(fraction).times(100).toDecimalPlaces(2, D.ROUND_HALF_UP).toNumber())
const moic = (m: string | null | undefined): number | null => (m === null || m === undefined ? null : new D(m).toNumber())

type Line = PortfolioRow | { total: PortfolioAnswer['totals'] }
const isTotal = (l: Line): l is { total: PortfolioAnswer['totals'] } => 'total' in l

export const HOLDING_COLUMNS: readonly Column<Line>[] = [
  { header: 'Referencia', kind: 'text', value: (l) => (isTotal(l) ? 'Total del portafolio' : l.reference), width: 22 },
  { header: 'Startup', kind: 'text', value: (l) => (isTotal(l) ? `${l.total.holdings} participaciones` : l.tradeName), width: 28 },
  { header: 'Medio de origen', kind: 'text', value: (l) => (isTotal(l) ? null : l.outlet), width: 22 },
  { header: 'Año de firma', kind: 'integer', value: (l) => (isTotal(l) ? null : l.signedYear) },
  { header: 'Etapa de la compañía', kind: 'text', value: (l) => (isTotal(l) ? null : l.companyStage), width: 20 },
  { header: 'Pauta comprometida (a tarifa)', kind: 'cop', value: (l) => (isTotal(l) ? l.total.committedCop : (l.media?.committedCop ?? null)) },
  { header: 'Pauta emitida (a tarifa)', kind: 'cop', value: (l) => (isTotal(l) ? l.total.ranCop : (l.media?.ranCop ?? null)) },
  { header: 'Pauta perdida (a tarifa)', kind: 'cop', value: (l) => (isTotal(l) ? l.total.forfeitedCop : (l.media?.forfeitedCop ?? null)) },
  { header: 'Costo (valor invertido)', kind: 'cop', value: (l) => (isTotal(l) ? l.total.costCop : (l.figures?.costCop ?? null)) },
  { header: 'Valor razonable', kind: 'cop', value: (l) => (isTotal(l) ? l.total.fairValueCop : (l.figures?.fairValueCop ?? null)) },
  { header: 'Ventas realizadas', kind: 'cop', value: (l) => (isTotal(l) ? l.total.proceedsCop : (l.figures?.proceedsCop ?? null)) },
  { header: 'MOIC', kind: 'decimal', value: (l) => (isTotal(l) ? moic(l.total.moic) : moic(l.figures?.moic)) },
  { header: 'Acciones', kind: 'count', value: (l) => (isTotal(l) ? null : (l.figures?.shares ?? null)) },
  { header: 'Participación emitida (%)', kind: 'decimal', value: (l) => (isTotal(l) ? null : percent(l.figures?.ownershipIssued)) },
  { header: 'Participación totalmente diluida (%)', kind: 'decimal', value: (l) => (isTotal(l) ? null : percent(l.figures?.ownershipFullyDiluted)) },
  { header: 'Suscrito', kind: 'cop', value: (l) => (isTotal(l) ? l.total.subscribedCop : (l.payment?.subscribedCop ?? null)) },
  { header: 'Pagado con pauta', kind: 'cop', value: (l) => (isTotal(l) ? l.total.paidCop : (l.payment?.paidCop ?? null)) },
  { header: 'Por pagar', kind: 'cop', value: (l) => (isTotal(l) ? l.total.unpaidCop : (l.payment?.unpaidCop ?? null)) },
  { header: 'Plazo de pago', kind: 'day', value: (l) => (isTotal(l) ? null : (l.payment?.deadline ?? null)) },
  { header: 'Estado del pago', kind: 'text', value: (l) => (isTotal(l) || !l.payment ? null : PAYMENT_STATUS_LABELS[l.payment.status]), width: 24 },
  { header: 'Última valoración', kind: 'text', value: (l) => (isTotal(l) || !l.figures ? null : FAIR_VALUE_BASIS_TEXT(l.figures.basis)), width: 34 },
  { header: 'Precio por acción de la valoración', kind: 'decimal', value: (l) => (isTotal(l) || !l.lastMark ? null : new D(l.lastMark.price).toNumber()) },
]

const GROUP_COLUMNS = (what: string): readonly Column<PortfolioGroup>[] => [
  { header: what, kind: 'text', value: (g) => g.label, width: 24 },
  { header: 'Participaciones', kind: 'count', value: (g) => g.holdings },
  { header: 'Pauta comprometida (a tarifa)', kind: 'cop', value: (g) => g.committedCop },
  { header: 'Pauta emitida (a tarifa)', kind: 'cop', value: (g) => g.ranCop },
  { header: 'Costo (valor invertido)', kind: 'cop', value: (g) => g.costCop },
  { header: 'Valor razonable', kind: 'cop', value: (g) => g.fairValueCop },
  { header: 'Ventas realizadas', kind: 'cop', value: (g) => g.proceedsCop },
  { header: 'MOIC', kind: 'decimal', value: (g) => moic(g.moic) },
  { header: 'Suscrito', kind: 'cop', value: (g) => g.subscribedCop },
  { header: 'Pagado con pauta', kind: 'cop', value: (g) => g.paidCop },
  { header: 'Por pagar', kind: 'cop', value: (g) => g.unpaidCop },
]

/** The report's workbook, streamed. Conflicted holdings are left out (the member sees their reference only on the page). */
export function portfolioWorkbook(p: PortfolioAnswer): Readable {
  const rows = p.rows.filter((r) => !r.conflicted && r.figures)
  return xlsxStream(async function* (): AsyncGenerator<SheetWriter> {
    yield sheet<Line>({ name: 'Participaciones', columns: HOLDING_COLUMNS, rows: [[...rows, { total: p.totals }]] })
    yield sheet({ name: 'Por medio', columns: GROUP_COLUMNS('Medio de origen'), rows: [p.byOutlet] })
    yield sheet({ name: 'Por año de firma', columns: GROUP_COLUMNS('Año de firma'), rows: [p.byYear] })
    yield sheet({ name: 'Por etapa', columns: GROUP_COLUMNS('Etapa de la compañía'), rows: [p.byStage] })
  })
}

/** The report's file name: «informe-portafolio-2026-T4.xlsx». */
export const reportFileName = (today: string): string => `informe-portafolio-${today.slice(0, 4)}-T${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}.xlsx`
