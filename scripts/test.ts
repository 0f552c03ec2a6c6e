/**
 * `npm test`: the whole suite, each step's duration and the total printed
 * (issue 18: at most 5 minutes on a quiet machine, 10 on a busy one):
 *
 *   test: ensure-chromium 0 s
 *   test: build 5 s
 *   test: vitest and playwright side by side (Vitest's output follows when it ends)
 *   test: playwright 1 min 49 s (2 servers started)
 *   test: vitest 3 min 11 s
 *   test: total 3 min 16 s
 *
 * (the whole Vitest suite beside three Playwright specs, ADR 0175)
 *
 * Vitest and Playwright run at the same time once the build is there: most
 * of Vitest's wall time is its files waiting on child processes, sockets and
 * PostgreSQL, while Playwright keeps the two cores busy (ADR 0175).
 * Playwright's output goes straight to the terminal, Vitest's is held and
 * printed in one piece when it ends, so neither is interleaved.
 *
 * Stops at the first step that fails, with that step's exit code (of the two
 * run together, both finish and the first failing one's code is returned).
 * Arguments go to Playwright (`npm test -- --workers=1`).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface Step {
  name: string
  command: string
  args: string[]
}

const bin = (name: string) => join('node_modules', '.bin', name)
const serverStarts = join(mkdtempSync(join(tmpdir(), 'catalitico-test-')), 'server-starts.txt')

const steps: Step[] = [
  { name: 'ensure-chromium', command: process.execPath, args: ['--import', 'tsx', 'scripts/ensure-chromium.ts'] },
  { name: 'build', command: process.execPath, args: ['--import', 'tsx', 'scripts/build.ts'] },
  { name: 'vitest', command: bin('vitest'), args: ['run'] },
  { name: 'playwright', command: bin('playwright'), args: ['test', ...process.argv.slice(2)] },
]

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/** Runs a step; with `held`, its output is kept and written in one piece when it ends. */
function run(step: Step, held = false): Promise<number> {
  return new Promise((resolve) => {
    // E2E_SERVER_STARTS: e2e/fixtures/server.ts writes there one line per server it starts (counted for Playwright).
    const env = step.name === 'playwright' ? { ...process.env, E2E_SERVER_STARTS: serverStarts } : process.env
    const child = spawn(step.command, step.args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit', env })
    const output: Buffer[] = []
    if (held) {
      child.stdout!.on('data', (d: Buffer) => output.push(d))
      child.stderr!.on('data', (d: Buffer) => output.push(d))
    }
    child.once('error', (err) => {
      console.error(`test: ${step.name} could not start: ${err.message}`)
      resolve(1)
    })
    child.once('close', (code, signal) => {
      if (held) process.stdout.write(Buffer.concat(output))
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

function serversStarted(): number {
  try {
    return readFileSync(serverStarts, 'utf8').split('\n').filter(Boolean).length
  } catch {
    return 0
  }
}

/** Runs a step (held: see run) and prints its duration; resolves to its exit code. */
async function timed(step: Step, held = false): Promise<number> {
  const stepStarted = Date.now()
  const code = await run(step, held)
  const count = serversStarted()
  const servers = step.name === 'playwright' ? ` (${count} server${count === 1 ? '' : 's'} started)` : ''
  console.log(`test: ${step.name} ${formatDuration(Date.now() - stepStarted)}${servers}${code === 0 ? '' : `, failed (exit code ${code})`}`)
  return code
}

const byName = (name: string) => steps.find((step) => step.name === name)!
const started = Date.now()
let exitCode = 0
for (const step of steps.filter((s) => s.name !== 'vitest' && s.name !== 'playwright')) {
  exitCode = await timed(step)
  if (exitCode !== 0) break
}
if (exitCode === 0) {
  console.log("test: vitest and playwright side by side (Vitest's output follows when it ends)")
  const [vitest, playwright] = await Promise.all([timed(byName('vitest'), true), timed(byName('playwright'))])
  exitCode = vitest !== 0 ? vitest : playwright
}
console.log(`test: total ${formatDuration(Date.now() - started)}${exitCode === 0 ? '' : ', failed'}`)
rmSync(join(serverStarts, '..'), { recursive: true, force: true })
process.exit(exitCode)
