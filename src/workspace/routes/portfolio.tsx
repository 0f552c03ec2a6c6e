/**
 * /equipo/portafolio (ADR 0215): «Portafolio», the quarterly report of the stakes the programme holds: a
 * row per signed startup (its pauta, cost, fair value, MOIC, ownership, paid against subscribed, last
 * valuation), the portfolio's totals, the totals by outlet, by year of signature and by the company's
 * stage, and what to review (valuations over a year old, impairment signs). Admins only; a startup the
 * admin has a conflict with shows its reference only and is left out of every total. The .xlsx report
 * has the same figures; «Imprimir» prints the page without the navigation.
 */
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'wouter'
import { formatCop, formatDay } from '../../../domain/deals.ts'
import { countOf, formatCount } from '../../../domain/format.ts'
import { MARK_METHOD_LABELS, formatMoic, formatOwnership, formatPrice, type MarkMethod } from '../../../domain/holdings.ts'
import { holdingEndpoints, type PortfolioGroup, type PortfolioRow, type PortfolioTotals } from '../../../domain/workspace-api/holdings.ts'
import { endpointHref } from '../api/endpoints.ts'
import { endpointQuery } from '../api/read.ts'
import { useMember } from '../components/require-session.tsx'
import { ScrollArea } from '../components/scroll-area.tsx'
import { Button, Forbidden, PageHeader, QueryWaiting } from '../components/ui.tsx'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

/** The holdings' table: its columns, the first (the reference) a row head. */
const COLUMNS = [
  'Referencia',
  'Startup',
  'Medio',
  'Año',
  'Etapa',
  'Pauta comprometida',
  'Pauta emitida',
  'Pauta perdida',
  'Costo (valor invertido)',
  'Valor razonable',
  'MOIC',
  'Participación emitida',
  'Pagado / suscrito',
  'Última valoración',
] as const
const NUMERIC = new Set<string>(['Año', 'Pauta comprometida', 'Pauta emitida', 'Pauta perdida', 'Costo (valor invertido)', 'Valor razonable', 'MOIC', 'Participación emitida'])

const cell = 'px-3 py-2 align-top'
const num = `${cell} text-right tabular-nums whitespace-nowrap`
const head = 'px-3 py-2 font-semibold'

export function PortfolioPage() {
  useTitle('Portafolio')
  const me = useMember()
  if (me.role !== 'admin') return <Forbidden />
  return <Portfolio />
}

function Portfolio() {
  const answer = useQuery(endpointQuery(holdingEndpoints.portfolio))
  if (!answer.isSuccess) return <QueryWaiting query={answer} />
  const p = answer.data
  const review = p.rows.filter((r) => !r.conflicted && (r.staleSince !== null || r.impairment.length > 0))
  return (
    <>
      <PageHeader
        title={`Informe del portafolio — ${p.quarter}`}
        description={`Al ${formatDay(p.today)}. ${countOf(p.totals.holdings, 'participación registrada', 'participaciones registradas')}.`}
        actions={
          <span className="flex flex-wrap items-center gap-2 print:hidden">
            <a href={endpointHref(holdingEndpoints.report)} className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-50">
              Descargar el informe (.xlsx)
            </a>
            <Button onClick={() => window.print()}>Imprimir</Button>
          </span>
        }
      />
      {p.withoutIssuance > 0 && (
        <p className="mb-4 rounded-md border border-ink-300 bg-white px-3 py-2 text-sm font-semibold text-ink-800">
          {countOf(p.withoutIssuance, 'acuerdo firmado sin emisión registrada', 'acuerdos firmados sin emisión registrada')}
        </p>
      )}
      {p.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-6 text-sm text-ink-700">Todavía no hay participaciones: el portafolio empieza con la primera emisión registrada.</p>
      ) : (
        <Holdings rows={p.rows} totals={p.totals} />
      )}
      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <GroupTable title="Por medio de origen" groups={p.byOutlet} />
        <GroupTable title="Por año de firma" groups={p.byYear} />
        <GroupTable title="Por etapa de la compañía" groups={p.byStage} />
      </div>
      <section aria-labelledby="portafolio-revisar" className="mt-6 rounded-lg border border-ink-200 bg-white p-4">
        <h2 id="portafolio-revisar" className="mb-2 text-base font-bold text-ink-900">Para revisar</h2>
        {review.length === 0 ? (
          <p className="text-sm text-ink-600">Nada por revisar: cada participación tiene una valoración del último año y ninguna señal de deterioro.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {review.map((r) => (
              <li key={r.applicationId}>
                <Link href={paths.application(r.applicationId)} className="font-semibold underline underline-offset-2">
                  {r.tradeName || r.reference}
                </Link>{' '}
                <span className="font-mono text-xs text-ink-600">{r.reference}</span>
                {r.staleSince && <span className="block">Sin valoración desde el {formatDay(r.staleSince)}: revisar</span>}
                {r.impairment.length > 0 && <span className="block">Revisar deterioro: {r.impairment.join('; ')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function lastMarkText(m: PortfolioRow['lastMark']): string {
  if (!m) return 'Al costo'
  const method = MARK_METHOD_LABELS[m.method as MarkMethod] ?? m.method
  return `${method}, ${formatDay(m.day)}: ${formatPrice(m.price)}`
}

function Holdings({ rows, totals }: { rows: PortfolioRow[]; totals: PortfolioTotals }) {
  return (
    <ScrollArea labelledBy="portafolio-tabla" className="rounded-lg border border-ink-200 bg-white">
      <table className="w-full min-w-[80rem] text-left text-sm">
        <caption id="portafolio-tabla" className="sr-only">Participaciones del programa</caption>
        <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={NUMERIC.has(c) ? `${head} text-right` : head}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <Row key={r.applicationId} row={r} />
          ))}
        </tbody>
        <tfoot className="border-t-2 border-ink-300 font-semibold">
          <tr>
            <th scope="row" colSpan={5} className={cell}>Total del portafolio</th>
            <td className={num}>{formatCop(totals.committedCop)}</td>
            <td className={num}>{formatCop(totals.ranCop)}</td>
            <td className={num}>{formatCop(totals.forfeitedCop)}</td>
            <td className={num}>{formatCop(totals.costCop)}</td>
            <td className={num}>{formatCop(totals.fairValueCop)}</td>
            <td className={num}>{formatMoic(totals.moic)}</td>
            <td className={num}>—</td>
            <td className={`${cell} whitespace-nowrap`}>{`${formatCop(totals.paidCop)} / ${formatCop(totals.subscribedCop)}`}</td>
            <td className={cell}>{countOf(totals.holdings, 'participación', 'participaciones')}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollArea>
  )
}

function Row({ row }: { row: PortfolioRow }) {
  const reference = (
    <th scope="row" className={`${cell} font-mono font-semibold whitespace-nowrap`}>
      {row.conflicted ? row.reference : <Link href={paths.application(row.applicationId)} className="underline underline-offset-2">{row.reference}</Link>}
    </th>
  )
  if (row.conflicted) {
    return (
      <tr className="border-b border-ink-100">
        {reference}
        <td colSpan={COLUMNS.length - 1} className={`${cell} text-ink-600`}>Conflicto de interés</td>
      </tr>
    )
  }
  const f = row.figures
  return (
    <tr className="border-b border-ink-100">
      {reference}
      <td className={`${cell} min-w-[8rem]`}>{row.tradeName}</td>
      <td className={cell}>{row.outlet}</td>
      <td className={num}>{row.signedYear ?? '—'}</td>
      <td className={cell}>{row.companyStage}</td>
      <td className={num}>{row.media ? formatCop(row.media.committedCop) : '—'}</td>
      <td className={num}>{row.media ? formatCop(row.media.ranCop) : '—'}</td>
      <td className={num}>{row.media ? formatCop(row.media.forfeitedCop) : '—'}</td>
      <td className={num}>{f ? formatCop(f.costCop) : '—'}</td>
      <td className={num}>{f ? formatCop(f.fairValueCop) : '—'}</td>
      <td className={num}>{f ? formatMoic(f.moic) : '—'}</td>
      <td className={num}>{f ? formatOwnership(f.ownershipIssued) : 'Sin emisión'}</td>
      <td className={`${cell} whitespace-nowrap`}>{row.payment ? `${formatCop(row.payment.paidCop)} / ${formatCop(row.payment.subscribedCop)}` : '—'}</td>
      <td className={`${cell} min-w-[15rem]`}>{f ? lastMarkText(row.lastMark) : '—'}</td>
    </tr>
  )
}

function GroupTable({ title, groups }: { title: string; groups: PortfolioGroup[] }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-ink-200 bg-white p-4">
      <h2 id={id} className="mb-2 text-base font-bold text-ink-900">{title}</h2>
      {groups.length === 0 ? (
        <p className="text-sm text-ink-600">Sin participaciones.</p>
      ) : (
        <ScrollArea label={`${title}, desplazable`}>
          <table className="w-full min-w-[24rem] text-left text-sm">
            <caption className="sr-only">{`Totales ${title.toLowerCase()}`}</caption>
            <thead className="border-b border-ink-200 text-xs text-ink-700">
              <tr>
                <th scope="col" className="py-1 pr-2 font-semibold">Grupo</th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">Participaciones</th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">Costo</th>
                <th scope="col" className="py-1 pr-2 text-right font-semibold">Valor razonable</th>
                <th scope="col" className="py-1 text-right font-semibold">MOIC</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.key} className="border-b border-ink-100 last:border-0">
                  <th scope="row" className="py-1 pr-2 font-semibold">{g.label}</th>
                  <td className="py-1 pr-2 text-right tabular-nums">{formatCount(g.holdings)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">{formatCop(g.costCop)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">{formatCop(g.fairValueCop)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoic(g.moic)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  )
}
