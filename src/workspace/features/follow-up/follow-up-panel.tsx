/**
 * The «Seguimiento» section of a signed application (ADRs
 * 0164-0167): the founder's check-ins month by month (a table of each metric
 * per month, and what they wrote), the reviews at months 3, 6 and 12 with
 * their record, and the closing note. Admins only, like the deal (ADR 0159):
 * not drawn for a reviewer, and the API refuses them. The figures come as a
 * series per metric: a chart of each month by month with the weeks the
 * startup's media ran behind it (ADR 0176, loaded lazily with d3: ./lazy.tsx),
 * each with its table, then every metric in one table with each month's state.
 */
import { useId, useState, type ReactNode } from 'react'
import { formatDay } from '../../../../domain/deals.ts'
import {
  CHECK_IN_COUNT,
  CLOSING_NOTE_MAX,
  METRICS,
  METRIC_KEYS,
  MILESTONE_NOTE_MAX,
  TEXTS,
  TEXT_KEYS,
  formatMetric,
  milestoneTitle,
  type MilestoneMonth,
} from '../../../../domain/follow-up.ts'
import { formatDateTime, formatIsoDay, formatMonth, sentence } from '../../../../domain/format.ts'
import type { FollowUpAnswer, FollowUpView } from '../../../../domain/workspace-api/follow-up.ts'
import { notify } from '../../../lib/toast.tsx'
import { useFollowUp, useFollowUpAction } from '../../api/follow-up-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, FieldError, inputClass, labelClass, Panel, QueryWaiting } from '../../components/ui.tsx'
import { ScrollArea } from '../../components/scroll-area.tsx'
import { CheckInBadge, MilestoneBadge } from './follow-up-badges.tsx'
import { FollowUpCharts } from './lazy.tsx'
import { internal } from '../../components/field-audience.ts'

export function FollowUpPanel({ applicationId }: { applicationId: string }) {
  const answer = useFollowUp(applicationId)
  if (!answer.isSuccess) return <Panel title="Seguimiento"><QueryWaiting query={answer} /></Panel>
  const { followUp, memberNames, mediaDays } = answer.data
  if (!followUp) {
    return (
      <Panel title="Seguimiento">
        <p className="text-sm text-ink-600">Sin acuerdo registrado, esta postulación no tiene seguimiento.</p>
      </Panel>
    )
  }
  const who = (id: string | null) => (id ? (memberNames[id] ?? 'un miembro que ya no está en el equipo') : 'el sistema')
  return (
    <Panel title="Seguimiento (12 meses)">
      <Summary followUp={followUp} />
      <Charts followUp={followUp} mediaDays={mediaDays} />
      <Figures followUp={followUp} />
      <Texts followUp={followUp} />
      <Milestones applicationId={applicationId} followUp={followUp} who={who} />
      <Closing applicationId={applicationId} followUp={followUp} who={who} />
    </Panel>
  )
}

function Summary({ followUp }: { followUp: FollowUpView }) {
  const current = followUp.current === null ? null : followUp.months[followUp.current - 1]!
  return (
    <p className="text-sm text-ink-700">
      Del {formatDay(followUp.followUpStart)} al {formatDay(followUp.followUpEnd)}.{' '}
      {followUp.closing ? (
        <>{sentence(`Seguimiento cerrado el ${formatDateTime(followUp.closing.closedAt)}`)}</>
      ) : current ? (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          Reporte abierto: mes {current.number} de {CHECK_IN_COUNT} ({formatMonth(current.period)}), vence el {formatDay(current.dueOn)} <CheckInBadge state={current.state} />
        </span>
      ) : followUp.next ? (
        <>El próximo reporte ({formatMonth(followUp.next.period)}) se abre el {formatDay(followUp.next.opensOn)}.</>
      ) : (
        <>Ya pasaron los doce reportes.</>
      )}
    </p>
  )
}

/** Each metric month by month, the weeks media ran behind; each chart with its figures in a table under it. */
function Charts({ followUp, mediaDays }: { followUp: FollowUpView; mediaDays: FollowUpAnswer['mediaDays'] }) {
  return (
    <section className="mt-3" aria-labelledby="seguimiento-graficas">
      <h3 id="seguimiento-graficas" className="mb-2 text-sm font-bold text-ink-900">
        Cada cifra mes a mes
      </h3>
      <FollowUpCharts
        charts={METRIC_KEYS.map((k) => ({
          title: METRICS[k].label,
          unit: METRICS[k].unit,
          points: followUp.series[k].map((p) => ({ period: p.period, value: p.value })),
          mediaDays,
        }))}
      />
    </section>
  )
}

function Figures({ followUp }: { followUp: FollowUpView }) {
  const captionId = useId()
  return (
    // A phone shows the month and its state first and says the figures are a swipe away.
    <ScrollArea labelledBy={captionId} className="mt-3 rounded-md border border-ink-200">
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-sm font-bold text-ink-900">
          Cifras mes a mes
        </caption>
        <thead className="border-y border-ink-200 bg-ink-50 text-xs text-ink-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Mes</th>
            <th scope="col" className="px-3 py-2 font-semibold">Estado</th>
            {METRIC_KEYS.map((k) => (
              <th key={k} scope="col" className="px-3 py-2 text-right font-semibold whitespace-nowrap">
                <abbr title={METRICS[k].definition} className="no-underline">{METRICS[k].short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {followUp.months.map((m) => (
            <tr key={m.number} className="border-b border-ink-100 last:border-0">
              <th scope="row" className="px-3 py-1.5 font-semibold whitespace-nowrap">
                {m.number}. {formatMonth(m.period)}
              </th>
              <td className="px-3 py-1.5">
                <CheckInBadge state={m.state} />
                {m.versions > 1 && <span className="ml-1 text-xs text-ink-600">({m.versions} versiones)</span>}
              </td>
              {METRIC_KEYS.map((k) => (
                <td key={k} className="px-3 py-1.5 text-right tabular-nums whitespace-nowrap">
                  {m.checkIn ? formatMetric(k, m.checkIn[k]) : '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  )
}

function Texts({ followUp }: { followUp: FollowUpView }) {
  const answered = followUp.months.filter((m) => m.checkIn)
  return (
    <section className="mt-4" aria-labelledby="seguimiento-textos">
      <h3 id="seguimiento-textos" className="text-sm font-bold text-ink-900">
        Lo que contó cada mes
      </h3>
      {answered.length === 0 ? (
        <p className="mt-1 text-sm text-ink-600">Todavía no hay reportes.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-1">
          {answered.map((m) => (
            <li key={m.number}>
              <details className="rounded-md border border-ink-200 px-3 py-1.5">
                <summary className="cursor-pointer py-1 text-sm font-semibold text-ink-900">
                  {formatMonth(m.period)}: enviado el {formatDateTime(m.checkIn!.submittedAt)}
                  {m.versions > 1 ? ` (versión ${m.versions})` : ''}
                </summary>
                <dl className="mt-1 mb-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
                  {TEXT_KEYS.map((k) => (
                    <div key={k} className="contents">
                      <dt className="text-ink-600">{TEXTS[k].label}</dt>
                      <dd className="mb-1 whitespace-pre-wrap text-ink-900 sm:mb-0">{m.checkIn![k] || <span className="text-ink-500">(vacío)</span>}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Milestones({ applicationId, followUp, who }: { applicationId: string; followUp: FollowUpView; who: (id: string | null) => string }) {
  const action = useFollowUpAction(applicationId)
  const [editing, setEditing] = useState<MilestoneMonth | null>(null)
  const [heldOn, setHeldOn] = useState('')
  const [error, setError] = useState<string>()
  const dateId = useId()
  const today = formatIsoDay(new Date())

  function open(month: MilestoneMonth) {
    const record = followUp.milestones.find((m) => m.month === month)?.record
    setHeldOn(record?.heldOn ?? today)
    setError(undefined)
    setEditing(month)
  }

  function save(note: string) {
    if (editing === null) return
    if (!/^\d{4}-\d{2}-\d{2}$/.test(heldOn)) {
      setError('Escribe la fecha de la revisión.')
      return
    }
    action.mutate(
      { kind: 'milestone', month: editing, body: { heldOn, note } },
      {
        onSuccess: () => {
          setEditing(null)
          notify('success', { title: 'Revisión registrada', description: 'Quedó en la auditoría.' }, { action: 'milestone' })
        },
        onError: (err) => {
          setError(err.message)
          notify('error', { title: 'No pudimos registrar la revisión', description: err.message }, { action: 'milestone' })
        },
      },
    )
  }

  return (
    <section className="mt-4" aria-labelledby="seguimiento-revisiones">
      <h3 id="seguimiento-revisiones" className="text-sm font-bold text-ink-900">
        Revisiones con el equipo
      </h3>
      <ul className="mt-1 flex flex-col gap-2">
        {followUp.milestones.map((m) => (
          <li key={m.month} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-ink-200 px-3 py-2 text-sm">
            <span className="flex flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
                {milestoneTitle(m.month)} <MilestoneBadge state={m.state} />
              </span>
              {m.record ? (
                <>
                  <span className="text-ink-700">
                    El {formatDay(m.record.heldOn)}; registrada por {who(m.record.recordedBy)}.
                  </span>
                  <span className="whitespace-pre-wrap text-ink-900">{m.record.note}</span>
                </>
              ) : (
                <span className="text-ink-700">Antes del {formatDay(m.dueOn)}.</span>
              )}
            </span>
            <Button onClick={() => open(m.month)} aria-label={`${m.record ? 'Corregir' : 'Registrar'} la ${milestoneTitle(m.month).toLowerCase()}`}>
              {m.record ? 'Corregir' : 'Registrar'}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={editing !== null}
        title={editing === null ? '' : `${milestoneTitle(editing)}: registrar`}
        confirmLabel="Guardar revisión"
        pending={action.isPending}
        reason={{ label: internal('Nota de la revisión'), required: true, maxLength: MILESTONE_NOTE_MAX }}
        extra={
          <div className="mt-3">
            <label htmlFor={dateId} className={labelClass}>
              Fecha de la revisión
            </label>
            <input
              id={dateId}
              type="date"
              className={`${inputClass} mt-1`}
              value={heldOn}
              max={today}
              aria-invalid={error !== undefined}
              aria-describedby={`${dateId}-error`}
              onChange={(e) => setHeldOn(e.target.value)}
            />
            <FieldError id={`${dateId}-error`} message={error} />
          </div>
        }
        onConfirm={save}
        onClose={() => setEditing(null)}
      >
        <p>La revisión con la persona fundadora: cuándo fue y qué acordaron. Queda en la auditoría; la persona fundadora ve solo la fecha.</p>
      </ConfirmDialog>
    </section>
  )
}

function Closing({ applicationId, followUp, who }: { applicationId: string; followUp: FollowUpView; who: (id: string | null) => string }) {
  const action = useFollowUpAction(applicationId)
  const [open, setOpen] = useState(false)
  const early = followUp.current !== null || followUp.next !== null
  if (followUp.closing) {
    return (
      <ClosingSection>
        <p className="mt-1 text-sm text-ink-700">
          Cerrado el {formatDateTime(followUp.closing.closedAt)} por {who(followUp.closing.closedBy)}. Ya no se envían reportes.
        </p>
        <p className="mt-1 text-sm whitespace-pre-wrap text-ink-900">{followUp.closing.note}</p>
      </ClosingSection>
    )
  }
  return (
    <ClosingSection>
      <p className="mt-1 text-sm text-ink-700">
        El programa termina en el mes 12 con una nota de cierre. Cerrar el seguimiento detiene los correos de reporte mensual.
      </p>
      <Button className="mt-2" variant={early ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
        {early ? 'Cerrar el seguimiento antes de tiempo' : 'Escribir la nota de cierre'}
      </Button>
      <ConfirmDialog
        open={open}
        title="Cerrar el seguimiento"
        confirmLabel="Cerrar el seguimiento"
        variant={early ? 'danger' : 'primary'}
        pending={action.isPending}
        reason={{ label: internal('Nota de cierre'), required: true, maxLength: CLOSING_NOTE_MAX }}
        onConfirm={(note) =>
          action.mutate(
            { kind: 'close', body: { note } },
            {
              onSuccess: () => {
                setOpen(false)
                notify('success', { title: 'Seguimiento cerrado', description: 'No se enviarán más reportes mensuales.' }, { action: 'follow-up-close' })
              },
              onError: (err) => notify('error', { title: 'No pudimos cerrar el seguimiento', description: err.message }, { action: 'follow-up-close' }),
            },
          )
        }
        onClose={() => setOpen(false)}
      >
        <p>
          {early ? 'Todavía quedan reportes por enviar. ' : ''}La nota de cierre no se cambia después y la persona fundadora no recibirá más correos de reporte mensual.
        </p>
      </ConfirmDialog>
    </ClosingSection>
  )
}

/** The «Cierre» section, closed or not yet. */
function ClosingSection({ children }: { children: ReactNode }) {
  return (
    <section className="mt-4" aria-labelledby="seguimiento-cierre">
      <h3 id="seguimiento-cierre" className="text-sm font-bold text-ink-900">
        Cierre
      </h3>
      {children}
    </section>
  )
}
