/** /equipo: where the pipeline stands, with links into the filtered list. */
import { Link } from 'wouter'
import { OPEN_STAGES, STAGE_LABELS, STAGES, STEP_DAYS, STAGE_STEP } from '../../../domain/pipeline.ts'
import { useFounderDraftCount, useOverview } from '../api/queries.ts'
import { MachineryPanel } from '../features/overview/machinery.tsx'
import { OnTimePanel } from '../features/overview/on-time.tsx'
import { SourcesGlance } from '../features/overview/sources.tsx'
import { FollowUpGlance } from '../features/overview/follow-up.tsx'
import { BehindDealsGlance } from '../features/overview/behind-deals.tsx'
import { useMember } from '../components/require-session.tsx'
import { PageHeader, Panel, QueryWaiting, TableHead } from '../components/ui.tsx'
import { formatCount, countOf, formatDays } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

const listWith = (query: Record<string, string>) => `${paths.applications}?${new URLSearchParams(query)}`

export function OverviewPage() {
  useTitle('Resumen')
  const member = useMember()
  const overview = useOverview()
  if (!overview.isSuccess) return <QueryWaiting query={overview} />
  const data = overview.data
  const open = OPEN_STAGES.reduce((sum, stage) => sum + (data.byStage[stage] ?? 0), 0)

  return (
    <>
      <PageHeader title="Resumen" description={`${countOf(open, 'postulación abierta', 'postulaciones abiertas')} en el proceso.`} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Vencidas" value={data.overdue} href={listWith({ due: 'overdue', sort: 'due_asc' })} tone="danger" />
        <Stat label="Vencen pronto (3 días)" value={data.dueSoon} href={listWith({ due: 'due_soon', sort: 'due_asc' })} />
        <Stat label="Recibidas esta semana" value={data.receivedThisWeek} href={listWith({ received: 'week', sort: 'received_desc' })} />
        <Stat label="Recibidas este mes" value={data.receivedThisMonth} href={listWith({ received: 'month', sort: 'received_desc' })} />
      </div>
      <WaitingFounderMail />
      {/* Admins see the machinery near the top: a failing backup or stuck e-mails should not hide below the figures. */}
      {member.role === 'admin' && <MachineryPanel />}
      {/* The signed startups whose monthly check-in is late: admins only, like the follow-up itself. */}
      {member.role === 'admin' && <FollowUpGlance />}
      {/* The signed deals behind their media pace (ADR 0161): admins only, like the plan itself. */}
      {member.role === 'admin' && <BehindDealsGlance />}

      <Panel title="Por etapa" className="mt-5">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <TableHead caption="Postulaciones por etapa y tiempo mediano en cada una">
              <th scope="col" className="py-2 pr-4 font-semibold">Etapa</th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">Postulaciones</th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">Tiempo mediano en la etapa</th>
              <th scope="col" className="py-2 font-semibold">Plazo prometido</th>
            </TableHead>
            <tbody>
              {STAGES.map((stage) => {
                const step = STAGE_STEP[stage]
                return (
                  <tr key={stage} className="border-b border-ink-100 last:border-0">
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      <Link href={listWith({ stage })} className="text-ink-900 underline decoration-ink-300 underline-offset-2 hover:decoration-ink-900">
                        {STAGE_LABELS[stage]}
                      </Link>
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCount(data.byStage[stage] ?? 0)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatDays(data.medianDaysInStage[stage])}</td>
                    <td className="py-2 text-ink-600">{step ? `Etapa ${step}: ${STEP_DAYS[step]} días` : 'Cerrada'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Panel>
      <OnTimePanel />
      <SourcesGlance />
    </>
  )
}

/** How many founder e-mails wait in "Correos por enviar": nothing leaves until someone sends them. */
function WaitingFounderMail() {
  const count = useFounderDraftCount()
  const waiting = count.data?.waiting
  if (waiting === undefined) return null
  return (
    <p className="mt-3 rounded-lg border border-ink-200 bg-white p-4 text-sm">
      {waiting === 0 ? (
        'No hay correos a personas fundadoras esperando envío.'
      ) : (
        <>
          <span className="font-bold tabular-nums">{countOf(waiting, 'correo a una persona fundadora espera', 'correos a personas fundadoras esperan')}</span>{' '}
          que alguien del equipo {waiting === 1 ? 'lo revise y lo envíe' : 'los revise y los envíe'}.{' '}
          <Link href={paths.founderMail} className="font-semibold underline underline-offset-2">
            Ir a Correos por enviar
          </Link>
        </>
      )}
    </p>
  )
}

function Stat({ label, value, href, tone }: { label: string; value: number; href: string; tone?: 'danger' }) {
  return (
    <Link
      href={href}
      className="block rounded-lg border border-ink-200 bg-white p-4 hover:border-ink-400"
    >
      <span className="block text-sm font-semibold text-ink-700">{label}</span>
      <span className={`mt-1 block text-3xl font-bold tabular-nums ${tone === 'danger' && value > 0 ? 'text-danger-700' : 'text-ink-950'}`}>
        {formatCount(value)}
      </span>
      <span className="mt-1 block text-xs text-ink-600 underline underline-offset-2">Ver en la lista</span>
    </Link>
  )
}
