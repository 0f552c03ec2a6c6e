/**
 * The application's "Sesión con el panel": while it is in
 * `sesion_panel`, an admin names the panel and offers times; once the
 * founder books, the session with "Cambiar horario" and "Cancelar sesión".
 * Afterwards the booked session stays in view: «Realizada» once in the past,
 * and, kept past the panel stage (ADR 0185), who kept it; cancelled by a stage
 * change, which stage. Past the panel stage the offer is history: its times are
 * no longer listed as offered. Reviewers read it all.
 */
import { useId, useMemo, useState } from 'react'
import { formatDateTime, formatWeekdayDateTime, sentence } from '../../../../domain/format.ts'
import { PANEL_MESSAGES, PANEL_PLACE_LABELS, type PanelPlaceKind } from '../../../../domain/panel-sessions.ts'
import { STAGE_LABELS, STAGES, type Stage } from '../../../../domain/pipeline.ts'
import { heldText, sessionTense } from '../../../../domain/stage-confirmation.ts'
import type { PanelState } from '../../../../domain/workspace-api/panel.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { usePanel, useSaveOffer } from '../../api/panel-queries.ts'
import { useMember } from '../../components/require-session.tsx'
import { Button, Loading, Panel, QueryError } from '../../components/ui.tsx'
import { OfferForm } from './offer-form.tsx'
import { formatSpan, initialValues, type Candidate } from './offer-values.ts'
import { CancelSessionDialog, RescheduleDialog } from './session-dialogs.tsx'

export const PANEL_STAGE: Stage = 'sesion_panel'

/** Stages before the panel never had one: their page asks nothing. */
export function mayHavePanel(stage: Stage): boolean {
  return STAGES.indexOf(stage) >= STAGES.indexOf(PANEL_STAGE)
}

/** Who the panel is: the offer's own list, else the booked session's. */
export function panelMemberIds(state: PanelState): string[] {
  if (state.offer) return state.offer.memberIds
  if (state.session?.status === 'booked') return state.session.memberIds
  return []
}

/**
 * Who may sit on the panel, as the server says (PanelState.candidates: active, no conflict on this
 * application, each with their other sessions), and those left out for a conflict.
 */
export function panelCandidates(state: PanelState): { candidates: Candidate[]; excluded: { id: string; name: string }[] } {
  return {
    candidates: state.candidates.map((m) => ({ id: m.id, name: m.name, otherSessions: m.otherSessions })),
    excluded: state.excluded,
  }
}

export function PanelSection({ applicationId, stage }: { applicationId: string; stage: Stage }) {
  const enabled = mayHavePanel(stage)
  const panel = usePanel(applicationId, enabled)
  if (!enabled) return null
  if (panel.isPending) return <Panel title="Sesión con el panel"><Loading /></Panel>
  if (panel.error) {
    // A conflict of interest (403) has the page's own notice; no panel yet (404) shows nothing.
    if (panel.error instanceof ApiError && (panel.error.status === 403 || panel.error.status === 404)) return null
    return <Panel title="Sesión con el panel"><QueryError error={panel.error} retry={() => void panel.refetch()} /></Panel>
  }
  const state = panel.data
  if (state.stage !== PANEL_STAGE && !state.session) return null
  return <PanelStateView state={state} />
}

function Place({ kind, place }: { kind: PanelPlaceKind; place: string }) {
  return (
    <>
      {PANEL_PLACE_LABELS[kind]}:{' '}
      {kind === 'video' ? (
        <a href={place} className="break-all text-ink-900 underline underline-offset-2" target="_blank" rel="noreferrer">
          {place}
        </a>
      ) : (
        <span className="break-words">{place}</span>
      )}
    </>
  )
}

export function PanelStateView({ state }: { state: PanelState }) {
  const me = useMember()
  const isAdmin = me.role === 'admin'
  const inStage = state.stage === PANEL_STAGE
  // Everyone the state names: the panel, who acted, the other candidates and the conflicted (these two to admins only).
  const names = useMemo(
    () => new Map([...state.excluded, ...state.candidates, ...state.actors, ...state.members].map((m) => [m.id, m.name])),
    [state.members, state.actors, state.candidates, state.excluded],
  )
  const panelNames = (ids: readonly string[]) => ids.map((id) => names.get(id) ?? 'Miembro del equipo').join(', ')
  const booked = state.session?.status === 'booked' ? state.session : null
  // A booked session in the past is shown as held (ADR 0185): nothing left to move or cancel.
  const tense = booked ? sessionTense({ startsAt: new Date(booked.startsAt), endsAt: new Date(booked.endsAt) }, new Date()) : null
  const cancelled = state.session?.status === 'cancelled' ? state.session : null
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null)
  // Each opening mounts the dialog afresh (its fields start clean).
  const [opening, setOpening] = useState(0)
  const openDialog = (which: 'reschedule' | 'cancel') => {
    setOpening((n) => n + 1)
    setDialog(which)
  }
  const memberIds = panelMemberIds(state)

  return (
    <Panel title="Sesión con el panel">
      <div className="flex flex-col gap-4 text-sm">
        {booked && (
          <section aria-labelledby="panel-session-heading" className="rounded-md border border-ink-300 bg-ink-50 p-3">
            <h3 id="panel-session-heading" className="font-bold text-ink-950">
              {tense === 'held' ? 'Sesión realizada' : tense === 'under_way' ? 'Sesión en curso' : 'Sesión reservada'}
            </h3>
            {tense === 'held' && <p className="mt-1 font-semibold">{heldText(new Date(booked.startsAt))}</p>}
            <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-ink-600">Cuándo</dt>
              <dd className="font-semibold">{formatSpan(booked.startsAt, booked.endsAt)} (hora de Bogotá)</dd>
              <dt className="text-ink-600">Dónde</dt>
              <dd><Place kind={booked.placeKind} place={booked.place} /></dd>
              <dt className="text-ink-600">Panel</dt>
              <dd>{panelNames(booked.memberIds)}</dd>
              <dt className="text-ink-600">Reservada</dt>
              <dd>
                {formatDateTime(booked.bookedAt)}, {booked.bookedBy === 'founder' ? 'por la persona fundadora' : `por ${names.get(booked.bookedBy) ?? 'el equipo'}`}
              </dd>
              {booked.changedAt && (
                <>
                  <dt className="text-ink-600">Último cambio</dt>
                  <dd>
                    {formatDateTime(booked.changedAt)}
                    {booked.changedBy === 'founder' ? ', por la persona fundadora' : booked.changedBy ? `, por ${names.get(booked.changedBy) ?? 'el equipo'}` : ''}
                  </dd>
                </>
              )}
            </dl>
            {booked.keptAt && (
              <p className="mt-2 text-xs text-ink-700">
                {sentence(`Se mantuvo a propósito al cambiar de etapa, el ${formatDateTime(booked.keptAt)}, por ${names.get(booked.keptBy ?? '') ?? 'un administrador'}`)}
              </p>
            )}
            {tense === 'ahead' && (
              <p className="mt-2 text-xs text-ink-700">
                {inStage
                  ? `La persona fundadora puede cambiarla o cancelarla desde su página de estado hasta ${state.cutoffHours} horas antes.`
                  : 'La postulación ya pasó la etapa del panel: la persona fundadora ve la sesión en su página, pero ya no la cambia ni la cancela desde ahí.'}
              </p>
            )}
            {isAdmin && tense === 'ahead' && (
              <div className="mt-3 flex flex-wrap gap-2">
                {inStage && <Button onClick={() => openDialog('reschedule')}>Cambiar horario</Button>}
                <Button variant="danger" onClick={() => openDialog('cancel')}>Cancelar sesión</Button>
              </div>
            )}
            {isAdmin && tense === 'ahead' && (
              <>
                <RescheduleDialog key={`r${opening}`} applicationId={state.applicationId} session={booked} open={dialog === 'reschedule'} onClose={() => setDialog(null)} />
                <CancelSessionDialog key={`c${opening}`} applicationId={state.applicationId} session={booked} open={dialog === 'cancel'} onClose={() => setDialog(null)} />
              </>
            )}
          </section>
        )}
        {cancelled && (
          <div className="rounded-md border border-ink-200 p-3">
            <p>
              {sentence(
                `La sesión del ${formatWeekdayDateTime(cancelled.startsAt)} se canceló ${
                  cancelled.cancelledByStage ? `al pasar la postulación a «${STAGE_LABELS[cancelled.cancelledByStage]}», ` : ''
                }el ${formatDateTime(cancelled.cancelledAt ?? cancelled.changedAt)}${
                  cancelled.changedBy === 'founder' ? ', por la persona fundadora' : cancelled.changedBy ? `, por ${names.get(cancelled.changedBy) ?? 'el equipo'}` : ''
                }`,
              )}
            </p>
            {cancelled.cancelReason && <p className="mt-1">Motivo: {cancelled.cancelReason}</p>}
            {cancelled.changedBy !== 'founder' && !state.offer && inStage && (
              <p className="mt-1 text-xs text-ink-700">Los horarios ofrecidos se cerraron con la cancelación: ofrece horarios nuevos.</p>
            )}
          </div>
        )}
        {/* Past the panel stage the offer and the founder's answer to it are history, not something to act on. */}
        {inStage && state.noneFits && !booked && (
          <div className="rounded-md border border-[#f3c27a] bg-[#fff8eb] p-3">
            <p className="font-semibold text-ink-950">Ningún horario le sirve: {state.noneFits.note || 'sin nota'}</p>
            <p className="mt-0.5 text-xs text-ink-700">{sentence(`La persona fundadora lo dijo el ${formatDateTime(state.noneFits.at)}`)}</p>
          </div>
        )}
        {inStage && state.offer && <OfferedTimes state={state} panel={panelNames(memberIds)} />}
        {inStage && !booked && (isAdmin ? <OfferEditor state={state} memberIds={memberIds} /> : !state.offer && <p className="text-ink-700">{PANEL_MESSAGES.noOffer}</p>)}
      </div>
    </Panel>
  )
}

function OfferedTimes({ state, panel }: { state: PanelState; panel: string }) {
  const offer = state.offer!
  const warnings = (startsAt: string) =>
    state.warnings.filter((w) => new Date(w.startsAt).getTime() === new Date(startsAt).getTime()).map((w) => w.message)
  return (
    <section aria-labelledby="panel-offer-heading">
      <h3 id="panel-offer-heading" className="font-bold text-ink-950">
        Horarios ofrecidos
      </h3>
      <p className="mt-1 text-ink-700">
        {offer.lengthMinutes} minutos · <Place kind={offer.placeKind} place={offer.place} />
        {panel && <> · Panel: {panel}</>}
      </p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {offer.times.map((t) => {
          const notes = [
            ...(t.booked ? ['Reservado'] : []),
            ...(t.taken && !t.booked ? ['Ocupado: alguien del panel tiene otra sesión'] : []),
            ...warnings(t.startsAt).filter((w) => !t.taken || !w.includes('otra sesión')),
          ]
          if (t.afterDue && !notes.some((n) => n.includes('fecha límite'))) notes.push('Después de la fecha límite de la etapa')
          return (
            <li key={t.id} className="rounded-md border border-ink-200 px-2.5 py-1.5">
              <span className="font-semibold">{formatSpan(t.startsAt, t.endsAt)}</span>
              {notes.length > 0 && <span className="block text-xs text-ink-700">{notes.join(' · ')}</span>}
            </li>
          )
        })}
      </ul>
      <p className="mt-1 text-xs text-ink-600">Hora de Bogotá. {sentence(`Ofrecidos el ${formatDateTime(offer.offeredAt)}`)}</p>
    </section>
  )
}

function OfferEditor({ state, memberIds }: { state: PanelState; memberIds: string[] }) {
  const headingId = useId()
  const save = useSaveOffer(state.applicationId)
  const [editing, setEditing] = useState(!state.offer)
  const [serverError, setServerError] = useState<string | null>(null)
  const [formKey, setFormKey] = useState(0)

  if (!editing) {
    return (
      <div>
        <Button
          onClick={() => {
            setEditing(true)
            requestAnimationFrame(() => document.getElementById(headingId)?.focus())
          }}
        >
          Cambiar los horarios ofrecidos
        </Button>
      </div>
    )
  }
  const { candidates, excluded } = panelCandidates(state)

  return (
    <section aria-labelledby={headingId} className="border-t border-ink-200 pt-3">
      <h3 id={headingId} tabIndex={-1} className="mb-2 font-bold text-ink-950">
        Ofrecer horarios
      </h3>
      <p className="mb-2 text-xs text-ink-700">
        {state.offer ? 'Los horarios nuevos reemplazan a los ofrecidos. ' : ''}Al guardarlos, le enviamos a la persona fundadora un correo con los horarios y el enlace a su
        página de estado.
      </p>
      <OfferForm
        key={formKey}
        state={state}
        candidates={candidates}
        excluded={excluded}
        initial={initialValues(state, memberIds)}
        pending={save.isPending}
        serverError={serverError}
        onCancel={state.offer ? () => setEditing(false) : undefined}
        onSubmit={(request) => {
          setServerError(null)
          save.mutate(request, {
            onSuccess: () => {
              setEditing(false)
              setFormKey((k) => k + 1)
              notify('success', {
                title: 'Horarios ofrecidos',
                description: 'Le enviamos un correo a la persona fundadora con los horarios y el enlace a su página de estado, donde elige uno.',
              })
            },
            onError: (err) => setServerError(err.message),
          })
        }}
      />
    </section>
  )
}
