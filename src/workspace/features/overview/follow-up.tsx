/**
 * The overview's glance at the follow-up, for admins: the signed startups whose monthly
 * check-in is past its due day, unanswered; the rest in «Seguimiento». Nothing when none is signed.
 */
import { Link } from 'wouter'
import { formatDay } from '../../../../domain/deals.ts'
import { countOf, formatMonth } from '../../../../domain/format.ts'
import { usePortfolio } from '../../api/follow-up-queries.ts'
import { paths } from '../../paths.ts'
import { GlancePanel } from './glance-panel.tsx'

export function FollowUpGlance() {
  const portfolio = usePortfolio()
  if (!portfolio.data || portfolio.data.items.length === 0) return null
  const late = portfolio.data.items.filter((i) => i.current?.state === 'late')
  return (
    <GlancePanel title="Seguimiento: reportes atrasados" href={paths.followUp} more="Ver el seguimiento">
      {late.length === 0 ? (
        <p className="text-sm text-ink-700">Ninguna startup tiene el reporte del mes atrasado.</p>
      ) : (
        <>
          <p className="text-sm text-ink-700">{countOf(late.length, 'startup no ha enviado', 'startups no han enviado')} el reporte del mes, ya vencido:</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {late.map((i) => (
              <li key={i.applicationId}>
                <Link href={paths.application(i.applicationId)} className="font-semibold text-ink-900 underline underline-offset-2">
                  {i.tradeName || i.companyName}
                </Link>{' '}
                <span className="text-ink-700">
                  ({i.reference}): {formatMonth(i.current!.period)}, venció el {formatDay(i.current!.dueOn)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </GlancePanel>
  )
}
