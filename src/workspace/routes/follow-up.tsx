/**
 * /equipo/seguimiento (ADRs 0164-0167): every signed startup's
 * twelve months of follow-up: the check-in open now and whether it came
 * (late ones first), the last one received, its sales month by month as a
 * sparkline with the trend in words (domain/follow-up-chart.ts trend, ADR
 * 0176; loaded lazily with d3), the months answered and missed, the reviews
 * due. Admins only (the founders' figures are confidential, like
 * the deal); a startup the admin has a conflict with shows its reference
 * only. The figures themselves are on each application's page.
 */
import { Link } from 'wouter'
import { formatDay } from '../../../domain/deals.ts'
import { CHECK_IN_COUNT, METRICS, milestoneTitle } from '../../../domain/follow-up.ts'
import { countOf, formatCount, formatDate, formatMonth, formatShare } from '../../../domain/format.ts'
import { BEHIND_PACE_LABEL, type DealPace } from '../../../domain/media-plan.ts'
import type { PortfolioRow } from '../../../domain/workspace-api/follow-up.ts'
import { usePortfolio } from '../api/follow-up-queries.ts'
import { useMember } from '../components/require-session.tsx'
import { Forbidden, PageHeader, QueryWaiting } from '../components/ui.tsx'
import { CheckInBadge, MilestoneBadge } from '../features/follow-up/follow-up-badges.tsx'
import { FollowUpSparkline } from '../features/follow-up/lazy.tsx'
import { useTitle } from '../lib/use-title.ts'
import { ScrollArea } from '../components/scroll-area.tsx'
import { paths } from '../paths.ts'

/** The table's columns (the conflicted row spans all but the first). */
const COLUMNS = 8
/** The sales' sparkline and their trend in words: beside the startup, read at a glance (on a phone, before the table scrolls). */
const SALES_COLUMN = 'Ventas del mes'
/** The media plan's pace (domain/media-plan.ts dealPaceOf, ADR 0161): what ran against the window gone. */
const PACE_COLUMN = 'Pauta en medios'

/** Late first, then open, then the rest; by reference within each. */
const ORDER = { late: 0, open: 1, answered: 2, missed: 3, upcoming: 3, closed: 3, before_deal: 3 } as const
const rank = (r: PortfolioRow) => (r.conflicted ? 5 : r.closedAt ? 4 : r.current ? ORDER[r.current.state] : 3)

export function FollowUpPage() {
  useTitle('Seguimiento')
  const me = useMember()
  if (me.role !== 'admin') return <Forbidden />
  return <Portfolio />
}

function Portfolio() {
  const list = usePortfolio()
  if (!list.isSuccess) return <QueryWaiting query={list} />
  const { items, late } = list.data
  const behind = items.filter((i) => i.pace?.behind).length
  const rows = [...items].sort((a, b) => rank(a) - rank(b) || a.reference.localeCompare(b.reference))
  // The two lateness measures, each by its name: the month's report, and the media pace.
  const some = (n: number) => (n === 0 ? 'ninguna' : formatCount(n))
  const counts = `${some(late)} con el reporte del mes atrasado, ${some(behind)} con la pauta atrasada`
  // Startups the admin has a conflict with are counted, never measured: the headline says its figures leave them out.
  const conflicted = items.filter((i) => i.conflicted).length
  const visible = items.length - conflicted
  const signedCount = countOf(items.length, 'startup firmada', 'startups firmadas')
  const headline =
    conflicted === 0
      ? `${signedCount}: ${counts}.`
      : visible === 0
        ? `${signedCount}, con ${conflicted === 1 ? 'la que' : 'las que'} tienes un conflicto de interés: no ves sus cifras.`
        : `${signedCount}; de ${visible === 1 ? 'la que ves' : `las ${formatCount(visible)} que ves`}, ${counts}. Con ${conflicted === 1 ? 'otra' : `otras ${formatCount(conflicted)}`} tienes un conflicto de interés: no ves sus cifras.`
  return (
    <>
      <PageHeader
        title="Seguimiento"
        description={`Los 12 meses después de la firma: cada mes la persona fundadora envía su reporte (vence el día 10 del mes siguiente), y a los meses 3, 6 y 12 lo revisan con el equipo. ${
          items.length === 0
            ? ''
            : headline
        }`}
      />
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-ink-300 bg-white p-6 text-sm text-ink-700">
          Todavía no hay startups con acuerdo firmado. El seguimiento empieza con la firma.
        </p>
      ) : (
        // The startup, its media pace and its sales first; a phone says the rest is a swipe away.
        <ScrollArea labelledBy="seguimiento-tabla" className="rounded-lg border border-ink-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption id="seguimiento-tabla" className="sr-only">
              Startups en seguimiento: reporte del mes, último reporte, tendencia de las ventas, revisiones
            </caption>
            <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Startup</th>
                <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">{PACE_COLUMN}</th>
                <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">{SALES_COLUMN}</th>
                <th scope="col" className="px-3 py-2 font-semibold">Reporte del mes</th>
                <th scope="col" className="px-3 py-2 font-semibold">Último recibido</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Enviados</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Sin respuesta</th>
                <th scope="col" className="px-3 py-2 font-semibold">Revisiones</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Row key={r.applicationId} row={r} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </>
  )
}

/** "12 % emitido · 40 % de la ventana", and «Pauta atrasada» in words and an icon when behind (never colour alone). */
function PaceCell({ pace }: { pace: DealPace | null }) {
  if (!pace) return <span className="text-ink-600">—</span>
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="whitespace-nowrap">
        {formatShare(pace.valueShare)} emitido · {formatShare(pace.windowShare)} de la ventana
      </span>
      {pace.behind ? (
        <span className="inline-flex items-center gap-1 rounded border border-danger-700 bg-white px-1.5 py-0.5 text-xs font-bold text-danger-700">
          <span aria-hidden="true">⚠</span>
          {pace.lastMonth ? `${BEHIND_PACE_LABEL}: último mes` : BEHIND_PACE_LABEL}
        </span>
      ) : pace.remaining === 0 ? (
        <span className="text-xs text-ink-700">Pauta completa</span>
      ) : (
        <span className="text-xs text-ink-700">Al ritmo de la ventana</span>
      )}
    </span>
  )
}

function Row({ row }: { row: PortfolioRow }) {
  const cell = 'px-3 py-2 align-top'
  if (row.conflicted) {
    return (
      <tr className="border-b border-ink-100 last:border-0">
        <th scope="row" className={`${cell} font-mono font-semibold`}>{row.reference}</th>
        <td colSpan={COLUMNS - 1} className={`${cell} text-ink-600`}>
          Tienes un conflicto de interés con esta postulación: no ves su seguimiento.
        </td>
      </tr>
    )
  }
  const pending = row.milestones.filter((m) => m.state === 'due' || m.state === 'overdue')
  return (
    <tr className="border-b border-ink-100 last:border-0">
      <th scope="row" className={`${cell} font-semibold`}>
        <Link href={paths.application(row.applicationId)} className="text-ink-900 underline decoration-ink-300 underline-offset-2 hover:decoration-ink-900">
          {row.tradeName || row.companyName}
        </Link>
        <span className="block font-mono text-xs font-normal text-ink-600">{row.reference}</span>
      </th>
      <td className={cell}>
        <PaceCell pace={row.pace} />
      </td>
      <td className={cell}>
        {row.sales.length === 0 ? (
          <span className="text-ink-600">Sin reportes todavía</span>
        ) : (
          <FollowUpSparkline title={METRICS.salesUsdCents.label} unit={METRICS.salesUsdCents.unit} points={row.sales} />
        )}
      </td>
      <td className={cell}>
        {row.closedAt ? (
          <span className="text-ink-700">Cerrado el {formatDate(row.closedAt)}</span>
        ) : row.current ? (
          <span className="flex flex-col items-start gap-1">
            <span className="whitespace-nowrap">
              Mes {row.current.number} de {CHECK_IN_COUNT}: {formatMonth(row.current.period)}
            </span>
            <span className="flex flex-wrap items-center gap-1.5 text-xs text-ink-700">
              <CheckInBadge state={row.current.state} /> vence el {formatDay(row.current.dueOn)}
            </span>
          </span>
        ) : (
          <span className="text-ink-600">Ningún reporte abierto</span>
        )}
      </td>
      <td className={cell}>
        {row.lastCheckIn ? (
          <span>
            {formatMonth(row.lastCheckIn.period)}
            <span className="block text-xs text-ink-600">el {formatDate(row.lastCheckIn.at)}</span>
          </span>
        ) : (
          <span className="text-ink-600">Ninguno</span>
        )}
      </td>
      <td className={`${cell} text-right tabular-nums`}>{row.answered}</td>
      <td className={`${cell} text-right tabular-nums`}>{row.missed}</td>
      <td className={cell}>
        {pending.length === 0 ? (
          <span className="text-ink-600">{row.milestones.every((m) => m.state === 'done') ? 'Todas hechas' : 'Ninguna pendiente'}</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {pending.map((m) => (
              <li key={m.month} className="flex flex-wrap items-center gap-1.5">
                {milestoneTitle(m.month)} <MilestoneBadge state={m.state} />
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}
