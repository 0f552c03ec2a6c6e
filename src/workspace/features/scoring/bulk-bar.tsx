/**
 * Bulk work on the filtered list (admins): select every application the
 * filter returns, not only this page, choose an action, read how many can
 * make it and why the others cannot, confirm once.
 */
import { useId, useState } from 'react'
import { STAGE_LABELS, STAGES, type Stage } from '../../../../domain/pipeline.ts'
import { API_BASE } from '../../api/client.ts'
import { useMembers } from '../../api/queries.ts'
import type { BulkAction, BulkFilter, BulkPreview } from '../../../../domain/workspace-api/scoring.ts'
import { useBulkApply, useBulkPreview } from '../../api/scoring-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, inputClass, labelClass } from '../../components/ui.tsx'
import { formatCount } from '../../lib/format.ts'

const NOT_FILTERS = new Set(['sort', 'page', 'pageSize'])

export function filterOf(params: URLSearchParams): BulkFilter {
  return Object.fromEntries([...params].filter(([key]) => !NOT_FILTERS.has(key)))
}

type Kind = 'move' | 'close' | 'assign' | 'export'

const plural = (n: number) => `${formatCount(n)} ${n === 1 ? 'postulación' : 'postulaciones'}`

export function BulkBar({ params, total }: { params: URLSearchParams; total: number }) {
  const id = useId()
  const [selected, setSelected] = useState(false)
  const [kind, setKind] = useState<Kind>('move')
  const [to, setTo] = useState<Stage>('validacion_preliminar')
  const [memberId, setMemberId] = useState('')
  const [preview, setPreview] = useState<{ action: BulkAction; result: BulkPreview } | null>(null)
  const [message, setMessage] = useState<string>()
  const members = useMembers()
  const previewing = useBulkPreview()
  const applying = useBulkApply()
  const filter = filterOf(params)

  if (!selected) {
    return (
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => { setSelected(true); setMessage(undefined) }} disabled={total === 0}>
          Seleccionar las {plural(total)} del filtro
        </Button>
        {message && <p role="status" className="text-sm text-ink-800">{message}</p>}
      </div>
    )
  }

  const action = (reason = ''): BulkAction =>
    kind === 'move' ? { type: 'move', to } : kind === 'close' ? { type: 'close', reason } : { type: 'assign', memberIds: [memberId] }

  async function start() {
    setMessage(undefined)
    if (kind === 'export') return
    if (kind === 'assign' && !memberId) return setMessage('Elige a quién asignar.')
    // The reason of a close is asked in the dialog; the preview needs one, any, to validate.
    const a = action(kind === 'close' ? '—' : '')
    const result = await previewing.mutateAsync({ filter, action: a })
    setPreview({ action: a, result })
  }

  const actionText =
    kind === 'move' ? `Mover a «${STAGE_LABELS[to]}»` : kind === 'close' ? 'Cerrar como «No seleccionada»' : 'Asignar'
  const exportQuery = new URLSearchParams(filter).toString()

  return (
    <section aria-label="Acción masiva" className="mb-3 rounded-lg border border-ink-300 bg-ink-50 p-3">
      <p className="text-sm font-semibold text-ink-900">{plural(total)} seleccionadas (todas las del filtro, no solo esta página).</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>Acción</label>
          <select id={`${id}-kind`} className={`${inputClass} mt-1`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="move">Mover a una etapa</option>
            <option value="close">Cerrar como no seleccionada</option>
            <option value="assign">Asignar evaluador</option>
            <option value="export">Exportar</option>
          </select>
        </div>
        {kind === 'move' && (
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>Etapa</label>
            <select id={`${id}-to`} className={`${inputClass} mt-1`} value={to} onChange={(e) => setTo(e.target.value as Stage)}>
              {STAGES.filter((s) => s !== 'recibida' && s !== 'no_seleccionada').map((s) => (
                <option key={s} value={s}>{STAGE_LABELS[s]}</option>
              ))}
            </select>
          </div>
        )}
        {kind === 'assign' && (
          <div>
            <label htmlFor={`${id}-member`} className={labelClass}>Evaluador</label>
            <select id={`${id}-member`} className={`${inputClass} mt-1`} value={memberId} onChange={(e) => setMemberId(e.target.value)}>
              <option value="">Elige…</option>
              {(members.data?.members ?? []).filter((m) => m.active).map((m) => (
                <option key={m.id} value={m.id}>{m.name}</option>
              ))}
            </select>
          </div>
        )}
        {kind === 'export' ? (
          <>
            <a className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold" href={`${API_BASE}/bulk/export.csv?${exportQuery}`} download>
              Exportar CSV
            </a>
            <a className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold" href={`${API_BASE}/bulk/export.json?${exportQuery}`} download>
              Exportar JSON
            </a>
          </>
        ) : (
          <Button variant="primary" onClick={() => void start()} disabled={previewing.isPending}>
            Continuar
          </Button>
        )}
        <Button variant="ghost" onClick={() => { setSelected(false); setPreview(null) }}>
          Cancelar selección
        </Button>
      </div>
      {message && <p role="alert" className="mt-2 text-sm text-red-800">{message}</p>}
      {preview && (
        <ConfirmDialog
          open
          title={`${actionText}: ${plural(preview.result.eligible)}`}
          confirmLabel={`${actionText} ${plural(preview.result.eligible)}`}
          variant={kind === 'close' ? 'danger' : 'primary'}
          {...(kind === 'close' ? { reason: { label: 'Motivo del cierre (el mismo para todas)', required: true, maxLength: 2000 } } : {})}
          pending={applying.isPending}
          onClose={() => setPreview(null)}
          onConfirm={(reason) => void (async () => {
            try {
              const result = await applying.mutateAsync({
                filter,
                action: kind === 'close' ? action(reason) : preview.action,
                expected: preview.result.eligible,
              })
              setMessage(`Listo: ${plural(result.done)} ${kind === 'assign' ? 'asignadas' : 'movidas'}.`)
              setSelected(false)
            } catch (error) {
              setMessage(error instanceof Error ? error.message : 'No se pudo completar la acción.')
            }
            setPreview(null)
          })()}
        >
          <p>
            Se aplicará a {plural(preview.result.eligible)} de las {formatCount(preview.result.total)} del filtro. Cada una queda con su
            propio registro en el historial{kind === 'assign' ? '' : ' y su propio correo al founder'}.
          </p>
          {preview.result.refused.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {preview.result.refused.map((r) => (
                <li key={r.stage}>{r.message} Quedan sin cambios.</li>
              ))}
            </ul>
          )}
        </ConfirmDialog>
      )}
    </section>
  )
}
