/**
 * bench:e2e-cpu's Playwright reporter: each test's CPU seconds, read from the cgroup the bench made
 * (E2E_CPU_GROUP) when the test begins and ends. With one worker the tests run one at a time, so the
 * difference is that test's (its worker's fixtures count towards the first test that starts them).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** The CPU seconds the processes of a cgroup v1 `cpuacct` group have used so far. */
export const cpuSecondsOf = (group: string) => Number(readFileSync(join(group, 'cpuacct.usage'), 'utf8')) / 1e9

interface Row {
  spec: string
  title: string
  cpu: number
  wall: number
  status: string
}

const line = (r: Row) =>
  `${r.cpu.toFixed(1).padStart(6)} CPU-s ${r.wall.toFixed(1).padStart(6)} s  ${r.status === 'passed' ? '' : `${r.status.toUpperCase()} `}${r.spec} › ${r.title}`

export default class CpuReporter implements Reporter {
  private readonly group = process.env.E2E_CPU_GROUP!
  private started = new Map<string, number>()
  private rows: Row[] = []

  onTestBegin(test: TestCase): void {
    this.started.set(test.id, cpuSecondsOf(this.group))
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const row = {
      spec: test.location.file.split('/e2e/').pop()!,
      // [root, project, file, ...describes, test]
      title: test.titlePath().slice(3).join(' › '),
      cpu: cpuSecondsOf(this.group) - this.started.get(test.id)!,
      wall: result.duration / 1000,
      status: result.status,
    }
    this.rows.push(row)
    console.log(line(row))
  }

  onEnd(): void {
    const total = this.rows.reduce((sum, r) => sum + r.cpu, 0)
    console.log(`\nTests, most CPU first (${this.rows.length}, total ${total.toFixed(1)} CPU-s):`)
    for (const r of [...this.rows].sort((a, b) => b.cpu - a.cpu)) console.log(line(r))
    const bySpec = new Map<string, number>()
    for (const r of this.rows) bySpec.set(r.spec, (bySpec.get(r.spec) ?? 0) + r.cpu)
    console.log('\nBy spec:')
    for (const [spec, cpu] of [...bySpec].sort((a, b) => b[1] - a[1])) console.log(`${cpu.toFixed(1).padStart(6)} CPU-s  ${spec}`)
  }

  printsToStdio(): boolean {
    return true
  }
}
