/** The signed-in member's own passkeys: add one with a name, remove one. */
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { notify } from '../../../lib/toast.tsx'
import { usePasskeys, useRemovePasskey } from '../../api/queries.ts'
import { queriesOf } from '../../api/query-keys.ts'
import { sessionEndpoints, type Passkey } from '../../../../domain/workspace-api/team.ts'
import { ConfirmDialog } from '../../components/confirm-dialog.tsx'
import { Button, filledIn, Panel, QueryView, TextField } from '../../components/ui.tsx'
import { formatDateTime } from '../../../../domain/format.ts'
import { addPasskey, passkeyErrorMessage } from '../../lib/passkeys.ts'

const PASSKEY_NAME_MAX = 100

export function Passkeys() {
  const id = useId()
  const passkeys = usePasskeys()
  const remove = useRemovePasskey()
  const client = useQueryClient()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Passkey | null>(null)

  async function add(e: FormEvent) {
    e.preventDefault()
    if (!filledIn(name, setError, 'Ponle un nombre para reconocerla, por ejemplo «Portátil del trabajo».')) return
    setAdding(true)
    try {
      await addPasskey(name.trim())
      setName('')
      notify('success', { title: 'Passkey agregada', description: 'La próxima vez puedes entrar con ella.' }, { action: 'passkey-add' })
    } catch (err) {
      notify('error', { title: 'No se agregó la passkey', description: passkeyErrorMessage(err) ?? (err as Error).message }, { action: 'passkey-add' })
    } finally {
      setAdding(false)
      await client.invalidateQueries(queriesOf(sessionEndpoints.passkeys))
    }
  }

  return (
    <Panel title="Tus passkeys" headingLevel={3}>
      <p className="text-sm text-ink-700">Entra sin esperar un correo, con la huella, el rostro o el PIN de tu dispositivo.</p>
      <QueryView query={passkeys}>
        {({ passkeys: list }) =>
          list.length === 0 ? (
            <p className="mt-3 text-sm text-ink-600">Aún no tienes passkeys.</p>
          ) : (
            <ul className="mt-3 divide-y divide-ink-100 rounded-md border border-ink-200">
              {list.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2 p-2.5 text-sm">
                  <span>
                    <span className="block font-semibold">{passkey.name}</span>
                    <span className="block text-xs text-ink-600">
                      Agregada {formatDateTime(passkey.createdAt)} · Último uso {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'nunca'}
                    </span>
                  </span>
                  <Button variant="ghost" aria-label={`Quitar la passkey ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                    Quitar
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <form className="mt-4 flex flex-wrap items-start gap-2" onSubmit={(e) => void add(e)} noValidate>
        <div className="min-w-[14rem] flex-1">
          <TextField id={id} label="Nombre de la nueva passkey" value={name} maxLength={PASSKEY_NAME_MAX} error={error} onValue={setName} />
        </div>
        <Button type="submit" variant="primary" className="mt-6" disabled={adding}>
          {adding ? 'Esperando tu dispositivo…' : 'Agregar passkey'}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title="¿Quitar esta passkey?"
        confirmLabel="Quitar passkey"
        variant="danger"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => (setRemoving(null), notify('success', null, { action: 'passkey-remove' })),
            onError: (err) => {
              setRemoving(null)
              notify('error', { title: 'No pudimos quitar la passkey', description: err.message }, { action: 'passkey-remove' })
            },
          })
        }
      >
        <p>Ya no podrás entrar con «{removing?.name}». Puedes seguir entrando con un enlace por correo.</p>
      </ConfirmDialog>
    </Panel>
  )
}
