import { describe, expect, it } from 'vitest'
import { runSteps, type Step } from './test-steps.ts'

const step = (name: string, goOnAfterFailure = false): Step => ({ name, command: 'true', args: [], goOnAfterFailure })
const STEPS = [step('ensure-chromium'), step('build'), step('vitest', true), step('playwright')]

/** Runs STEPS with the given exit codes by name (0 otherwise); returns the names run and the run's code. */
async function runWith(codes: Record<string, number>) {
  const ran: string[] = []
  const code = await runSteps(STEPS, async (s) => {
    ran.push(s.name)
    return codes[s.name] ?? 0
  })
  return { ran, code }
}

describe("npm test's steps", () => {
  it('runs every step in order and exits 0 when all pass', async () => {
    expect(await runWith({})).toEqual({ ran: ['ensure-chromium', 'build', 'vitest', 'playwright'], code: 0 })
  })

  it('stops at a failing build with its exit code', async () => {
    expect(await runWith({ build: 2 })).toEqual({ ran: ['ensure-chromium', 'build'], code: 2 })
  })

  it('runs Playwright after a failing Vitest and exits with Vitest’s code, the first failure', async () => {
    expect(await runWith({ vitest: 1, playwright: 3 })).toEqual({ ran: ['ensure-chromium', 'build', 'vitest', 'playwright'], code: 1 })
  })

  it('exits with Playwright’s code when only Playwright fails', async () => {
    expect(await runWith({ playwright: 4 })).toEqual({ ran: ['ensure-chromium', 'build', 'vitest', 'playwright'], code: 4 })
  })
})
