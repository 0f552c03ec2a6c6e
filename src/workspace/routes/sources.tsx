/**
 * /equipo/fuentes (ADRs 0168-0170): which of the programme's
 * outlets bring applications. Every member sees, over a chosen period, per
 * source: visits through its short path, applications, and how many reached
 * the panel, due diligence and a signed agreement, and the answers to
 * «¿Dónde nos conociste?». Each source has its short link, its link with
 * utm_* parameters for digital posts, and its QR code (drawn by the server,
 * SVG for print and PNG for screens). Admins create, rename and delete them.
 */
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { countOf, formatCount, formatIsoDay } from '../../../domain/format.ts'
import {
  HEARD_FROM_OPTIONS,
  SOURCE_NAME_MAX,
  SOURCE_OUTLETS,
  SOURCE_OUTLET_LABELS,
  SOURCE_SLUG_MAX,
  readSource,
  shortLink,
  utmLink,
  type SourceField,
} from '../../../domain/sources.ts'
import { sourceEndpoints, type Funnel, type SourceListItem } from '../../../domain/workspace-api/sources.ts'
import type { Wire } from '../../../domain/workspace-api/wire.ts'
import { notify } from '../../lib/toast.tsx'
import { ApiError } from '../api/client.ts'
import { endpointHref } from '../api/endpoints.ts'
import { useSourceAction, useSourceOverview, useSources } from '../api/source-queries.ts'
import { ConfirmDialog } from '../components/confirm-dialog.tsx'
import { useMember } from '../components/require-session.tsx'
import { Button, FieldError, inputClass, labelClass, Loading, PageHeader, Panel, QueryError, QueryWaiting, TableHead } from '../components/ui.tsx'
import { useTitle } from '../lib/use-title.ts'
import { ScrollArea } from '../components/scroll-area.tsx'
import { paths } from '../paths.ts'

type Source = Wire<SourceListItem>
const DAY_MS = 86_400_000

export function SourcesPage() {
  useTitle('Fuentes')
  const me = useMember()
  const list = useSources()
  if (!list.isSuccess) return <QueryWaiting query={list} />
  const { sources, siteOrigin, reserved } = list.data
  return (
    <>
      <PageHeader
        title="Fuentes"
        description="Qué medios del programa traen postulaciones: visitas por su dirección corta, postulaciones y hasta dónde llegaron. Solo cifras: nada sobre las personas."
      />
      <OverviewPanel sources={sources} />
      {me.role === 'admin' && <NewSource reserved={reserved} taken={sources.map((s) => s.slug)} siteOrigin={siteOrigin} />}
      <section aria-labelledby="fuentes-lista" className="mt-5">
        <h2 id="fuentes-lista" className="mb-3 text-base font-bold text-ink-900">
          Direcciones cortas y códigos QR
        </h2>
        {sources.length === 0 ? (
          <p className="rounded-lg border border-dashed border-ink-300 bg-white p-6 text-sm text-ink-700">
            Aún no hay fuentes. {me.role === 'admin' ? 'Crea la primera arriba.' : 'Un administrador puede crearlas.'}
          </p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {sources.map((s) => (
              <SourceCard key={s.id} source={s} siteOrigin={siteOrigin} admin={me.role === 'admin'} />
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function OverviewPanel({ sources }: { sources: readonly Source[] }) {
  const id = useId()
  // The last 30 Bogotá days, until the member picks others.
  const [from, setFrom] = useState(() => formatIsoDay(new Date(Date.now() - 29 * DAY_MS)))
  const [to, setTo] = useState(() => formatIsoDay(new Date()))
  const overview = useSourceOverview(from, to)
  const names = new Map(sources.map((s) => [s.id, s]))
  const rows = (overview.data?.bySource ?? []).slice().sort((a, b) => (a.sourceId === null ? 1 : b.sourceId === null ? -1 : b.applications - a.applications || b.visits - a.visits))
  const answers = overview.data?.byHeardFrom ?? []
  const total = rows.reduce((n, r) => n + r.applications, 0)

  return (
    <Panel title="Por fuente">
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>Desde</label>
          <input id={`${id}-from`} type="date" className={`${inputClass} mt-1`} value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>Hasta</label>
          <input id={`${id}-to`} type="date" className={`${inputClass} mt-1`} value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} />
        </div>
        <p className="pb-1.5 text-sm text-ink-700" aria-live="polite">
          {overview.data ? `${countOf(total, 'postulación recibida', 'postulaciones recibidas')} en el periodo (días de Bogotá).` : ''}
        </p>
      </div>
      {overview.error ? (
        <QueryError error={overview.error} retry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Loading />
      ) : (
        <>
          <FunnelTable
            caption="Visitas y postulaciones por fuente en el periodo"
            first="Fuente"
            rows={rows.map((r) => {
              const s = r.sourceId === null ? undefined : names.get(r.sourceId)
              return {
                key: r.sourceId ?? 'none',
                label: s ? s.name : r.sourceId === null ? 'Sin fuente (llegaron sin enlace de un medio)' : 'Fuente borrada',
                detail: s ? `${SOURCE_OUTLET_LABELS[s.outlet]} · /${s.slug}` : undefined,
                visits: r.sourceId === null ? null : r.visits,
                href: `${paths.applications}?${new URLSearchParams({ source: r.sourceId ?? 'none' })}`,
                funnel: r,
              }
            })}
          />
          <h3 className="mt-5 mb-2 text-sm font-bold text-ink-900">Respuestas a «¿Dónde nos conociste?»</h3>
          <FunnelTable
            caption="Postulaciones del periodo según su respuesta a ¿Dónde nos conociste?"
            first="Respuesta"
            rows={answers
              .slice()
              .sort((a, b) => (a.heardFrom === null ? 1 : b.heardFrom === null ? -1 : b.applications - a.applications))
              .map((r) => ({ key: r.heardFrom ?? 'none', label: r.heardFrom ? HEARD_FROM_OPTIONS[r.heardFrom] : 'Sin respuesta', visits: undefined, funnel: r }))}
          />
        </>
      )}
    </Panel>
  )
}

interface FunnelRow {
  key: string
  label: string
  detail?: string | undefined
  /** null: not counted for this row; undefined: no visits column. */
  visits: number | null | undefined
  href?: string
  funnel: Funnel
}

function FunnelTable({ caption, first, rows }: { caption: string; first: string; rows: FunnelRow[] }) {
  const withVisits = rows.some((r) => r.visits !== undefined)
  const cell = 'py-2 pl-3 text-right tabular-nums'
  const share = (n: number, of: number) => (of > 0 && n > 0 ? ` (${Math.round((n / of) * 100)} %)` : '')
  if (rows.length === 0) return <p className="text-sm text-ink-700">Sin postulaciones ni visitas en el periodo.</p>
  const applications = (r: FunnelRow) =>
    r.href && r.funnel.applications > 0 ? (
      <Link href={r.href} className="text-ink-900 underline decoration-ink-300 underline-offset-2 hover:decoration-ink-900">
        {formatCount(r.funnel.applications)}
        <span className="sr-only"> postulaciones de {r.label}</span>
      </Link>
    ) : (
      formatCount(r.funnel.applications)
    )
  const stages = (r: FunnelRow): [string, string][] => [
    ['Llegaron al panel', formatCount(r.funnel.panel) + share(r.funnel.panel, r.funnel.applications)],
    ['Due diligence', formatCount(r.funnel.dueDiligence) + share(r.funnel.dueDiligence, r.funnel.applications)],
    ['Acuerdo firmado', formatCount(r.funnel.signed) + share(r.funnel.signed, r.funnel.applications)],
  ]
  return (
    <>
      {/* On a phone, one card per row with every figure named (the table's columns were off screen). */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label={caption}>
        {rows.map((r) => (
          <li key={r.key} className="rounded-md border border-ink-200 p-3 text-sm">
            <p className="font-semibold text-ink-900">
              {r.label}
              {r.detail && <span className="block text-xs font-normal text-ink-600">{r.detail}</span>}
            </p>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
              {withVisits && (
                <div className="contents">
                  <dt className="text-ink-600">Visitas</dt>
                  <dd className="text-right tabular-nums">{r.visits === null || r.visits === undefined ? '—' : formatCount(r.visits)}</dd>
                </div>
              )}
              <div className="contents">
                <dt className="text-ink-600">Postulaciones</dt>
                <dd className="text-right tabular-nums">{applications(r)}</dd>
              </div>
              {stages(r).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-ink-600">{label}</dt>
                  <dd className="text-right tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <ScrollArea label={caption} className="hidden sm:block">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <TableHead caption={caption}>
            <th scope="col" className="py-2 pr-3 font-semibold">{first}</th>
            {withVisits && <th scope="col" className="py-2 pl-3 text-right font-semibold">Visitas</th>}
            <th scope="col" className="py-2 pl-3 text-right font-semibold">Postulaciones</th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">Llegaron al panel</th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">Due diligence</th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">Acuerdo firmado</th>
          </TableHead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {r.label}
                  {r.detail && <span className="block text-xs font-normal text-ink-600">{r.detail}</span>}
                </th>
                {withVisits && <td className={cell}>{r.visits === null || r.visits === undefined ? '—' : formatCount(r.visits)}</td>}
                <td className={cell}>{applications(r)}</td>
                {stages(r).map(([label, value]) => (
                  <td key={label} className={cell}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </>
  )
}

function issuesOf(err: unknown): Partial<Record<SourceField, string>> {
  const issues = err instanceof ApiError ? ((err.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? []) : []
  return Object.fromEntries(issues.map((i) => [i.path, i.message]))
}

function NewSource({ reserved, taken, siteOrigin }: { reserved: readonly string[]; taken: readonly string[]; siteOrigin: string }) {
  const id = useId()
  const action = useSourceAction()
  const [name, setName] = useState('')
  const [outlet, setOutlet] = useState('')
  const [slug, setSlug] = useState('')
  const [errors, setErrors] = useState<Partial<Record<SourceField, string>>>({})

  function submit(e: FormEvent) {
    e.preventDefault()
    // The same reader as the server's: the member reads the same words before anything is sent.
    const read = readSource({ name, outlet, slug }, { taken, reserved })
    if (!read.ok) {
      setErrors(read.errors)
      const first = (['name', 'outlet', 'slug'] as const).find((f) => read.errors[f])
      if (first) document.getElementById(`${id}-${first}`)?.focus()
      return
    }
    action.mutate(
      { kind: 'create', body: read.value },
      {
        onSuccess: (answer) => {
          if (answer) notify('success', { title: 'Fuente creada', description: `${answer.source.name}: ${shortLink(siteOrigin, answer.source.slug)}` })
          setName('')
          setOutlet('')
          setSlug('')
          setErrors({})
        },
        onError: (err) => setErrors({ ...issuesOf(err), ...(Object.keys(issuesOf(err)).length === 0 ? { name: err.message } : {}) }),
      },
    )
  }

  const field = (key: SourceField) => ({ id: `${id}-${key}`, 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': `${id}-${key}-error` })
  return (
    <Panel title="Nueva fuente" className="mt-5">
      <form noValidate onSubmit={submit} className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_minmax(0,1fr)_auto] md:items-start">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>Nombre</label>
          <input {...field('name')} className={`${inputClass} mt-1`} maxLength={SOURCE_NAME_MAX} value={name} placeholder="Radio Cali, franja de la mañana" onChange={(e) => setName(e.target.value)} />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <label htmlFor={`${id}-outlet`} className={labelClass}>Medio</label>
          <select {...field('outlet')} className={`${inputClass} mt-1`} value={outlet} onChange={(e) => setOutlet(e.target.value)}>
            <option value="">Elige…</option>
            {SOURCE_OUTLETS.map((o) => (
              <option key={o} value={o}>{SOURCE_OUTLET_LABELS[o]}</option>
            ))}
          </select>
          <FieldError id={`${id}-outlet-error`} message={errors.outlet} />
        </div>
        <div>
          <label htmlFor={`${id}-slug`} className={labelClass}>Dirección corta</label>
          <div className="mt-1 flex items-center gap-1">
            <span className="text-sm text-ink-600" aria-hidden="true">/</span>
            <input
              {...field('slug')}
              className={inputClass}
              maxLength={SOURCE_SLUG_MAX}
              value={slug}
              placeholder="radio-cali"
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => setSlug(e.target.value)}
            />
          </div>
          <p className="mt-1 text-xs text-ink-600">Minúsculas, números y guiones. No se puede cambiar después: va impresa y en el código QR.</p>
          <FieldError id={`${id}-slug-error`} message={errors.slug} />
        </div>
        <Button type="submit" variant="primary" className="md:mt-6" disabled={action.isPending}>
          Crear fuente
        </Button>
      </form>
    </Panel>
  )
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className={labelClass}>{label}</label>
      <div className="mt-1 flex gap-2">
        <input id={id} readOnly value={value} className={`${inputClass} font-mono text-xs`} onFocus={(e) => e.target.select()} />
        <Button
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => notify('success', { title: 'Copiado', description: value }, { action: 'copy' }),
              () => notify('error', { title: 'No pudimos copiar', description: 'Selecciona el texto y cópialo a mano.' }, { action: 'copy' }),
            )
          }
        >
          Copiar<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
    </div>
  )
}

function SourceCard({ source, siteOrigin, admin }: { source: Source; siteOrigin: string; admin: boolean }) {
  const id = useId()
  const action = useSourceAction()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(source.name)
  const [outlet, setOutlet] = useState<string>(source.outlet)
  const [errors, setErrors] = useState<Partial<Record<SourceField, string>>>({})
  const [deleting, setDeleting] = useState(false)
  const qr = { params: { id: source.id } }

  function save(e: FormEvent) {
    e.preventDefault()
    const read = readSource({ name, outlet, slug: source.slug })
    if (!read.ok) return setErrors(read.errors)
    action.mutate(
      { kind: 'edit', id: source.id, body: { name: read.value.name, outlet: read.value.outlet } },
      { onSuccess: () => (setEditing(false), setErrors({})), onError: (err) => setErrors({ name: err.message, ...issuesOf(err) }) },
    )
  }

  return (
    <li className="rounded-lg border border-ink-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-bold text-ink-900">{source.name}</h3>
          <p className="text-sm text-ink-700">{SOURCE_OUTLET_LABELS[source.outlet]} · /{source.slug}</p>
        </div>
        {admin && !editing && (
          <div className="flex gap-2">
            <Button onClick={() => setEditing(true)}>Editar<span className="sr-only"> {source.name}</span></Button>
            {/* A source something came through stays: the server refuses to delete it. */}
            {!source.inUse && <Button variant="ghost" onClick={() => setDeleting(true)}>Borrar<span className="sr-only"> {source.name}</span></Button>}
          </div>
        )}
      </div>
      {admin && source.inUse && (
        <p className="mt-1 text-xs text-ink-600">No se puede borrar: por ella ya llegaron visitas o postulaciones, y sus cifras dejarían de cuadrar. Puedes cambiarle el nombre.</p>
      )}
      {editing && (
        <form noValidate onSubmit={save} className="mt-3 grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start">
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>Nombre</label>
            <input id={`${id}-name`} className={`${inputClass} mt-1`} maxLength={SOURCE_NAME_MAX} value={name} aria-invalid={errors.name ? true : undefined} aria-describedby={`${id}-name-error`} onChange={(e) => setName(e.target.value)} />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>
          <div>
            <label htmlFor={`${id}-outlet`} className={labelClass}>Medio</label>
            <select id={`${id}-outlet`} className={`${inputClass} mt-1`} value={outlet} aria-describedby={`${id}-outlet-error`} onChange={(e) => setOutlet(e.target.value)}>
              {SOURCE_OUTLETS.map((o) => (
                <option key={o} value={o}>{SOURCE_OUTLET_LABELS[o]}</option>
              ))}
            </select>
            <FieldError id={`${id}-outlet-error`} message={errors.outlet} />
          </div>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" variant="primary" disabled={action.isPending}>Guardar</Button>
            <Button onClick={() => (setEditing(false), setName(source.name), setOutlet(source.outlet), setErrors({}))}>Cancelar</Button>
          </div>
        </form>
      )}
      <div className="mt-3 grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
        <div>
          <img src={endpointHref(sourceEndpoints.qrSvg, qr)} alt={`Código QR de ${shortLink(siteOrigin, source.slug)}`} width={144} height={144} className="size-36 rounded border border-ink-200" />
          <p className="mt-2 flex gap-3 text-sm">
            <a href={endpointHref(sourceEndpoints.qrSvg, { ...qr, query: 'descargar=1' })} download className="font-semibold text-ink-900 underline underline-offset-2">
              SVG<span className="sr-only"> del código QR de {source.name}, para impresión</span>
            </a>
            <a href={endpointHref(sourceEndpoints.qrPng, { ...qr, query: 'descargar=1' })} download className="font-semibold text-ink-900 underline underline-offset-2">
              PNG<span className="sr-only"> del código QR de {source.name}, para pantallas</span>
            </a>
          </p>
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <CopyField label="Dirección corta (radio, TV, impreso)" value={shortLink(siteOrigin, source.slug)} />
          <CopyField label="Enlace con utm para publicaciones digitales" value={utmLink(siteOrigin, source)} />
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title={`¿Borrar la fuente «${source.name}»?`}
        confirmLabel="Borrar fuente"
        variant="danger"
        pending={action.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          action.mutate(
            { kind: 'delete', id: source.id },
            {
              onSuccess: () => (setDeleting(false), notify('success', { title: 'Fuente borrada', description: `/${source.slug} ya no lleva a ninguna parte.` }, { action: `source-delete:${source.id}` })),
              onError: (err) => (setDeleting(false), notify('error', { title: 'No se borró la fuente', description: err.message }, { action: `source-delete:${source.id}` })),
            },
          )
        }
      >
        <p className="text-sm">La dirección /{source.slug} dejará de funcionar. Nadie ha llegado todavía por ella: no se pierde ninguna cifra.</p>
      </ConfirmDialog>
    </li>
  )
}
