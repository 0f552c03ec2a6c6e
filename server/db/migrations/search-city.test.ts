/**
 * The workspace search covers the city (issue 19): the migration appends the
 * city to the search key of the applications saved before it, as
 * domain/search.ts applicationSearchText now writes it, on both engines;
 * anonymised applications keep their reference only.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { applicationSearchText } from '../../../domain/search.ts'
import { freshPostgresDatabase, freshSqliteDatabase, type TestDatabase } from '../testing/store-databases.ts'
import { requirePostgres } from '../testing/postgres-test-database.ts'
import type { ApplicationStore } from '../stores/application-store.ts'

const available = await requirePostgres()

const opened: TestDatabase<ApplicationStore>[] = []
afterEach(async () => {
  while (opened.length) await opened.pop()!.dispose()
})

const engines = [
  { name: 'SQLite', open: freshSqliteDatabase, forget: 'DELETE FROM schema_migrations WHERE version = 20', run: true },
  {
    name: 'PostgreSQL',
    open: freshPostgresDatabase,
    forget: "delete from supabase_migrations.schema_migrations where version = '20261128120000'",
    run: available,
  },
] as const

describe.each(engines)('the search-city migration on $name', ({ open, forget, run }) => {
  it.skipIf(!run)('appends the city to the search key written before, as the application store writes it now', async () => {
    const db = (await open()) as TestDatabase<ApplicationStore>
    opened.push(db)
    await db.store.migrate()
    const sub = newSubmission()
    sub.application.formData.city = 'San Andrés   de Tumaco'
    await db.store.saveSubmission(sub)
    const gone = newSubmission()
    await db.store.saveSubmission(gone)
    const now = applicationSearchText({ ...sub.application.formData, reference: sub.application.reference })
    expect(now).toMatch(/ san andres de tumaco$/)
    expect(await db.all(`SELECT search_text FROM applications WHERE id = '${sub.application.id}'`)).toEqual([{ search_text: now }])

    // As the old rule stored them: no city.
    const before = applicationSearchText({ ...sub.application.formData, reference: sub.application.reference, city: '' })
    await db.exec('UPDATE applications SET search_text = ? WHERE id = ?', [before, sub.application.id])
    await db.exec("UPDATE applications SET search_text = 'cat-anon', anonymized_at = ? WHERE id = ?", [new Date().toISOString(), gone.application.id])

    await db.exec(forget)
    await db.store.migrate()
    expect(await db.all(`SELECT search_text FROM applications WHERE id = '${sub.application.id}'`)).toEqual([{ search_text: now }])
    expect(await db.all(`SELECT search_text FROM applications WHERE id = '${gone.application.id}'`)).toEqual([{ search_text: 'cat-anon' }])
  })
})
