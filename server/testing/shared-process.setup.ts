/**
 * Vitest setup (every test file): the test files of a worker share one
 * process and one module registry (`isolate: false`, ADR 0174), so a file
 * must leave the process as it found it. A file that leaves an environment
 * variable changed, added or removed, or fake timers on, fails here (after
 * the process is put back, so the next file does not inherit it). Globals
 * stubbed with vi.stubGlobal are put back here too.
 */
import { afterAll, beforeAll, vi } from 'vitest'

let before: Record<string, string | undefined> = {}

beforeAll(() => {
  before = { ...process.env }
})

afterAll(() => {
  vi.unstubAllGlobals()
  const problems: string[] = []
  const changed = [...new Set([...Object.keys(before), ...Object.keys(process.env)])].filter((key) => process.env[key] !== before[key])
  if (changed.length > 0) {
    for (const key of changed) {
      if (before[key] === undefined) delete process.env[key]
      else process.env[key] = before[key]
    }
    // Names only: values may be secrets.
    problems.push(`left process.env changed: ${changed.sort().join(', ')}`)
  }
  if (vi.isFakeTimers()) {
    vi.useRealTimers()
    problems.push('left fake timers on')
  }
  if (problems.length > 0) throw new Error(`this test file shares its process with others (isolate: false, ADR 0174) and ${problems.join('; ')}`)
})
