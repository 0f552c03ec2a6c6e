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
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.ts'
import { startServer } from '../../e2e/fixtures/server.ts'
import { DIST_DIR, isBuildStale } from '../build-stamp.ts'

const RUNS = Math.max(1, Number(process.env.BENCH_TRACE_RUNS ?? 3))
const CPU_SLOWDOWN = Math.max(1, Number(process.env.BENCH_TRACE_CPU ?? 4))
const MIN_TASK_MS = Number(process.env.BENCH_TRACE_MIN_MS ?? 50)
const PATH = process.env.BENCH_PATH ?? '/'
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

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  tdur?: number
  pid: number
  tid: number
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown>; endData?: Record<string, unknown>; name?: string }
}

/** Groups as in Lighthouse's main-thread breakdown (its task-groups), by event name. */
const GROUPS: Record<string, string> = {
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ScheduleStyleRecalculation: 'style',
  Layout: 'layout',
  InvalidateLayout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintSetup: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  HitTest: 'paint',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  RunMicrotasks: 'script',
  'V8.Execute': 'script',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'V8.CompileCode': 'compile',
  'V8.CompileLazy': 'compile',
  'v8.parseOnBackground': 'compile',
  MinorGC: 'GC',
  MajorGC: 'GC',
  GCEvent: 'GC',
  'BlinkGC.AtomicPhase': 'GC',
  'ThreadState::performIdleLazySweep': 'GC',
  'ThreadState::completeSweep': 'GC',
  'CppGC.AtomicPhase': 'GC',
}
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask'])

interface Task {
  start: number
  dur: number
  cpu: number
  /** Self time per group: wall and CPU (the thread's own running time) in ms. */
  groups: Map<string, { wall: number; cpu: number }>
  notes: string[]
}

/** Complete events ('X') plus 'B'/'E' pairs joined into complete ones, sorted by start, longest first. */
function completeEvents(events: TraceEvent[]): TraceEvent[] {
  const open = new Map<string, TraceEvent[]>()
  const out: TraceEvent[] = []
  for (const e of events) {
    if (e.ph === 'X') out.push(e)
    else if (e.ph === 'B') {
      const key = `${e.tid}:${e.name}`
      open.set(key, [...(open.get(key) ?? []), e])
    } else if (e.ph === 'E') {
      const key = `${e.tid}:${e.name}`
      const begin = open.get(key)?.pop()
      if (begin) out.push({ ...begin, ph: 'X', dur: e.ts - begin.ts, args: { ...begin.args, endData: e.args?.endData ?? e.args?.data } })
    }
  }
  return out.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
}

function note(e: TraceEvent): string | undefined {
  const data = e.args?.data ?? {}
  const begin = e.args?.beginData ?? {}
  const end = e.args?.endData ?? {}
  switch (e.name) {
    case 'ParseHTML':
      return `ParseHTML lines ${begin.startLine ?? '?'}–${end.endLine ?? '?'}`
    case 'UpdateLayoutTree':
      return `style ${String((e.args as { elementCount?: number } | undefined)?.elementCount ?? data.elementCount ?? '?')} elements`
    case 'Layout':
      return `layout ${String(begin.dirtyObjects ?? '?')}/${String(begin.totalObjects ?? '?')} objects${begin.partialLayout ? ' (partial)' : ''}`
    case 'EventDispatch':
      return `event ${String(data.type)}`
    case 'FunctionCall':
      return `call ${String(data.functionName || '(anonymous)')} ${String(data.url ?? '').replace(/^.*\//, '')}`
    case 'EvaluateScript':
      return `evaluate ${String(data.url ?? '').replace(/^.*\//, '') || 'inline'}`
    case 'v8.evaluateModule':
      return 'evaluate module'
    case 'TimerFire':
      return 'timer'
    case 'FontDataService::MatchFamilyName':
    case 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike':
    case 'WebSandboxSupportLinux::MatchFontByPostscriptNameOrFullFontName':
    case 'WebSandboxSupportLinux::GetFallbackFontForCharacter':
      return `font IPC ${e.name.replace(/^.*::/, '')}`
    case 'MinorGC':
    case 'MajorGC':
      return e.name
    default:
      return undefined
  }
}

/** The renderer main thread's tasks, each with its self time per group (wall ms) and notes. */
function tasksOf(events: TraceEvent[], pid: number, tid: number): Task[] {
  const thread = completeEvents(events.filter((e) => e.pid === pid && e.tid === tid && (e.ph === 'X' || e.ph === 'B' || e.ph === 'E')))
  const tasks: Task[] = []
  let i = 0
  while (i < thread.length) {
    const top = thread[i]!
    if (!TOP_LEVEL.has(top.name) || top.dur === undefined) {
      i++
      continue
    }
    const end = top.ts + top.dur
    const inside: TraceEvent[] = []
    for (i++; i < thread.length && thread[i]!.ts < end; i++) inside.push(thread[i]!)
    // Self time: each event's duration minus its direct children's, by a stack walk.
    const groups = new Map<string, { wall: number; cpu: number }>()
    const add = (group: string, wall: number, cpu: number) => {
      const sum = groups.get(group) ?? { wall: 0, cpu: 0 }
      groups.set(group, { wall: sum.wall + wall / 1000, cpu: sum.cpu + cpu / 1000 })
    }
    const counts = new Map<string, number>()
    const stack: { e: TraceEvent; childWall: number; childCpu: number; group: string }[] = []
    const close = (upTo: number) => {
      while (stack.length && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= upTo) {
        const { e, childWall, childCpu, group } = stack.pop()!
        add(group, (e.dur ?? 0) - childWall, (e.tdur ?? 0) - childCpu)
        if (stack.length) {
          stack.at(-1)!.childWall += e.dur ?? 0
          stack.at(-1)!.childCpu += e.tdur ?? 0
        }
      }
    }
    let topWall = 0
    let topCpu = 0
    for (const e of inside) {
      close(e.ts)
      if (!stack.length) {
        topWall += e.dur ?? 0
        topCpu += e.tdur ?? 0
      }
      // An event of no known kind counts as part of the nearest one around it (a layout's font look-ups are layout).
      stack.push({ e, childWall: 0, childCpu: 0, group: GROUPS[e.name] ?? stack.at(-1)?.group ?? 'other' })
      const n = note(e)
      if (n) counts.set(n, (counts.get(n) ?? 0) + 1)
    }
    close(Infinity)
    add('other', top.dur - topWall, (top.tdur ?? 0) - topCpu)
    tasks.push({
      start: top.ts,
      dur: top.dur / 1000,
      cpu: (top.tdur ?? 0) / 1000,
      groups,
      notes: [...counts].map(([n, c]) => (c > 1 ? `${n} ×${c}` : n)),
    })
  }
  return tasks
}

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
  // The page's own navigation (not about:blank's, nor another frame's) and its first contentful paint.
  const navigationOf = (e: TraceEvent) => (e.args?.data as { navigationId?: string } | undefined)?.navigationId
  const nav = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && nav && navigationOf(e) === navigationOf(nav))
  if (!fcp || !nav) throw new Error('bench:web-trace: no navigation start or first contentful paint of the page in the trace')
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === fcp.pid).at(-1)
  const at = (ts: number) => ((ts - nav.ts) / 1000).toFixed(0)
  const tasks = tasksOf(events, fcp.pid, fcp.tid).filter((t) => t.start + t.dur * 1000 >= nav.ts)
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

const blockings: number[] = []
const traceFile = process.env.BENCH_TRACE_FILE
if (traceFile) {
  // A trace saved elsewhere (a Lighthouse run's artifacts, DevTools' "Save profile"): report it as it is.
  const parsed = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
  console.log(`bench:web-trace: ${traceFile}, tasks ≥ ${MIN_TASK_MS} ms (times in ms of wall clock)`)
  blockings.push(report(Array.isArray(parsed) ? parsed : parsed.traceEvents, 1))
} else {
  const server = await startServer()
  try {
    console.log(`bench:web-trace: ${PATH} from ${DIST_DIR}/client, CPU ${CPU_SLOWDOWN}× slower, tasks ≥ ${MIN_TASK_MS} ms (times in ms of wall clock)`)
    for (let run = 1; run <= RUNS; run++) {
      const { events } = await traceOnce(server.url + PATH)
      console.log(`run ${run}/${RUNS} (load ${loadavg()[0]!.toFixed(2)}):`)
      blockings.push(report(events, CPU_SLOWDOWN))
    }
  } finally {
    await server.stop()
  }
}
const sorted = [...blockings].sort((a, b) => a - b)
const spread = [sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted.at(-1)!].map((ms) => ms.toFixed(0))
console.log(`blocking time after FCP over ${blockings.length} run(s), min / median / max: ${spread.join(' / ')} ms`)
