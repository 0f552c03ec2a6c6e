/**
 * bench:e2e-cpu's Playwright reporter: each test's CPU seconds, read from the cgroup the bench made
 * (E2E_CPU_GROUP) when the test begins and ends. With one worker the tests run one at a time, so the
 * difference is that test's (its worker's fixtures count towards the first test that starts them).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

const usage = () => Number(readFileSync(join(process.env.E2E_CPU_GROUP!, 'cpuacct.usage'), 'utf8')) / 1e9

export default class CpuReporter implements Reporter {
  private started = new Map<string, number>()
  private rows: { spec: string; title: string; cpu: number; wall: number; status: string }[] = []

  onTestBegin(test: TestCase): void {
    this.started.set(test.id, usage())
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const cpu = usage() - (this.started.get(test.id) ?? usage())
    const spec = test.location.file.split('/e2e/').pop()!
    this.rows.push({ spec, title: test.titlePath().slice(3).join(' › '), cpu, wall: result.duration / 1000, status: result.status })
    console.log(`${cpu.toFixed(1).padStart(6)} CPU-s ${(result.duration / 1000).toFixed(1).padStart(6)} s  ${result.status === 'passed' ? '' : `${result.status.toUpperCase()} `}${spec} › ${test.title}`)
  }

  onEnd(): void {
    const total = this.rows.reduce((sum, r) => sum + r.cpu, 0)
    console.log(`\nTests, most CPU first (${this.rows.length}, total ${total.toFixed(1)} CPU-s):`)
    for (const r of [...this.rows].sort((a, b) => b.cpu - a.cpu)) console.log(`${r.cpu.toFixed(1).padStart(6)} CPU-s ${r.wall.toFixed(1).padStart(6)} s  ${r.spec} › ${r.title}`)
    const bySpec = new Map<string, number>()
    for (const r of this.rows) bySpec.set(r.spec, (bySpec.get(r.spec) ?? 0) + r.cpu)
    console.log('\nBy spec:')
    for (const [spec, cpu] of [...bySpec].sort((a, b) => b[1] - a[1])) console.log(`${cpu.toFixed(1).padStart(6)} CPU-s  ${spec}`)
  }

  printsToStdio(): boolean {
    return true
  }
}
