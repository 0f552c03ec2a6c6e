/**
 * The overview's "Estado del sistema" (docs/workspace.md), for admins only:
 * the last backup and whether it failed, the e-mails that failed for good
 * with their application, and how long the oldest e-mail has waited to
 * leave. Each part says whether it needs attention; the page says what to do.
 * An admin may put a failed e-mail back in the queue once its cause is fixed.
 */
import { route } from '../../shared/http/route.ts'
import { machineryEndpoints as E } from '../../../domain/workspace-api/machinery.ts'
import { Hono } from 'hono'
import type { BackupRun, BackupState, Machinery, MailRetried } from '../../../domain/machinery.ts'
import type { BackupStatusReader } from '../../db/stores/backup-runs.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { WorkspaceDeps } from '../team/deps.ts'
import { requireAdmin } from '../../shared/auth/require-admin.ts'
import { audit } from '../team/http.ts'
import type { MachineryStore } from '../../db/stores/machinery-store.ts'
import { conflictRefusal } from '../team/conflict-guard.ts'
import { GUARDED_SCOPES } from '../../../domain/workspace-api/endpoint.ts'

export interface MachineryRouteDeps extends Pick<WorkspaceDeps, 'team'> {
  machinery: MachineryStore
  /** Unset until the backup job is wired: the panel says no backup is recorded. */
  backups?: BackupStatusReader
  now: () => Date
  /** A last good backup older than this needs attention (default 48 h: two missed daily runs). */
  backupStaleAfterMs?: number
  onMailQueued?: () => void
  /** The agreements' signature: the certificate and timestamp authority, and what is being sealed (server/features/agreements/). */
  signatureState?: () => Promise<NonNullable<Machinery['signature']>>
}

/** The failed e-mails listed; the total counts them all. */
export const FAILED_LIMIT = 20
/** An e-mail waiting longer than this means the worker or the mail server is stuck. */
export const MAIL_WAITING_ATTENTION_MS = 15 * 60_000
export const DEFAULT_BACKUP_STALE_MS = 48 * 3_600_000

export function backupState(last: BackupRun | null, lastOk: BackupRun | null, now: Date, staleAfterMs: number): BackupState {
  if (!last) return 'none'
  if (last.status === 'failed') return 'failed'
  const okAt = lastOk ? Date.parse(lastOk.finishedAt ?? lastOk.startedAt) : null
  if (okAt === null || now.getTime() - okAt > staleAfterMs) return last.status === 'running' && okAt === null ? 'running' : 'stale'
  return last.status === 'running' ? 'running' : 'ok'
}

export function machineryRoutes(deps: MachineryRouteDeps): Hono<WorkspaceEnv> {
  const { machinery, backups, now } = deps
  const staleAfterMs = deps.backupStaleAfterMs ?? DEFAULT_BACKUP_STALE_MS
  const app = new Hono<WorkspaceEnv>()
  for (const scope of GUARDED_SCOPES.machinery) app.use(scope, requireAdmin)

  route(app, E.machinery, async (c) => {
    const at = now()
    const [last, lastOk, figures, failed] = await Promise.all([
      backups?.lastBackup() ?? null,
      backups?.lastSuccessfulBackup() ?? null,
      machinery.outboxFigures(),
      // The admin's own conflicts mask those e-mails to their reference (ADR 0200).
      machinery.failedMessages(FAILED_LIMIT, c.get('member').id),
    ])
    const state = backupState(last, lastOk, at, staleAfterMs)
    const oldestAgeMs = figures.oldestPendingAt ? Math.max(0, at.getTime() - figures.oldestPendingAt.getTime()) : null
    const answer: Machinery = {
      checkedAt: at.toISOString(),
      backup: { state, attention: state !== 'ok' && state !== 'running', last, lastSuccessful: lastOk },
      mail: {
        failed: { total: failed.total, attention: failed.total > 0, items: failed.items.map((m) => ({ ...m, failedAt: m.failedAt?.toISOString() ?? null })) },
        waiting: {
          count: figures.pending,
          retrying: figures.retrying,
          oldestQueuedAt: figures.oldestPendingAt?.toISOString() ?? null,
          oldestAgeSeconds: oldestAgeMs === null ? null : Math.round(oldestAgeMs / 1000),
          attention: oldestAgeMs !== null && oldestAgeMs > MAIL_WAITING_ATTENTION_MS,
        },
      },
      ...(deps.signatureState ? { signature: await deps.signatureState() } : {}),
    }
    return c.json(answer)
  })

  route(app, E.retryMail, async (c) => {
    const id = c.req.param('id')
    const retried = await machinery.retryFailed(id, now(), c.get('member').id)
    if (retried === 'conflicted') return c.json(conflictRefusal, 403)
    if (!retried) {
      return c.json({ error: 'not_found', message: 'Ese correo ya no está fallido o no se puede reenviar tal cual.' }, 404)
    }
    await audit(
      { team: deps.team, clock: now },
      { memberId: c.get('member').id, action: 'outbox.retried', applicationId: retried.applicationId, detail: { outboxId: id } },
    )
    deps.onMailQueued?.()
    return c.json({ retried: true } satisfies MailRetried)
  })

  return app
}
