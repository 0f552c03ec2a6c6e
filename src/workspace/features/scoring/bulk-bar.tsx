/**
 * Bulk work on the filtered list (admins): select every application the
 * filter returns, not only this page, choose an action, read how many can
 * make it and why the others cannot, confirm once.
 */
import { useId, useState } from 'react'
import { STAGE_LABELS, STAGES, type Stage } from '../../../../domain/pipeline.ts'
import { useMembers } from '../../api/queries.ts'
import type { BulkAction, BulkFilter, BulkPreview } from '../../../../domain/workspace-api/scoring.ts'
import { useBulkApply, useBulkPreview } from '../../api/scoring-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, inputClass, labelClass } from '../../components/ui.tsx'
import { countOf, formatCount, plural } from '../../../../domain/format.ts'
import { internal } from '../../components/field-audience.ts'
import { bulkStageChangeSummary } from '../../../../domain/stage-confirmation.ts'

const NOT_FILTERS = new Set(['sort', 'page', 'pageSize'])

export function filterOf(params: URLSearchParams): BulkFilter {
  return Object.fromEntries([...params].filter(([key]) => !NOT_FILTERS.has(key)))
}

// No «Exportar» here: the list's own export takes what the list shows.
type Kind = 'move' | 'close' | 'assign'

const applications = (n: number) => countOf(n, 'postulación', 'postulaciones')

/** Stages a bulk move may target (closing has its own action). */
// "Acuerdo firmado" records each deal with its own figures (ADR 0159): signed one by one, from the application.
const MOVE_TARGETS = STAGES.filter((s) => s !== 'recibida' && s !== 'no_seleccionada' && s !== 'acuerdo_firmado')

/**
 * `picked`: rows ticked one by one in the list (their ids); when some are,
 * the action takes those instead of the whole filter.
 */
export function BulkBar({ params, total, picked = [] }: { params: URLSearchParams; total: number; picked?: readonly string[] }) {
  const id = useId()
  const [selected, setSelected] = useState(false)
  const [eligibleByStage, setEligibleByStage] = useState<Record<Stage, number> | null>(null)
  const [kind, setKind] = useState<Kind>('move')
  const [to, setTo] = useState<Stage>('validacion_preliminar')
  const [memberId, setMemberId] = useState('')
  const [preview, setPreview] = useState<{ action: BulkAction; result: BulkPreview } | null>(null)
  const [message, setMessage] = useState<string>()
  const members = useMembers()
  const previewing = useBulkPreview()
  const applying = useBulkApply()
  const filter = filterOf(params)
  const ids = picked.length > 0 ? { ids: [...picked] } : {}
  const count = picked.length > 0 ? picked.length : total
  const offered = eligibleByStage ? MOVE_TARGETS.filter((s) => eligibleByStage[s] > 0) : MOVE_TARGETS

  async function open() {
    setSelected(true)
    setMessage(undefined)
    // Which moves apply to any of the selection: only those are offered.
    try {
      const result = await previewing.mutateAsync({ filter, ...ids, action: { type: 'move', to: 'validacion_preliminar' } })
      setEligibleByStage(result.eligibleByStage)
      const first = MOVE_TARGETS.find((s) => result.eligibleByStage[s] > 0)
      if (first) setTo(first)
    } catch {
      setEligibleByStage(null)
    }
  }

  if (!selected) {
    return (
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button onClick={() => void open()} disabled={count === 0}>
          {picked.length === 1
            ? 'Seleccionar la postulación marcada'
            : picked.length > 0
              ? `Seleccionar las ${applications(picked.length)} marcadas`
              : total === 1
                ? 'Seleccionar la postulación del filtro'
                : `Seleccionar las ${applications(total)} del filtro`}
        </Button>
        {message && <p role="status" className="text-sm text-ink-800">{message}</p>}
      </div>
    )
  }

  /** The stage the previewed action moves to; null for an assignment. */
  const target: Stage | null = preview ? (preview.action.type === 'move' ? preview.action.to : preview.action.type === 'close' ? 'no_seleccionada' : null) : null
  const action = (reason = ''): BulkAction =>
    kind === 'move' ? { type: 'move', to } : kind === 'close' ? { type: 'close', reason } : { type: 'assign', memberIds: [memberId] }

  async function start() {
    setMessage(undefined)
    if (kind === 'assign' && !memberId) return setMessage('Elige a quién asignar.')
    // The reason of a close is asked in the dialog; the preview needs one, any, to validate.
    const a = action(kind === 'close' ? '—' : '')
    if (kind === 'move' && offered.length === 0) return setMessage('Ninguna de estas postulaciones puede cambiar de etapa.')
    const result = await previewing.mutateAsync({ filter, ...ids, action: a })
    // Nothing to confirm for an action that applies to none of them: say why instead.
    if (result.eligible === 0) return setMessage(['Esta acción no aplica a ninguna de las seleccionadas.', ...result.refused.map((r) => r.message)].join(' '))
    setPreview({ action: a, result })
  }

  const actionText =
    kind === 'move' ? `Mover a «${STAGE_LABELS[to]}»` : kind === 'close' ? 'Cerrar como «No seleccionada»' : 'Asignar'

  return (
    <section aria-label="Acción masiva" className="mb-3 rounded-lg border border-ink-300 bg-ink-50 p-3">
      <p className="text-sm font-semibold text-ink-900">
        {picked.length > 0
          ? `${applications(picked.length)} ${plural(picked.length, 'marcada', 'marcadas')} en la lista.`
          : `${applications(total)} ${plural(total, 'seleccionada', 'seleccionadas')} (todas las del filtro, no solo esta página).`}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>Acción</label>
          <select id={`${id}-kind`} className={`${inputClass} mt-1`} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            <option value="move">Mover a una etapa</option>
            <option value="close">Cerrar como no seleccionada</option>
            <option value="assign">Asignar evaluador</option>
          </select>
        </div>
        {kind === 'move' && (
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>Etapa</label>
            <select id={`${id}-to`} className={`${inputClass} mt-1`} value={to} onChange={(e) => setTo(e.target.value as Stage)} disabled={offered.length === 0}>
              {offered.map((s) => (
                <option key={s} value={s}>
                  {STAGE_LABELS[s]}
                  {eligibleByStage ? ` (${formatCount(eligibleByStage[s])})` : ''}
                </option>
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
        <Button variant="primary" onClick={() => void start()} disabled={previewing.isPending}>
          Continuar
        </Button>
        <Button variant="ghost" onClick={() => { setSelected(false); setPreview(null); setEligibleByStage(null) }}>
          Cancelar selección
        </Button>
      </div>
      {message && <p role="alert" className="mt-2 text-sm text-red-800">{message}</p>}
      {preview && (
        <ConfirmDialog
          open
          title={`${actionText}: ${applications(preview.result.eligible)}`}
          confirmLabel={`${actionText} ${applications(preview.result.eligible)}`}
          variant={kind === 'close' ? 'danger' : 'primary'}
          {...(kind === 'close'
            ? { reason: { label: internal('Motivo del cierre, el mismo para todas'), required: true, maxLength: 2000 } }
            : preview.result.documentsMissing > 0
              ? { reason: { label: internal('Por qué se firman sin todos los documentos'), required: true, maxLength: 1000 } }
              : {})}
          pending={applying.isPending}
          onClose={() => setPreview(null)}
          onConfirm={(reason) => void (async () => {
            try {
              const result = await applying.mutateAsync({
                filter,
                ...ids,
                action: kind === 'close' ? action(reason) : preview.action,
                expected: preview.result.eligible,
                ...(kind === 'move' && preview.result.documentsMissing > 0 ? { missingDocuments: { confirmed: true as const, reason } } : {}),
              })
              setMessage(`Listo: ${applications(result.done)} ${kind === 'assign' ? plural(result.done, 'asignada', 'asignadas') : plural(result.done, 'movida', 'movidas')}.`)
              setSelected(false)
            } catch (error) {
              setMessage(error instanceof Error ? error.message : 'No se pudo completar la acción.')
            }
            setPreview(null)
          })()}
        >
          <p>
            {preview.result.total === 1
              ? `Se aplicará a la postulación ${picked.length > 0 ? 'marcada' : 'del filtro'}. Queda`
              : `Se aplicará a ${applications(preview.result.eligible)} de las ${formatCount(preview.result.total)} ${picked.length > 0 ? 'marcadas' : 'del filtro'}. Cada una queda`}{' '}
            con su propio registro en el historial{kind === 'assign' ? '.' : ':'}
          </p>
          {/* What the move does besides the stage, from the table the server executes (domain/pipeline.ts STAGE_ENTAILS, ADR 0185). */}
          {target && (
            <ul aria-label="Qué hará este cambio" className="mt-2 list-disc pl-5">
              {bulkStageChangeSummary(target, preview.result).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {preview.result.documentsMissing > 0 && (
            <p className="mt-2 font-semibold text-danger-700">
              {preview.result.documentsMissing === 1
                ? '1 de ellas no tiene todos los documentos obligatorios de due diligence.'
                : `${formatCount(preview.result.documentsMissing)} de ellas no tienen todos los documentos obligatorios de due diligence.`}{' '}
              Al confirmar, declaras que se firman igual; el motivo queda en la auditoría.
            </p>
          )}
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
