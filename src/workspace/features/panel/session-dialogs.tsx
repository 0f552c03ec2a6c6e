/**
 * "Cambiar horario" and "Cancelar sesión" (admins): deliberate actions behind
 * the workspace's confirmation dialog (focus moves in, Escape closes, focus
 * returns to the opener). A refusal stays in the dialog, under its field.
 */
import { useId, useState } from 'react'
import { formatWeekdayDateTime, sentence } from '../../../../domain/format.ts'
import { NONE_FITS_NOTE_MAX, PANEL_MESSAGES } from '../../../../domain/panel-sessions.ts'
import type { PanelSessionRecord } from '../../../../domain/workspace-api/panel.ts'
import type { Wire } from '../../../../domain/workspace-api/wire.ts'
import { notify } from '../../../lib/toast.tsx'
import { useCancelSession, useReschedule } from '../../api/panel-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { forFounder } from '../../components/field-audience.ts'
import { FieldError } from '../../components/ui.tsx'
import { DateTimeFields } from './date-time-fields.tsx'
import { bogotaInputs, bogotaInstant, MISSING_TIME } from './offer-values.ts'

type Session = Wire<PanelSessionRecord>

export function RescheduleDialog({ applicationId, session, open, onClose, now = () => new Date() }: {
  applicationId: string
  session: Session
  open: boolean
  onClose: () => void
  now?: () => Date
}) {
  const id = useId()
  const reschedule = useReschedule(applicationId)
  // Mounted afresh for each opening (the caller's key): the inputs start at the session's time.
  const [day, setDay] = useState(() => bogotaInputs(session.startsAt).day)
  const [time, setTime] = useState(() => bogotaInputs(session.startsAt).time)
  const [error, setError] = useState<string>()

  function confirm() {
    if (day === '' || time === '') return fail(MISSING_TIME)
    const start = bogotaInstant(day, time)
    if (!start) return fail(PANEL_MESSAGES.badTime)
    if (start.getTime() <= now().getTime()) return fail(PANEL_MESSAGES.timeInPast)
    if (start.getTime() === new Date(session.startsAt).getTime()) return fail(PANEL_MESSAGES.sameTime)
    reschedule.mutate(
      { startsAt: start.toISOString() },
      {
        onSuccess: () => {
          onClose()
          notify('success', { title: 'Horario cambiado', description: `${sentence(`La sesión queda el ${formatWeekdayDateTime(start)}`)} Enviamos la invitación actualizada.` })
        },
        onError: (err) => fail(err.message),
      },
    )
  }

  function fail(message: string) {
    setError(message)
    requestAnimationFrame(() => document.getElementById(`${id}-day`)?.focus())
  }

  return (
    <ConfirmDialog
      open={open}
      title="Cambiar el horario de la sesión"
      confirmLabel="Cambiar horario"
      pending={reschedule.isPending}
      onConfirm={confirm}
      onClose={onClose}
      extra={
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-ink-800">Nuevo horario (hora de Bogotá)</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            <DateTimeFields
              dayId={`${id}-day`}
              timeId={`${id}-time`}
              day={day}
              time={time}
              onDay={setDay}
              onTime={setTime}
              invalid={error !== undefined}
              describedBy={`${id}-error`}
            />
          </div>
          <FieldError id={`${id}-error`} message={error} />
        </fieldset>
      }
    >
      <p>
        {sentence(`Ahora es el ${formatWeekdayDateTime(session.startsAt)}`)} La persona fundadora y el panel reciben la invitación actualizada en su calendario, con la hora anterior y quién la cambió.
      </p>
    </ConfirmDialog>
  )
}

export function CancelSessionDialog({ applicationId, session, open, onClose }: {
  applicationId: string
  session: Session
  open: boolean
  onClose: () => void
}) {
  const cancel = useCancelSession(applicationId)
  // Mounted afresh for each opening (the caller's key): no refusal left from the last time.
  const [error, setError] = useState<string>()
  return (
    <ConfirmDialog
      open={open}
      title="¿Cancelar la sesión?"
      confirmLabel="Cancelar sesión"
      closeLabel="Volver"
      variant="danger"
      // The founder reads it word for word in the cancellation's e-mail and on their page, and so does the panel.
      reason={{ label: forFounder('Motivo'), required: false, maxLength: NONE_FITS_NOTE_MAX }}
      extra={error && <p role="alert" className="mt-3 text-sm font-semibold text-danger-700">{error}</p>}
      pending={cancel.isPending}
      onConfirm={(reason) =>
        cancel.mutate(
          { reason },
          {
            onSuccess: () => {
              onClose()
              notify('success', { title: 'Sesión cancelada', description: 'Enviamos la cancelación a la persona fundadora y al panel.' })
            },
            onError: (err) => setError(err.message),
          },
        )
      }
      onClose={onClose}
    >
      <p>
        La sesión del {formatWeekdayDateTime(session.startsAt)} se cancela y sale del calendario de la persona fundadora y del panel. Los horarios
        ofrecidos se cierran: la persona fundadora leerá el motivo tal como lo escribas, en su correo y en su página, y que le enviaremos
        horarios nuevos, que ofreces después.
      </p>
    </ConfirmDialog>
  )
}
