/** Admins invite a member: the server queues an invitation e-mail with a sign-in link. */
import { useId, useState, type FormEvent } from 'react'
import { isEmail } from '../../../../domain/email.ts'
import { notify } from '../../../lib/toast.tsx'
import { ApiError } from '../../api/client.ts'
import { useInviteMember } from '../../api/queries.ts'
import { ROLE_LABELS, ROLES, type Role } from '../../../../domain/team.ts'
import { Button, emailInputProps, inputClass, labelClass, Panel, TextField } from '../../components/ui.tsx'

type Errors = Partial<Record<'name' | 'email', string>>

export function InviteForm() {
  const id = useId()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('reviewer')
  const [errors, setErrors] = useState<Errors>({})
  const invite = useInviteMember()

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (name.trim() === '') next.name = 'Escribe el nombre.'
    if (!isEmail(email)) next.email = 'Escribe un correo válido.'
    setErrors(next)
    if (Object.keys(next).length) return
    invite.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: () => {
          notify('success', { title: 'Invitación enviada', description: `${name.trim()} recibirá un enlace para entrar.` }, { action: 'invite' })
          setName('')
          setEmail('')
          setRole('reviewer')
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'member_exists') setErrors({ email: 'Ya hay un miembro con este correo.' })
          else notify('error', { title: 'No pudimos enviar la invitación', description: err.message }, { action: 'invite' })
        },
      },
    )
  }

  return (
    <Panel title="Invitar a un miembro" headingLevel={3}>
      <form className="grid grid-cols-1 gap-x-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start" onSubmit={submit} noValidate>
        <div>
          <TextField id={`${id}-name`} label="Nombre" value={name} autoComplete="off" error={errors.name} onValue={setName} />
        </div>
        <div>
          <TextField id={`${id}-email`} label="Correo" {...emailInputProps} value={email} autoComplete="off" error={errors.email} onValue={setEmail} />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className={labelClass}>Rol</label>
          <select id={`${id}-role`} className={`${inputClass} mt-1`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>{ROLE_LABELS[r]}</option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" className="mt-6" disabled={invite.isPending}>
          {invite.isPending ? 'Enviando…' : 'Enviar invitación'}
        </Button>
      </form>
    </Panel>
  )
}
