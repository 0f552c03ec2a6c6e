/**
 * The worker jobs' shared loop, on Vitest's fake timers: a pass at start and
 * one per interval, never two at once, a failure handed on and retried at the
 * next tick, and a stop that aborts the pass in progress and waits for it.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { periodic, STOPPED } from './periodic.ts'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

/** A pass that waits until released (or aborted), counting its starts. */
function gatedRun() {
  const starts: AbortSignal[] = []
  const gates: (() => void)[] = []
  const run = (signal: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      const n = starts.push(signal)
      gates.push(() => resolve(n))
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
  return { run, starts, release: () => gates.shift()!() }
}

it('runs a pass at start and one per interval, never two at once', async () => {
  const g = gatedRun()
  const job = periodic({ everyMs: 1_000, run: g.run, onError: () => {} })
  job.start()
  await vi.advanceTimersByTimeAsync(0)
  expect(g.starts).toHaveLength(1)
  // The first pass is still going: three ticks go by without a second one.
  await vi.advanceTimersByTimeAsync(3_000)
  expect(g.starts).toHaveLength(1)
  expect(job.tick()).toBe(job.tick())
  g.release()
  await vi.advanceTimersByTimeAsync(0)
  await vi.advanceTimersByTimeAsync(1_000)
  expect(g.starts).toHaveLength(2)
  g.release()
  await job.stop()
})

it('tick() answers with the pass’s result, or null when it threw; the next tick tries again', async () => {
  const errors: unknown[] = []
  let fail = true
  const job = periodic({
    everyMs: 1_000,
    run: async () => {
      if (fail) throw new Error('database unreachable')
      return 'done'
    },
    onError: (err) => errors.push(err),
  })
  expect(await job.tick()).toBeNull()
  expect(errors).toEqual([new Error('database unreachable')])
  fail = false
  expect(await job.tick()).toBe('done')
})

it('a pass that throws before its first await is handled like any failure', async () => {
  const errors: unknown[] = []
  const job = periodic<number>({
    everyMs: 1_000,
    run: () => {
      throw new Error('thrown at once')
    },
    onError: (err) => errors.push(err),
  })
  expect(await job.tick()).toBeNull()
  expect(errors).toHaveLength(1)
})

it('stop() aborts the pass in progress, waits for it to end, and no pass starts afterwards', async () => {
  const g = gatedRun()
  const errors: unknown[] = []
  const job = periodic({ everyMs: 1_000, run: g.run, onError: (err) => errors.push(err) })
  job.start()
  await vi.advanceTimersByTimeAsync(0)
  let stopped = false
  const stopping = job.stop().then(() => (stopped = true))
  expect(g.starts[0]!.aborted).toBe(true)
  await stopping
  expect(stopped).toBe(true)
  expect(errors).toEqual([new Error(STOPPED)])
  await vi.advanceTimersByTimeAsync(10_000)
  expect(await job.tick()).toBeNull()
  job.start()
  await vi.advanceTimersByTimeAsync(10_000)
  expect(g.starts).toHaveLength(1)
})

it('stop() waits for a pass that does not listen to its signal', async () => {
  let finish!: () => void
  let finished = false
  const job = periodic({
    everyMs: 1_000,
    run: () =>
      new Promise<void>((resolve) => {
        finish = () => {
          finished = true
          resolve()
        }
      }),
    onError: () => {},
  })
  job.start()
  await vi.advanceTimersByTimeAsync(0)
  let stopped = false
  const stopping = job.stop().then(() => (stopped = true))
  await vi.advanceTimersByTimeAsync(5_000)
  expect(stopped).toBe(false)
  finish()
  await stopping
  expect(finished).toBe(true)
})
