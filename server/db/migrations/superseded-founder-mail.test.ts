/**
 * Migration 21 (ADR 0138): the founder e-mails already waiting beside a later
 * stage change ("avanzas a la sesión" next to "no fuiste
 * seleccionada") are superseded as the migration runs, on both engines; a
 * waiting e-mail that matches its application's stage stays waiting.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { migratedPerTest, migrationEngines, rerunForgotten } from '../testing/migration-test.ts'
import { openWorkspaceStores } from '../stores/open-workspace-stores.ts'
import { stageMoves } from '../../features/review/pipeline.ts'
import type { FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import { statusMailWrite } from '../../features/review/stage-mail.ts'

const MAIL: FounderMailConfig = {
  from: 'Catalítico <postulaciones@catalitico.example>',
  replyTo: 'postulaciones@catalitico.example',
  company: { legalName: 'Catalítico Ventures S.A.S.', website: 'https://catalitico.example', contactEmail: 'postulaciones@catalitico.example' },
  siteOrigin: 'https://catalitico.example',
}

const engines = await migrationEngines(
  { sqlite: 21, postgres: '20261128130000' },
  { sqlite: ['ALTER TABLE founder_mail_drafts DROP COLUMN superseded_to'], postgres: ['alter table founder_mail_drafts drop column superseded_to'] },
)
const migrated = migratedPerTest()

describe.each(engines)('migration 21 on $name', ({ open, forget, run }) => {
  it.skipIf(!run)('supersedes the waiting drafts that contradict their application’s stage, and only those', async () => {
    const db = await migrated(open)
    const { stageSteps, founder } = openWorkspaceStores(db.store)
    const review = stageMoves(stageSteps)
    const t0 = new Date('2026-11-20T15:00:00.000Z')
    const at = (m: number) => new Date(t0.getTime() + m * 60_000)
    const [closed, panel] = [newSubmission({ createdAt: t0 }), newSubmission({ createdAt: t0 })]
    for (const s of [closed, panel]) {
      await db.store.saveSubmission(s)
      await review.transition(s.application.id, { from: 'recibida', to: 'validacion_preliminar', reason: null, memberId: null, at: at(1) })
      await review.transition(s.application.id, {
        from: 'validacion_preliminar',
        to: 'sesion_panel',
        reason: null,
        memberId: null,
        at: at(2),
        founderMail: statusMailWrite('sesion_panel', s.application, MAIL, { sendNow: false }),
      })
    }
    // As before superseding existed: the closing change left the panel e-mail waiting beside its own.
    const [stale] = await founder.listDrafts(closed.application.id)
    await review.transition(closed.application.id, {
      from: 'sesion_panel',
      to: 'no_seleccionada',
      reason: null,
      memberId: null,
      at: at(3),
      founderMail: statusMailWrite('no_seleccionada', closed.application, MAIL, { sendNow: false }),
    })
    await db.exec("UPDATE founder_mail_drafts SET status = 'draft', superseded_to = NULL, settled_at = NULL, settled_by = NULL WHERE id = ?", [stale!.id])
    expect(await founder.listWaitingDrafts()).toHaveLength(3)

    await rerunForgotten(db, forget)
    const waiting = await founder.listWaitingDrafts()
    expect(waiting.map((d) => [d.applicationId, d.kind]).sort()).toEqual(
      [[closed.application.id, 'no_seleccionada'], [panel.application.id, 'sesion_panel']].sort(),
    )
    expect(await founder.getDraft(stale!.id)).toMatchObject({ status: 'superseded', supersededTo: 'no_seleccionada', settledAt: at(3), text: '', html: '' })
  })
})
