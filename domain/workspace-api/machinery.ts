/** «Estado del sistema» (docs/workspace.md): the outbox, the jobs and the backups, and a failed e-mail sent again. */
import type { Machinery, MailRetried } from '../machinery.ts'
import { get, post } from './endpoint.ts'

export const machineryEndpoints = {
  machinery: get<Machinery>()('/overview/machinery', { admin: true }),
  retryMail: post<MailRetried>()('/overview/machinery/mail/:id/retry', { admin: true }),
} as const
