/**
 * Conflicts of interest on an application's page (ADR 0101): the member
 * declares one; an admin records one for a member and lifts one with a
 * reason. A shared e-mail domain only suggests declaring: it never blocks.
 */
import { useId, useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { CONFLICT_KINDS, CONFLICT_KIND_LABELS, LIFT_REASON_MAX, type ConflictKind } from '../../../../domain/conflicts.ts'
import { useConflicts, useDeclareConflict, useLiftConflict } from '../../api/clock-queries.ts'
import { ApiError } from '../../api/client.ts'
import { useMembers } from '../../api/queries.ts'
import { useMember } from '../../components/require-session.tsx'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, Panel, inputClass, labelClass } from '../../components/ui.tsx'
import { formatDate } from '../../../../domain/format.ts'
import { internal } from '../../components/field-audience.ts'

/** What a conflicted member sees instead of the application. */
export function ConflictNotice() {
  return (
    <div role="alert" className="rounded-lg border border-ink-200 bg-white p-6">
      <h2 className="text-lg font-bold text-ink-950">Conflicto de interés declarado</h2>
      <p className="mt-1 text-sm text-ink-700">
        Tienes un conflicto de interés con esta postulación: no puedes verla ni evaluarla. Si ya no aplica, pide a un
        administrador que lo levante.
      </p>
    </div>
  )
}

export const isConflictRefusal = (error: unknown) => error instanceof ApiError && error.code === 'conflict_of_interest'

export function ConflictsPanel({ applicationId, suggest }: { applicationId: string; suggest: boolean }) {
  const member = useMember()
  const isAdmin = member.role === 'admin'
  return (
    <Panel title="Conflicto de interés">
      {suggest && (
        <p className="mb-3 rounded-md bg-accent-50 p-2 text-sm text-ink-800">
          Tu correo es del mismo dominio que el de quien postula. Si tienes una relación con esta empresa, declara el
          conflicto.
        </p>
      )}
      <DeclareForm applicationId={applicationId} isAdmin={isAdmin} selfId={member.id} />
      {isAdmin && <ConflictList applicationId={applicationId} selfId={member.id} />}
    </Panel>
  )
}

function DeclareForm({ applicationId, isAdmin, selfId }: { applicationId: string; isAdmin: boolean; selfId: string }) {
  const declare = useDeclareConflict()
  const members = useMembers()
  const [kind, setKind] = useState<ConflictKind>('personal')
  const [note, setNote] = useState('')
  const [memberId, setMemberId] = useState(selfId)
  const ids = { kind: useId(), note: useId(), member: useId() }
  const [confirming, setConfirming] = useState(false)
  const self = memberId === selfId
  const send = () =>
    declare.mutate(
      { applicationId, kind, note, ...(self ? {} : { memberId }) },
      {
        onSuccess: () => {
          setConfirming(false)
          toast.success(self ? 'Conflicto declarado.' : 'Conflicto registrado.')
        },
        onError: (err) => toast.error(err.message),
      },
    )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Declaring one's own conflict closes the application to oneself: asked first, in the workspace's own dialog.
    if (self) setConfirming(true)
    else send()
  }
  return (
    <>
      <ConfirmDialog
        open={confirming}
        title="¿Declarar el conflicto de interés?"
        confirmLabel="Declarar conflicto"
        variant="danger"
        pending={declare.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        Después de declararlo no podrás ver esta postulación, sus documentos, notas ni evaluaciones. Solo un
        administrador puede levantarlo.
      </ConfirmDialog>
      <form onSubmit={submit} className="flex flex-col gap-2">
        {isAdmin && members.data && (
          <div>
            <label htmlFor={ids.member} className={labelClass}>Persona</label>
            <select id={ids.member} className={inputClass} value={memberId} onChange={(e) => setMemberId(e.target.value)}>
              {members.data.members
                .filter((m) => m.active)
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.id === selfId ? `Yo (${m.name})` : m.name}
                  </option>
                ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={ids.kind} className={labelClass}>Tipo</label>
          <select id={ids.kind} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as ConflictKind)}>
            {CONFLICT_KINDS.map((k) => (
              <option key={k} value={k}>{CONFLICT_KIND_LABELS[k]}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.note} className={labelClass}>{internal('Nota', { optional: true })}</label>
          <textarea id={ids.note} className={inputClass} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <Button type="submit" disabled={declare.isPending}>
          {self ? 'Declarar conflicto' : 'Registrar conflicto'}
        </Button>
      </form>
    </>
  )
}

function ConflictList({ applicationId, selfId }: { applicationId: string; selfId: string }) {
  const conflicts = useConflicts(applicationId, true)
  const members = useMembers()
  const lift = useLiftConflict()
  const [lifting, setLifting] = useState<string | null>(null)
  const name = (id: string) => members.data?.members.find((m) => m.id === id)?.name ?? 'Alguien del equipo'
  const active = conflicts.data?.items.filter((c) => c.liftedAt === null) ?? []
  const liftingConflict = active.find((c) => c.id === lifting)
  return (
    <>
      <ConfirmDialog
        open={liftingConflict !== undefined}
        title={liftingConflict ? `¿Levantar el conflicto de ${name(liftingConflict.memberId)}?` : 'Levantar el conflicto'}
        confirmLabel="Levantar conflicto"
        reason={{ label: internal('¿Por qué se levanta este conflicto?'), required: true, maxLength: LIFT_REASON_MAX }}
        pending={lift.isPending}
        onConfirm={(reason) =>
          lift.mutate(
            { id: lifting!, reason },
            {
              onSuccess: () => {
                setLifting(null)
                toast.success('Conflicto levantado.')
              },
              onError: (err) => toast.error(err.message),
            },
          )
        }
        onClose={() => setLifting(null)}
      >
        Desde entonces podrá ver la postulación, evaluarla y recibir recordatorios sobre ella. El motivo queda registrado.
      </ConfirmDialog>
      {active.length > 0 && (
        <ul className="mt-4 flex flex-col gap-2 border-t border-ink-100 pt-3 text-sm">
          {active.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <strong>{name(c.memberId)}</strong>: {CONFLICT_KIND_LABELS[c.kind]} · desde {formatDate(c.declaredAt)}
              </span>
              {c.memberId !== selfId && <Button onClick={() => setLifting(c.id)}>Levantar</Button>}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
