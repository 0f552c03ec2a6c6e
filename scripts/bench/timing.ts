/**
 * The benches' timing: 20 warm-up calls (the last one's answer is kept), then `runs` timed ones,
 * with their p50 and p95 in milliseconds.
 */

/** The p-th percentile of times sorted from fastest to slowest (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

export async function timed<A>(runs: number, call: () => Promise<A>): Promise<{ last: A; p50: number; p95: number }> {
  let last = await call()
  for (let i = 1; i < 20; i++) last = await call()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    await call()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  return { last, p50: percentile(times, 50), p95: percentile(times, 95) }
}
