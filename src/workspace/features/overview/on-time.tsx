/** The overview's punctuality: for the last 90 days, the share of stays that ended within the promised time. */
import { formatShare } from '../../../../domain/format.ts'
import { OPEN_STAGES, STAGE_LABELS } from '../../../../domain/pipeline.ts'
import { useOnTime } from '../../api/clock-queries.ts'
import { Panel, QueryView, TableHead } from '../../components/ui.tsx'

export function OnTimePanel() {
  const onTime = useOnTime()
  return (
    <Panel title="A tiempo en los últimos 90 días" className="mt-5">
      <QueryView query={onTime}>
        {({ byStage }) => (
          <table className="w-full text-left text-sm">
            <TableHead caption="Postulaciones que salieron de cada etapa dentro del plazo prometido, últimos 90 días">
              <th scope="col" className="py-2 pr-4 font-semibold">Etapa</th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">Salieron</th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">Dentro del plazo</th>
              <th scope="col" className="py-2 text-right font-semibold">Porcentaje</th>
            </TableHead>
            <tbody>
              {OPEN_STAGES.map((stage) => {
                const s = byStage[stage] ?? { left: 0, onTime: 0, share: null }
                return (
                  <tr key={stage} className="border-b border-ink-100 last:border-0">
                    <th scope="row" className="py-2 pr-4 font-semibold">{STAGE_LABELS[stage]}</th>
                    <td className="py-2 pr-4 text-right tabular-nums">{s.left}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{s.onTime}</td>
                    <td className="py-2 text-right tabular-nums">{formatShare(s.share)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        )}
      </QueryView>
    </Panel>
  )
}
