/**
 * The workspace search covers the city: the migration appends the
 * city to the search key of the applications saved before it, as
 * domain/search.ts applicationSearchText now writes it, on both engines;
 * anonymised applications keep their reference only.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { applicationSearchText } from '../../../domain/search.ts'
import { migratedPerTest, migrationEngines, rerunForgotten } from '../testing/migration-test.ts'

const engines = await migrationEngines({ sqlite: 20, postgres: '20261128120000' })
const migrated = migratedPerTest()

describe.each(engines)('the search-city migration on $name', ({ open, forget, run }) => {
  it.skipIf(!run)('appends the city to the search key written before, as the application store writes it now', async () => {
    const db = await migrated(open)
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

    await rerunForgotten(db, forget)
    expect(await db.all(`SELECT search_text FROM applications WHERE id = '${sub.application.id}'`)).toEqual([{ search_text: now }])
    expect(await db.all(`SELECT search_text FROM applications WHERE id = '${gone.application.id}'`)).toEqual([{ search_text: 'cat-anon' }])
  })
})
