/**
 * /equipo/tarifario (admins): the rate card (ADR 0158). Versions,
 * newest first: a draft is edited line by line (medio, formato, precio
 * unitario in whole pesos) and published; a published version is never
 * edited again: a new price is a new version, which starts as a copy of the
 * last published one. A deal keeps the version it was signed with.
 */
import { useId, useState } from 'react'
import { OUTLETS, OUTLET_FORMATS, OUTLET_LABELS, RATE_CARD_EMPTY, RATE_CARD_NOTE_MAX, RATE_FORMAT_MAX, formatCop, type Outlet } from '../../../domain/deals.ts'
import { formatDateTime, formatNumber } from '../../../domain/format.ts'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import { notify } from '../../lib/toast.tsx'
import { ApiError } from '../api/client.ts'
import { useRateCardAction, useRateCards } from '../api/deal-queries.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { useMember } from '../components/require-session.tsx'
import { Button, FieldError, Forbidden, inputClass, labelClass, PageHeader, Panel, QueryWaiting } from '../components/ui.tsx'
import { useTitle } from '../lib/use-title.ts'
import { internal } from '../components/field-audience.ts'

interface Line {
  key: string
  outlet: Outlet
  format: string
  unitPriceCop: string
}

const linesOf = (version: RateCardVersion | undefined): Line[] =>
  (version?.items ?? []).map((i) => ({ key: crypto.randomUUID(), outlet: i.outlet, format: i.format, unitPriceCop: formatNumber(i.unitPriceCop) }))
const newLine = (): Line => ({ key: crypto.randomUUID(), outlet: 'diario_popular', format: '', unitPriceCop: '' })

export function RateCardPage() {
  useTitle('Tarifario')
  const me = useMember()
  const list = useRateCards(me.role === 'admin')
  const action = useRateCardAction()
  if (me.role !== 'admin') return <Forbidden />
  if (!list.isSuccess) return <QueryWaiting query={list} />
  const { versions, memberNames } = list.data
  const draft = versions[0]?.status === 'draft' ? versions[0] : undefined
  const published = versions.filter((v) => v.status === 'published')

  function create() {
    action.mutate(
      { kind: 'create', body: { note: '', items: linesOf(published[0]).map(({ outlet, format, unitPriceCop }) => ({ outlet, format, unitPriceCop })) } },
      {
        onSuccess: ({ version }) => notify('success', { title: `Versión ${version.number} creada`, description: 'Es un borrador: edítalo y publícalo cuando esté listo.' }, { action: 'rate-card-create' }),
        onError: (err) => notify('error', { title: 'No pudimos crear la versión', description: err.message }, { action: 'rate-card-create' }),
      },
    )
  }

  return (
    <>
      <PageHeader
        title="Tarifario"
        description="Precios por medio y formato, en pesos. Cada acuerdo queda con la versión publicada con la que se firmó."
        actions={!draft && <Button variant="primary" onClick={create} disabled={action.isPending}>{versions.length === 0 ? 'Crear la primera versión' : 'Nueva versión'}</Button>}
      />
      {versions.length === 0 && (
        <div className="rounded-lg border border-dashed border-ink-300 bg-white p-6 text-sm text-ink-700">
          <p>{RATE_CARD_EMPTY}</p>
        </div>
      )}
      <div className="flex flex-col gap-4">
        {draft && <DraftEditor key={draft.id} draft={draft} />}
        {published.map((v) => (
          <PublishedVersion key={v.id} version={v} memberNames={memberNames} current={v.id === published[0]!.id} />
        ))}
      </div>
    </>
  )
}

function DraftEditor({ draft }: { draft: RateCardVersion }) {
  const id = useId()
  const action = useRateCardAction()
  const [note, setNote] = useState(draft.note)
  const [lines, setLines] = useState<Line[]>(() => (draft.items.length > 0 ? linesOf(draft) : [newLine()]))
  const [errors, setErrors] = useState<Record<number, string>>({})
  const [message, setMessage] = useState<string>()
  const [publishing, setPublishing] = useState(false)
  const set = (i: number, change: Partial<Line>) => {
    setLines(lines.map((l, k) => (k === i ? { ...l, ...change } : l)))
    // The line's message goes once it is being fixed.
    if (errors[i] !== undefined) setErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => Number(k) !== i)))
  }
  const body = () => ({ note, items: lines.map(({ outlet, format, unitPriceCop }) => ({ outlet, format, unitPriceCop })) })

  function refused(err: ApiError | Error) {
    const issues = err instanceof ApiError ? ((err.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []) : []
    setErrors(Object.fromEntries(issues.filter((i) => i.path.startsWith('items.')).map((i) => [Number(i.path.slice(6)), i.message])))
    setMessage(err.message)
  }

  async function save(): Promise<boolean> {
    try {
      await action.mutateAsync({ kind: 'edit', id: draft.id, body: body() })
      setErrors({})
      setMessage(undefined)
      return true
    } catch (err) {
      refused(err as Error)
      return false
    }
  }

  async function publish() {
    setPublishing(false)
    if (!(await save())) return
    try {
      await action.mutateAsync({ kind: 'publish', id: draft.id })
      notify('success', { title: `Versión ${draft.number} publicada`, description: 'Los acuerdos que se firmen desde ahora la usarán.' })
    } catch (err) {
      refused(err as Error)
    }
  }

  return (
    <Panel title={`Versión ${draft.number} · borrador`}>
      <p className="mb-3 text-sm text-ink-700">Un borrador se puede cambiar. Al publicarlo queda fijo: para cambiar un precio después, crea una versión nueva.</p>
      {message && (
        <p role="alert" className="mb-3 rounded-md border border-danger-700/40 bg-white p-2 text-sm font-semibold text-danger-700">
          {message}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {lines.map((line, i) => (
          <li key={line.key} className="grid grid-cols-1 gap-2 rounded-md border border-ink-200 p-2 sm:grid-cols-[12rem_minmax(0,1fr)_10rem_auto] sm:items-start">
            <div>
              <label htmlFor={`${id}-outlet-${i}`} className={labelClass}>Medio <span className="sr-only">de la línea {i + 1}</span></label>
              <select id={`${id}-outlet-${i}`} className={`${inputClass} mt-1`} value={line.outlet} onChange={(e) => set(i, { outlet: e.target.value as Outlet })}>
                {OUTLETS.map((o) => (
                  <option key={o} value={o}>{OUTLET_LABELS[o]}</option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-format-${i}`} className={labelClass}>Formato <span className="sr-only">de la línea {i + 1}</span></label>
              <input
                id={`${id}-format-${i}`}
                className={`${inputClass} mt-1`}
                list={`${id}-formats-${line.outlet}`}
                maxLength={RATE_FORMAT_MAX}
                value={line.format}
                aria-invalid={errors[i] !== undefined}
                aria-describedby={`${id}-error-${i}`}
                onChange={(e) => set(i, { format: e.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-price-${i}`} className={labelClass}>Precio unitario <span className="sr-only">de la línea {i + 1}</span> <span className="font-normal text-ink-600">(pesos)</span></label>
              <input
                id={`${id}-price-${i}`}
                className={`${inputClass} mt-1`}
                inputMode="numeric"
                autoComplete="off"
                value={line.unitPriceCop}
                aria-invalid={errors[i] !== undefined}
                aria-describedby={`${id}-error-${i}`}
                onChange={(e) => set(i, { unitPriceCop: e.target.value })}
              />
            </div>
            <div className="sm:pt-6">
              <Button
                onClick={() => {
                  setLines(lines.filter((_, k) => k !== i))
                  setErrors({})
                }}
                aria-label={`Quitar la línea ${i + 1}`}
              >
                Quitar
              </Button>
            </div>
            <div className="sm:col-span-4">
              <FieldError id={`${id}-error-${i}`} message={errors[i]} />
            </div>
          </li>
        ))}
      </ol>
      {OUTLETS.map((o) => (
        <datalist key={o} id={`${id}-formats-${o}`}>
          {OUTLET_FORMATS[o].map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
      ))}
      <Button className="mt-3" onClick={() => setLines([...lines, newLine()])}>Agregar línea</Button>
      <div className="mt-4">
        <label htmlFor={`${id}-note`} className={labelClass}>{internal('Nota', { optional: true })} <span className="font-normal text-ink-600">de dónde salen estos precios</span></label>
        <textarea id={`${id}-note`} className={`${inputClass} mt-1`} rows={2} maxLength={RATE_CARD_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button
          onClick={() => void save().then((ok) => ok && notify('success', { title: 'Borrador guardado', description: `Versión ${draft.number}, sin publicar.` }))}
          disabled={action.isPending}
        >
          Guardar borrador
        </Button>
        <Button variant="primary" onClick={() => setPublishing(true)} disabled={action.isPending || lines.length === 0}>
          Publicar versión {draft.number}
        </Button>
      </div>
      <ConfirmDialog open={publishing} title={`¿Publicar la versión ${draft.number} del tarifario?`} confirmLabel="Publicar" onConfirm={() => void publish()} onClose={() => setPublishing(false)}>
        <p>Una versión publicada no se edita. Los acuerdos que se firmen desde ahora quedarán con estos precios.</p>
      </ConfirmDialog>
    </Panel>
  )
}

function PublishedVersion({ version, memberNames, current }: { version: RateCardVersion; memberNames: Record<string, string>; current: boolean }) {
  const by = version.publishedBy ? (memberNames[version.publishedBy] ?? 'un miembro que ya no está en el equipo') : ''
  return (
    <Panel title={`Versión ${version.number}${current ? ' · vigente' : ''}`}>
      <p className="mb-2 text-sm text-ink-600">
        Publicada el {formatDateTime(version.publishedAt)}{by && `, por ${by}`}.{version.note && ` ${version.note}`}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Precios de la versión {version.number}</caption>
          <thead>
            <tr className="border-b border-ink-200 text-ink-600">
              <th scope="col" className="py-1.5 pr-3 font-semibold">Medio</th>
              <th scope="col" className="py-1.5 pr-3 font-semibold">Formato</th>
              <th scope="col" className="py-1.5 text-right font-semibold">Precio unitario</th>
            </tr>
          </thead>
          <tbody>
            {version.items.map((i) => (
              <tr key={i.id} className="border-b border-ink-100">
                <td className="py-1.5 pr-3">{OUTLET_LABELS[i.outlet]}</td>
                <td className="py-1.5 pr-3">{i.format}</td>
                <td className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatCop(i.unitPriceCop)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  )
}
