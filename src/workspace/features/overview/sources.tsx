/** The overview's glance at the sources: the last 30 days, the outlets that brought most; the rest in «Fuentes». */
import { formatCount } from '../../../../domain/format.ts'
import { SOURCE_OUTLET_LABELS } from '../../../../domain/sources.ts'
import { useSourceOverview, useSources } from '../../api/source-queries.ts'
import { TableHead } from '../../components/ui.tsx'
import { paths } from '../../paths.ts'
import { GlancePanel } from './glance-panel.tsx'

const SHOWN = 5

export function SourcesGlance() {
  const sources = useSources()
  // The server's default period: the last 30 Bogotá days.
  const overview = useSourceOverview('', '')
  if (!sources.data || !overview.data || sources.data.sources.length === 0) return null
  const named = new Map(sources.data.sources.map((s) => [s.id, s]))
  const rows = overview.data.bySource
    .filter((r) => r.sourceId !== null && named.has(r.sourceId))
    .sort((a, b) => b.applications - a.applications || b.visits - a.visits)
    .slice(0, SHOWN)
  return (
    <GlancePanel title="Por fuente, últimos 30 días" href={paths.sources} more="Ver todas las fuentes">
      {rows.length === 0 ? (
        <p className="text-sm text-ink-700">Ninguna visita ni postulación por las fuentes en estos días.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead caption="Las fuentes que más postulaciones trajeron en los últimos 30 días">
              <th scope="col" className="py-2 pr-3 font-semibold">Fuente</th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">Visitas</th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">Postulaciones</th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">Panel</th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">Firmadas</th>
            </TableHead>
            <tbody>
              {rows.map((r) => {
                const s = named.get(r.sourceId!)!
                return (
                  <tr key={s.id} className="border-b border-ink-100 last:border-0">
                    <th scope="row" className="py-2 pr-3 font-semibold">
                      {s.name} <span className="font-normal text-ink-600">· {SOURCE_OUTLET_LABELS[s.outlet]}</span>
                    </th>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatCount(r.visits)}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatCount(r.applications)}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatCount(r.panel)}</td>
                    <td className="py-2 pl-3 text-right tabular-nums">{formatCount(r.signed)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </GlancePanel>
  )
}
