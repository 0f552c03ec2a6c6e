/**
 * "Repartir" (admins): the server proposes a balanced assignment of the
 * unassigned open applications; the admin reads how many go to whom and
 * confirms exactly that plan (refused if it went stale meanwhile).
 */
import { useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { useMembers } from '../../api/queries.ts'
import { useConfirmProposal, useProposal } from '../../api/scoring-queries.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button } from '../../components/ui.tsx'
import { countOf } from '../../../../domain/format.ts'

export function Repartir() {
  const [open, setOpen] = useState(false)
  const [message, setMessage] = useState<string>()
  const proposal = useProposal(open)
  const members = useMembers()
  const confirm = useConfirmProposal()
  const names = new Map((members.data?.members ?? []).map((m) => [m.id, m.name]))
  const plan = proposal.data?.plan ?? []
  const perMember = [...plan.reduce((acc, p) => acc.set(p.memberId, (acc.get(p.memberId) ?? 0) + 1), new Map<string, number>())]

  return (
    <>
      <Button onClick={() => { setMessage(undefined); setOpen(true) }}>Repartir</Button>
      {message && <span role="status" className="text-sm text-ink-800">{message}</span>}
      <ConfirmDialog
        open={open}
        title="Repartir las postulaciones sin asignar"
        confirmLabel={plan.length ? `Asignar ${plan.length}` : 'Cerrar'}
        pending={confirm.isPending || proposal.isFetching}
        onClose={() => setOpen(false)}
        onConfirm={() => void (async () => {
          if (plan.length === 0) return setOpen(false)
          try {
            const result = await confirm.mutateAsync(plan)
            setMessage(`Listo: ${countOf(result.added, 'postulación asignada', 'postulaciones asignadas')}.`)
            setOpen(false)
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) void proposal.refetch()
            setMessage(error instanceof Error ? error.message : 'No se pudo repartir.')
          }
        })()}
      >
        {proposal.isPending ? (
          <p>Preparando la propuesta…</p>
        ) : plan.length === 0 ? (
          <p>No hay postulaciones abiertas sin asignar, o no hay evaluadores activos sin conflicto.</p>
        ) : (
          <>
            <p>
              {countOf(plan.length, 'postulación abierta', 'postulaciones abiertas')} sin asignar, a quien tiene menos pendientes y ningún conflicto de interés:
            </p>
            <ul className="mt-2 list-disc pl-5" aria-label="Reparto propuesto">
              {perMember.map(([id, n]) => (
                <li key={id}>{names.get(id) ?? 'Evaluador'}: {n}</li>
              ))}
            </ul>
          </>
        )}
        {message && <p role="alert" className="mt-2 text-red-800">{message}</p>}
      </ConfirmDialog>
    </>
  )
}
