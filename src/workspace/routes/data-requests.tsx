/**
 * /equipo/datos-personales (admins): a founder's request under Ley 1581,
 * answered as `npm run applications -- show|delete` does: see what is held,
 * export it, delete it (typed confirmation). Addresses travel in POST bodies,
 * never in URLs. Every step is in the audit log. An admin with a conflict of
 * interest on one of the titular's applications sees only their references
 * and that another admin must answer (server/features/data-requests/routes.ts).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useSearchParams } from 'wouter'
import { isEmail } from '../../../domain/email.ts'
import {
  dataRequestEndpoints as dataRequests,
  type DataRequestConflict,
  type DataRequestLookup,
  type DeleteRequest,
  type DeletionReport,
  type ExportRequest,
  type HeldApplication,
  type LookupRequest,
} from '../../../domain/workspace-api/data-requests.ts'
import { DATA_REQUEST_TERM_BUSINESS_DAYS } from '../../../domain/data-requests.ts'
import { DueBadge } from '../components/badges.tsx'
import { notify } from '../../lib/toast.tsx'
import { download } from '../api/client.ts'
import { call, callForFile } from '../api/endpoints.ts'
import { endpointQuery } from '../api/read.ts'
import { queriesOf } from '../api/query-keys.ts'

import { useMember } from '../components/require-session.tsx'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { Button, emailInputProps, Forbidden, PageHeader, ListView, Panel, TextField } from '../components/ui.tsx'
import { countOf, formatDate, formatDateTime } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

/** The lookup's answer to an admin with a conflict of interest: references only, no contents. */
function conflictIn(result: DataRequestLookup | null): DataRequestConflict | null {
  return result !== null && !Array.isArray(result) ? result : null
}

/** The lookup answers what the CLI prints: the titular's applications. */
function applicationsIn(result: DataRequestLookup | null): HeldApplication[] {
  return Array.isArray(result) ? result : []
}

/** "Se eliminó 1 postulación (CAT-…) y 3 correos.": the count and the verb agree. */
export function deletionDone(references: string[], mails: number): string {
  const applications =
    references.length === 1 ? 'Se eliminó 1 postulación' : `Se eliminaron ${countOf(references.length, 'postulación', 'postulaciones')}`
  return `${applications} (${references.join(', ') || 'ninguna'}) y ${countOf(mails, 'correo', 'correos')}.`
}

/** What the deletion takes: "su postulación" for one, "sus 3 postulaciones" for more. */
export function deletionWarning(applications: number): string {
  const held = applications === 1 ? 'su postulación' : `sus ${countOf(applications, 'postulación', 'postulaciones')}`
  return `Se borran ${held}, sus evaluaciones, notas y correos.`
}

/** The open request being handled from its row: `?solicitud=<id>` (an id, never the address). */
const REQUEST_PARAM = 'solicitud'

/**
 * The founders' open requests with the date the law gives to answer each
 * (domain/data-requests.ts: 10 business days for a consulta, 15 for a reclamo
 * or a deletion), the one due first first; past that date, marked "Vencida".
 */
function OpenRequests() {
  const open = useQuery(endpointQuery(dataRequests.open))
  const overdue = open.data?.items.filter((r) => r.overdue).length ?? 0
  return (
    <Panel title="Solicitudes abiertas" className="mb-4">
      <ListView query={open} empty={<p className="text-sm text-ink-700">No hay solicitudes abiertas.</p>}>
        {({ items }) => (
          <>
            <p className="text-sm text-ink-700">
              Plazo legal en días hábiles (sin fines de semana ni festivos de Colombia): {DATA_REQUEST_TERM_BUSINESS_DAYS.consulta} para una
              consulta, {DATA_REQUEST_TERM_BUSINESS_DAYS.reclamo} para un reclamo o una supresión.
              {overdue > 0 && <strong className="text-danger-700"> {overdue === 1 ? 'Una está vencida.' : `${countOf(overdue, 'solicitud', 'solicitudes')} están vencidas.`}</strong>}
            </p>
            <ul className="mt-3 flex flex-col divide-y divide-ink-100 text-sm">
              {items.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <span className="font-mono">{r.reference}</span>
                  <span>{r.kindLabel}</span>
                  <span className="text-ink-600">recibida el {formatDate(r.openedAt)}</span>
                  <span className={r.overdue ? 'font-semibold text-danger-700' : ''}>responder a más tardar el {formatDate(r.dueAt)}</span>
                  {r.overdue && <DueBadge state="overdue" />}
                  {r.conflicted ? (
                    <span className="text-ink-600">· conflicto declarado: la atiende otra persona administradora</span>
                  ) : (
                    // The titular's data, found by the request's own application: nothing to look up by hand.
                    <Link
                      href={`${paths.dataRequests}?${REQUEST_PARAM}=${encodeURIComponent(r.id)}`}
                      className="ml-auto inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 font-semibold underline-offset-2 hover:bg-ink-50"
                      aria-label={`Atender la solicitud de ${r.reference}`}
                    >
                      Atender
                    </Link>
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-ink-600">«Atender» muestra lo que guardamos del titular, para exportarlo o eliminarlo; también puedes buscar abajo por su correo. Al eliminar los datos, la solicitud se cierra y el titular recibe la confirmación por correo.</p>
          </>
        )}
      </ListView>
    </Panel>
  )
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
  const client = useQueryClient()
  const [params, setParams] = useSearchParams()
  const requestId = params.get(REQUEST_PARAM)
  // Each row's look-up once (it is audited): not again on a re-render, nor after the data is deleted.
  const opened = useRef<string | null>(null)

  useEffect(() => {
    if (me.role !== 'admin' || requestId === null || opened.current === requestId) return
    opened.current = requestId
    // An open request's row: the titular's data by the request's own application (a POST; the id is no personal data).
    const openRow = async () => {
      setPending(true)
      setDeleted(null)
      setError(undefined)
      try {
        const answer = await call(dataRequests.lookupRequest, { params: { id: requestId }, body: {} })
        setResult(answer.lookup)
        // A conflicted admin gets no address: the references only.
        setSearched(answer.email ?? '')
        setEmail(answer.email ?? '')
      } catch (err) {
        setResult(null)
        setSearched(null)
        notify('error', { title: 'No pudimos abrir la solicitud', description: (err as Error).message })
      } finally {
        setPending(false)
      }
    }
    void openRow()
  }, [requestId, me.role])

  if (me.role !== 'admin') return <Forbidden />

  async function lookup(e: FormEvent) {
    e.preventDefault()
    const address = email.trim()
    if (!isEmail(address)) {
      setError('Escribe el correo con el que la persona fundadora se postuló.')
      return
    }
    setError(undefined)
    setPending(true)
    setDeleted(null)
    try {
      setResult(await call(dataRequests.lookup, { body: { email: address } satisfies LookupRequest }))
      setSearched(address)
      notify('success', null, { action: 'data-lookup' })
    } catch (err) {
      notify('error', { title: 'No pudimos buscar', description: (err as Error).message }, { action: 'data-lookup' })
    } finally {
      setPending(false)
    }
  }

  async function exportAs(format: 'json' | 'csv') {
    if (!searched) return
    try {
      const res = await callForFile(dataRequests.export, { body: { email: searched, format } satisfies ExportRequest })
      await download(res, `datos-personales.${format}`)
      notify('success', null, { action: 'data-export' })
    } catch (err) {
      notify('error', { title: 'No pudimos exportar', description: (err as Error).message }, { action: 'data-export' })
    }
  }

  async function remove() {
    if (!searched) return
    setPending(true)
    try {
      const report = await call(dataRequests.delete, { body: { email: searched, confirm: searched } satisfies DeleteRequest })
      setDeleted(report)
      setResult(null)
      setConfirmDelete(false)
      void client.invalidateQueries(queriesOf(dataRequests.open))
      // The request is closed: its row's link goes from the address bar too.
      if (requestId !== null) {
        setParams((current) => {
          const next = new URLSearchParams(current)
          next.delete(REQUEST_PARAM)
          return next
        })
      }
      notify('success', { title: 'Datos eliminados', description: 'Quedó registrado en la auditoría y le enviamos la confirmación al titular.' }, { action: 'data-delete' })
    } catch (err) {
      setConfirmDelete(false)
      notify('error', { title: 'No pudimos eliminar', description: (err as Error).message }, { action: 'data-delete' })
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
        description="Atiende la solicitud de una persona fundadora: consulta lo que guardamos, entrégaselo o elimínalo. Cada paso queda en la auditoría."
      />
      <OpenRequests />
      <Panel>
        <form className="flex flex-wrap items-start gap-2" onSubmit={(e) => void lookup(e)} noValidate>
          <div className="min-w-[16rem] flex-1">
            <TextField id={id} label="Correo de la persona fundadora" {...emailInputProps} autoComplete="off" value={email} error={error} onValue={setEmail} />
          </div>
          <Button type="submit" variant="primary" className="mt-6" disabled={pending}>Consultar</Button>
        </form>
      </Panel>

      {searched !== null && conflict && (
        <Panel title={searched ? `Postulaciones de ${searched}` : 'Postulaciones del titular'} className="mt-4">
          <p role="status" className="text-sm text-ink-800">
            Este titular tiene {conflict.applications.length === 1 ? 'una postulación' : `${conflict.applications.length} postulaciones`} con
            nosotros. Como tienes un conflicto de interés con{' '}
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
                    {app.emails && <span className="text-ink-600"> · {countOf(app.emails.length, 'correo', 'correos')}</span>}
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
            {deletionDone(
              deleted.applications.map((a) => a.reference),
              Object.values(deleted.messages ?? {}).reduce((a, b) => a + b, 0),
            )}
          </p>
        </Panel>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="¿Eliminar todos los datos de esta persona fundadora?"
        confirmLabel="Eliminar definitivamente"
        variant="danger"
        pending={pending}
        typedConfirmation={{ label: `Escribe ${searched ?? ''} para confirmar`, expected: searched ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        <p>
          {deletionWarning(held.length)} No se puede deshacer. La auditoría conserva solo que se hizo, sin sus datos. Le enviaremos al titular un correo que confirma la eliminación.
        </p>
      </ConfirmDialog>
    </>
  )
}
