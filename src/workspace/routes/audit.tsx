/** /equipo/auditoria (admins): who did what, when; ids and actions only, never founders' data. */
import { Link, useSearchParams } from 'wouter'
import { useAudit } from '../api/queries.ts'
import { useMember } from '../components/require-session.tsx'
import { Button, Forbidden, Loading, PageHeader, QueryError } from '../components/ui.tsx'
import { formatDateTime } from '../lib/format.ts'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

const ACTION_LABELS: Record<string, string> = {
  'application.viewed': 'Vio una postulación',
  'application.exported': 'Exportó una postulación',
  'applications.exported': 'Exportó todas las postulaciones',
  'data_request.looked_up': 'Consultó datos personales',
  'data_request.exported': 'Exportó datos personales',
  'data_request.deleted': 'Eliminó datos personales',
  'data_request.refused': 'Datos personales: rechazado por conflicto de interés',
  'stage.changed': 'Cambió la etapa',
  'review.submitted': 'Envió una evaluación',
  'note.added': 'Agregó una nota',
  'member.invited': 'Invitó a un miembro',
  'member.role_changed': 'Cambió un rol',
  'member.deactivated': 'Desactivó a un miembro',
  'member.reactivated': 'Reactivó a un miembro',
  'session.signed_in': 'Inició sesión',
  'session.signed_out_everywhere': 'Cerró sesión en todos los dispositivos',
  'passkey.added': 'Agregó una passkey',
  'passkey.removed': 'Quitó una passkey',
  'founder_mail.edited': 'Editó un correo al founder',
  'founder_mail.sent': 'Envió un correo al founder',
  'founder_mail.discarded': 'Descartó un correo al founder',
  'founder_mail.setting_changed': 'Cambió el envío automático de correos',
  'founder.link_requested': 'El founder pidió un enlace nuevo',
  'founder.data_downloaded': 'El founder descargó sus datos',
  'founder.deletion_requested': 'El founder pidió suprimir sus datos',
}

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return ''
  if (typeof detail !== 'object') return String(detail)
  return Object.entries(detail as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ')
}

export function AuditPage() {
  useTitle('Auditoría')
  const me = useMember()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1)
  const audit = useAudit(page)
  if (me.role !== 'admin') return <Forbidden />

  return (
    <>
      <PageHeader title="Auditoría" description="Cada consulta, exportación y eliminación de datos, y cada cambio del equipo." />
      {audit.isPending ? (
        <Loading />
      ) : audit.error ? (
        <QueryError error={audit.error} retry={() => void audit.refetch()} />
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-ink-200 bg-white">
            <table className="w-full min-w-[44rem] text-left text-sm">
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
                {audit.data.items.map((entry) => (
                  <tr key={entry.id} className="border-b border-ink-100 last:border-0">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                    <td className="px-3 py-2">{entry.member?.name ?? 'Sistema'}</td>
                    <td className="px-3 py-2">{ACTION_LABELS[entry.action] ?? entry.action}</td>
                    <td className="px-3 py-2 font-mono text-xs">
                      {entry.applicationId ? (
                        <Link href={paths.application(entry.applicationId)} className="underline underline-offset-2">
                          {entry.applicationId.slice(0, 8)}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-3 py-2 text-xs text-ink-700">{detailText(entry.detail)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Páginas" className="mt-3 flex items-center justify-between text-sm">
            <Button disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>← Anterior</Button>
            <span>
              Página {page} de {Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize))}
            </span>
            <Button disabled={page * audit.data.pageSize >= audit.data.total} onClick={() => setParams({ page: String(page + 1) })}>
              Siguiente →
            </Button>
          </nav>
        </>
      )}
    </>
  )
}
