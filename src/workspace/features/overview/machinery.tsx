/**
 * The overview's "Estado del sistema", for admins: the last backup, the
 * e-mails that failed for good (each linked to its application) and the age
 * of the oldest e-mail waiting to leave. Whatever needs attention says what
 * to do next and where docs/operations.md explains it.
 */
import { companyDisplayName } from '../../../../domain/company-name.ts'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { notify } from '../../../lib/toast.tsx'
import type { FailedMail, Machinery, MailKind } from '../../../../domain/machinery.ts'
import { useMachinery, useRetryFailedMail } from '../../api/machinery-queries.ts'
import { Button, cn, Panel, QueryView } from '../../components/ui.tsx'
import { countOf, formatBytes, formatCount, formatDateTime, sentence } from '../../../../domain/format.ts'
import { paths } from '../../paths.ts'

const KIND_LABELS: Record<MailKind, string> = {
  applicant_confirmation: 'Confirmación de recibido a la persona fundadora',
  team_notification: 'Aviso de nueva postulación al equipo',
  team_sign_in: 'Enlace de acceso al espacio del equipo',
  team_reminder: 'Recordatorio diario a un miembro',
  founder_status: 'Correo de estado a la persona fundadora',
  founder_link: 'Enlace nuevo para la persona fundadora',
  founder_data_deleted: 'Confirmación de datos eliminados a la persona fundadora',
  founder_panel_invitation: 'Invitación a la sesión con el panel, a la persona fundadora',
  team_panel_invitation: 'Invitación a la sesión con el panel, al equipo',
  founder_panel_times: 'Horarios para la sesión con el panel, a la persona fundadora',
  founder_panel_reminder: 'Recordatorio de la sesión con el panel, a la persona fundadora',
  team_panel_reminder: 'Recordatorio de la sesión con el panel, al equipo',
  team_founder_activity: 'Aviso al equipo de lo que hizo una persona fundadora',
  founder_check_in: 'Reporte mensual del seguimiento, a la persona fundadora',
  founder_agreement: 'Acuerdo para firmar, a la persona fundadora',
  agreement_code: 'Código para firmar el acuerdo',
  team_agreement: 'Aviso al equipo sobre la firma del acuerdo',
  team_holding: 'Recordatorio al equipo de un saldo de la suscripción sin pagar',
}

export function formatAge(seconds: number): string {
  if (seconds < 60) return 'menos de un minuto'
  if (seconds < 3600) return countOf(Math.floor(seconds / 60), 'minuto', 'minutos')
  if (seconds < 86_400) return countOf(Math.floor(seconds / 3600), 'hora', 'horas')
  return countOf(Math.floor(seconds / 86_400), 'día', 'días')
}

export function MachineryPanel() {
  const machinery = useMachinery()
  return (
    <Panel title="Estado del sistema" className="mt-5">
      <QueryView query={machinery}>
        {({ backup, mail, signature }) => (
          <div className="grid gap-4 md:grid-cols-2">
            <BackupPart backup={backup} />
            <WaitingPart waiting={mail.waiting} />
            <FailedPart failed={mail.failed} />
            {signature && <SignaturePart signature={signature} />}
          </div>
        )}
      </QueryView>
    </Panel>
  )
}

function Part({ title, attention, children, className }: { title: string; attention: boolean; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={cn('rounded-md border p-3 text-sm', attention ? 'border-danger-700/50 bg-danger-700/5' : 'border-ink-200', className)}
    >
      <h3 className="flex items-center gap-2 font-bold text-ink-900">
        <span aria-hidden="true" className={cn('inline-block size-2.5 rounded-full', attention ? 'bg-danger-700' : 'bg-ink-300')} />
        {title}
        <span className="sr-only">{attention ? ' (requiere atención)' : ' (en orden)'}</span>
      </h3>
      <div className="mt-2 space-y-2 text-ink-800">{children}</div>
    </section>
  )
}

function NextStep({ children }: { children: ReactNode }) {
  return (
    <p className="text-ink-700">
      <strong className="font-semibold text-ink-900">Qué hacer: </strong>
      {children}
    </p>
  )
}

const Doc = ({ section }: { section: string }) => (
  <>
    Ver <code>docs/operations.md</code>, «{section}».
  </>
)

function BackupPart({ backup }: { backup: Machinery['backup'] }) {
  const { state, last, lastSuccessful } = backup
  const okAt = lastSuccessful ? formatDateTime(lastSuccessful.finishedAt ?? lastSuccessful.startedAt) : null
  const size = lastSuccessful?.sizeBytes != null ? formatBytes(lastSuccessful.sizeBytes) : null
  return (
    <Part title="Copia de seguridad" attention={backup.attention}>
      {state === 'none' && (
        <>
          <p>Sin copias de seguridad registradas.</p>
          <NextStep>
            toma una con <code>npm run backup</code> y comprueba que el worker las programe. <Doc section="Backups" />
          </NextStep>
        </>
      )}
      {state === 'failed' && (
        <>
          <p>
            La última copia falló ({formatDateTime(last?.finishedAt ?? last?.startedAt)}){last?.error ? `: ${last.error}` : '.'}
          </p>
          <p className="text-ink-600">{okAt ? `Última copia correcta: ${okAt}.` : 'Todavía no hay ninguna copia correcta.'}</p>
          <NextStep>
            revisa el espacio libre y los permisos de la carpeta de copias y el registro del servidor; luego toma una con{' '}
            <code>npm run backup</code>. <Doc section="Backups" />
          </NextStep>
        </>
      )}
      {state === 'stale' && (
        <>
          <p>La última copia correcta es del {okAt}: ya debería haber una más reciente.</p>
          <NextStep>
            comprueba que el servidor o el worker estén corriendo y revisa su registro. <Doc section="Backups" />
          </NextStep>
        </>
      )}
      {state === 'running' && <p>{sentence(`Hay una copia en curso desde el ${formatDateTime(last?.startedAt)}`)}</p>}
      {state === 'ok' && (
        <p>
          Última copia correcta: {okAt}
          {size ? `, ${size}` : ''}.
        </p>
      )}
    </Part>
  )
}

/** The agreements' signature: the certificate, the timestamp authority, the agreements being sealed. */
export function SignaturePart({ signature }: { signature: NonNullable<Machinery['signature']> }) {
  const { certificate, timestamped, sealing } = signature
  return (
    <Part title="Firma de acuerdos" attention={signature.attention}>
      {!certificate.loaded ? (
        <>
          <p>No se pudo cargar el certificado del programa{certificate.error ? `: ${certificate.error}` : '.'}</p>
          <NextStep>
            revisa <code>SIGNING_CERT</code>, <code>SIGNING_KEY</code> y <code>SIGNING_KEY_PASSPHRASE</code>. <Doc section="Signing agreements" />
          </NextStep>
        </>
      ) : certificate.selfSigned ? (
        <>
          <p>Los acuerdos se firman con un certificado autofirmado, generado por el servidor: las herramientas de PDF dirán que quien firma «no es de confianza».</p>
          <NextStep>
            configura el certificado del programa en <code>SIGNING_CERT</code> y <code>SIGNING_KEY</code>. <Doc section="Signing agreements" />
          </NextStep>
        </>
      ) : (
        <p>
          Certificado del programa: {certificate.subject}
          {certificate.notAfter ? `, vigente hasta el ${formatDateTime(certificate.notAfter)}` : ''}.
        </p>
      )}
      {timestamped ? (
        <p>Cada firma lleva un sello de tiempo de la autoridad configurada.</p>
      ) : (
        <>
          <p>Las firmas no llevan sello de tiempo: no hay una autoridad de sellado configurada.</p>
          <NextStep>
            configura <code>SIGNING_TSA_URL</code> (una autoridad RFC 3161). <Doc section="Signing agreements" />
          </NextStep>
        </>
      )}
      {sealing.failing > 0 ? (
        <>
          <p>
            {countOf(sealing.failing, 'acuerdo firmado por ambas partes no se ha podido sellar', 'acuerdos firmados por ambas partes no se han podido sellar')}
            {sealing.lastError ? `: ${sealing.lastError}` : '.'} {sealing.nextTryAt ? `Se vuelve a intentar el ${formatDateTime(sealing.nextTryAt)}` : ''}
          </p>
          <NextStep>
            revisa la autoridad de sellado y el registro del servidor; el sellado se reintenta solo. <Doc section="Signing agreements" />
          </NextStep>
        </>
      ) : sealing.waiting > 0 ? (
        <p>{countOf(sealing.waiting, 'acuerdo se está sellando', 'acuerdos se están sellando')}.</p>
      ) : null}
    </Part>
  )
}

function WaitingPart({ waiting }: { waiting: Machinery['mail']['waiting'] }) {
  return (
    <Part title="Correos por salir" attention={waiting.attention}>
      {waiting.count === 0 ? (
        <p>Ningún correo espera para salir.</p>
      ) : (
        <p>
          {waiting.count === 1 ? 'Un correo espera' : `${formatCount(waiting.count)} correos esperan`} para salir; el más antiguo lleva{' '}
          <strong>{formatAge(waiting.oldestAgeSeconds ?? 0)}</strong>
          {waiting.retrying > 0 ? ` (${formatCount(waiting.retrying)} rechazados una vez, se reintentan solos)` : ''}.
        </p>
      )}
      {waiting.attention && (
        <NextStep>
          comprueba que el servidor de correo responda (<code>SMTP_URL</code>) y que el worker esté corriendo; busca «mail transport
          unavailable» en el registro. <Doc section="The mail server was down" />
        </NextStep>
      )}
      <p className="text-xs text-ink-600">Los borradores de «Correos por enviar» no cuentan aquí: esperan a una persona del equipo.</p>
    </Part>
  )
}

function FailedPart({ failed }: { failed: Machinery['mail']['failed'] }) {
  return (
    <Part title="Correos que fallaron" attention={failed.attention} className="md:col-span-2">
      {failed.total === 0 ? (
        <p>Ningún correo ha fallado definitivamente.</p>
      ) : (
        <>
          <p>
            {failed.total === 1 ? 'Un correo no se pudo entregar' : `${formatCount(failed.total)} correos no se pudieron entregar`} después de
            todos los intentos.
            {failed.total > failed.items.length ? ` Se muestran los ${failed.items.length} más recientes.` : ''}
          </p>
          <NextStep>
            suele ser una dirección que no existe (respuesta 550). Abre la postulación, contacta a la persona por teléfono o corrige el
            dato, y reenvía el correo si la causa ya se resolvió. <Doc section="An e-mail failed for good" />
          </NextStep>
          <ul className="divide-y divide-ink-200 rounded-md border border-ink-200 bg-white">
            {failed.items.map((item) => (
              <FailedItem key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </Part>
  )
}

function FailedItem({ item }: { item: FailedMail }) {
  const retry = useRetryFailedMail()
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div>
        <p className="font-semibold">{KIND_LABELS[item.kind] ?? item.kind}</p>
        <p className="text-ink-700">
          {item.conflicted ? (
            // Not theirs to open nor to send again (ADR 0200): the reference only.
            <span className="font-mono font-semibold">{item.reference ?? 'Postulación'}</span>
          ) : item.applicationId ? (
            <Link href={paths.application(item.applicationId)} className="font-semibold underline underline-offset-2">
              {item.reference ?? 'Ver postulación'}
            </Link>
          ) : (
            'Correo del equipo'
          )}
          {item.companyName !== null ? ` · ${companyDisplayName({ companyName: item.companyName, tradeName: item.tradeName ?? '' })}` : ''} · {formatDateTime(item.failedAt)} ·{' '}
          {countOf(item.attempts, 'intento', 'intentos')}
        </p>
        {item.lastError && <p className="mt-1 font-mono text-xs text-ink-600">{item.lastError}</p>}
        {item.conflicted && (
          <p className="mt-1 text-xs text-ink-700">
            Tienes un conflicto de interés con esta postulación: otra persona administradora revisa y reenvía este correo.
          </p>
        )}
        {!item.retryable && !item.conflicted && (
          <p className="mt-1 text-xs text-ink-700">
            Llevaba un enlace personal y no se puede reenviar tal cual:{' '}
            {item.kind === 'team_sign_in' ? 'el miembro puede pedir otro enlace al entrar.' : 'la persona puede pedir un enlace nuevo en /postulacion.'}
          </p>
        )}
      </div>
      {item.retryable && (
        <Button
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(item.id, {
              onSuccess: () => notify('success', { title: 'Correo en cola de nuevo', description: 'Saldrá en el próximo envío.' }, { action: `outbox-retry:${item.id}` }),
              onError: (err) =>
                notify('error', { title: 'No se pudo reenviar', description: err instanceof Error ? err.message : String(err) }, { action: `outbox-retry:${item.id}` }),
            })
          }
        >
          Reenviar
        </Button>
      )}
    </li>
  )
}
