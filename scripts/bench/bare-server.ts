/**
 * The ceiling for bench:api: a bare node:http server that does the same
 * database work per request as the real function (parse the JSON body, one
 * transaction inserting the application and its two e-mails into the same
 * store, SQLite or PostgreSQL) and nothing else: no framework, no validation,
 * no rendering (the e-mails are rendered once at start-up), no logs, no worker.
 *
 * Run as a child process with PORT and either DB_PATH (a SQLite file, migrated
 * here) or DATABASE_URL (an already migrated PostgreSQL database, used with the
 * same pool as the real server); prints "ready".
 */
import { createServer } from 'node:http'
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import type { Application } from '../../domain/application.ts'
import { renderApplicantConfirmation, renderTeamNotification } from '../../server/features/submission/mails.ts'
import { openPostgresStore } from '../../server/db/postgres-store.ts'
import { openSqliteStore } from '../../server/db/sqlite-store.ts'
import { validApplication } from '../../server/testing/fixtures.ts'

const store = process.env.DATABASE_URL ? openPostgresStore(process.env.DATABASE_URL) : openSqliteStore(process.env.DB_PATH!)
if (process.env.DATABASE_URL) await store.ping()
else await store.migrate()
const mail = { from: 'Catalítico <postulaciones@catalitico.example>', teamEmail: 'equipo@catalitico.example', company: DEFAULT_COMPANY }
const ctx = { reference: 'CAT-2026-BARE00', receivedAt: new Date(), formData: validApplication(), policyVersion: 'bench' }
const confirmation = renderApplicantConfirmation(ctx, mail)
const notification = renderTeamNotification(ctx, mail)
let counter = 0

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', async () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { formData: Application; consent: { policyVersion: string } }
      const now = new Date()
      const id = crypto.randomUUID()
      const reference = `CAT-BARE-${(++counter).toString(36).toUpperCase()}`
      const message = (kind: 'applicant_confirmation' | 'team_notification', to: string, rendered: typeof confirmation) => ({
        id: crypto.randomUUID(),
        kind,
        messageId: `<${crypto.randomUUID()}@catalitico.example>`,
        from: mail.from,
        to,
        ...rendered,
      })
      await store.saveSubmission({
        application: { id, reference, createdAt: now, formData: body.formData, consent: { policyVersion: body.consent.policyVersion, acceptedAt: now } },
        messages: [message('applicant_confirmation', body.formData.email, confirmation), message('team_notification', mail.teamEmail, notification)],
      })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, reference }))
    } catch {
      res.writeHead(500).end()
    }
  })
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'))
process.on('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))))
