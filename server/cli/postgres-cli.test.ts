/**
 * `npm run migrate`, `npm run applications` and `npm run worker` as operators run them, on the
 * real PostgreSQL (DATABASE_URL), each test in its own database.
 */
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { readMigrations } from '../db/migrations/postgres-files.ts'
import { openPostgresStore } from '../db/postgres-store.ts'
import { createTestDatabase, requirePostgres, type TestDatabase } from '../db/testing/postgres-test-database.ts'
import { newSubmission } from '../testing/fixtures.ts'
import { startSmtpSink } from '../testing/smtp-sink.ts'
import { nodeArgs } from '../../e2e/fixtures/server.ts'
import type { ServerEntry } from '../../scripts/server-bundle.ts'

const available = await requirePostgres()

// The commands run from the server bundle (npm run build; ADR 0130): the same code, without tsx's start-up.
function cli(command: ServerEntry, databaseUrl: string, ...argv: string[]) {
  return promisify(execFile)(process.execPath, [...nodeArgs(command, 'bundle'), ...argv], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  })
}

describe.skipIf(!available)('the operator commands on PostgreSQL', () => {
  const databases: TestDatabase[] = []
  afterEach(async () => {
    while (databases.length) await databases.pop()!.drop()
  })

  it('npm run migrate applies the schema once and then reports it up to date', async () => {
    const db = await createTestDatabase({ migrated: false })
    databases.push(db)
    const versions = readMigrations().map((m) => m.version)
    const first = await cli('migrate', db.url)
    expect(versions.length).toBeGreaterThanOrEqual(2)
    expect(first.stdout).toMatch(
      new RegExp(`^Applied ${versions.length} migration\\(s\\) to PostgreSQL database catalitico_test_\\w+ on 127\\.0\\.0\\.1: ${versions.join(', ')}\\.$`, 'm'),
    )
    const second = await cli('migrate', db.url)
    expect(second.stdout).toContain(`is up to date (${versions.length} migration(s) already applied)`)
  })

  it('npm run migrate fails with a one-line reason and exit code 1 when the database is unreachable', async () => {
    const failed = await cli('migrate', 'postgres://postgres@127.0.0.1:1/none').catch((err: unknown) => err)
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Migration failed: .*ECONNREFUSED/) })
  })

  it('npm run applications exports, shows and deletes on the configured PostgreSQL', async () => {
    const db = await createTestDatabase()
    databases.push(db)
    const store = openPostgresStore(db.url)
    const mine = newSubmission({ email: 'Fundadora@Andina.example.co' })
    const other = newSubmission()
    await store.saveSubmission(mine)
    await store.saveSubmission(other)

    const exported = await cli('applications', db.url, 'export', '--format', 'json')
    expect((JSON.parse(exported.stdout) as { id: string }[]).map((a) => a.id).sort()).toEqual(
      [mine.application.id, other.application.id].sort(),
    )
    const shown = await cli('applications', db.url, 'show', '--email', 'fundadora@andina.example.co')
    expect(shown.stdout).toContain(mine.application.reference)
    const deleted = await cli('applications', db.url, 'delete', '--email', 'FUNDADORA@andina.example.co')
    expect(deleted.stdout).toContain(mine.application.reference)

    expect((await store.listApplications()).map((a) => a.id)).toEqual([other.application.id])
    expect(await store.listMessages({ applicationId: mine.application.id })).toEqual([])
    await store.close()
  }, 90_000) // four command-line processes: 30 s was exceeded at a load of 20 (two suites at once)

  it('npm run worker sends the e-mails another instance stored (the Supabase path) and stops cleanly on SIGTERM', async () => {
    const db = await createTestDatabase()
    databases.push(db)
    const store = openPostgresStore(db.url)
    const sink = await startSmtpSink()
    const submission = newSubmission()
    await store.saveSubmission(submission)
    const worker = spawn(process.execPath, nodeArgs('worker', 'bundle'), {
      env: { ...process.env, DATABASE_URL: db.url, SMTP_URL: sink.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    worker.stdout.on('data', (d) => (output += d))
    worker.stderr.on('data', (d) => (output += d))
    try {
      const deadline = Date.now() + 20_000
      while ((await store.listMessages({ status: 'sent' })).length < 2 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(sink.received.map((m) => m.header('message-id')).sort()).toEqual(
        submission.messages.map((m) => m.messageId).sort(),
      )
      const exited = new Promise<number | null>((resolve) => worker.once('exit', resolve))
      worker.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(output).toContain('"msg":"outbox worker started"')
      expect(output).toContain('"msg":"stopped"')
    } finally {
      worker.kill('SIGKILL')
      await store.close()
      await sink.close()
    }
  })
})
