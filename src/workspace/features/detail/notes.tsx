/** Internal notes: visible to the team only, never to the founder. */
import { useId, useState, type FormEvent } from 'react'
import { NOTE_MAX } from '../../../../domain/review.ts'
import { notify } from '../../../lib/toast.tsx'
import { useAddNote } from '../../api/queries.ts'
import type { Note } from '../../../../domain/workspace-api/review.ts'
import { Button, filledIn, Panel, TextAreaField } from '../../components/ui.tsx'
import { formatDateTime } from '../../../../domain/format.ts'
import { internal } from '../../components/field-audience.ts'

export function Notes({ applicationId, notes }: { applicationId: string; notes: Note[] }) {
  const id = useId()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string>()
  const add = useAddNote(applicationId)

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!filledIn(body, setError, 'Escribe la nota.')) return
    add.mutate(
      { body: body.trim() },
      {
        onSuccess: () => setBody(''),
        onError: (err) => notify('error', { title: 'No pudimos guardar la nota', description: err.message }),
      },
    )
  }

  return (
    <Panel title="Notas internas">
      {notes.length === 0 ? (
        <p className="text-sm text-ink-600">Sin notas todavía.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-ink-50 p-2.5 text-sm">
              <p className="whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-xs text-ink-600">
                {note.member?.name ?? 'Miembro del equipo'} · {formatDateTime(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="mt-3" onSubmit={submit} noValidate>
        <TextAreaField id={id} label={internal('Nueva nota')} rows={3} maxLength={NOTE_MAX} value={body} error={error} onValue={setBody} />
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Guardando…' : 'Agregar nota'}
        </Button>
      </form>
    </Panel>
  )
}
