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
import { useApplications } from '../api/queries.ts'
import { DueDate, ScoreSummaryText, StageBadge } from '../components/badges.tsx'
import { useMember } from '../components/require-session.tsx'
import { Button, inputClass, labelClass, Loading, PageHeader, QueryError } from '../components/ui.tsx'
import { formatCount, formatDate } from '../lib/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

export const SORTS = {
  received_desc: 'Más recientes primero',
  received_asc: 'Más antiguas primero',
  due_asc: 'Próximas a vencer',
  score_desc: 'Mejor puntaje',
  company_asc: 'Empresa (A–Z)',
} as const

const FILTER_KEYS = ['q', 'stage', 'productStage', 'due', 'unreviewed', 'sort'] as const

export function ApplicationsPage() {
  useTitle('Postulaciones')
  const member = useMember()
  const [params, setParams] = useSearchParams()
  const query = params.toString()
  const list = useApplications(query)
  const page = Number(params.get('page') ?? '1') || 1

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
        description={list.data ? `${formatCount(list.data.total)} ${list.data.total === 1 ? 'postulación' : 'postulaciones'}${filtered ? ' con estos filtros' : ''}.` : undefined}
        actions={
          member.role === 'admin' && (
            <>
              <a className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold hover:bg-ink-50" href={`${API_BASE}/exports/applications.csv`} download>
                Exportar CSV
              </a>
              <a className="inline-flex min-h-9 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold hover:bg-ink-50" href={`${API_BASE}/exports/applications.json`} download>
                Exportar JSON
              </a>
            </>
          )
        }
      />
      <Filters key={params.get('q') ?? ''} params={params} set={set} clear={() => setParams(new URLSearchParams())} filtered={filtered} />
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <QueryError error={list.error} retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="rounded-lg border border-ink-200 bg-white p-6 text-center text-sm text-ink-700">
          {filtered ? 'Ninguna postulación coincide con estos filtros.' : 'Todavía no hay postulaciones.'}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-ink-200 bg-white" aria-busy={list.isFetching}>
            <table className="w-full min-w-[42rem] text-left text-sm">
              <caption className="sr-only">Postulaciones, página {page}</caption>
              <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Referencia</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Empresa</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Founder</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Etapa</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Vence</th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Puntaje <span className="font-normal">(promedio ± dispersión)</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <tr key={item.id} className="border-b border-ink-100 last:border-0 hover:bg-ink-50">
                    <td className="px-3 py-2 font-mono text-xs">
                      <Link href={paths.application(item.id)} className="font-semibold text-ink-900 underline underline-offset-2">
                        {item.reference}
                      </Link>
                    </td>
                    <td className="px-3 py-2">
                      <span className="block font-semibold">{item.tradeName || item.companyName}</span>
                      {item.tradeName && item.tradeName !== item.companyName && (
                        <span className="block text-xs text-ink-600">{item.companyName}</span>
                      )}
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
                        {item.reviewCount} {item.reviewCount === 1 ? 'evaluación' : 'evaluaciones'}
                        {item.myReview && ', incl. la tuya'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} go={(p) => set('page', String(p))} />
        </>
      )}
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
  const [q, setQ] = useState(params.get('q') ?? '')
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
            placeholder="Empresa, nombre comercial, founder, correo o referencia"
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
        {select('sort', 'Ordenar por', Object.entries(SORTS), '')}
        <div className="flex min-h-9 items-center gap-2 pb-1">
          <input
            id={`${id}-unreviewed`}
            type="checkbox"
            className="size-4 accent-ink-900"
            checked={params.get('unreviewed') === '1'}
            onChange={(e) => set('unreviewed', e.target.checked ? '1' : null)}
          />
          <label htmlFor={`${id}-unreviewed`} className="text-sm font-semibold text-ink-800">
            Sin mi evaluación
          </label>
        </div>
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
