import { seedFounder } from '../../../testing/seed-founder.ts'
import { SITE, type WorkspaceHarness } from '../../../testing/workspace-harness.ts'
import { founderTus } from './tus.ts'

/**
 * A founder seeded on `h`, with a tus client on their link. The harness's
 * clock follows the wall's from now on: tus judges an upload's expiry on the
 * wall clock, the caps and the sweep on the harness's.
 */
export async function founderUploading(h: WorkspaceHarness) {
  h.syncToWallClock()
  const founder = await seedFounder(h.store)
  return { h, founder, tus: founderTus(h.app, founder.token, SITE) }
}
