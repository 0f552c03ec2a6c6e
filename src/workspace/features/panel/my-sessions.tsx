/**
 * "Mis pendientes": the member's coming panel sessions (GET /me/panel-sessions),
 * soonest first, as cards that read the same on a phone and a desk: when (Bogotá),
 * which startup, where, and a link to the application.
 */
import { Link } from 'wouter'
import { companyDisplayName } from '../../../../domain/company-name.ts'
import { countOf, formatWeekdayDateTime } from '../../../../domain/format.ts'
import { PANEL_PLACE_LABELS } from '../../../../domain/panel-sessions.ts'
import { useMyPanelSessions } from '../../api/panel-queries.ts'
import { Panel, QueryWaiting } from '../../components/ui.tsx'
import { paths } from '../../paths.ts'
import { formatSpan } from './offer-values.ts'

export function MyPanelSessions() {
  const sessions = useMyPanelSessions()
  if (!sessions.isSuccess) return <Panel title="Sesiones con panel"><QueryWaiting query={sessions} /></Panel>
  const { items } = sessions.data
  return (
    <Panel title="Sesiones con panel" className="mb-5">
      {items.length === 0 ? (
        <p className="text-sm text-ink-700">No tienes sesiones con panel próximas.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-ink-700">{countOf(items.length, 'sesión próxima', 'sesiones próximas')}, la más cercana primero. Hora de Bogotá.</p>
          <ul className="flex flex-col gap-2" aria-label="Mis sesiones con panel">
            {items.map((s) => (
              <li key={s.sessionId} className="rounded-lg border border-ink-200 p-3 text-sm">
                <Link href={paths.application(s.applicationId)} className="font-semibold text-ink-950 underline underline-offset-2">
                  Sesión con panel: {companyDisplayName(s)}, {formatWeekdayDateTime(s.startsAt)}
                </Link>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                  <dt className="text-ink-600">Cuándo</dt>
                  <dd>{formatSpan(s.startsAt, s.endsAt)}</dd>
                  <dt className="text-ink-600">Dónde</dt>
                  <dd className="min-w-0 break-words">
                    {PANEL_PLACE_LABELS[s.placeKind]}:{' '}
                    {s.placeKind === 'video' ? (
                      <a href={s.place} target="_blank" rel="noreferrer" className="break-all underline underline-offset-2">
                        {s.place}
                      </a>
                    ) : (
                      s.place
                    )}
                  </dd>
                  <dt className="text-ink-600">Postulación</dt>
                  <dd className="font-mono">{s.reference}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  )
}
