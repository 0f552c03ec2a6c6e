/**
 * «Firmantes del programa» on the members' page (admins): which active admins may sign agreements for
 * the programme (PUT /members/:id/signing-right). Each box saves on change; the answer is the truth
 * shown, and the server's refusal (only an active admin may sign) is said under the list.
 */
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { agreementEndpoints as E, type SigningRightAnswer } from '../../../../domain/workspace-api/agreements.ts'
import { memberEndpoints, type MemberList, type TeamMember } from '../../../../domain/workspace-api/team.ts'
import { endpointQuery } from '../../api/read.ts'
import { submitOnce, useSubmissionKeys } from '../../api/submission-key.ts'
import { ActionError, Panel } from '../../components/ui.tsx'

export function ProgrammeSigners({ members }: { members: readonly TeamMember[] }) {
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  // The answers given here: the list read again may not carry the flag yet (canSign is optional).
  const [saved, setSaved] = useState<Record<string, boolean>>({})
  const [said, setSaid] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const set = useMutation({
    mutationFn: ({ id, canSign }: { id: string; canSign: boolean }) => submitOnce(keys, E.setSigningRight, { params: { id }, body: { canSign } }),
    onSuccess: (answer: SigningRightAnswer) => {
      setSaved((s) => ({ ...s, [answer.memberId]: answer.canSign }))
      client.setQueryData<MemberList>(endpointQuery(memberEndpoints.members).queryKey, (list) =>
        list && { members: list.members.map((m) => (m.id === answer.memberId ? { ...m, canSign: answer.canSign } : m)) },
      )
    },
  })
  const admins = members.filter((m) => m.role === 'admin' && m.active)

  function toggle(member: TeamMember, canSign: boolean) {
    setFailure(null)
    setSaid('')
    set.mutate(
      { id: member.id, canSign },
      {
        onSuccess: (answer) => setSaid(answer.canSign ? `${member.name} puede firmar acuerdos por el programa.` : `${member.name} ya no puede firmar acuerdos por el programa.`),
        onError: (err) => setFailure(err.message),
      },
    )
  }

  return (
    <Panel title="Firmantes del programa">
      <p className="mb-3 text-sm text-ink-700">
        Quién firma por el programa los acuerdos de suscripción, después de la persona fundadora. Solo una persona administradora activa puede tener este derecho; el cambio queda en la auditoría.
      </p>
      {admins.length > 0 && admins.every((m) => m.canSign === undefined && saved[m.id] === undefined) && (
        // A server that does not send canSign yet: the boxes would say «no» for everyone without knowing.
        <p className="mb-2 text-sm font-semibold text-ink-800">La lista del equipo todavía no dice quién puede firmar: las casillas empiezan sin marcar.</p>
      )}
      {admins.length === 0 ? (
        <p className="text-sm text-ink-600">No hay personas administradoras activas.</p>
      ) : (
        <ul aria-label="Personas administradoras activas" className="flex flex-col gap-2">
          {admins.map((m) => {
            const checked = saved[m.id] ?? m.canSign ?? false
            return (
              <li key={m.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-4"
                    checked={checked}
                    disabled={set.isPending && set.variables?.id === m.id}
                    onChange={(e) => toggle(m, e.target.checked)}
                  />
                  <span>
                    <strong className="text-ink-900">{m.name}</strong>{' '}
                    <span className="block text-ink-700">Puede firmar acuerdos por el programa</span>
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      <p aria-live="polite" className="mt-2 min-h-5 text-sm text-ink-700">
        {said}
      </p>
      <ActionError message={failure} />
    </Panel>
  )
}
