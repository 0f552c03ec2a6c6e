/**
 * The order rules of `npm test` (scripts/test.ts, ADR 0183): steps run one
 * after the other; a failing step stops the run unless it is marked
 * `goOnAfterFailure` (Vitest, so that one CI run reports Playwright too);
 * the run's exit code is the first failing step's.
 */
export interface Step {
  name: string
  command: string
  args: string[]
  /** A failure here still lets the next steps run. */
  goOnAfterFailure?: boolean
}

/** Runs `steps` in order through `run` (which resolves to a step's exit code); resolves to the run's exit code. */
export async function runSteps(steps: readonly Step[], run: (step: Step) => Promise<number>): Promise<number> {
  let exitCode = 0
  for (const step of steps) {
    const code = await run(step)
    if (exitCode === 0) exitCode = code
    if (code !== 0 && !step.goOnAfterFailure) break
  }
  return exitCode
}
