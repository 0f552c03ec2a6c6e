/**
 * «Acuerdos atrasados» on the overview (ADR 0161), for admins: the signed deals behind their
 * pace by more than the margin, or with value left in the window's last month. Each links to its
 * application, where «Plan de medios» shows the ledger. Nothing when no deal is signed.
 */
import { Link } from 'wouter'
import { formatCop, formatDay } from '../../../../domain/deals.ts'
import { countOf } from '../../../../domain/format.ts'
import { PACING_MARGIN_POINTS, pacingText } from '../../../../domain/media-plan.ts'
import { useBehindDeals } from '../../api/media-plan-queries.ts'
import { Panel } from '../../components/ui.tsx'
import { paths } from '../../paths.ts'

export function BehindDealsGlance() {
  const behind = useBehindDeals()
  if (!behind.data || behind.data.deals === 0) return null
  const { items } = behind.data
  return (
    <Panel title="Acuerdos atrasados" className="mt-5">
      {items.length === 0 ? (
        <p className="text-sm text-ink-700">Todos los acuerdos van al ritmo de su ventana de exposición.</p>
      ) : (
        <>
          <p className="text-sm text-ink-700">
            {countOf(items.length, 'acuerdo va', 'acuerdos van')} más de {PACING_MARGIN_POINTS} puntos detrás de su ventana, o con valor por emitir en su último mes:
          </p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {items.map((i) => (
              <li key={i.applicationId}>
                {i.conflicted ? (
                  <span className="text-ink-700">{i.reference} (tienes un conflicto de interés: no ves sus datos)</span>
                ) : (
                  <>
                    <Link href={paths.application(i.applicationId)} className="font-semibold text-ink-900 underline underline-offset-2">
                      {i.tradeName || i.reference}
                    </Link>{' '}
                    <span className="text-ink-700">
                      ({i.reference}): {pacingText(i.pacing!)}; quedan {formatCop(i.remaining!)} por emitir hasta el {formatDay(i.windowEnd!)}.
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  )
}
