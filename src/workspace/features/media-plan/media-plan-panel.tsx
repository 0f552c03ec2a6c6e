/**
 * «Plan de medios» of a signed application (ADRs 0160-0161): the
 * balances and the pacing, the lines priced from the deal's rate card
 * version, each line's records, a form to add a line, ONE form to record
 * what happened on the line chosen (with 50 lines, one form per
 * line was unmanageable) — ran with its proof, missed with its reason, a
 * make-good of a miss, a move to another line, a forfeit, a booking, or a
 * correction: a void, which says what it will change before it is recorded —
 * and, apart, withdrawing a line, which asks first and names the line and
 * its value (ADR 0190). Nothing is edited: a correction is a new record.
 * Admins only, like the deal (ADR 0159): not drawn for reviewers.
 */
import { useId, useRef, useState, type FormEvent } from 'react'
import { OUTLET_LABELS, formatCop, formatDay, type Outlet } from '../../../../domain/deals.ts'
import { formatCount } from '../../../../domain/format.ts'
import {
  BALANCE_LABELS,
  ENTRY_KINDS,
  kindsWhere,
  MEDIA_PLAN_MESSAGES,
  PACING_MARGIN_POINTS,
  entryKindLabel,
  entryText,
  isSessionOutlet,
  lineLabel,
  lineTitle,
  liveEntries,
  owedByMiss,
  pacingText,
  tallies,
  unitsText,
  voidEffects,
  withdrawable,
  type EntryKind,
  type PlanEntry,
  type PlanLine,
} from '../../../../domain/media-plan.ts'
import { mediaPlanEndpoints, type MediaPlanView, type PlanEntryBody, type PlanLineBody } from '../../../../domain/workspace-api/media-plan.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { endpointHref } from '../../api/endpoints.ts'
import { useMediaPlan, useMediaPlanWrite, type PlanWrite } from '../../api/media-plan-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { ActionError, Button, FieldError, Panel, QueryWaiting, TextField, inputClass, labelClass } from '../../components/ui.tsx'
import { forFounder } from '../../components/field-audience.ts'
import { MediaPlanFlowchart } from './flowchart-lazy.tsx'
import { ScrollArea } from '../../components/scroll-area.tsx'

type Errors = Record<string, string>

/** A 422's issues by field, and its message. */
function refusalOf(error: unknown): { errors: Errors; message: string } {
  if (error instanceof ApiError && error.status === 422) {
    const issues = (error.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []
    return { errors: Object.fromEntries(issues.map((i) => [i.path, i.message])), message: error.message }
  }
  return { errors: {}, message: error instanceof Error ? error.message : 'No pudimos guardar.' }
}

/**
 * A form's write to the plan: `send` clears the last failure, and on a refusal
 * puts its issues beside their fields (`errors`) and its message under the
 * form (`failure`); once saved it clears the errors and calls `saved`.
 */
function usePlanForm(applicationId: string) {
  const write = useMediaPlanWrite(applicationId)
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string | null>(null)
  function send(input: PlanWrite, saved: () => void) {
    setFailure(null)
    write.mutate(input, {
      onSuccess: () => {
        setErrors({})
        saved()
      },
      onError: (err) => {
        const r = refusalOf(err)
        setErrors(r.errors)
        setFailure(r.message)
      },
    })
  }
  return { pending: write.isPending, errors, failure, send, setErrors }
}

export function MediaPlanPanel({ applicationId }: { applicationId: string }) {
  const answer = useMediaPlan(applicationId)
  if (!answer.isSuccess) return <Panel title="Plan de medios"><QueryWaiting query={answer} /></Panel>
  const { plan, memberNames } = answer.data
  if (!plan) {
    return (
      <Panel title="Plan de medios">
        <p className="text-sm text-ink-600">Sin acuerdo registrado no hay plan de medios: el plan se arma con el tarifario del acuerdo.</p>
      </Panel>
    )
  }
  return (
    <Panel title="Plan de medios">
      <Summary plan={plan} />
      <LinesTable plan={plan} />
      {plan.lines.length > 0 && <MediaPlanFlowchart plan={plan} />}
      <EntryForm applicationId={applicationId} plan={plan} />
      {plan.lines.map((line) => (
        <LineRecords key={line.id} applicationId={applicationId} plan={plan} line={line} memberNames={memberNames} />
      ))}
      <AddLineForm applicationId={applicationId} plan={plan} />
      <WithdrawLineForm applicationId={applicationId} plan={plan} />
    </Panel>
  )
}

function Summary({ plan }: { plan: MediaPlanView }) {
  const b = plan.balances
  const rows = (Object.keys(BALANCE_LABELS) as (keyof typeof BALANCE_LABELS)[]).map((k) => [BALANCE_LABELS[k], b[k]] as const)
  return (
    <div className="mb-4">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-600">{label}</dt>
            <dd className="font-medium text-ink-900">{formatCop(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-ink-800">
        {pacingText(plan.pacing)}. Ventana de exposición: del {formatDay(plan.windowStart)} al {formatDay(plan.windowEnd)}.
      </p>
      {plan.behind && (
        <p role="status" className="mt-2 rounded-md border border-danger-700/50 bg-danger-700/5 px-3 py-2 text-sm font-semibold text-danger-700">
          {plan.pacing.lastMonth
            ? 'Acuerdo atrasado: queda valor por emitir en el último mes de la ventana.'
            : `Acuerdo atrasado: va más de ${PACING_MARGIN_POINTS} puntos detrás de la ventana.`}
        </p>
      )}
      <p className="mt-1 text-xs text-ink-600">
        Precios de la versión {plan.rateCardVersionNumber ?? '—'} del tarifario del acuerdo.
      </p>
    </div>
  )
}

function LinesTable({ plan }: { plan: MediaPlanView }) {
  if (plan.lines.length === 0) return <p className="mb-4 text-sm text-ink-600">Todavía no hay líneas en el plan. Agrega la primera desde el tarifario del acuerdo.</p>
  const t = tallies(plan.lines, plan.entries)
  return (
    // A phone shows the first columns and says the rest are a swipe away: ScrollArea.
    // Named apart from the panel («Plan de medios»): a name holding it would also answer to it.
    <ScrollArea label="Líneas del plan, desplazable" className="mb-4">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Líneas del plan de medios</caption>
        <thead>
          <tr className="border-b border-ink-200 text-ink-700">
            <th scope="col" className="py-1 pr-2">Línea</th>
            <th scope="col" className="py-1 pr-2">Medio y formato</th>
            <th scope="col" className="py-1 pr-2 text-right">Unidades</th>
            <th scope="col" className="py-1 pr-2 text-right">Precio unitario</th>
            <th scope="col" className="py-1 pr-2 text-right">Valor</th>
            <th scope="col" className="py-1 pr-2">Vuelo</th>
            <th scope="col" className="py-1 pr-2 text-right">Emitidas</th>
            <th scope="col" className="py-1 text-right">Por emitir</th>
          </tr>
        </thead>
        <tbody>
          {plan.lines.map((l) => {
            const tally = t.get(l.id)!
            return (
              <tr key={l.id} className="border-b border-ink-100">
                <th scope="row" className="py-1 pr-2 font-semibold">{l.number}</th>
                <td className={tally.withdrawn ? 'py-1 pr-2 text-ink-600' : 'py-1 pr-2'}>{lineLabel(l, tally.withdrawn)}</td>
                <td className="py-1 pr-2 text-right">{formatCount(tally.effective)}</td>
                <td className="py-1 pr-2 text-right">{formatCop(l.unitPriceCop)}</td>
                <td className="py-1 pr-2 text-right">{formatCop(tally.effective * l.unitPriceCop)}</td>
                <td className="py-1 pr-2">{formatDay(l.flightFrom)} al {formatDay(l.flightTo)}</td>
                <td className="py-1 pr-2 text-right">{formatCount(tally.ran + tally.madeGood)}</td>
                <td className="py-1 text-right">{formatCount(Math.max(0, tally.open))}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </ScrollArea>
  )
}

function LineRecords({ applicationId, plan, line, memberNames }: { applicationId: string; plan: MediaPlanView; line: PlanLine; memberNames: Record<string, string> }) {
  const entries = plan.entries.filter((e) => e.lineId === line.id)
  const live = new Set(liveEntries(plan.entries as PlanEntry[]).map((e) => e.id))
  const withdrawn = tallies(plan.lines, plan.entries).get(line.id)?.withdrawn ?? false
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mb-4 border-t border-ink-200 pt-3">
      <h3 id={headingId} className="text-sm font-bold text-ink-900">
        {lineTitle(line)}
        {withdrawn ? ' (retirada del plan)' : ''}
      </h3>
      {line.notes && <p className="text-sm text-ink-700">{line.notes}</p>}
      {entries.length === 0 ? (
        <p className="text-sm text-ink-600">Sin registros todavía.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {entries.map((e) => (
            <li key={e.id} className={live.has(e.id) || e.kind === 'void' ? '' : 'text-ink-500 line-through'}>
              {entryText(e as PlanEntry, plan.lines)}
              {e.reason && <span> · {e.reason}</span>}
              {e.proofUrl && (
                <>
                  {' · '}
                  <a href={e.proofUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                    {isSessionOutlet(line.outlet) ? 'Constancia de la sesión' : 'Prueba de emisión'}
                  </a>
                </>
              )}
              {e.proofDocumentId && (
                <>
                  {' · '}
                  <a href={endpointHref(mediaPlanEndpoints.proof, { params: { id: applicationId, proofId: e.proofDocumentId } })} className="font-semibold underline">
                    {`Archivo de la prueba: ${e.proofFileName ?? 'descargar'}`}
                  </a>
                </>
              )}
              <span className="text-ink-600"> · {e.recordedBy ? (memberNames[e.recordedBy] ?? 'un miembro que ya no está') : 'el sistema'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The kinds whose form asks for a proof, for a reason (domain/media-plan.ts ENTRY_KIND_FACTS). */
const NEEDS_PROOF: EntryKind[] = kindsWhere('proof')
const NEEDS_REASON: EntryKind[] = kindsWhere('reason')

function EntryForm({ applicationId, plan }: { applicationId: string; plan: MediaPlanView }) {
  const { pending, errors, failure, send, setErrors } = usePlanForm(applicationId)
  const id = useId()
  const t = tallies(plan.lines, plan.entries)
  const open = plan.lines.filter((l) => !t.get(l.id)?.withdrawn)
  const [picked, setLineId] = useState('')
  const [kind, setKind] = useState<EntryKind>('ran')
  const [day, setDay] = useState(plan.today)
  const [units, setUnits] = useState('1')
  const [proofUrl, setProofUrl] = useState('')
  const [proofFile, setProofFile] = useState<File | null>(null)
  const proofInput = useRef<HTMLInputElement>(null)
  const [reason, setReason] = useState('')
  const [makeGoodFor, setMakeGoodFor] = useState('')
  const [toLineId, setToLineId] = useState('')
  const [voids, setVoids] = useState('')
  const [confirming, setConfirming] = useState(false)

  // The line chosen while it is still in the plan; the only one when there is one (the plan may have grown since the form opened).
  const lineId = open.some((l) => l.id === picked) ? picked : open.length === 1 ? open[0]!.id : ''
  const line = open.find((l) => l.id === lineId) ?? null
  const outlet: Outlet = line?.outlet ?? 'tv_nacional'
  const entries = plan.entries as PlanEntry[]
  const owed = owedByMiss(entries)
  const misses = liveEntries(entries).filter((e) => e.lineId === lineId && e.kind === 'missed' && (owed.get(e.id) ?? 0) > 0)
  const voidable = liveEntries(entries).filter((e) => e.lineId === lineId)
  const others = open.filter((l) => l.id !== lineId)
  // The balances a void changes do not depend on the window's length (only the months' split does, not shown here).
  const effects = kind === 'void' && voids ? voidEffects({ mediaValueCop: plan.mediaValueCop, windowStart: plan.windowStart, windowMonths: 1 }, plan.lines, entries, voids) : null

  function body(): PlanEntryBody {
    return {
      lineId,
      kind,
      day,
      units: kind === 'void' ? '' : units,
      proofUrl: NEEDS_PROOF.includes(kind) ? proofUrl : null,
      reason: NEEDS_REASON.includes(kind) ? reason : null,
      makeGoodFor: kind === 'make_good' ? makeGoodFor || null : null,
      toLineId: kind === 'moved' ? toLineId || null : null,
      voids: kind === 'void' ? voids || null : null,
    }
  }

  function record() {
    const what = kind
    const number = line?.number
    // The dialog closes as it is sent: a refusal is said beside its field in the form.
    setConfirming(false)
    send({ what: 'entries', body: body(), proofFile: NEEDS_PROOF.includes(kind) ? proofFile : null }, () => {
      setProofUrl('')
      setProofFile(null)
      if (proofInput.current) proofInput.current.value = ''
      setReason('')
      setVoids('')
      notify('success', { title: what === 'void' ? 'Registro anulado' : 'Registro guardado', description: `${entryKindLabel(what, outlet)} en la línea ${number}.` })
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    // Nothing to send without a line; a correction names the entry it cancels, then says what it changes first.
    if (!line) return setErrors({ lineId: 'Elige la línea.' })
    if (kind === 'void') {
      if (!voids) return setErrors({ voids: MEDIA_PLAN_MESSAGES.voidNeedsEntry })
      setErrors({})
      return setConfirming(true)
    }
    record()
  }

  if (open.length === 0) return null
  const f = (name: string) => `${id}-${name}`
  return (
    <>
      <form aria-label="Registrar en el plan" onSubmit={submit} noValidate className="mb-4 grid grid-cols-1 gap-x-3 border-t border-ink-200 pt-3 sm:grid-cols-2">
        <h3 className="mb-2 text-sm font-bold text-ink-900 sm:col-span-2">Registrar en el plan</h3>
        <div className="sm:col-span-2">
          <label htmlFor={f('line')} className={labelClass}>Línea</label>
          <select
            id={f('line')}
            className={`${inputClass} mt-1`}
            value={lineId}
            aria-invalid={errors.lineId !== undefined}
            aria-describedby={`${f('line')}-error`}
            onChange={(e) => {
              setLineId(e.target.value)
              setVoids('')
              setMakeGoodFor('')
              setToLineId('')
            }}
          >
            {open.length !== 1 && <option value="">Elige la línea…</option>}
            {open.map((l) => (
              <option key={l.id} value={l.id}>{lineTitle(l)}</option>
            ))}
          </select>
          <FieldError id={`${f('line')}-error`} message={errors.lineId} />
        </div>
        <div>
          <label htmlFor={f('kind')} className={labelClass}>Qué pasó</label>
          <select id={f('kind')} className={`${inputClass} mt-1`} value={kind} aria-describedby={`${f('kind')}-error`} onChange={(e) => setKind(e.target.value as EntryKind)}>
            {ENTRY_KINDS.map((k) => (
              <option key={k} value={k}>{k === 'void' ? 'Anular un registro (corrección)' : entryKindLabel(k, outlet)}</option>
            ))}
          </select>
          <FieldError id={`${f('kind')}-error`} message={errors.kind} />
        </div>
        <div>
          <TextField id={f('day')} label="Día" type="date" value={day} error={errors.day} onValue={setDay} />
        </div>
        {kind !== 'void' && (
          <div>
            <TextField id={f('units')} label={isSessionOutlet(outlet) ? 'Sesiones' : 'Unidades'} inputMode="numeric" value={units} error={errors.units} onValue={setUnits} />
          </div>
        )}
        {NEEDS_PROOF.includes(kind) && (
          <div>
            <TextField
              id={f('proof')}
              label={isSessionOutlet(outlet) ? (kind === 'ran' ? forFounder('Enlace de la constancia de la sesión') : forFounder('Enlace de la constancia', { optional: true })) : kind === 'ran' ? forFounder('Enlace de la prueba de emisión') : forFounder('Enlace de la prueba', { optional: true })}
              type="url"
              placeholder="https://"
              value={proofUrl}
              error={errors.proofUrl}
              onValue={setProofUrl}
            />
          </div>
        )}
        {NEEDS_PROOF.includes(kind) && (
          <div>
            <label htmlFor={f('proofFile')} className={labelClass}>Archivo de la prueba (PDF o imagen)</label>
            <input
              ref={proofInput}
              id={f('proofFile')}
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className={`${inputClass} mt-1`}
              aria-invalid={errors.proofFile !== undefined}
              aria-describedby={`${f('proofFile')}-error`}
              onChange={(e) => setProofFile(e.target.files?.[0] ?? null)}
            />
            <FieldError id={`${f('proofFile')}-error`} message={errors.proofFile} />
          </div>
        )}
        {NEEDS_REASON.includes(kind) && (
          <div>
            <TextField id={f('reason')} label={forFounder('Motivo', { optional: kind === 'forfeited' })} value={reason} error={errors.reason} onValue={setReason} />
          </div>
        )}
        {kind === 'make_good' && (
          <div>
            <label htmlFor={f('miss')} className={labelClass}>«No emitido» que se repone</label>
            <select id={f('miss')} className={`${inputClass} mt-1`} value={makeGoodFor} aria-invalid={errors.makeGoodFor !== undefined} aria-describedby={`${f('miss')}-error`} onChange={(e) => setMakeGoodFor(e.target.value)}>
              <option value="">Elige…</option>
              {misses.map((m) => (
                <option key={m.id} value={m.id}>{`${formatDay(m.day)}: debe ${formatCount(owed.get(m.id) ?? 0)}`}</option>
              ))}
            </select>
            <FieldError id={`${f('miss')}-error`} message={errors.makeGoodFor} />
          </div>
        )}
        {kind === 'moved' && (
          <div>
            <label htmlFor={f('to')} className={labelClass}>Línea que recibe el valor</label>
            <select id={f('to')} className={`${inputClass} mt-1`} value={toLineId} aria-invalid={errors.toLineId !== undefined} aria-describedby={`${f('to')}-error`} onChange={(e) => setToLineId(e.target.value)}>
              <option value="">Elige…</option>
              {others.map((l) => (
                <option key={l.id} value={l.id}>{lineTitle(l)}</option>
              ))}
            </select>
            <FieldError id={`${f('to')}-error`} message={errors.toLineId} />
          </div>
        )}
        {kind === 'void' && (
          <div>
            <label htmlFor={f('voids')} className={labelClass}>Registro que se anula</label>
            <select id={f('voids')} className={`${inputClass} mt-1`} value={voids} aria-invalid={errors.voids !== undefined} aria-describedby={`${f('voids')}-error`} onChange={(e) => setVoids(e.target.value)}>
              <option value="">Elige el registro…</option>
              {voidable.map((e) => (
                <option key={e.id} value={e.id}>{entryText(e, plan.lines)}</option>
              ))}
            </select>
            <FieldError id={`${f('voids')}-error`} message={errors.voids} />
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={pending}>
            {kind === 'void' ? 'Revisar la anulación' : 'Guardar registro'}
          </Button>
          <ActionError message={failure} />
        </div>
      </form>
      <ConfirmDialog
        open={confirming && effects !== null}
        title="¿Anular este registro?"
        confirmLabel="Anular el registro"
        variant="danger"
        pending={pending}
        onConfirm={record}
        onClose={() => setConfirming(false)}
      >
        {effects && <VoidPreview effects={effects} reason={reason} />}
      </ConfirmDialog>
    </>
  )
}

/** What a void will change, said before it is recorded. */
function VoidPreview({ effects, reason }: { effects: NonNullable<ReturnType<typeof voidEffects>>; reason: string }) {
  return (
    <div className="space-y-2">
      <p>
        Se anula <strong>{effects.what}</strong>, de la {lineTitle(effects.line).replace('Línea', 'línea')}. Queda tachado en el registro, con tu nombre y el motivo.
      </p>
      {reason.trim() && <p>Motivo: «{reason.trim()}»</p>}
      {effects.balances.length > 0 ? (
        <>
          <p className="font-semibold text-ink-900">Lo que cambia en los saldos</p>
          <ul className="list-disc pl-5">
            {effects.balances.map((b) => (
              <li key={b.label}>{`${b.label}: pasa de ${formatCop(b.before)} a ${formatCop(b.after)}`}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>No cambia ningún saldo del plan.</p>
      )}
      {effects.lines.map((l) => (
        <div key={l.title}>
          <p className="font-semibold text-ink-900">{l.title}</p>
          <ul className="list-disc pl-5">
            {l.changes.map((c) => (
              <li key={c.label}>{`${c.label}: pasa de ${formatCount(c.before)} a ${formatCount(c.after)}`}</li>
            ))}
          </ul>
        </div>
      ))}
      <p>{effects.leavesFoundersPage ? 'Deja de aparecer en la página de la persona fundadora.' : 'La página de la persona fundadora no cambia: las reservas no se le muestran.'}</p>
    </div>
  )
}

/**
 * Withdrawing a line (a line added by mistake): its own action, never a record's correction (ADR
 * 0190). Only lines with nothing but bookings recorded; it asks first, naming the line and its value.
 */
function WithdrawLineForm({ applicationId, plan }: { applicationId: string; plan: MediaPlanView }) {
  const { pending, errors, failure, send, setErrors } = usePlanForm(applicationId)
  const id = useId()
  const t = tallies(plan.lines, plan.entries)
  const candidates = plan.lines.filter((l) => withdrawable(t.get(l.id)!))
  const [lineId, setLineId] = useState('')
  const [confirming, setConfirming] = useState(false)
  if (candidates.length === 0) return null
  const line = candidates.find((l) => l.id === lineId) ?? null
  const units = line ? t.get(line.id)!.effective : 0
  const value = line ? units * line.unitPriceCop : 0

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!line) return setErrors({ lineId: 'Elige la línea que se retira.' })
    setErrors({})
    setConfirming(true)
  }
  function withdraw(reason: string) {
    if (!line) return
    const number = line.number
    // The dialog closes as it is sent: a refusal is said under the form.
    setConfirming(false)
    send({ what: 'withdrawal', lineId: line.id, body: { reason } }, () => {
      setLineId('')
      notify('success', { title: 'Línea retirada', description: `La línea ${number} salió del plan; su valor volvió a «por ubicar».` })
    })
  }
  const f = (name: string) => `${id}-${name}`
  return (
    <>
      <form aria-label="Retirar una línea del plan" onSubmit={submit} noValidate className="mt-4 border-t border-ink-200 pt-3">
        <h3 className="mb-1 text-sm font-bold text-ink-900">Retirar una línea del plan</h3>
        <p className="mb-2 text-sm text-ink-700">Para una línea agregada por error, mientras no tenga más que reservas. Sale del plan y de la página de la persona fundadora; no se deshace.</p>
        <label htmlFor={f('line')} className={labelClass}>Línea que se retira</label>
        <select id={f('line')} className={`${inputClass} mt-1`} value={lineId} aria-invalid={errors.lineId !== undefined} aria-describedby={`${f('line')}-error`} onChange={(e) => setLineId(e.target.value)}>
          <option value="">Elige la línea…</option>
          {candidates.map((l) => (
            <option key={l.id} value={l.id}>{lineTitle(l)}</option>
          ))}
        </select>
        <FieldError id={`${f('line')}-error`} message={errors.lineId ?? errors.reason} />
        <Button type="submit" variant="danger" disabled={pending}>
          Retirar la línea…
        </Button>
        <ActionError message={failure} />
      </form>
      <ConfirmDialog
        open={confirming && line !== null}
        title={line ? `¿Retirar la línea ${line.number} del plan?` : ''}
        confirmLabel={line ? `Retirar la línea ${line.number}` : 'Retirar'}
        variant="danger"
        pending={pending}
        reason={{ label: forFounder('Motivo del retiro'), required: true, maxLength: 500 }}
        onConfirm={withdraw}
        onClose={() => setConfirming(false)}
      >
        {line && (
          <div className="space-y-2">
            <p>
              <strong>{lineTitle(line)}</strong>: {unitsText(units, line.outlet)} por <strong>{formatCop(value)}</strong>, del {formatDay(line.flightFrom)} al {formatDay(line.flightTo)}.
            </p>
            <p>Sale del plan y de la página de la persona fundadora, y sus {formatCop(value)} vuelven a «por ubicar». No se deshace: si fue un error, agrega la línea de nuevo.</p>
          </div>
        )}
      </ConfirmDialog>
    </>
  )
}

function AddLineForm({ applicationId, plan }: { applicationId: string; plan: MediaPlanView }) {
  const { pending, errors, failure, send } = usePlanForm(applicationId)
  const id = useId()
  const outlets = [...new Set(plan.rateCard.map((i) => i.outlet))]
  const [outlet, setOutlet] = useState<Outlet | ''>(outlets[0] ?? '')
  const formats = plan.rateCard.filter((i) => i.outlet === outlet)
  const [format, setFormat] = useState(formats[0]?.format ?? '')
  const [units, setUnits] = useState('')
  const [flightFrom, setFlightFrom] = useState(plan.windowStart)
  const [flightTo, setFlightTo] = useState(plan.windowEnd)
  const [notes, setNotes] = useState('')

  if (plan.rateCardVersionId === null || plan.rateCard.length === 0) {
    return <p className="text-sm text-ink-600">El acuerdo no tiene una versión del tarifario: corrige el acuerdo y elige la versión publicada con la que se firmó para armar el plan.</p>
  }
  const item = formats.find((i) => i.format === format)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (outlet === '') return
    const body: PlanLineBody = { outlet, format, units, flightFrom, flightTo, notes }
    send({ what: 'lines', body }, () => {
      setUnits('')
      setNotes('')
      notify('success', { title: 'Línea agregada', description: 'La línea quedó en el plan con el precio del tarifario del acuerdo.' })
    })
  }
  const f = (name: string) => `${id}-${name}`
  return (
    <form aria-label="Agregar una línea al plan" onSubmit={submit} noValidate className="border-t border-ink-200 pt-3">
      <h3 className="mb-2 text-sm font-bold text-ink-900">Agregar una línea</h3>
      <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
        <div>
          <label htmlFor={f('outlet')} className={labelClass}>Medio</label>
          <select
            id={f('outlet')}
            className={`${inputClass} mt-1`}
            value={outlet}
            aria-invalid={errors.outlet !== undefined}
            aria-describedby={`${f('outlet')}-error`}
            onChange={(e) => {
              const next = e.target.value as Outlet
              setOutlet(next)
              setFormat(plan.rateCard.find((i) => i.outlet === next)?.format ?? '')
            }}
          >
            {outlets.map((o) => (
              <option key={o} value={o}>{OUTLET_LABELS[o]}</option>
            ))}
          </select>
          <FieldError id={`${f('outlet')}-error`} message={errors.outlet} />
        </div>
        <div>
          <label htmlFor={f('format')} className={labelClass}>Formato</label>
          <select id={f('format')} className={`${inputClass} mt-1`} value={format} aria-invalid={errors.format !== undefined} aria-describedby={`${f('format')}-error ${f('price')}`} onChange={(e) => setFormat(e.target.value)}>
            {formats.map((i) => (
              <option key={i.format} value={i.format}>{i.format}</option>
            ))}
          </select>
          <p id={f('price')} className="mt-1 text-xs text-ink-600">{item ? `${formatCop(item.unitPriceCop)} por unidad` : ''}</p>
          <FieldError id={`${f('format')}-error`} message={errors.format} />
        </div>
        <div>
          <TextField id={f('units')} label="Unidades" inputMode="numeric" value={units} error={errors.units} onValue={setUnits} />
        </div>
        <div>
          <TextField id={f('notes')} label={forFounder('Notas', { optional: true })} value={notes} error={errors.notes} onValue={setNotes} />
        </div>
        <div>
          <TextField id={f('from')} label="Vuelo desde" type="date" min={plan.windowStart} max={plan.windowEnd} value={flightFrom} error={errors.flightFrom} onValue={setFlightFrom} />
        </div>
        <div>
          <TextField id={f('to')} label="Vuelo hasta" type="date" min={plan.windowStart} max={plan.windowEnd} value={flightTo} error={errors.flightTo} onValue={setFlightTo} />
        </div>
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        Agregar línea
      </Button>
      <ActionError message={failure} />
    </form>
  )
}
