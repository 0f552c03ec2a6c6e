/**
 * `npm run bench:e2e-cpu [-- <playwright args>]`: where the browser tests' CPU goes (ADR 0182).
 * Runs Playwright with one worker inside a cgroup of its own (cgroup v1 `cpuacct`, as root) so that every
 * process a test starts (Chromium, servers, command lines) is counted, and prints each test's CPU seconds,
 * the most expensive first, and each spec's sum. The worker's fixtures (its server, its browser) count
 * towards the first test it runs. Needs `npm run build` first, like the suite.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cpuSecondsOf } from './e2e-cpu-reporter.ts'

const CPUACCT = '/sys/fs/cgroup/cpuacct'
if (!existsSync(join(CPUACCT, 'cpuacct.usage'))) {
  console.error(`bench:e2e-cpu needs cgroup v1's cpuacct controller at ${CPUACCT} (and root to make a group): not found here.`)
  process.exit(1)
}
const group = join(CPUACCT, `catalitico-e2e-cpu-${process.pid}`)
try {
  mkdirSync(group)
  // This process moves into the group: Playwright, its worker, Chromium and the servers are born in it.
  writeFileSync(join(group, 'cgroup.procs'), String(process.pid))
} catch (err) {
  console.error(`bench:e2e-cpu could not make a cgroup at ${group} (run it as root): ${(err as Error).message}`)
  process.exit(1)
}
const reporter = join(import.meta.dirname, 'e2e-cpu-reporter.ts')
const child = spawn(join('node_modules', '.bin', 'playwright'), ['test', '--workers=1', `--reporter=${reporter}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CPU_GROUP: group },
})
const code: number = await new Promise((resolve) => {
  child.once('error', (err) => {
    console.error(`bench:e2e-cpu could not start Playwright: ${err.message}`)
    resolve(1)
  })
  child.once('close', (c) => resolve(c ?? 1))
})
console.log(`bench:e2e-cpu: all of it ${cpuSecondsOf(group).toFixed(1)} CPU-s`)
// The group is removed once empty: this process moves back to the root group first. A process Playwright
// left behind (a browser's crash handler) keeps it busy: said, not thrown, so the run's figures and code stand.
writeFileSync(join(CPUACCT, 'cgroup.procs'), String(process.pid))
try {
  rmdirSync(group)
} catch (err) {
  console.error(`bench:e2e-cpu: the cgroup ${group} could not be removed (${(err as Error).message}); remove it once its processes end.`)
}
process.exit(code)
