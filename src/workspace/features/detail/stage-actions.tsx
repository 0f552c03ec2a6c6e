/**
 * The current stage, its due date, and the moves the state machine allows
 * (domain/pipeline.ts), each a deliberate action behind a confirmation.
 * Closing as no_seleccionada asks for the reason (internal) and, optionally,
 * what the founder's e-mail should say (founderReason).
 */
import { useId, useState } from 'react'
import { NEXT_STAGE, STAGE_LABELS, TRANSITION_REASON_MAX, isOpenStage, type Stage } from '../../../../domain/pipeline.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { useTransition } from '../../api/queries.ts'
import type { ApplicationDetail } from '../../../../domain/workspace-api/review.ts'
import { DueDate, StageBadge } from '../../components/badges.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, Panel } from '../../components/ui.tsx'
import { formatDate } from '../../lib/format.ts'

function actionLabel(from: Stage, to: Stage): string {
  if (to === 'no_seleccionada') return 'Cerrar como no seleccionada'
  if (to === 'retirada') return 'Marcar como retirada'
  if (isOpenStage(from) && NEXT_STAGE[from] === to) return `Mover a ${STAGE_LABELS[to]}`
  return STAGE_LABELS[to]
}

export function StageActions({ application }: { application: ApplicationDetail }) {
  const [target, setTarget] = useState<Stage | null>(null)
  // What the founder's e-mail says (no_seleccionada); the reason above stays internal.
  const [founderReason, setFounderReason] = useState('')
  const founderReasonId = useId()
  const transition = useTransition(application.id)
  const from = application.stage

  function confirm(reason: string) {
    if (!target) return
    transition.mutate(
      {
        from,
        to: target,
        ...(reason ? { reason } : {}),
        ...(target === 'no_seleccionada' && founderReason.trim() ? { founderReason: founderReason.trim() } : {}),
      },
      {
        onSuccess: (result) => {
          setTarget(null)
          setFounderReason('')
          notify('success', { title: 'Etapa actualizada', description: `Ahora está en «${STAGE_LABELS[result.stage]}».` })
        },
        onError: (err) => {
          setTarget(null)
          const conflict = err instanceof ApiError && err.status === 409
          notify('error', {
            title: conflict ? 'La etapa ya cambió' : 'No pudimos cambiar la etapa',
            description: conflict ? 'Alguien más la movió mientras la veías. Te mostramos el estado actual.' : err.message,
          })
        },
      },
    )
  }

  return (
    <Panel title="Etapa">
      <div className="flex flex-wrap items-center gap-2">
        <StageBadge stage={from} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-600">Desde</dt>
        <dd>{formatDate(application.stageEnteredAt)}</dd>
        <dt className="text-ink-600">Vence</dt>
        <dd><DueDate dueAt={application.stageDueAt} state={application.dueState} /></dd>
      </dl>
      {application.allowedTransitions.length > 0 ? (
        <div className="mt-4 flex flex-col gap-2">
          {application.allowedTransitions.map((to) => (
            <Button
              key={to}
              variant={to === 'no_seleccionada' ? 'danger' : isOpenStage(from) && NEXT_STAGE[from] === to ? 'primary' : 'secondary'}
              onClick={() => setTarget(to)}
            >
              {actionLabel(from, to)}
            </Button>
          ))}
        </div>
      ) : (
        <p className="mt-3 text-sm text-ink-600">Esta postulación está cerrada.</p>
      )}
      <ConfirmDialog
        open={target !== null}
        title={target ? `¿${actionLabel(from, target)}?` : ''}
        confirmLabel={target === 'no_seleccionada' ? 'Cerrar postulación' : 'Confirmar'}
        variant={target === 'no_seleccionada' ? 'danger' : 'primary'}
        reason={{
          label: target === 'no_seleccionada' ? 'Motivo de la decisión' : 'Motivo o comentario',
          required: target === 'no_seleccionada',
          maxLength: TRANSITION_REASON_MAX,
        }}
        extra={
          target === 'no_seleccionada' && (
            <div className="mt-4">
              <label htmlFor={founderReasonId} className="block text-sm font-semibold text-ink-800">
                Lo que le diremos al founder <span className="font-normal text-ink-600">(opcional; el motivo de arriba es interno)</span>
              </label>
              <textarea
                id={founderReasonId}
                className="mt-1 block w-full rounded-md border border-ink-300 bg-white px-2.5 py-1.5 text-sm text-ink-900"
                rows={3}
                maxLength={TRANSITION_REASON_MAX}
                value={founderReason}
                onChange={(e) => setFounderReason(e.target.value)}
              />
            </div>
          )
        }
        pending={transition.isPending}
        onConfirm={confirm}
        onClose={() => setTarget(null)}
      >
        {target && (
          <p>
            La postulación <strong>{application.reference}</strong> pasará de «{STAGE_LABELS[from]}» a «{STAGE_LABELS[target]}».
            {target === 'acuerdo_firmado' || target === 'no_seleccionada' || target === 'retirada'
              ? ' Es una decisión final: la postulación queda cerrada.'
              : ''}
            {(target === 'sesion_panel' || target === 'due_diligence' || target === 'acuerdo_firmado' || target === 'no_seleccionada' || target === 'retirada') &&
              ' El correo al founder quedará en «Correos por enviar» para revisarlo antes de que salga.'}
          </p>
        )}
      </ConfirmDialog>
    </Panel>
  )
}
