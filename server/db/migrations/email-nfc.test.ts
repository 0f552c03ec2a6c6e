/**
 * The one e-mail rule matches addresses in Unicode NFC (ADR 0121): the
 * migration brings the copies stored under the old rule (trimmed, lower
 * case, composed however the founder's keyboard sent them) into that form,
 * on both engines, so a founder who applied as jose + combining accent is
 * found when "josé" is typed.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { migratedPerTest, migrationEngines, rerunForgotten } from '../testing/migration-test.ts'

const DECOMPOSED = 'jose\u0301@ejemplo.co'
const COMPOSED = 'josé@ejemplo.co'

const engines = await migrationEngines({ sqlite: 16, postgres: '20261127090000' })
const migrated = migratedPerTest()

describe.each(engines)('the NFC migration on $name', ({ open, forget, run }) => {
  it.skipIf(!run)('recomposes the stored copies of applications and members', async () => {
    const db = await migrated(open)
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

    await rerunForgotten(db, forget)
    expect((await db.store.findByEmail(COMPOSED)).map((a) => a.id)).toEqual([sub.application.id])
    expect((await db.store.findByEmail(DECOMPOSED)).map((a) => a.id)).toEqual([sub.application.id])
    expect(await db.all(`SELECT email FROM team_members WHERE id = '${member}'`)).toEqual([{ email: COMPOSED }])
  })
})
