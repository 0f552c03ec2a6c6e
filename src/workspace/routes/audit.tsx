/**
 * /equipo/auditoria (admins): who did what, when. Entries name the member,
 * the application by its reference and the detail in the workspace's words
 * (lib/audit-text.ts); never a founder's data. Filters (member, action,
 * application, dates in Bogotá) live in the URL and are applied by the
 * server, page by page (GET /audit, AuditQuery).
 */
import { useId, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'wouter'
import type { AuditEntry } from '../../../domain/workspace-api/review.ts'
import { useAudit, useMembers } from '../api/queries.ts'
import { useMember } from '../components/require-session.tsx'
import { Button, BoxedNote, Forbidden, inputClass, labelClass, ListView, PageHeader } from '../components/ui.tsx'
import { ACTION_LABELS, actionLabel, auditActor, auditDetailText, viewsDetail, viewsLabel } from '../lib/audit-text.ts'
import { countOf, formatDate, formatDateTime } from '../../../domain/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

const FILTER_KEYS = ['member', 'action', 'application', 'from', 'to'] as const
type FilterKey = (typeof FILTER_KEYS)[number]

export function AuditPage() {
  useTitle('Auditoría')
  const me = useMember()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1)
  const audit = useAudit(params.toString())
  if (me.role !== 'admin') return <Forbidden />
  const filtered = FILTER_KEYS.some((key) => params.has(key))

  const goTo = (next: number) =>
    setParams((current) => {
      const p = new URLSearchParams(current)
      if (next <= 1) p.delete('page')
      else p.set('page', String(next))
      return p
    })

  return (
    <>
      <PageHeader
        title="Auditoría"
        description={
          audit.data
            ? `${countOf(audit.data.total, 'registro', 'registros')}${filtered ? ' con estos filtros' : ''}. Cada consulta, exportación y eliminación de datos, y cada cambio del equipo.`
            : 'Cada consulta, exportación y eliminación de datos, y cada cambio del equipo.'
        }
      />
      <AuditFilters key={params.toString()} params={params} apply={(next) => setParams(next)} filtered={filtered} />
      <ListView query={audit} empty={<BoxedNote>{filtered ? 'Ningún registro con estos filtros.' : 'Aún no hay registros.'}</BoxedNote>}>
        {(data) => (
          <>
            <div className="hidden overflow-x-auto rounded-lg border border-ink-200 bg-white md:block">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Registro de auditoría, página {page}</caption>
                <thead className="border-b border-ink-200 bg-ink-50 text-xs text-ink-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">Fecha</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Miembro</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Acción</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Postulación</th>
                    <th scope="col" className="px-3 py-2 font-semibold">Detalle</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((entry) => {
                    const line = lineText(entry, data.memberNames)
                    return (
                      <tr key={entry.id} className="border-b border-ink-100 align-top last:border-0">
                        <td className="px-3 py-2 whitespace-nowrap">{line.when}</td>
                        <td className="px-3 py-2">{auditActor(entry)}</td>
                        <td className="px-3 py-2">{line.action}</td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          <ApplicationRef entry={entry} />
                        </td>
                        <td className="px-3 py-2 text-xs text-ink-700">{line.detail}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
            <ol className="space-y-2 md:hidden" aria-label={`Registro de auditoría, página ${page}`}>
              {data.items.map((entry) => {
                const { when, action, detail } = lineText(entry, data.memberNames)
                return (
                  <li key={entry.id} className="rounded-lg border border-ink-200 bg-white p-3 text-sm">
                    <p className="font-semibold text-ink-950">{action}</p>
                    <p className="mt-0.5 text-ink-700">
                      {auditActor(entry)} · {when}
                    </p>
                    {entry.applicationId && (
                      <p className="mt-1">
                        <ApplicationRef entry={entry} />
                      </p>
                    )}
                    {detail && <p className="mt-1 text-xs text-ink-700">{detail}</p>}
                  </li>
                )
              })}
            </ol>
            <nav aria-label="Páginas" className="mt-3 flex items-center justify-between gap-2 text-sm">
              <Button disabled={page <= 1} onClick={() => goTo(page - 1)}>← Anterior</Button>
              <span>
                Página {page} de {Math.max(1, Math.ceil(data.total / data.pageSize))}
              </span>
              <Button disabled={page * data.pageSize >= data.total} onClick={() => goTo(page + 1)}>
                Siguiente →
              </Button>
            </nav>
          </>
        )}
      </ListView>
    </>
  )
}

/**
 * One line's when, what and detail. A line of folded views (ADR 0201) is dated by its day and says what
 * was seen and how many times; any other entry by its instant and its action.
 */
function lineText(entry: AuditEntry, memberNames: Record<string, string>): { when: string; action: string; detail: string } {
  if (entry.views) {
    // A line of one view keeps its detail (a portfolio's counts).
    const own = auditDetailText(entry.action, entry.detail, memberNames)
    return { when: formatDate(entry.at), action: viewsLabel(entry.views), detail: [viewsDetail(entry.views, entry.at), own].filter(Boolean).join(' · ') }
  }
  return { when: formatDateTime(entry.at), action: actionLabel(entry.action), detail: auditDetailText(entry.action, entry.detail, memberNames) }
}

function ApplicationRef({ entry }: { entry: AuditEntry }) {
  if (!entry.applicationId) return <>—</>
  if (!entry.reference) return <span className="text-ink-600">Postulación eliminada</span>
  return (
    <Link href={paths.application(entry.applicationId)} className="font-mono text-xs font-semibold underline underline-offset-2">
      {entry.reference}
    </Link>
  )
}

function AuditFilters({ params, apply, filtered }: { params: URLSearchParams; apply: (next: URLSearchParams) => void; filtered: boolean }) {
  const id = useId()
  const members = useMembers()
  const [values, setValues] = useState<Record<FilterKey, string>>(
    () => Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>,
  )
  const set = (key: FilterKey) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }))

  function submit(e: FormEvent) {
    e.preventDefault()
    const next = new URLSearchParams()
    for (const key of FILTER_KEYS) {
      const value = values[key].trim()
      if (value) next.set(key, value)
    }
    apply(next)
  }

  return (
    <form role="search" aria-label="Filtrar la auditoría" className="mb-4 rounded-lg border border-ink-200 bg-white p-3" onSubmit={submit}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={`${id}-member`} className={labelClass}>Miembro</label>
          <select id={`${id}-member`} className={`${inputClass} mt-1`} value={values.member} onChange={set('member')}>
            <option value="">Todos</option>
            {members.data?.members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
                {m.active ? '' : ' (inactivo)'}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-action`} className={labelClass}>Acción</label>
          <select id={`${id}-action`} className={`${inputClass} mt-1`} value={values.action} onChange={set('action')}>
            <option value="">Todas</option>
            {Object.entries(ACTION_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-application`} className={labelClass}>Postulación</label>
          <input
            id={`${id}-application`}
            type="search"
            className={`${inputClass} mt-1`}
            placeholder="Referencia, p. ej. CAT-2026-7KQ3XZ"
            autoCapitalize="characters"
            spellCheck={false}
            value={values.application}
            onChange={set('application')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-from`} className={labelClass}>Desde</label>
          <input id={`${id}-from`} type="date" className={`${inputClass} mt-1`} value={values.from} max={values.to || undefined} onChange={set('from')} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className={labelClass}>Hasta</label>
          <input id={`${id}-to`} type="date" className={`${inputClass} mt-1`} value={values.to} min={values.from || undefined} onChange={set('to')} />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary">Filtrar</Button>
        {filtered && (
          <Button type="button" variant="ghost" onClick={() => apply(new URLSearchParams())}>
            Quitar filtros
          </Button>
        )}
        <p className="text-xs text-ink-600">Las fechas son de Bogotá; «Hasta» incluye ese día.</p>
      </div>
    </form>
  )
}
