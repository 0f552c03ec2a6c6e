/**
 * /equipo/correos-por-enviar: the founders' status e-mails the stage changes
 * wrote (ADR 0090). A member reads each one, edits its subject and text,
 * sends it (it goes to the outbox) or discards it; or sends them all. Admins
 * choose which kinds go straight away without waiting here.
 */
import { useId, useState } from 'react'
import { Link } from 'wouter'
import { notify } from '../../lib/toast.tsx'
import { ApiError } from '../api/client.ts'
import {
  useFounderDraftAction,
  useFounderDrafts,
  useFounderMailSettings,
  useSendAllFounderDrafts,
  useSetFounderMailSetting,
} from '../api/queries.ts'
import { SUPERSEDED_SHOWN_DAYS, type FounderDraft } from '../../../domain/workspace-api/founder-mail.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { useMember } from '../components/require-session.tsx'
import { BoxedNote, Button, Loading, PageHeader, Panel, QueryError, QueryWaiting, inputClass, labelClass } from '../components/ui.tsx'
import { countOf, formatDateTime } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'
import { forFounder } from '../components/field-audience.ts'

function failed(err: unknown, title: string, action: string) {
  // The draft announces a stage its application has left: the server says which, in Spanish (ADR 0138).
  if (err instanceof ApiError && err.code === 'stale_stage') {
    notify('error', { title: 'Este correo ya no corresponde a la etapa de la postulación', description: err.message }, { action })
    return
  }
  const conflict = err instanceof ApiError && err.status === 409
  notify('error', {
    title: conflict ? 'Este correo ya no está pendiente' : title,
    description: conflict ? 'Otra persona lo envió o lo descartó.' : err instanceof Error ? err.message : String(err),
  }, { action })
}

function DraftCard({ draft }: { draft: FounderDraft }) {
  const [editing, setEditing] = useState(false)
  const [subject, setSubject] = useState(draft.subject)
  const [text, setText] = useState(draft.text)
  const action = useFounderDraftAction()
  const subjectId = useId()
  const textId = useId()
  const sendNoteId = useId()

  const run = (input: Parameters<typeof action.mutate>[0], done: string, error: string) =>
    action.mutate(input, {
      onSuccess: () => {
        notify('success', { title: done, description: `${draft.kindLabel} · ${draft.reference}` }, { action: `founder-mail:${draft.id}` })
        setEditing(false)
      },
      onError: (err) => failed(err, error, `founder-mail:${draft.id}`),
    })

  return (
    <li className="rounded-lg border border-ink-200 bg-white p-4">
      <article aria-label={`${draft.kindLabel}, ${draft.reference}`}>
        <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">{draft.kindLabel}</p>
        <h2 className="mt-1 text-base font-bold">{draft.subject}</h2>
        <p className="text-sm text-ink-700">
          Para {draft.to} ·{' '}
          <Link href={paths.application(draft.applicationId)} className="underline underline-offset-2">
            {draft.reference}
          </Link>{' '}
          · {formatDateTime(draft.createdAt)}
          {draft.editedAt && ' · editado'}
        </p>
        {draft.carriesPanelCancel && (
          <p className="mt-2 rounded-md border border-ink-300 bg-ink-50 p-2 text-sm text-ink-800">
            Lleva la cancelación de la sesión con el panel para el calendario de la persona fundadora. Si lo descartas, le enviaremos solo esa cancelación, sin mencionar la etapa.
          </p>
        )}
        {editing ? (
          <form
            className="mt-3 flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault()
              run({ id: draft.id, action: 'edit', subject, text }, 'Correo guardado', 'No pudimos guardar el correo')
            }}
          >
            <div>
              <label htmlFor={subjectId} className={labelClass}>{forFounder('Asunto')}</label>
              <input id={subjectId} className={inputClass} value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} required />
            </div>
            <div>
              <label htmlFor={textId} className={labelClass}>{forFounder('Texto del correo')}</label>
              <textarea id={textId} className={`${inputClass} min-h-72 font-mono text-xs`} value={text} onChange={(e) => setText(e.target.value)} required />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={action.isPending}>Guardar cambios</Button>
              <Button onClick={() => { setEditing(false); setSubject(draft.subject); setText(draft.text) }}>Cancelar</Button>
            </div>
          </form>
        ) : (
          <>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-semibold">Leer el correo</summary>
              <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-ink-50 p-3 text-xs whitespace-pre-wrap">{draft.text}</pre>
            </details>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <Button
                variant="primary"
                aria-describedby={sendNoteId}
                disabled={action.isPending}
                onClick={() => run({ id: draft.id, action: 'send' }, 'Correo enviado', 'No pudimos enviar el correo')}
              >
                Enviar
              </Button>
              <Button onClick={() => setEditing(true)}>Editar</Button>
              <Button variant="danger" disabled={action.isPending} onClick={() => run({ id: draft.id, action: 'discard' }, 'Correo descartado', 'No pudimos descartar el correo')}>
                Descartar
              </Button>
            </div>
            <p id={sendNoteId} className="mt-2 text-xs text-ink-700">
              «Enviar» lo manda de inmediato a {draft.to}. Una vez enviado no se puede deshacer.
            </p>
          </>
        )}
      </article>
    </li>
  )
}

/** The toasts of one setting are one action's: a success dismisses the refusal before it. */
const settingAction = (kind: string) => `founder-mail-setting:${kind}`

function Settings() {
  const me = useMember()
  const settings = useFounderMailSettings()
  const set = useSetFounderMailSetting()
  if (!settings.isSuccess) return <QueryWaiting query={settings} />
  return (
    <Panel title="Envío automático">
      <p className="mb-3 text-sm text-ink-700">
        Los tipos marcados se envían a la persona fundadora en cuanto cambia la etapa, sin pasar por esta lista.
        {me.role !== 'admin' && ' Solo un administrador puede cambiarlos.'}
      </p>
      <ul className="flex flex-col gap-2">
        {settings.data.items.map((s) => (
          <li key={s.kind}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={s.sendImmediately}
                disabled={me.role !== 'admin' || set.isPending}
                onChange={(e) =>
                  set.mutate({ kind: s.kind, sendImmediately: e.target.checked }, { onSuccess: () => notify('success', null, { action: settingAction(s.kind) }), onError: (err) => failed(err, 'No pudimos guardar el ajuste', settingAction(s.kind)) })
                }
              />
              {s.label}
            </label>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

const correos = (n: number) => countOf(n, 'correo', 'correos')

/** "Enviar todos": says how many and to whom, and asks once (ADR 0138). */
function SendAllDialog({ drafts, onClose }: { drafts: FounderDraft[]; onClose: () => void }) {
  const sendAll = useSendAllFounderDrafts()
  const n = drafts.length
  return (
    <ConfirmDialog
      open
      title={`¿Enviar ${correos(n)} ahora?`}
      confirmLabel={`Enviar ${correos(n)}`}
      pending={sendAll.isPending}
      onClose={onClose}
      onConfirm={() =>
        sendAll.mutate(
          drafts.map((d) => d.id),
          {
            onSuccess: (r) => {
              notify('success', {
                title: 'Correos enviados',
                description:
                  r.skipped > 0
                    ? `${correos(r.sent)} en camino. ${correos(r.skipped)} no se ${r.skipped === 1 ? 'envió' : 'enviaron'}: ya no ${r.skipped === 1 ? 'estaba pendiente' : 'estaban pendientes'} o no ${r.skipped === 1 ? 'correspondía' : 'correspondían'} a la etapa actual.`
                    : `${correos(r.sent)} en camino.`,
              }, { action: 'founder-mail-all' })
              onClose()
            },
            onError: (err) => {
              failed(err, 'No pudimos enviar los correos', 'founder-mail-all')
              onClose()
            },
          },
        )
      }
    >
      <p>Salen de inmediato y no se puede deshacer. Cada persona fundadora recibe solo el suyo:</p>
      <ul className="mt-2 max-h-64 list-disc overflow-auto pl-5 text-sm">
        {drafts.map((d) => (
          <li key={d.id}>
            <span className="font-semibold">{d.to}</span> · {d.kindLabel} · {d.reference}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  )
}

/** The drafts a later stage change replaced: the team sees they did not leave, and why. */
function Replaced({ drafts }: { drafts: FounderDraft[] }) {
  if (drafts.length === 0) return null
  return (
    <section aria-labelledby="reemplazados" className="mt-2">
      <h2 id="reemplazados" className="text-sm font-bold text-ink-900">
        Reemplazados por un cambio de etapa posterior (últimos {SUPERSEDED_SHOWN_DAYS} días)
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {drafts.map((d) => (
          <li key={d.id} className="rounded-lg border border-dashed border-ink-300 bg-ink-50 p-3 text-sm">
            <p className="font-semibold">
              {d.kindLabel} ·{' '}
              <Link href={paths.application(d.applicationId)} className="underline underline-offset-2">
                {d.reference}
              </Link>{' '}
              · para {d.to}
            </p>
            <p className="text-ink-800">{d.supersededNote}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function FounderMailPage() {
  useTitle('Correos por enviar')
  const drafts = useFounderDrafts()
  const [confirming, setConfirming] = useState(false)
  const count = drafts.data?.items.length ?? 0
  const withheld = drafts.data?.withheld ?? 0
  return (
    <>
      <PageHeader
        title="Correos por enviar"
        description="Los correos a las personas fundadoras que dejó cada cambio de etapa. Nada sale hasta que alguien del equipo lo envía. Donde dice [enlace personal], el correo lleva el enlace a la página de estado de la persona fundadora, que se crea al enviarlo."
        actions={
          count > 0 ? (
            <Button variant="primary" onClick={() => setConfirming(true)}>
              Enviar todos ({count})
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section aria-label="Correos pendientes" className="flex flex-col gap-3">
          {withheld > 0 && (
            <BoxedNote>
              {withheld === 1
                ? 'Hay 1 correo de una postulación con la que tienes un conflicto de interés: lo revisa y lo envía otra persona del equipo.'
                : `Hay ${withheld} correos de postulaciones con las que tienes un conflicto de interés: los revisa y los envía otra persona del equipo.`}
            </BoxedNote>
          )}
          {drafts.isPending ? (
            <Loading />
          ) : drafts.error ? (
            <QueryError error={drafts.error} retry={() => void drafts.refetch()} />
          ) : count === 0 ? (
            <BoxedNote>No hay correos por enviar.</BoxedNote>
          ) : (
            <ul className="flex flex-col gap-3">
              {drafts.data.items.map((d) => (
                <DraftCard key={`${d.id}-${d.editedAt ?? ''}`} draft={d} />
              ))}
            </ul>
          )}
          {drafts.data && <Replaced drafts={drafts.data.replaced} />}
          {confirming && drafts.data && <SendAllDialog drafts={drafts.data.items} onClose={() => setConfirming(false)} />}
        </section>
        <Settings />
      </div>
    </>
  )
}
