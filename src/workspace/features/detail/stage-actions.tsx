/**
 * The current stage, its due date, and the moves the state machine allows
 * (domain/pipeline.ts), each a deliberate action behind a confirmation.
 * Closing as no_seleccionada asks for the reason (internal) and, optionally,
 * what the founder's e-mail should say (founderReason). The confirmation says
 * what the move will do to the panel session, the e-mails waiting and the
 * founder's e-mail, read from the same table the server executes
 * (domain/pipeline.ts STAGE_ENTAILS, ADR 0185); where the table allows it, an admin may
 * keep a session still ahead instead of cancelling it.
 */
import { useQuery } from '@tanstack/react-query'
import { agreementEndpoints } from '../../../../domain/workspace-api/agreements.ts'
import { LIVE_AGREEMENT_STATUSES } from '../../../../domain/agreements-records.ts'
import { endpointQuery } from '../../api/read.ts'
import { useId, useState } from 'react'
import { CLOSED_WITHOUT_SIGNATURE, NEXT_STAGE, STAGE_LABELS, TRANSITION_REASON_MAX, isOpenStage, mayKeepSession, type Stage } from '../../../../domain/pipeline.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { useDocuments, useSession, useTransition } from '../../api/queries.ts'
import { useRateCards } from '../../api/deal-queries.ts'
import { DealFields, checkDeal, dealBody, dealErrorsOf, newDealForm, type DealErrors, type DealForm } from '../deals/deal-fields.tsx'
import { DOCUMENTS_CHECKED_STAGE, MISSING_DOCUMENTS_REASON_MAX, missingRequiredDocuments } from '../../../../domain/documents.ts'
import { isStatusMailKind, type FounderMailKind } from '../../../../domain/founder-mail.ts'
import type { ApplicationDetail } from '../../../../domain/workspace-api/review.ts'
import { DueDate, StageBadge } from '../../components/badges.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, Panel } from '../../components/ui.tsx'
import { formatDate, formatWeekdayDateTime } from '../../../../domain/format.ts'
import { forFounder, internal } from '../../components/field-audience.ts'

import { sessionTense, stageChangeSummary, type StageChangeFacts } from '../../../../domain/stage-confirmation.ts'
import { useFounderMailSettings } from '../../api/queries.ts'
import { usePanel } from '../../api/panel-queries.ts'
import { mayHavePanel } from '../panel/panel-section.tsx'

/** A move's toasts are one action's: the move that succeeds dismisses the refusals before it. */
const STAGE_MOVE = { action: 'stage-move' }

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
  // "Acuerdo firmado" records the deal (ADR 0159): admins only, with its figures.
  const isAdmin = useSession().data?.member.role === 'admin'
  const canSign = isAdmin && application.allowedTransitions.includes('acuerdo_firmado')
  const rateCards = useRateCards(canSign)
  const published = (rateCards.data?.versions ?? []).filter((v) => v.status === 'published')
  const signing = target === 'acuerdo_firmado'
  const [typedDeal, setDealForm] = useState<DealForm>(() => newDealForm(null))
  const [dealErrors, setDealErrors] = useState<DealErrors>({})
  // The dialog opened before the rate cards arrived: the latest published version, once known («none» is no choice then).
  const latestPublished = published[0]?.id ?? null
  const dealForm = typedDeal.rateCardVersionId === '' && latestPublished ? { ...typedDeal, rateCardVersionId: latestPublished } : typedDeal
  // While the agreement is out for signature (server/features/agreements/), its two signatures move the stage: no move by hand.
  const agreement = useQuery({ ...endpointQuery(agreementEndpoints.agreement, { id: application.id }), enabled: canSign })
  const agreementUnderWay = (agreement.data?.agreements ?? []).some((a) => (LIVE_AGREEMENT_STATUSES as readonly string[]).includes(a.status))
  const transitions = application.allowedTransitions.filter((to) => to !== 'acuerdo_firmado' || (isAdmin && !agreementUnderWay))
  // What the move does besides the stage (ADR 0185): the session as the panel section reads it, the e-mails waiting, the kind's setting.
  const panel = usePanel(application.id, mayHavePanel(from))
  const settings = useFounderMailSettings()
  const [keepSession, setKeepSession] = useState(false)
  const keepId = useId()
  const booked = panel.data?.session?.status === 'booked' ? panel.data.session : null
  const waitingDrafts = application.timeline.flatMap((e) =>
    e.type === 'founder_mail' && e.detail.status === 'draft' && typeof e.detail.kind === 'string' && isStatusMailKind(e.detail.kind) ? [e.detail.kind as FounderMailKind] : [],
  )
  const sessionAhead = booked !== null && sessionTense({ startsAt: new Date(booked.startsAt), endsAt: new Date(booked.endsAt) }, new Date()) === 'ahead'
  const canKeep = target !== null && isAdmin && sessionAhead && mayKeepSession(target)
  const facts = (to: Stage): StageChangeFacts => ({
    session: booked ? { startsAt: new Date(booked.startsAt), tense: sessionTense({ startsAt: new Date(booked.startsAt), endsAt: new Date(booked.endsAt) }, new Date()) } : null,
    keep: keepSession && canKeep,
    waitingDrafts,
    sendsNow: isStatusMailKind(to) ? (settings.data?.items.find((i) => i.kind === to)?.sendImmediately ?? false) : false,
  })

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
    setKeepSession(false)
  }

  function confirm(reason: string) {
    if (!target) return
    if (checksDocuments && (!missingConfirmed || missingReason.trim() === '')) {
      notify('error', { title: 'Falta tu confirmación', description: 'Marca la casilla y escribe por qué se firma sin esos documentos.' }, STAGE_MOVE)
      return
    }
    if (signing) {
      const errors = checkDeal(dealForm)
      setDealErrors(errors)
      if (Object.keys(errors).length > 0) {
        notify('error', { title: 'Revisa el acuerdo', description: 'Hay datos del acuerdo que no pudimos leer: mira los mensajes junto a cada campo.' }, STAGE_MOVE)
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
        ...(keepSession && canKeep ? { keepPanelSession: true } : {}),
      },
      {
        onSuccess: (result) => {
          close()
          setFounderReason('')
          notify('success', { title: 'Etapa actualizada', description: `Ahora está en «${STAGE_LABELS[result.stage]}».` }, STAGE_MOVE)
        },
        onError: (err) => {
          // The deal's figures refused by the server: said beside each field, the dialog stays open.
          const fieldErrors = signing ? dealErrorsOf(err) : null
          if (fieldErrors) {
            setDealErrors(fieldErrors)
            notify('error', { title: 'Revisa el acuerdo', description: err.message }, STAGE_MOVE)
            return
          }
          close()
          if (err instanceof ApiError && err.code === 'documents_missing') {
            notify('error', { title: 'Faltan documentos', description: err.message }, STAGE_MOVE)
            return
          }
          const conflict = err instanceof ApiError && err.status === 409
          notify('error', {
            title: conflict ? 'La etapa ya cambió' : 'No pudimos cambiar la etapa',
            description: conflict ? 'Alguien más la movió mientras la veías. Te mostramos el estado actual.' : err.message,
          }, STAGE_MOVE)
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
        {/* A closed stage has no due date: the row is left out rather than read «Vence: Cerrada». */}
        {application.dueState !== 'closed' && application.stageDueAt && (
          <>
            <dt className="text-ink-600">Vence</dt>
            <dd><DueDate dueAt={application.stageDueAt} state={application.dueState} /></dd>
          </>
        )}
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
          {agreementUnderWay ? (
            <p className="text-sm text-ink-600">El acuerdo está enviado para firma: la postulación pasa a «Acuerdo firmado» sola cuando firmen la persona fundadora y el programa.</p>
          ) : (
            transitions.length < application.allowedTransitions.length && <p className="text-sm text-ink-600">Solo un administrador marca «Acuerdo firmado»: el acuerdo lleva sus cifras.</p>
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
            {canKeep && booked && (
              <label htmlFor={keepId} className="mt-4 flex items-start gap-2 rounded-md border border-ink-300 bg-white p-3 text-sm font-semibold text-ink-800">
                <input id={keepId} type="checkbox" className="mt-0.5 size-4" checked={keepSession} onChange={(e) => setKeepSession(e.target.checked)} />
                <span>
                  Mantener la sesión con el panel del {formatWeekdayDateTime(booked.startsAt)} en lugar de cancelarla{' '}
                  <span className="font-normal text-ink-600">· se anota en la auditoría</span>
                </span>
              </label>
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
          <>
            <p>
              La postulación <strong>{application.reference}</strong> pasará de «{STAGE_LABELS[from]}» a «{STAGE_LABELS[target]}».
              {target === 'acuerdo_firmado'
                ? ' Es una decisión final: la selección termina; el acuerdo, el plan de medios y el seguimiento siguen desde esta página.'
                : CLOSED_WITHOUT_SIGNATURE.includes(target)
                  ? ' Es una decisión final: la postulación queda cerrada.'
                  : ''}
            </p>
            {/* What the move will do, from the table the server executes (domain/pipeline.ts STAGE_ENTAILS). */}
            <ul aria-label="Qué hará este cambio" className="mt-2 list-disc pl-5">
              {mayHavePanel(from) && panel.isPending && <li>Revisando si hay una sesión con el panel…</li>}
              {stageChangeSummary(target, facts(target)).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {!isAdmin && sessionAhead && mayKeepSession(target) && <li>Solo un administrador puede mantener la sesión en lugar de cancelarla.</li>}
            </ul>
          </>
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
