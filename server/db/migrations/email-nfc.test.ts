/**
 * The one e-mail rule matches addresses in Unicode NFC (ADR 0121): the
 * migration brings the copies stored under the old rule (trimmed, lower
 * case, composed however the founder's keyboard sent them) into that form,
 * on both engines, so a founder who applied as jose + combining accent is
 * found when "josé" is typed.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { freshPostgresDatabase, freshSqliteDatabase, type TestDatabase } from '../testing/store-databases.ts'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import type { ApplicationStore } from '../stores/application-store.ts'

const available = await requirePostgres()
const DECOMPOSED = 'jose\u0301@ejemplo.co'
const COMPOSED = 'josé@ejemplo.co'

const opened: TestDatabase<ApplicationStore>[] = []
afterEach(async () => {
  while (opened.length) await opened.pop()!.dispose()
})

const engines = [
  { name: 'SQLite', open: freshSqliteDatabase, forget: 'DELETE FROM schema_migrations WHERE version = 16', run: true },
  {
    name: 'PostgreSQL',
    open: freshPostgresDatabase,
    forget: "delete from supabase_migrations.schema_migrations where version = '20261127090000'",
    run: available,
  },
] as const

describe.each(engines)('the NFC migration on $name', ({ open, forget, run }) => {
  it.skipIf(!run)('recomposes the stored copies of applications and members', async () => {
    const db = (await open()) as TestDatabase<ApplicationStore>
    opened.push(db)
    await db.store.migrate()
    const sub = newSubmission({ email: DECOMPOSED })
    await db.store.saveSubmission(sub)
    // As the old rule stored them: trimmed and lower case, the accent as the keyboard sent it.
    await db.exec('UPDATE applications SET email = ? WHERE id = ?', [DECOMPOSED, sub.application.id])
    const member = crypto.randomUUID()
    await db.exec("INSERT INTO team_members (id, email, name, role, active, created_at) VALUES (?, ?, 'Jose', 'admin', true, ?)", [
      member,
      DECOMPOSED,
      new Date().toISOString(),
    ])
    expect(await db.store.findByEmail(COMPOSED)).toEqual([])

    await db.exec(forget)
    await db.store.migrate()
    expect((await db.store.findByEmail(COMPOSED)).map((a) => a.id)).toEqual([sub.application.id])
    expect((await db.store.findByEmail(DECOMPOSED)).map((a) => a.id)).toEqual([sub.application.id])
    expect(await db.all(`SELECT email FROM team_members WHERE id = '${member}'`)).toEqual([{ email: COMPOSED }])
  })
})
