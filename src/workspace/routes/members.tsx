/**
 * /equipo/miembros: the member's own account (passkeys, sign out here or
 * everywhere) and the team. Admins invite, change roles, deactivate and
 * reactivate, each behind a confirmation.
 */
import { useState } from 'react'
import { notify } from '../../lib/toast.tsx'
import { ApiError } from '../api/client.ts'
import { useMembers, useUpdateMember } from '../api/queries.ts'
import { ROLE_LABELS, type Role } from '../../../domain/team.ts'
import type { TeamMember } from '../../../domain/workspace-api/team.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { useMember } from '../components/require-session.tsx'
import { SignOutButton, SignOutEverywhereButton } from '../components/sign-out.tsx'
import { Button, Loading, PageHeader, Panel, QueryError } from '../components/ui.tsx'
import { ProgrammeSigners } from '../features/agreements/programme-signers.tsx'
import { InviteForm } from '../features/members/invite-form.tsx'
import { Passkeys } from '../features/members/passkeys.tsx'
import { formatDateTime } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'

type Change = { member: TeamMember; role?: Role; active?: boolean }

function changeText(change: Change): { title: string; body: string; confirm: string } {
  const { member } = change
  if (change.active === false) {
    return {
      title: `¿Desactivar a ${member.name}?`,
      body: 'Sus sesiones terminan ahora mismo y no podrá volver a entrar hasta que lo reactives. Sus evaluaciones y notas se conservan.',
      confirm: 'Desactivar',
    }
  }
  if (change.active === true) {
    return { title: `¿Reactivar a ${member.name}?`, body: 'Podrá volver a pedir un enlace para entrar.', confirm: 'Reactivar' }
  }
  const role = change.role!
  return {
    title: `¿Cambiar el rol de ${member.name} a ${ROLE_LABELS[role]}?`,
    body:
      role === 'admin'
        ? 'Podrá gestionar el equipo, exportar y atender solicitudes de datos personales.'
        : 'Podrá leer, evaluar, comentar y mover postulaciones, pero no gestionar el equipo ni los datos personales.',
    confirm: 'Cambiar rol',
  }
}

export function MembersPage() {
  useTitle('Equipo')
  const me = useMember()
  const members = useMembers()
  const update = useUpdateMember()
  const [change, setChange] = useState<Change | null>(null)
  const isAdmin = me.role === 'admin'
  // The server refuses to demote or deactivate the last active admin (409 last_admin): the page never offers it.
  const activeAdmins = members.data?.members.filter((m) => m.role === 'admin' && m.active).length ?? 0

  function confirm() {
    if (!change) return
    const { member, ...body } = change
    update.mutate(
      { id: member.id, ...body },
      {
        onSuccess: () => {
          setChange(null)
          notify('success', { title: 'Cambio guardado', description: `${member.name}: listo.` }, { action: 'member-change' })
        },
        onError: (err) => {
          setChange(null)
          const lastAdmin = err instanceof ApiError && err.code === 'last_admin'
          notify('error', {
            title: 'No se hizo el cambio',
            description: lastAdmin ? 'El equipo necesita al menos un administrador activo.' : err.message,
          }, { action: 'member-change' })
        },
      },
    )
  }
  const text = change && changeText(change)

  return (
    <>
      <PageHeader title="Equipo" description="Tu cuenta y las personas con acceso al espacio del equipo." />
      <section aria-labelledby="tu-cuenta" className="mb-6">
        <h2 id="tu-cuenta" className="mb-2 text-lg font-bold">Tu cuenta</h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <Panel title={me.name} headingLevel={3}>
            <p className="text-sm break-all text-ink-700">{me.email}</p>
            <p className="mt-1 text-sm text-ink-700">{ROLE_LABELS[me.role]}</p>
            <div className="mt-4 flex flex-col gap-2">
              <SignOutButton />
              <SignOutEverywhereButton />
            </div>
          </Panel>
          <Passkeys />
        </div>
      </section>

      <section aria-labelledby="miembros">
        <h2 id="miembros" className="mb-2 text-lg font-bold">Miembros</h2>
        {isAdmin && <div className="mb-4"><InviteForm /></div>}
        {members.isPending ? (
          <Loading />
        ) : members.error ? (
          <QueryError error={members.error} retry={() => void members.refetch()} />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-ink-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Miembros del equipo</caption>
              <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Nombre y correo</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Rol</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Estado</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Último ingreso</th>
                  {isAdmin && <th scope="col" className="px-3 py-2 font-semibold">Acciones</th>}
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((member) => {
                  const other: Role = member.role === 'admin' ? 'reviewer' : 'admin'
                  const lastAdmin = member.role === 'admin' && member.active && activeAdmins === 1
                  return (
                    <tr key={member.id} className="border-b border-ink-100 last:border-0">
                      <th scope="row" className="px-3 py-2 font-semibold">
                        {member.name}
                        {member.id === me.id && <span className="ml-1 font-normal text-ink-600">(tú)</span>}
                        <span className="block text-xs font-normal text-ink-700">{member.email}</span>
                      </th>
                      <td className="px-3 py-2">{ROLE_LABELS[member.role]}</td>
                      <td className="px-3 py-2">
                        {member.active ? 'Activo' : <span className="font-semibold text-ink-600">Desactivado</span>}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Nunca'}</td>
                      {isAdmin && (
                        <td className="px-3 py-2">
                          {lastAdmin ? (
                            <p className="max-w-[16rem] text-xs text-ink-700">
                              Única persona administradora activa: para cambiar su rol o desactivarla, antes nombra o invita a otra.
                            </p>
                          ) : (
                            <div className="flex flex-wrap gap-1.5">
                              {member.active && (
                                <Button
                                  aria-label={`Cambiar el rol de ${member.name} a ${ROLE_LABELS[other]}`}
                                  onClick={() => setChange({ member, role: other })}
                                >
                                  Hacer {ROLE_LABELS[other].toLowerCase()}
                                </Button>
                              )}
                              <Button
                                variant={member.active ? 'danger' : 'secondary'}
                                aria-label={`${member.active ? 'Desactivar' : 'Reactivar'} a ${member.name}`}
                                onClick={() => setChange({ member, active: !member.active })}
                              >
                                {member.active ? 'Desactivar' : 'Reactivar'}
                              </Button>
                            </div>
                          )}
                        </td>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {/* Who signs the agreements for the programme (an admin gives the right): admins only. */}
      {isAdmin && members.data && (
        <div className="mt-6">
          <ProgrammeSigners members={members.data.members} />
        </div>
      )}
      <ConfirmDialog
        open={change !== null}
        title={text?.title ?? ''}
        confirmLabel={text?.confirm ?? ''}
        variant={change?.active === false ? 'danger' : 'primary'}
        pending={update.isPending}
        onConfirm={confirm}
        onClose={() => setChange(null)}
      >
        <p>{text?.body}</p>
      </ConfirmDialog>
    </>
  )
}
