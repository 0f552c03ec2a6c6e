/** The detail's "Asignación y puntaje": who is assigned, who has scored, the fair scores and "Para discutir". */
import { useId, useState } from 'react'
import { formatScore } from '../../../../domain/format.ts'
import { SELECTION_CRITERIA } from '../../../../domain/programme.ts'
import { useMembers } from '../../api/queries.ts'
import { useAssign, useClearDiscussion, useScoring, useTake, useUnassign } from '../../api/scoring-queries.ts'
import { useMember } from '../../components/require-session.tsx'
import { Button, inputClass, labelClass, Panel } from '../../components/ui.tsx'
import { NORMALISED_EXPLANATION, formatZ } from './normalised.tsx'

export function AssignmentPanel({ applicationId }: { applicationId: string }) {
  const id = useId()
  const me = useMember()
  const scoring = useScoring(applicationId)
  const members = useMembers()
  const assign = useAssign(applicationId)
  const unassign = useUnassign(applicationId)
  const take = useTake(applicationId)
  const clear = useClearDiscussion(applicationId)
  const [memberId, setMemberId] = useState('')
  if (!scoring.data) return null
  const { assignments, scores } = scoring.data
  const isAdmin = me.role === 'admin'
  const assigned = new Set(assignments.map((a) => a.member.id))
  const titles = new Map(SELECTION_CRITERIA.map((c) => [c.key, c.title]))

  return (
    <Panel title="Asignación y puntaje">
      {assignments.length === 0 ? (
        <p className="text-sm text-ink-700">Sin evaluadores asignados.</p>
      ) : (
        <ul className="text-sm" aria-label="Evaluadores asignados">
          {assignments.map((a) => (
            <li key={a.member.id} className="flex items-center justify-between gap-2 py-0.5">
              <span>
                {a.member.name} · {a.reviewed ? 'ya evaluó' : 'pendiente'}
              </span>
              {isAdmin && (
                <Button variant="ghost" onClick={() => unassign.mutate(a.member.id)}>
                  Quitar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {assignments.length === 0 && !isAdmin && (
        <Button className="mt-2" onClick={() => take.mutate()} disabled={take.isPending}>
          Tomar esta postulación
        </Button>
      )}
      {isAdmin && (
        <div className="mt-2 flex items-end gap-2">
          <div className="flex-1">
            <label htmlFor={`${id}-member`} className={labelClass}>Asignar a</label>
            <select id={`${id}-member`} className={`${inputClass} mt-1`} value={memberId} onChange={(e) => setMemberId(e.target.value)}>
              <option value="">Elige…</option>
              {(members.data?.members ?? []).filter((m) => m.active && !assigned.has(m.id)).map((m) => (
                <option key={m.id} value={m.id}>{m.name}</option>
              ))}
            </select>
          </div>
          <Button onClick={() => memberId && assign.mutate([memberId], { onSuccess: () => setMemberId('') })} disabled={!memberId}>
            Asignar
          </Button>
        </div>
      )}
      {scores && (
        <div className="mt-3 border-t border-ink-100 pt-2 text-sm">
          <p>Puntaje ponderado: {formatScore(scores.weighted)}</p>
          <p>Puntaje normalizado: {formatZ(scores.normalised)}</p>
          <p className="text-xs text-ink-600">{NORMALISED_EXPLANATION}</p>
          {scores.discussion && (
            <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2">
              <p className="font-semibold">Para discutir</p>
              <p>Los evaluadores difieren 2 puntos o más en: {scores.disagreements.map((k) => titles.get(k)).join(', ')}.</p>
              {isAdmin && (
                <Button className="mt-1" onClick={() => clear.mutate()} disabled={clear.isPending}>
                  Marcar como discutida
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Panel>
  )
}
