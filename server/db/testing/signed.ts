/**
 * For tests: an application signed with its deal ("Acuerdo firmado") through the review store's
 * own move (ADR 0159), on the real database: the stage set to due diligence, then the move with the deal.
 */
import { expect } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import type { ApplicationStore } from '../stores/application-store.ts'
import type { FounderMailWrite } from '../stores/founder-store.ts'
import type { Member } from '../stores/team-store.ts'
import { insertMember } from './members.ts'
import type { TestDatabase } from './store-databases.ts'

import { SIGNED_DEAL } from './signed-deal.ts'
import { stageMovesOn } from './stage-moves.ts'

export { SIGNED_DEAL }

export async function signedApplication(
  db: Pick<TestDatabase<ApplicationStore>, 'store' | 'exec'>,
  options: { email?: string; followUpStart?: string; admin?: Member; at?: Date; founderMail?: FounderMailWrite } = {},
) {
  const admin = options.admin ?? (await insertMember(db.store, 'admin', 'Ana'))
  const at = options.at ?? new Date('2026-11-25T15:00:00.000Z')
  const sub = newSubmission({ createdAt: new Date(at.getTime() - 30 * 86_400_000), ...(options.email ? { email: options.email } : {}) })
  await db.store.saveSubmission(sub)
  const id = sub.application.id
  await db.exec('UPDATE applications SET stage = ? WHERE id = ?', ['due_diligence', id])
  const moved = await stageMovesOn(engineOf(db.store)).transition(id, {
    from: 'due_diligence',
    to: 'acuerdo_firmado',
    reason: null,
    memberId: admin.id,
    at,
    deal: { ...SIGNED_DEAL, followUpStart: options.followUpStart ?? SIGNED_DEAL.followUpStart },
    ...(options.founderMail ? { founderMail: options.founderMail } : {}),
  })
  expect(moved.status).toBe('moved')
  return { admin, id, sub }
}
