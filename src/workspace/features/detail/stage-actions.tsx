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
import { useDocuments, useSession, useTransition } from '../../api/queries.ts'
import { useRateCards } from '../../api/deal-queries.ts'
import { DealFields, checkDeal, dealBody, dealErrorsOf, newDealForm, type DealErrors, type DealForm } from '../deals/deal-fields.tsx'
import { DOCUMENTS_CHECKED_STAGE, MISSING_DOCUMENTS_REASON_MAX, missingRequiredDocuments } from '../../../../domain/documents.ts'
import { isStatusMailKind } from '../../../../domain/founder-mail.ts'
import type { ApplicationDetail } from '../../../../domain/workspace-api/review.ts'
import { DueDate, StageBadge } from '../../components/badges.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, Panel } from '../../components/ui.tsx'
import { formatDate } from '../../../../domain/format.ts'
import { forFounder, internal } from '../../components/field-audience.ts'

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
  // "Acuerdo firmado" with required documents missing: say which, and ask for a confirmation with a reason (ADR 0139).
  const documents = useDocuments(application.id)
  const missing = documents.data
    ? missingRequiredDocuments(documents.data.items.flatMap((i) => (i.document ? [{ itemKey: i.key, status: i.document.status }] : [])))
    : []
  const [missingConfirmed, setMissingConfirmed] = useState(false)
  const [missingReason, setMissingReason] = useState('')
  const missingConfirmedId = useId()
  const missingReasonId = useId()
  const checksDocuments = target === DOCUMENTS_CHECKED_STAGE && missing.length > 0
  // "Acuerdo firmado" records the deal (issue 20, ADR 0159): admins only, with its figures.
  const isAdmin = useSession().data?.member.role === 'admin'
  const canSign = isAdmin && application.allowedTransitions.includes('acuerdo_firmado')
  const rateCards = useRateCards(canSign)
  const published = (rateCards.data?.versions ?? []).filter((v) => v.status === 'published')
  const signing = target === 'acuerdo_firmado'
  const [dealForm, setDealForm] = useState<DealForm>(() => newDealForm(null))
  const [dealErrors, setDealErrors] = useState<DealErrors>({})
  const transitions = application.allowedTransitions.filter((to) => to !== 'acuerdo_firmado' || isAdmin)

  function open(to: Stage) {
    if (to === 'acuerdo_firmado') {
      setDealForm(newDealForm(published[0]?.id ?? null))
      setDealErrors({})
    }
    setTarget(to)
  }

  function close() {
    setTarget(null)
    setMissingConfirmed(false)
    setMissingReason('')
  }

  function confirm(reason: string) {
    if (!target) return
    if (checksDocuments && (!missingConfirmed || missingReason.trim() === '')) {
      notify('error', { title: 'Falta tu confirmación', description: 'Marca la casilla y escribe por qué se firma sin esos documentos.' })
      return
    }
    if (signing) {
      const errors = checkDeal(dealForm)
      setDealErrors(errors)
      if (Object.keys(errors).length > 0) {
        notify('error', { title: 'Revisa el acuerdo', description: 'Hay datos del acuerdo que no pudimos leer: mira los mensajes junto a cada campo.' })
        return
      }
    }
    transition.mutate(
      {
        from,
        to: target,
        ...(reason ? { reason } : {}),
        ...(target === 'no_seleccionada' && founderReason.trim() ? { founderReason: founderReason.trim() } : {}),
        ...(checksDocuments ? { missingDocuments: { confirmed: true as const, reason: missingReason.trim() } } : {}),
        ...(signing ? { deal: dealBody(dealForm) } : {}),
      },
      {
        onSuccess: (result) => {
          close()
          setFounderReason('')
          notify('success', { title: 'Etapa actualizada', description: `Ahora está en «${STAGE_LABELS[result.stage]}».` })
        },
        onError: (err) => {
          // The deal's figures refused by the server: said beside each field, the dialog stays open.
          const fieldErrors = signing ? dealErrorsOf(err) : null
          if (fieldErrors) {
            setDealErrors(fieldErrors)
            notify('error', { title: 'Revisa el acuerdo', description: err.message })
            return
          }
          close()
          if (err instanceof ApiError && err.code === 'documents_missing') {
            notify('error', { title: 'Faltan documentos', description: err.message })
            return
          }
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
      {transitions.length > 0 ? (
        <div className="mt-4 flex flex-col gap-2">
          {transitions.map((to) => (
            <Button
              key={to}
              variant={to === 'no_seleccionada' ? 'danger' : isOpenStage(from) && NEXT_STAGE[from] === to ? 'primary' : 'secondary'}
              onClick={() => open(to)}
            >
              {actionLabel(from, to)}
            </Button>
          ))}
          {transitions.length < application.allowedTransitions.length && (
            <p className="text-sm text-ink-600">Solo un administrador marca «Acuerdo firmado»: el acuerdo lleva sus cifras.</p>
          )}
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
          // The founder never reads it: what the founder reads is the e-mail.
          label: target === 'no_seleccionada' ? internal('Motivo de la decisión') : internal('Motivo o comentario'),
          required: target === 'no_seleccionada',
          maxLength: TRANSITION_REASON_MAX,
        }}
        extra={
          <>
            {checksDocuments && (
              <div className="mt-4 rounded-md border border-danger-700 bg-white p-3 text-sm">
                <p className="font-semibold text-danger-700">Faltan documentos obligatorios de due diligence:</p>
                <ul className="mt-1 list-disc pl-5">
                  {missing.map((d) => (
                    <li key={d.key}>{d.label}</li>
                  ))}
                </ul>
                <label htmlFor={missingConfirmedId} className="mt-3 flex items-start gap-2 font-semibold text-ink-800">
                  <input id={missingConfirmedId} type="checkbox" className="mt-0.5 size-4" checked={missingConfirmed} onChange={(e) => setMissingConfirmed(e.target.checked)} />
                  Confirmo que se firma el acuerdo sin estos documentos
                </label>
                <ReasonArea
                  id={missingReasonId}
                  labelClassName="mt-3 block font-semibold text-ink-800"
                  label={internal('Por qué se firma sin ellos')}
                  aside="· queda en la auditoría"
                  rows={2}
                  maxLength={MISSING_DOCUMENTS_REASON_MAX}
                  value={missingReason}
                  onValue={setMissingReason}
                />
              </div>
            )}
            {signing && <DealFields form={dealForm} errors={dealErrors} onChange={setDealForm} rateCards={published} />}
            {target === 'no_seleccionada' && (
              <div className="mt-4">
                <ReasonArea
                  id={founderReasonId}
                  labelClassName="block text-sm font-semibold text-ink-800"
                  label={forFounder('Lo que le diremos', { optional: true })}
                  aside="· va en el correo de la decisión"
                  rows={3}
                  maxLength={TRANSITION_REASON_MAX}
                  value={founderReason}
                  onValue={setFounderReason}
                />
              </div>
            )}
          </>
        }
        pending={transition.isPending}
        onConfirm={confirm}
        onClose={close}
      >
        {target && (
          <p>
            La postulación <strong>{application.reference}</strong> pasará de «{STAGE_LABELS[from]}» a «{STAGE_LABELS[target]}».
            {target === 'acuerdo_firmado' || target === 'no_seleccionada' || target === 'retirada'
              ? ' Es una decisión final: la postulación queda cerrada.'
              : ''}
            {isStatusMailKind(target)
              ? ' El correo a la persona fundadora quedará en «Correos por enviar» para revisarlo antes de que salga (salvo que un administrador haya activado el envío automático de este tipo).'
              : ' Este cambio no le escribe a la persona fundadora.'}
          </p>
        )}
      </ConfirmDialog>
    </Panel>
  )
}

/** A free-text answer inside the confirmation: its label, an aside in lighter type, the text area. */
function ReasonArea({ id, labelClassName, label, aside, rows, maxLength, value, onValue }: {
  id: string
  labelClassName: string
  label: string
  aside: string
  rows: number
  maxLength: number
  value: string
  onValue: (value: string) => void
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label} <span className="font-normal text-ink-600">{aside}</span>
      </label>
      <textarea
        id={id}
        className="mt-1 block w-full rounded-md border border-ink-300 bg-white px-2.5 py-1.5 text-sm text-ink-900"
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
    </>
  )
}
