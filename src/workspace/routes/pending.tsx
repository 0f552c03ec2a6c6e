/** /equipo/pendientes: "Mis pendientes" and the member's reminder preference. */
import { companyDisplayName, companyLegalNameAside } from '../../../domain/company-name.ts'
import { useId } from 'react'
import toast from 'react-hot-toast'
import { countOf, formatCount, plural } from '../../../domain/format.ts'
import type { ReminderFrequency } from '../../../domain/workspace-api/clock.ts'
import { usePending, useReminderFrequency, useSetReminderFrequency } from '../api/clock-queries.ts'
import { DueDate, StageBadge } from '../components/badges.tsx'
import { Loading, PageHeader, Panel, QueryError, TableHead } from '../components/ui.tsx'
import { MyPanelSessions } from '../features/panel/my-sessions.tsx'
import { useTitle } from '../lib/use-title.ts'
import { ReferenceCell } from '../components/reference-cell.tsx'

const FREQUENCIES: { value: ReminderFrequency; label: string }[] = [
  { value: 'daily', label: 'Cada día' },
  { value: 'weekdays', label: 'Solo días hábiles (lunes a viernes)' },
  { value: 'off', label: 'Nunca' },
]

export function PendingPage() {
  useTitle('Mis pendientes')
  const pending = usePending()
  return (
    <>
      <PageHeader
        title="Mis pendientes"
        description="Tus próximas sesiones con panel, las postulaciones asignadas a ti que esperan tu evaluación, y las que vencen en los próximos 3 días o ya vencieron."
      />
      <MyPanelSessions />
      {pending.isPending ? (
        <Loading />
      ) : pending.error ? (
        <QueryError error={pending.error} retry={() => void pending.refetch()} />
      ) : pending.data.items.length === 0 ? (
        <Panel>
          <p className="text-sm text-ink-700">No tienes evaluaciones pendientes. Cuando te asignen una postulación, aparecerá aquí.</p>
        </Panel>
      ) : (
        <Panel title={countOf(pending.data.total, 'postulación', 'postulaciones')}>
          <p className="mb-3 text-sm text-ink-700">
            {countOf(pending.data.counts.overdue, 'vencida', 'vencidas')} · {formatCount(pending.data.counts.dueSoon)}{' '}
            {plural(pending.data.counts.dueSoon, 'vence pronto', 'vencen pronto')} · {formatCount(pending.data.counts.waitingForMe)}{' '}
            {plural(pending.data.counts.waitingForMe, 'espera tu evaluación', 'esperan tu evaluación')}
            {pending.data.total > pending.data.items.length && ` · se muestran las ${pending.data.items.length} más urgentes`}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <TableHead caption="Mis pendientes, las que vencen primero arriba">
                <th scope="col" className="px-3 py-2 font-semibold">Referencia</th>
                <th scope="col" className="px-3 py-2 font-semibold">Empresa</th>
                <th scope="col" className="px-3 py-2 font-semibold">Etapa</th>
                <th scope="col" className="px-3 py-2 font-semibold">Vence</th>
                <th scope="col" className="px-3 py-2 font-semibold">Tu evaluación</th>
              </TableHead>
              <tbody>
                {pending.data.items.map((item) => (
                  <tr key={item.id} className="border-b border-ink-100 last:border-0">
                    <ReferenceCell item={item} />
                    <td className="px-3 py-2">
                      <span className="block font-semibold">{companyDisplayName(item)}</span>
                      {companyLegalNameAside(item) && <span className="block text-xs text-ink-600">{companyLegalNameAside(item)}</span>}
                    </td>
                    <td className="px-3 py-2"><StageBadge stage={item.stage} /></td>
                    <td className="px-3 py-2 whitespace-nowrap"><DueDate dueAt={item.stageDueAt} state={item.dueState} /></td>
                    <td className="px-3 py-2">{item.waitingForMe ? <strong>Falta tu evaluación</strong> : 'Enviada'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      )}
      <ReminderPreference />
    </>
  )
}

function ReminderPreference() {
  const current = useReminderFrequency()
  const save = useSetReminderFrequency()
  const name = useId()
  return (
    <Panel title="Recordatorio por correo" className="mt-5">
      <p className="mb-3 text-sm text-ink-700">
        A las 7:00 (hora de Bogotá) te enviamos un resumen de tus pendientes, solo si hay algo que contar.
      </p>
      {current.isPending ? (
        <Loading />
      ) : current.error ? (
        <QueryError error={current.error} retry={() => void current.refetch()} />
      ) : (
        <fieldset>
          <legend className="sr-only">¿Cuándo quieres recibirlo?</legend>
          <div className="flex flex-col gap-2">
            {FREQUENCIES.map((f) => (
              <label key={f.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={f.value}
                  checked={current.data.frequency === f.value}
                  disabled={save.isPending}
                  onChange={() =>
                    save.mutate(f.value, {
                      onSuccess: () => toast.success('Guardamos tu preferencia.'),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                />
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </Panel>
  )
}
