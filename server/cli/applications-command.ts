/**
 * The programme team's tool, on whatever store the configuration names:
 *
 *   list                         one line per application
 *   export --format xlsx|csv|json [--output FILE]
 *                                every application, oldest first: the workspace's export, one content
 *                                (server/features/review/export-content.ts); the .xlsx needs --output
 *   show --email ADDRESS         everything held about a founder (Ley 1581 access request)
 *   delete --email ADDRESS       remove a founder's applications and e-mails, and say what went
 *
 * Operator messages are in English; the data is the founders' own, in Spanish.
 */
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { isEmail } from '../../domain/email.ts'
import { EXPORT_FORMATS, everyApplication, exportApplications, founderRecords, type ExportFormat } from '../features/review/export-content.ts'
import type { ApplicationStore, OutboxMessage, StoredApplication } from '../db/stores/application-store.ts'
import type { FounderMailConfig } from '../shared/mail/founder-mail.ts'
import { dataDeletedMessage } from '../features/data-requests/data-deleted-mail.ts'

export const USAGE = `Usage: npm run applications -- <command>

Commands:
  list                        One line per application, oldest first
  export --format xlsx|csv|json [--output FILE]
                              Every application, oldest first, as the workspace exports it:
                              to FILE, or to stdout (csv and json; the .xlsx needs --output)
  show --email ADDRESS        Everything stored about a founder, as JSON
  delete --email ADDRESS      Remove a founder's applications and their e-mails

The database is the configured one (DATABASE_URL, else DATA_DIR/catalitico.sqlite).`

export interface CliIo {
  out: (text: string) => void
  err: (text: string) => void
  /** The founders' e-mail settings: given, `delete` queues the titular's confirmation (ADR 0141). */
  founderMail?: FounderMailConfig
}

/** Run one command; resolves to the process exit code. */
export async function runApplicationsCommand(argv: string[], store: ApplicationStore, io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string' }, output: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (err) {
    io.err(`${(err as Error).message}\n\n${USAGE}\n`)
    return 2
  }
  const { positionals, values } = parsed
  const command = positionals[0]
  if (values.help || !command) {
    io.out(`${USAGE}\n`)
    return values.help ? 0 : 2
  }
  const needEmail = () => {
    const email = values.email?.trim()
    if (!email) io.err(`${command} needs --email ADDRESS\n`)
    // The one e-mail rule (domain/email.ts): what the form accepts, and nothing else.
    else if (!isEmail(email)) {
      io.err(`${command} needs --email with one e-mail address, e.g. --email ana@example.co\n`)
      return undefined
    }
    return email
  }

  switch (command) {
    case 'list': {
      const apps = await store.listApplications()
      const messages = await store.listMessages()
      io.out(listTable(apps, messages))
      io.err(`${apps.length} application${apps.length === 1 ? '' : 's'}\n`)
      return 0
    }
    case 'export': {
      const format = values.format as ExportFormat | undefined
      if (!format || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
        io.err('export needs --format xlsx, --format csv or --format json\n')
        return 2
      }
      if (format === 'xlsx' && !values.output) {
        io.err('export --format xlsx needs --output FILE (a workbook is no text for a terminal)\n')
        return 2
      }
      // The workspace's export of the unfiltered list by an admin with no conflict, oldest first, written as it is read.
      const rows = await everyApplication(store, new Date())
      const { body } = exportApplications(store, rows, { isAdmin: true }, format)
      const count = `${rows.length} application${rows.length === 1 ? '' : 's'}`
      if (values.output) {
        // The file is the operator's to keep safe: it holds personal data (docs/operations.md).
        await pipeline(Readable.from(body), createWriteStream(values.output, { mode: 0o600 }))
        io.err(`Exported ${count} to ${values.output}.\n`)
      } else {
        for await (const part of body) io.out(typeof part === 'string' ? part : Buffer.from(part).toString('utf8'))
        io.err(`Exported ${count}.\n`)
      }
      return 0
    }
    case 'show': {
      const email = needEmail()
      if (!email) return 2
      const shown = await founderRecords(store, email)
      io.out(JSON.stringify(shown, null, 2) + '\n')
      io.err(shown.length ? `${shown.length} application(s) found for ${email}.\n` : `No application found for ${email}.\n`)
      return 0
    }
    case 'delete': {
      const email = needEmail()
      if (!email) return 2
      // The titular is told it is done (sent by the server's outbox worker), as when an admin deletes.
      const confirmation = io.founderMail ? dataDeletedMessage(await store.findByEmail(email), io.founderMail) : undefined
      const report = await store.deleteByEmail(email, { by: null, at: new Date(), ...(confirmation ? { confirmation } : {}) })
      if (report.applications.length === 0) {
        io.out(`No application found for ${email}; nothing was removed.\n`)
        return 0
      }
      const { pending, sent, failed } = report.messages
      const lines = [
        `Removed ${report.applications.length} application(s) for ${email}:`,
        ...report.applications.map((a) => `  ${a.reference}  received ${a.createdAt.toISOString()}  id ${a.id}`),
        `Removed ${pending + sent + failed} e-mail(s): ${pending} pending (will not be sent), ${sent} sent, ${failed} failed.`,
        `Removed ${report.idempotencyKeys} idempotency record(s).`,
        ...(confirmation ? [`Queued the titular's confirmation that their data was deleted (sent by the server's outbox worker).`] : []),
        'Copies already delivered to mailboxes (the team inbox, the founder) are outside this database.',
      ]
      io.out(lines.join('\n') + '\n')
      return 0
    }
    default:
      io.err(`Unknown command: ${command}\n\n${USAGE}\n`)
      return 2
  }
}

function listTable(apps: StoredApplication[], messages: OutboxMessage[]): string {
  const status = new Map<string, string[]>()
  for (const m of messages) {
    if (m.applicationId !== null) status.set(m.applicationId, [...(status.get(m.applicationId) ?? []), m.status])
  }
  const rows = apps.map((a) => [
    a.reference,
    a.createdAt.toISOString().slice(0, 16).replace('T', ' '),
    a.formData.tradeName,
    a.formData.email,
    summarise(status.get(a.id) ?? []),
  ])
  const header = ['REFERENCE', 'RECEIVED (UTC)', 'TRADE NAME', 'E-MAIL', 'E-MAILS']
  const all = [header, ...rows].map((r) => r.map((cell) => oneLine(cell).slice(0, 40)))
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n'
}

function summarise(statuses: string[]): string {
  if (statuses.length === 0) return '-'
  const counts = new Map<string, number>()
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
  return [...counts].map(([s, n]) => `${n} ${s}`).join(', ')
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim()
}
