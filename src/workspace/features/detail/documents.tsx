/**
 * The founder's due-diligence documents (server/features/documents/team-routes.ts):
 * which checklist items are in, with size, time and SHA-256; download one
 * (audited), accept it, or ask for a new version with a note the founder sees.
 */
import { useId, useState, type FormEvent } from 'react'
import { DOCUMENT_NOTE_MAX } from '../../../../domain/documents.ts'
import { notify } from '../../../lib/toast.tsx'
import { endpointHref } from '../../api/endpoints.ts'
import { documentEndpoints, type TeamDocument } from '../../../../domain/workspace-api/documents.ts'
import { useDocuments, useReviewDocument } from '../../api/queries.ts'
import { Button, filledIn, Panel, QueryView, TextAreaField } from '../../components/ui.tsx'
import { formatBytes, formatDateTime } from '../../../../domain/format.ts'
import { forFounder } from '../../components/field-audience.ts'

const STATUS_LABEL: Record<TeamDocument['status'], string> = {
  received: 'Por revisar',
  accepted: 'Aceptado',
  new_version_requested: 'Nueva versión pedida',
}

export function Documents({ applicationId }: { applicationId: string }) {
  const documents = useDocuments(applicationId)
  return (
    <Panel title="Documentos de due diligence">
      <QueryView query={documents}>
        {({ items }) => (
          <ul className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.key} className="rounded-md border border-ink-200 p-3 text-sm" data-document-item={item.key}>
                <p className="font-semibold text-ink-900">
                  {item.label}
                  {item.optional && <span className="font-normal text-ink-600"> (si aplica)</span>}
                </p>
                {item.document ? (
                  <DocumentEntry applicationId={applicationId} document={item.document} />
                ) : (
                  <p className="text-ink-600">Aún no lo ha subido.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Panel>
  )
}

function DocumentEntry({ applicationId, document }: { applicationId: string; document: TeamDocument }) {
  const id = useId()
  const review = useReviewDocument(applicationId)
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const href = endpointHref(documentEndpoints.file, { params: { id: applicationId, documentId: document.id } })

  function send(status: 'accepted' | 'new_version_requested') {
    review.mutate(
      { documentId: document.id, status, ...(status === 'new_version_requested' ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setAsking(false)
          setNote('')
          notify('success', {
            title: status === 'accepted' ? 'Documento aceptado' : 'Pedimos una nueva versión',
            description: status === 'accepted' ? document.fileName : 'La persona fundadora verá tu nota en su página de documentos.',
          }, { action: `document-review:${document.id}` })
        },
        onError: (err) => notify('error', { title: 'No pudimos guardar la revisión', description: err.message }, { action: `document-review:${document.id}` }),
      },
    )
  }

  function submitNote(e: FormEvent) {
    e.preventDefault()
    if (!filledIn(note, setError, 'Escribe qué debe cambiar.')) return
    send('new_version_requested')
  }

  return (
    <div className="mt-1 flex flex-col gap-1">
      <p>
        <a href={href} className="font-semibold text-ink-900 underline underline-offset-2" download>
          {document.fileName}
        </a>{' '}
        · {formatBytes(document.sizeBytes)} · {formatDateTime(document.uploadedAt)}
      </p>
      <p className="text-xs break-all text-ink-600">
        SHA-256 <code>{document.sha256}</code>
      </p>
      <p>
        Estado: <strong>{STATUS_LABEL[document.status]}</strong>
        {document.reviewNote && <span className="text-ink-700"> · «{document.reviewNote}»</span>}
      </p>
      {asking ? (
        <form onSubmit={submitNote} noValidate className="mt-1">
          <TextAreaField
            id={id}
            label={forFounder('Qué debe cambiar')}
            rows={2}
            maxLength={DOCUMENT_NOTE_MAX}
            value={note}
            error={error}
            onValue={setNote}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={review.isPending}>
              Pedir nueva versión
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-1 flex flex-wrap gap-2">
          {document.status !== 'accepted' && (
            <Button variant="primary" disabled={review.isPending} onClick={() => send('accepted')}>
              Aceptar
            </Button>
          )}
          <Button onClick={() => setAsking(true)}>Pedir nueva versión</Button>
        </div>
      )}
    </div>
  )
}
