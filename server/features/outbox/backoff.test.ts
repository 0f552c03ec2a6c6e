import { describe, expect, it } from 'vitest'
import { backoffDelay, DEFAULT_BACKOFF } from './worker.ts'

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, with jitter between half and all of the step', () => {
    const steps = [1, 2, 3, 4, 8, 20].map((n) => [backoffDelay(n, DEFAULT_BACKOFF, () => 0), backoffDelay(n, DEFAULT_BACKOFF, () => 0.999999)])
    expect(steps.map(([low]) => low)).toEqual([15_000, 30_000, 60_000, 120_000, 1_800_000, 1_800_000])
    expect(steps.map(([, high]) => Math.round(high! / 1000))).toEqual([30, 60, 120, 240, 3600, 3600])
  })
})
