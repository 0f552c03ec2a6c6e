/**
 * /equipo/acuerdo-plantilla (admins): the share purchase agreement's template
 * (domain/workspace-api/agreements.ts). The version in force, its body edited as text with its
 * placeholders ({{clave}}), saved as a new version; the versions before it, with who saved each. An
 * agreement keeps the template version it was sent with; version 0 is the sample the product ships,
 * which the legal team must replace.
 */
import { forFounder } from '../components/field-audience.ts'
import { useId, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDateTime } from '../../../domain/format.ts'
import { agreementEndpoints as E, type AgreementTemplateAnswer } from '../../../domain/workspace-api/agreements.ts'
import { notify } from '../../lib/toast.tsx'
import { endpointQuery } from '../api/read.ts'
import { submitOnce, useSubmissionKeys } from '../api/submission-key.ts'
import { useMember } from '../components/require-session.tsx'
import { ActionError, Button, FieldError, Forbidden, PageHeader, Panel, QueryWaiting, labelClass } from '../components/ui.tsx'
import { useTitle } from '../lib/use-title.ts'

const BODY_MAX = 60_000

function SampleBadge() {
  return <span className="rounded-full border border-accent-700 bg-accent-50 px-2 py-0.5 text-xs font-semibold text-ink-900">Muestra</span>
}

export function AgreementTemplatePage() {
  useTitle('Plantilla del acuerdo')
  const me = useMember()
  const template = useQuery({ ...endpointQuery(E.template), enabled: me.role === 'admin' })
  if (me.role !== 'admin') return <Forbidden />
  if (!template.isSuccess) return <QueryWaiting query={template} />
  // The editor starts from the version in force; a new version saved starts it again from that one.
  return <TemplateEditor key={template.data.current.version} data={template.data} />
}

function TemplateEditor({ data }: { data: AgreementTemplateAnswer }) {
  const id = useId()
  const client = useQueryClient()
  const keys = useSubmissionKeys()
  const save = useMutation({
    mutationFn: (body: { body: string; sample: boolean }) => submitOnce(keys, E.saveTemplate, { body }),
    // Here rather than in mutate's callbacks: the editor is drawn again for the new version (its key).
    onSuccess: (answer) => {
      notify('success', { title: `Versión ${answer.current.version} guardada`, description: 'Los acuerdos que se envíen desde ahora salen con esta versión; los enviados conservan la suya.' }, { action: 'agreement-template' })
      client.setQueryData(endpointQuery(E.template).queryKey, answer)
    },
  })
  const { current, versions, fields, memberNames } = data
  const [body, setBody] = useState(current.body)
  const [sample, setSample] = useState(current.sample)
  const [bodyError, setBodyError] = useState<string>()
  const [failure, setFailure] = useState<string | null>(null)
  const unchanged = body === current.body && sample === current.sample

  function submit(e: React.FormEvent) {
    e.preventDefault()
    setFailure(null)
    if (body.trim() === '') {
      setBodyError('Escribe el texto del acuerdo.')
      return
    }
    setBodyError(undefined)
    save.mutate(
      { body, sample },
      { onError: (err) => setFailure(err.message) },
    )
  }

  return (
    <>
      <PageHeader
        title="Plantilla del acuerdo"
        description="El texto del acuerdo de suscripción de acciones. Cada acuerdo queda con la versión de la plantilla con la que se envió."
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title={`Versión ${current.version} (vigente)`} actions={current.sample && <SampleBadge />}>
          {current.sample && (
            <p className="mb-3 rounded-md border border-accent-700 bg-accent-50 p-2.5 text-sm font-semibold text-ink-900">
              Plantilla de muestra: el equipo jurídico debe reemplazarla.
            </p>
          )}
          <form noValidate onSubmit={submit}>
            <label htmlFor={`${id}-body`} className={labelClass}>
              {forFounder('Texto del acuerdo')}
            </label>
            <textarea
              id={`${id}-body`}
              className="mt-1 block min-h-[28rem] w-full rounded-md border border-ink-300 bg-white px-2.5 py-2 font-mono text-sm leading-relaxed text-ink-900 aria-invalid:border-danger-700"
              rows={24}
              maxLength={BODY_MAX}
              spellCheck={false}
              value={body}
              aria-invalid={bodyError !== undefined || failure !== null}
              aria-describedby={`${id}-body-error ${id}-body-help`}
              onChange={(e) => setBody(e.target.value)}
            />
            <p id={`${id}-body-help`} className="mt-1 text-xs text-ink-600">
              Usa los campos de la lista tal como aparecen, con sus llaves dobles: se reemplazan con los datos de cada acuerdo.
            </p>
            <FieldError id={`${id}-body-error`} message={bodyError} />
            <label htmlFor={`${id}-sample`} className="mt-2 flex items-start gap-2 text-sm font-semibold text-ink-800">
              <input id={`${id}-sample`} type="checkbox" className="mt-0.5 size-4" checked={sample} onChange={(e) => setSample(e.target.checked)} />
              Es una muestra (no revisada por el equipo jurídico)
            </label>
            <Button type="submit" variant="primary" className="mt-3" disabled={save.isPending || unchanged}>
              {save.isPending ? 'Guardando…' : 'Guardar versión nueva'}
            </Button>
            {unchanged && <p className="mt-1 text-xs text-ink-600">Sin cambios respecto a la versión {current.version}.</p>}
            <ActionError message={failure} />
          </form>
        </Panel>
        <div className="flex min-w-0 flex-col gap-4">
          <Panel title="Campos que puedes usar">
            <ul aria-label="Campos de la plantilla" className="flex flex-col gap-2 text-sm">
              {fields.map((f) => (
                <li key={f.key}>
                  <code className="rounded bg-ink-50 px-1 py-0.5 font-mono text-ink-900 select-all break-all">{`{{${f.key}}}`}</code>
                  <span className="text-ink-700"> — {f.label}</span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Versiones">
            <ul aria-label="Versiones de la plantilla" className="flex flex-col gap-1.5 text-sm">
              {versions.map((v) => (
                <li key={v.version} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-700">
                  <span className="font-semibold text-ink-900">Versión {v.version}</span>
                  {v.sample && <SampleBadge />}
                  <span>
                    {v.createdAt === null
                      ? 'incluida con el producto'
                      : `${formatDateTime(v.createdAt)}, por ${v.createdBy ? (memberNames[v.createdBy] ?? 'un miembro que ya no está en el equipo') : 'el sistema'}`}
                  </span>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      </div>
    </>
  )
}
