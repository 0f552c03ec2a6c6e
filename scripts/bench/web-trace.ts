/**
 * `npm run bench:web-trace`: where the landing page's main thread goes during
 * the load, task by task. A Chromium performance trace (CDP Tracing, the
 * categories Lighthouse records) of the built page at Lighthouse's mobile
 * viewport, with the CPU slowed down 4× (BENCH_TRACE_CPU, 1 for the host's
 * own speed), N runs (BENCH_TRACE_RUNS, default 3). For each run it prints
 * every main-thread task longer than BENCH_TRACE_MIN_MS (default 50, i.e. the
 * long tasks), wall and CPU time, when it starts after the navigation, and
 * what it spent its time on (parse HTML, style, layout, paint, script…), with
 * the details the trace gives (lines parsed, elements restyled, objects laid
 * out, events dispatched); then the blocking time after the first contentful
 * paint, the way Lighthouse sums it (each task's time beyond 50 ms).
 *
 * Lighthouse itself simulates the 4× slowdown (host task times multiplied by
 * 4) on top of a simulated slow network, so its TBT differs: use this to see
 * which tasks there are and what they are made of, and compare variants
 * back to back (BENCH_NO_BUILD=1 with DIST_DIR; BENCH_PATH=/#formulario).
 * The machine's load average is printed with each run.
 *
 * Each run of the page is paired with a run of its plain copy (the same HTML
 * without its scripts, scripts/bench/plain-copy.ts), in alternating order, as
 * `npm run bench:web` does (BENCH_PLAIN=0: the page alone); every run says how
 * many tasks ran the page's own script and their time, so what the script
 * adds to Chromium's own work shows beside the copy (docs/decisions/0204).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts'
import { startServer } from '../../e2e/fixtures/server.ts'
import { DIST_DIR, isBuildStale } from '../build-stamp.ts'
import { plainCopyPath, startServerWithPlainCopy } from './plain-copy.ts'
import { describeTask, isParserTask, loadTasks, pageScriptSummary, runsPageScript, type TraceEvent } from './trace-tasks.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_TRACE_RUNS ?? 3))
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_TRACE_CPU ?? 4))
const MIN_TASK_MS = Number(process.env.BENCH_TRACE_MIN_MS ?? 50)
const PATH = process.env.BENCH_PATH ?? '/'
const PLAIN = process.env.BENCH_PLAIN !== '0'
const BLOCKING_THRESHOLD_MS = 50

/** Lighthouse's trace categories (its default gatherer), without screenshots. */
const CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'latencyInfo',
  'toplevel',
  // Font look-ups: on Linux each is a synchronous call to the browser process.
  'fonts',
  ...(process.env.BENCH_TRACE_CATEGORIES ?? '').split(',').filter(Boolean),
]

let traceCount = 0

async function traceOnce(url: string): Promise<{ events: TraceEvent[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--headless=new'] })
  try {
    // Lighthouse's mobile preset: a Moto G Power sized screen.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto('about:blank')
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.goto(url, { waitUntil: 'load' })
    // Let the late tasks (the font swap, the entry's timers) run out.
    await page.waitForTimeout(3000)
    const buffer = await browser.stopTracing()
    if (process.env.BENCH_TRACE_SAVE) writeFileSync(process.env.BENCH_TRACE_SAVE.replace('%d', String(traceCount++)), buffer)
    const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
    return { events: Array.isArray(parsed) ? parsed : parsed.traceEvents }
  } finally {
    await browser.close()
  }
}

function report(events: TraceEvent[], slowdown: number): number {
  const { tasks, nav, fcp } = loadTasks(events)
  const origin = new URL(String(nav.args?.data?.documentLoaderURL)).origin
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === fcp.pid).at(-1)
  const at = (ts: number) => ((ts - nav.ts) / 1000).toFixed(0)
  console.log(`  FCP at ${at(fcp.ts)} ms${lcp ? `, LCP at ${at(lcp.ts)} ms` : ''}; main thread busy ${tasks.reduce((s, t) => s + t.dur, 0).toFixed(0)} ms in ${tasks.length} tasks`)
  let blocking = 0
  for (const t of tasks) {
    const after = Math.min(t.dur, (t.start + t.dur * 1000 - fcp.ts) / 1000)
    if (after > BLOCKING_THRESHOLD_MS) blocking += after - BLOCKING_THRESHOLD_MS
    if (t.dur < MIN_TASK_MS) continue
    const breakdown = [...t.groups]
      .filter(([, ms]) => ms.wall >= 0.5)
      .sort((a, b) => b[1].wall - a[1].wall)
      .map(([group, ms]) => `${group} ${ms.wall.toFixed(0)} (CPU ${ms.cpu.toFixed(0)})`)
    console.log(`  task at ${at(t.start)} ms: ${t.dur.toFixed(0)} ms wall, ${t.cpu.toFixed(0)} ms CPU${t.start < fcp.ts ? (t.start + t.dur * 1000 > fcp.ts ? ' (holds FCP)' : ' (before FCP)') : ''}`)
    console.log(`    ${breakdown.join(', ')}`)
    if (t.notes.length) console.log(`    ${t.notes.slice(0, 12).join('; ')}${t.notes.length > 12 ? '; …' : ''}`)
  }
  console.log(`  blocking time after FCP (each task's wall time beyond ${BLOCKING_THRESHOLD_MS} ms): ${blocking.toFixed(0)} ms`)
  // The page's own script, wherever it ran: in the parser's tasks (Chromium's, which the copy has too) or in its own.
  const scripted = tasks.filter((t) => runsPageScript(t, origin))
  console.log(
    `  the page's own script: ${pageScriptSummary(tasks, origin)}` +
      scripted
        .map((t) => `\n    task at ${at(t.start)} ms${isParserTask(t) ? " (the parser's)" : ''}, ${t.dur.toFixed(1)} ms wall, ${t.cpu.toFixed(1)} ms CPU: ${describeTask(t)}`)
        .join(''),
  )
  if (slowdown === 1) {
    // Lighthouse's simulation runs the host's tasks 4 times slower, one after the other, once the
    // HTML has arrived, and counts those that end after its estimated FCP: an upper bound.
    const simulated = tasks.map((t) => t.dur * 4).filter((ms) => ms > BLOCKING_THRESHOLD_MS)
    console.log(
      `  Lighthouse-style (host wall × 4): ${simulated.length} long tasks, ${simulated.map((ms) => ms.toFixed(0)).join(' + ') || '0'} ms; ` +
        `blocking at most ${simulated.reduce((sum, ms) => sum + ms - BLOCKING_THRESHOLD_MS, 0).toFixed(0)} ms`,
    )
  }
  return blocking
}

if (!process.env.BENCH_TRACE_FILE && process.env.BENCH_NO_BUILD !== '1' && isBuildStale()) {
  console.log(`bench:web-trace: the build in ${DIST_DIR} is missing or stale, building first`)
  const built = spawnSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const blockings: Record<'page' | 'copy', number[]> = { page: [], copy: [] }
const traceFile = process.env.BENCH_TRACE_FILE
if (traceFile) {
  // A trace saved elsewhere (a Lighthouse run's artifacts, DevTools' "Save profile"): report it as it is.
  const parsed = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  console.log(`bench:web-trace: ${traceFile}, tasks ≥ ${MIN_TASK_MS} ms (times in ms of wall clock)`)
  blockings.page.push(report(Array.isArray(parsed) ? parsed : parsed.traceEvents, 1))
} else {
  const server = PLAIN ? await startServerWithPlainCopy(DIST_DIR) : await startServer()
  try {
    console.log(
      `bench:web-trace: ${PATH}${PLAIN ? ` and its plain copy ${plainCopyPath(PATH)}, alternating,` : ''} from ${DIST_DIR}/client, ` +
        `CPU ${CPU_SLOWDOWN}× slower, tasks ≥ ${MIN_TASK_MS} ms (times in ms of wall clock)`,
    )
    const trace = async (label: 'page' | 'copy', run: number) => {
      const { events } = await traceOnce(server.url + (label === 'page' ? PATH : plainCopyPath(PATH)))
      console.log(`run ${run}/${RUNS} ${label} (load ${loadavg()[0]!.toFixed(2)}):`)
      blockings[label].push(report(events, CPU_SLOWDOWN))
    }
    for (let run = 1; run <= RUNS; run++) {
      // Odd runs trace the page first, even runs its copy.
      if (PLAIN && run % 2 === 0) await trace('copy', run)
      await trace('page', run)
      if (PLAIN && run % 2 === 1) await trace('copy', run)
    }
  } finally {
    await server.stop()
  }
}
for (const [label, values] of Object.entries(blockings)) {
  if (!values.length) continue
  const sorted = [...values].sort((a, b) => a - b)
  const spread = [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted.at(-1)!].map((ms) => ms.toFixed(0))
  console.log(`blocking time after FCP over ${values.length} run(s) of the ${label}, min / median / max: ${spread.join(' / ')} ms`)
}
