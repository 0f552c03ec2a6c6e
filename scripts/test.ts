/**
 * `npm test`: the whole suite, each step's duration and the total printed
 * (at most 5 minutes on a quiet machine, 10 on a busy one):
 *
 *   test: ensure-chromium 0 s
 *   test: build 3 s
 *   test: vitest 1 min 17 s
 *   test: playwright 2 min 51 s (15 servers started)
 *   test: total 4 min 11 s
 *
 * (a quiet 2-core machine of the kind ADR 0184 measured on)
 *
 * Vitest, then Playwright, one after the other (ADR 0183): run side by side
 * on this 2-core machine, each made the other slower by more than the idle
 * core it filled gave back, and the pair cost 13-16 % more CPU than the two
 * one after the other (ADR 0175 had measured the other way on a subset of
 * the specs).
 *
 * Stops when ensure-chromium or the build fails; Vitest and Playwright both
 * run, and the first failing one's exit code is returned.
 * Arguments go to Playwright (`npm test -- --workers=1`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runSteps, type Step } from './test-steps.ts'

const bin = (name: string) => join('node_modules', '.bin', name)
const serverStarts = join(mkdtempSync(join(tmpdir(), 'catalitico-test-')), 'server-starts.txt')

const steps: Step[] = [
  { name: 'ensure-chromium', command: process.execPath, args: ['--import', 'tsx', 'scripts/ensure-chromium.ts'] },
  { name: 'build', command: process.execPath, args: ['--import', 'tsx', 'scripts/build.ts'] },
  { name: 'vitest', command: bin('vitest'), args: ['run'], goOnAfterFailure: true },
  { name: 'playwright', command: bin('playwright'), args: ['test', ...process.argv.slice(2)] },
]

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/** Runs a step with the terminal as its output; resolves to its exit code. */
function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    // E2E_SERVER_STARTS: e2e/fixtures/server.ts writes there one line per server it starts (counted for Playwright).
    const env = step.name === 'playwright' ? { ...process.env, E2E_SERVER_STARTS: serverStarts } : process.env
    const child = spawn(step.command, step.args, { stdio: 'inherit', env })
    child.once('error', (err) => {
      console.error(`test: ${step.name} could not start: ${err.message}`)
      resolve(1)
    })
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function serversStarted(): number {
  try {
    return readFileSync(serverStarts, 'utf8').split('\n').filter(Boolean).length
  } catch {
    return 0
  }
}

/** Runs a step and prints its duration; resolves to its exit code. */
async function timed(step: Step): Promise<number> {
  const stepStarted = Date.now()
  const code = await run(step)
  const count = serversStarted()
  const servers = step.name === 'playwright' ? ` (${count} server${count === 1 ? '' : 's'} started)` : ''
  console.log(`test: ${step.name} ${formatDuration(Date.now() - stepStarted)}${servers}${code === 0 ? '' : `, failed (exit code ${code})`}`)
  return code
}

const started = Date.now()
const exitCode = await runSteps(steps, timed)
console.log(`test: total ${formatDuration(Date.now() - started)}${exitCode === 0 ? '' : ', failed'}`)
rmSync(join(serverStarts, '..'), { recursive: true, force: true })
process.exit(exitCode)
