/**
 * /equipo/postulaciones: search, filters, sort and pages, all in the URL
 * query (shareable, survives a reload, back button works). The query is
 * passed to GET /applications as is.
 */
import { useId, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'wouter'
import { PRODUCT_STAGE_LABELS, PRODUCT_STAGES, type ProductStage } from '../../../domain/application.ts'
import { STAGE_LABELS, STAGES } from '../../../domain/pipeline.ts'
import { API_BASE } from '../api/client.ts'
import { applicationsExportPath } from '../../../domain/workspace-api/review.ts'
import { useApplications } from '../api/queries.ts'
import { DueDate, ScoreSummaryText, StageBadge } from '../components/badges.tsx'
import { useMember } from '../components/require-session.tsx'
import { Button, inputClass, labelClass, BoxedNote, ListView, PageHeader } from '../components/ui.tsx'
import { countOf, formatDate } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { ReferenceCell } from '../components/reference-cell.tsx'
import { BulkBar } from '../features/scoring/bulk-bar.tsx'
import { ApplicationCards } from '../features/list/application-cards.tsx'
import { DiscussionBadge, NORMALISED_EXPLANATION, formatZ } from '../features/scoring/normalised.tsx'
import { Repartir } from '../features/scoring/repartir.tsx'
import { ActivityBadge, useFounderActivity } from '../features/founder-activity/founder-activity.tsx'
import { WeightsSettings } from '../features/scoring/weights-settings.tsx'
import { useSources } from '../api/source-queries.ts'
import { paths } from '../paths.ts'

export const SORTS = {
  received_desc: 'Más recientes primero',
  received_asc: 'Más antiguas primero',
  due_asc: 'Próximas a vencer',
  score_desc: 'Mejor puntaje',
  normalised_desc: 'Mejor puntaje normalizado',
  company_asc: 'Empresa (A–Z)',
} as const

const EXPORT_LINKS = [
  ['xlsx', 'Exportar Excel (.xlsx)'],
  ['csv', 'Exportar CSV'],
  ['json', 'Exportar JSON'],
] as const

const FILTER_KEYS = ['q', 'stage', 'productStage', 'due', 'received', 'unreviewed', 'assigned', 'source', 'sort'] as const

export function ApplicationsPage() {
  useTitle('Postulaciones')
  const member = useMember()
  const [params, setParams] = useSearchParams()
  const query = params.toString()
  const list = useApplications(query)
  const activity = useFounderActivity()
  const unseen = new Map((activity.data?.items ?? []).map((a) => [a.applicationId, a]))
  const page = Number(params.get('page') ?? '1') || 1
  // Rows ticked one by one (admins, for bulk work); a new filter or page starts with none.
  const [picked, setPicked] = useState<{ query: string; ids: string[] }>({ query, ids: [] })
  const pickedIds = picked.query === query ? picked.ids : []
  const pick = (id: string, on: boolean) =>
    setPicked({ query, ids: on ? [...pickedIds, id] : pickedIds.filter((p) => p !== id) })
  const canPick = member.role === 'admin'

  /** Change one filter; any change but the page goes back to page 1. */
  function set(key: string, value: string | null) {
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (value === null || value === '') next.delete(key)
      else next.set(key, value)
      if (key !== 'page') next.delete('page')
      return next
    })
  }
  const filtered = FILTER_KEYS.some((key) => key !== 'sort' && params.has(key))

  return (
    <>
      <PageHeader
        title="Postulaciones"
        description={list.data ? `${countOf(list.data.total, 'postulación', 'postulaciones')}${filtered ? ' con estos filtros' : ''}.` : undefined}
        actions={
          member.role === 'admin' && (
            <>
              <Repartir />
              {/* What the list shows, every page: its filter, search and order. */}
              {EXPORT_LINKS.map(([format, text]) => (
                <a
                  key={format}
                  className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold hover:bg-ink-50"
                  href={`${API_BASE}${applicationsExportPath(format, params)}`}
                  download
                >
                  {text}
                </a>
              ))}
            </>
          )
        }
      />
      {member.role === 'admin' && <WeightsSettings />}
      <Filters params={params} set={set} clear={() => setParams(new URLSearchParams())} filtered={filtered} />
      {member.role === 'admin' && list.data && <BulkBar key={`${query}|${pickedIds.join(',')}`} params={params} total={list.data.total} picked={pickedIds} />}
      <ListView
        query={list}
        empty={<BoxedNote centered>{filtered ? 'Ninguna postulación coincide con estos filtros.' : 'Todavía no hay postulaciones.'}</BoxedNote>}
      >
        {(data) => (
          <>
            {/* Cards below 768 px, where the table's columns would leave the screen. */}
            <ApplicationCards items={data.items} page={page} />
            <div className="hidden overflow-x-auto rounded-lg border border-ink-200 bg-white md:block" aria-busy={list.isFetching}>
              <table className="w-full min-w-[42rem] text-left text-sm">
                <caption className="sr-only">Postulaciones, página {page}</caption>
                <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
                  <tr>
                    {canPick && (
                      <th scope="col" className="w-8 px-3 py-2 font-semibold">
                        <span className="sr-only">Marcar</span>
                      </th>
                    )}
                    <th scope="col" className="px-3 py-2 font-semibold">Referencia</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Empresa</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Persona fundadora</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Etapa</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Vence</th>
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Puntaje <span className="font-normal">(promedio ± dispersión)</span>
                    </th>
                    <th scope="col" className="px-3 py-2 font-semibold">Normalizado</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) =>
                    item.conflicted ? (
                      <tr key={item.id} className="border-b border-ink-100 last:border-0">
                        {canPick && <td className="px-3 py-2" />}
                        <td className="px-3 py-2 font-mono text-xs">{item.reference}</td>
                        <td colSpan={5} className="px-3 py-2 text-ink-700">Conflicto declarado</td>
                      </tr>
                    ) : (
                    <tr key={item.id} className="border-b border-ink-100 last:border-0 hover:bg-ink-50">
                      {canPick && (
                        <td className="px-3 py-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-ink-900"
                            aria-label={`Marcar ${item.reference}`}
                            checked={pickedIds.includes(item.id)}
                            onChange={(e) => pick(item.id, e.target.checked)}
                          />
                        </td>
                      )}
                      <ReferenceCell item={item} />
                      <td className="px-3 py-2">
                        <Link href={paths.application(item.id)} className="block font-semibold text-ink-900 underline decoration-ink-300 underline-offset-2 hover:decoration-ink-900">
                          {item.tradeName || item.companyName}
                        </Link>
                        {item.tradeName && item.tradeName !== item.companyName && (
                          <span className="block text-xs text-ink-600">{item.companyName}</span>
                        )}
                        {unseen.get(item.id) && <ActivityBadge activity={unseen.get(item.id)!} />}
                      </td>
                      <td className="px-3 py-2">
                        <span className="block">{item.founderName}</span>
                        <span className="block text-xs text-ink-600">Recibida {formatDate(item.createdAt)}</span>
                      </td>
                      <td className="px-3 py-2"><StageBadge stage={item.stage} /></td>
                      <td className="px-3 py-2 whitespace-nowrap"><DueDate dueAt={item.stageDueAt} state={item.dueState} /></td>
                      <td className="px-3 py-2">
                        <ScoreSummaryText
                          average={item.average}
                          spread={item.spread}
                          count={item.reviewCount}
                          hidden={!item.myReview && item.average === null}
                        />
                        <span className="block text-xs text-ink-600">
                          {countOf(item.reviewCount, 'evaluación', 'evaluaciones')}
                          {item.myReview && ', incl. la tuya'}
                        </span>
                        {item.discussion && <DiscussionBadge />}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatZ(item.normalised)}</td>
                    </tr>
                    ),
                  )}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-ink-600">{NORMALISED_EXPLANATION}</p>
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} go={(p) => set('page', String(p))} />
          </>
        )}
      </ListView>
    </>
  )
}

function Filters({ params, set, clear, filtered }: {
  params: URLSearchParams
  set: (key: string, value: string | null) => void
  clear: () => void
  filtered: boolean
}) {
  const id = useId()
  const sources = useSources()
  // One panel for the page's life (a key on the search text drew a new one on every search,
  // dropping the searcher's focus); the text follows the URL when it changes elsewhere (back, "Quitar filtros").
  const urlQ = params.get('q') ?? ''
  const [q, setQ] = useState(urlQ)
  const [shownQ, setShownQ] = useState(urlQ)
  if (shownQ !== urlQ) {
    setShownQ(urlQ)
    setQ(urlQ)
  }
  function search(e: FormEvent) {
    e.preventDefault()
    set('q', q.trim() || null)
  }
  const select = (key: string, label: string, options: [string, string][], all: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className={`${inputClass} mt-1`}
        value={params.get(key) ?? (all ? '' : options[0]![0])}
        onChange={(e) => set(key, e.target.value || null)}
      >
        {all && <option value="">{all}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  /** A filter that is on or off: `value` in the URL while it is checked. */
  const toggle = (key: string, value: string, label: string) => (
    <div className="flex min-h-9 items-center gap-2 pb-1">
      <input
        id={`${id}-${key}`}
        type="checkbox"
        className="size-4 accent-ink-900"
        checked={params.get(key) === value}
        onChange={(e) => set(key, e.target.checked ? value : null)}
      />
      <label htmlFor={`${id}-${key}`} className="text-sm font-semibold text-ink-800">
        {label}
      </label>
    </div>
  )
  return (
    <div className="mb-4 rounded-lg border border-ink-200 bg-white p-3">
      <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={search}>
        <div className="min-w-[16rem] flex-1">
          <label htmlFor={`${id}-q`} className={labelClass}>
            Buscar
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={`${inputClass} mt-1`}
            placeholder="Empresa, nombre comercial, persona fundadora, correo, referencia o ciudad"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Button type="submit" variant="primary">Buscar</Button>
      </form>
      <div className="mt-3 grid grid-cols-2 items-end gap-3 md:grid-cols-3 lg:grid-cols-5">
        {select('stage', 'Etapa', STAGES.map((s) => [s, STAGE_LABELS[s]]), 'Todas')}
        {select('productStage', 'Etapa del producto', PRODUCT_STAGES.map((s: ProductStage) => [s, PRODUCT_STAGE_LABELS[s]]), 'Todas')}
        {select('due', 'Plazo', [['overdue', 'Vencidas'], ['due_soon', 'Vencen pronto']], 'Todos')}
        {/* The overview's «Recibidas esta semana/este mes» (Bogotá; weeks start on Monday). */}
        {select('received', 'Recibidas', [['week', 'Esta semana'], ['month', 'Este mes']], 'Cuando sea')}
        {select('source', 'Fuente', [...(sources.data?.sources ?? []).map((s): [string, string] => [s.id, s.name]), ['none', 'Sin fuente']], 'Todas')}
        {select('sort', 'Ordenar por', Object.entries(SORTS), '')}
        {toggle('unreviewed', '1', 'Sin mi evaluación')}
        {toggle('assigned', 'me', 'Asignadas a mí')}
      </div>
      {filtered && (
        <Button variant="ghost" className="mt-2 -ml-2" onClick={clear}>
          Quitar filtros
        </Button>
      )}
    </div>
  )
}

function Pagination({ page, pageSize, total, go }: { page: number; pageSize: number; total: number; go: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages === 1) return null
  return (
    <nav aria-label="Páginas" className="mt-3 flex items-center justify-between gap-2 text-sm">
      <Button disabled={page <= 1} onClick={() => go(page - 1)}>
        ← Anterior
      </Button>
      <span aria-live="polite">
        Página {page} de {pages}
      </span>
      <Button disabled={page >= pages} onClick={() => go(page + 1)}>
        Siguiente →
      </Button>
    </nav>
  )
}
