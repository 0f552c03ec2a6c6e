/**
 * /equipo/datos-personales (admins): a founder's request under Ley 1581,
 * answered as `npm run applications -- show|delete` does: see what is held,
 * export it, delete it (typed confirmation). Addresses travel in POST bodies,
 * never in URLs. Every step is in the audit log. An admin with a conflict of
 * interest on one of the titular's applications sees only their references
 * and that another admin must answer (server/features/workspace/data-requests/routes.ts).
 */
import { useId, useState, type FormEvent } from 'react'
import { isEmail } from '../../../domain/email.ts'
import type {
  DataRequestConflict,
  DataRequestLookup,
  DeleteRequest,
  DeletionReport,
  ExportRequest,
  HeldApplication,
  LookupRequest,
} from '../../../domain/workspace-api/data-requests.ts'
import { notify } from '../../lib/toast.tsx'
import { api, download, request } from '../api/client.ts'
import { useMember } from '../components/require-session.tsx'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { Button, FieldError, Forbidden, inputClass, labelClass, PageHeader, Panel } from '../components/ui.tsx'
import { formatDateTime } from '../lib/format.ts'
import { useTitle } from '../lib/use-title.ts'

/** The lookup's answer to an admin with a conflict of interest: references only, no contents. */
function conflictIn(result: DataRequestLookup | null): DataRequestConflict | null {
  return result !== null && !Array.isArray(result) ? result : null
}

/** The lookup answers what the CLI prints: the titular's applications. */
function applicationsIn(result: DataRequestLookup | null): HeldApplication[] {
  return Array.isArray(result) ? result : []
}

export function DataRequestsPage() {
  useTitle('Datos personales')
  const me = useMember()
  const id = useId()
  const [email, setEmail] = useState('')
  const [searched, setSearched] = useState<string | null>(null)
  const [result, setResult] = useState<DataRequestLookup | null>(null)
  const [error, setError] = useState<string>()
  const [pending, setPending] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [deleted, setDeleted] = useState<DeletionReport | null>(null)

  if (me.role !== 'admin') return <Forbidden />

  async function lookup(e: FormEvent) {
    e.preventDefault()
    const address = email.trim()
    if (!isEmail(address)) {
      setError('Escribe el correo con el que el founder se postuló.')
      return
    }
    setError(undefined)
    setPending(true)
    setDeleted(null)
    try {
      setResult(await api<DataRequestLookup>('/data-requests/lookup', { method: 'POST', body: { email: address } satisfies LookupRequest }))
      setSearched(address)
    } catch (err) {
      notify('error', { title: 'No pudimos buscar', description: (err as Error).message })
    } finally {
      setPending(false)
    }
  }

  async function exportAs(format: 'json' | 'csv') {
    if (!searched) return
    try {
      const res = await request('/data-requests/export', { method: 'POST', body: { email: searched, format } satisfies ExportRequest })
      await download(res, `datos-personales.${format}`)
    } catch (err) {
      notify('error', { title: 'No pudimos exportar', description: (err as Error).message })
    }
  }

  async function remove() {
    if (!searched) return
    setPending(true)
    try {
      const report = await api<DeletionReport>('/data-requests/delete', { method: 'POST', body: { email: searched, confirm: searched } satisfies DeleteRequest })
      setDeleted(report)
      setResult(null)
      setConfirmDelete(false)
      notify('success', { title: 'Datos eliminados', description: 'Quedó registrado en la auditoría.' })
    } catch (err) {
      setConfirmDelete(false)
      notify('error', { title: 'No pudimos eliminar', description: (err as Error).message })
    } finally {
      setPending(false)
    }
  }

  const held = applicationsIn(result)
  const conflict = conflictIn(result)
  return (
    <>
      <PageHeader
        title="Datos personales (Ley 1581)"
        description="Atiende la solicitud de un founder: consulta lo que guardamos, entrégaselo o elimínalo. Cada paso queda en la auditoría."
      />
      <Panel>
        <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => void lookup(e)} noValidate>
          <div className="min-w-[16rem] flex-1">
            <label htmlFor={id} className={labelClass}>Correo del founder</label>
            <input
              id={id}
              type="text"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              autoComplete="off"
              className={`${inputClass} mt-1`}
              value={email}
              aria-invalid={error !== undefined}
              aria-describedby={`${id}-error`}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FieldError id={`${id}-error`} message={error} />
          </div>
          <Button type="submit" variant="primary" className="mt-6" disabled={pending}>Consultar</Button>
        </form>
      </Panel>

      {searched && conflict && (
        <Panel title={`Postulaciones de ${searched}`} className="mt-4">
          <p role="status" className="text-sm text-ink-800">
            Este titular tiene {conflict.applications.length === 1 ? 'una postulación' : `${conflict.applications.length} postulaciones`} con
            nosotros. Como declaraste un conflicto de interés con{' '}
            {conflict.applications.length === 1
              ? 'ella'
              : conflict.applications.filter((a) => a.conflicted).length === 1
                ? 'una de ellas'
                : 'algunas de ellas'}
            , no puedes ver sus datos,
            exportarlos ni eliminarlos: pide a otra persona administradora sin conflicto que atienda esta solicitud.
          </p>
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {conflict.applications.map((app) => (
              <li key={app.id}>
                <span className="font-mono">{app.reference}</span>
                {app.conflicted && <span className="text-ink-600"> · conflicto declarado</span>}
              </li>
            ))}
          </ul>
        </Panel>
      )}
      {searched && result !== null && !conflict && (
        <Panel title={`Lo que guardamos de ${searched}`} className="mt-4">
          {held.length === 0 ? (
            <p className="text-sm text-ink-700">No hay postulaciones con este correo.</p>
          ) : (
            <>
              <ul className="flex flex-col gap-1 text-sm">
                {held.map((app, i) => (
                  <li key={app.id ?? i}>
                    <span className="font-mono">{app.reference}</span> · {app.formData?.tradeName || app.formData?.companyName}
                    {app.receivedAt && <span className="text-ink-600"> · recibida {formatDateTime(app.receivedAt)}</span>}
                    {app.emails && <span className="text-ink-600"> · {app.emails.length} correos</span>}
                  </li>
                ))}
              </ul>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-semibold">Ver todos los datos</summary>
                <pre className="mt-2 max-h-96 overflow-auto rounded bg-ink-50 p-3 text-xs">{JSON.stringify(result, null, 2)}</pre>
              </details>
              <div className="mt-4 flex flex-wrap gap-2">
                <Button onClick={() => void exportAs('json')}>Exportar JSON</Button>
                <Button onClick={() => void exportAs('csv')}>Exportar CSV</Button>
                <Button variant="danger" onClick={() => setConfirmDelete(true)}>Eliminar sus datos</Button>
              </div>
            </>
          )}
        </Panel>
      )}
      {deleted !== null && (
        <Panel title="Eliminación completada" className="mt-4">
          <p role="status" className="text-sm">
            Se eliminaron {deleted.applications.length} {deleted.applications.length === 1 ? 'postulación' : 'postulaciones'} (
            {deleted.applications.map((a) => a.reference).join(', ') || 'ninguna'}) y{' '}
            {Object.values(deleted.messages ?? {}).reduce((a, b) => a + b, 0)} correos.
          </p>
        </Panel>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="¿Eliminar todos los datos de este founder?"
        confirmLabel="Eliminar definitivamente"
        variant="danger"
        pending={pending}
        typedConfirmation={{ label: `Escribe ${searched ?? ''} para confirmar`, expected: searched ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          Se borran sus {held.length} {held.length === 1 ? 'postulación' : 'postulaciones'}, sus evaluaciones, notas y correos.
          No se puede deshacer. La auditoría conserva solo que se hizo, sin sus datos.
        </p>
      </ConfirmDialog>
    </>
  )
}
