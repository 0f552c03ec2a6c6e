/**
 * The daily reminder's «Acuerdos atrasados» (ADR 0162), on the real store: a deal behind its pace
 * reaches its «Responsable», nobody else, and not once they declare a conflict with it.
 */
import { describe, expect, it } from 'vitest'
import { engineOf } from '../../db/engine-of.ts'
import { openConflictStore } from '../../db/stores/conflict-store.ts'
import { openDealStore } from '../../db/stores/deal-store.ts'
import { openMediaPlanStore } from '../../db/stores/media-plan-store.ts'
import { insertMember } from '../../db/testing/members.ts'
import { signedApplication } from '../../db/testing/signed.ts'
import { freshSqliteDatabase, harnessPerTest } from '../../db/testing/store-databases.ts'
import { behindDealsOf } from './behind-deals.ts'
import { reminderMessage } from './reminder-message.ts'

const database = harnessPerTest(freshSqliteDatabase)

describe('behindDealsOf', () => {
  it("gives each member the deals they are responsible for that are behind their pace, in the reminder's words", async () => {
    const db = await database()
    const e = engineOf(db.store)
    const { admin, id, sub } = await signedApplication(db)
    const owner = await insertMember(db.store, 'reviewer', 'Rosa')
    expect(await openDealStore(e).setOwner(id, owner.id, { memberId: admin.id, at: new Date() })).toMatchObject({ ownerId: owner.id })
    const conflicts = openConflictStore(e)
    const behind = behindDealsOf(openMediaPlanStore(e), conflicts)

    // Window from 15 Jan 2027, 9 months, nothing ran: on 1 Feb 2027 (6 %) within the margin, on 15 Mar (22 %) behind.
    expect(await behind(owner.id, '2027-02-01')).toEqual([])
    const items = await behind(owner.id, '2027-03-15')
    expect(items).toEqual([{ id, reference: sub.application.reference, tradeName: sub.application.formData.tradeName, pacing: 'Va al 0\u00a0% del valor con el 22\u00a0% de la ventana' }])
    expect(await behind(admin.id, '2027-03-15')).toEqual([])
    const mail = reminderMessage({ from: 'x@catalitico.example', siteOrigin: 'https://catalitico.example' }, { email: 'rosa@catalitico.example', name: 'Rosa' }, [], new Date(), 0, items)
    expect(mail!.text).toContain(`- ${sub.application.reference} · `)

    await db.exec(`INSERT INTO conflicts (id, application_id, member_id, kind, note, declared_by, declared_at) VALUES (?, ?, ?, 'personal', '', ?, ?)`, [crypto.randomUUID(), id, owner.id, owner.id, new Date().toISOString()])
    expect((await conflicts.conflictedApplications(owner.id)).has(id)).toBe(true)
    expect(await behind(owner.id, '2027-03-15')).toEqual([])
  })
})
