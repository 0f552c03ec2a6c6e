/**
 * A Chromium trace's renderer main thread, task by task, for the web benches (`npm run bench:web-trace`
 * prints it; `npm run bench:web` names Lighthouse's long tasks with it): each top-level task with its
 * wall and CPU time per kind of work (Lighthouse's task groups), the details the trace gives (lines
 * parsed, elements restyled, objects laid out, events dispatched) and the scripts it ran.
 */
export interface TraceEvent {
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
export const GROUPS: Record<string, string> = {
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

export interface Task {
  start: number
  dur: number
  cpu: number
  /** Self time per group: wall and CPU (the thread's own running time) in ms. */
  groups: Map<string, { wall: number; cpu: number }>
  notes: string[]
  /**
   * The scripts it ran or compiled, by URL (an inline script has its page's; Lighthouse's own are
   * `_lighthouse-eval.js` or nameless), and `MAIN_WORLD_MODULE` when it evaluated a module of the page.
   */
  scripts: string[]
  /** Time in each of those scripts (its outermost events: compile, evaluation, calls), wall and CPU ms. */
  scriptTime: Map<string, { wall: number; cpu: number }>
}

/** In Task.scripts: the task evaluated a module in the page's own world (only the page has modules). */
export const MAIN_WORLD_MODULE = '(module of the page)'

/** The URL of the script an event runs or compiles, if it is one. */
function scriptOf(e: TraceEvent): string | undefined {
  switch (e.name) {
    case 'FunctionCall':
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
      return String(e.args?.data?.url ?? '')
    case 'v8.evaluateModule':
      return (e.args as { worldId?: number } | undefined)?.worldId === 0 ? MAIN_WORLD_MODULE : undefined
    default:
      return undefined
  }
}

/** Complete events ('X') plus 'B'/'E' pairs joined into complete ones, sorted by start, longest first. */
export function completeEvents(events: TraceEvent[]): TraceEvent[] {
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

export function note(e: TraceEvent): string | undefined {
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
    case 'DocumentLoader::CommitNavigation':
      return 'navigation commit'
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
export function tasksOf(events: TraceEvent[], pid: number, tid: number): Task[] {
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
    const scripts = new Set<string>()
    const scriptTime = new Map<string, { wall: number; cpu: number }>()
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
      const script = scriptOf(e)
      if (script !== undefined) {
        scripts.add(script)
        // Timed once: not again for a call inside a script already timed (a module's evaluation runs its top level).
        if (!stack.slice(0, -1).some((open) => scriptOf(open.e) !== undefined)) {
          const sum = scriptTime.get(script) ?? { wall: 0, cpu: 0 }
          scriptTime.set(script, { wall: sum.wall + (e.dur ?? 0) / 1000, cpu: sum.cpu + (e.tdur ?? 0) / 1000 })
        }
      }
    }
    close(Infinity)
    add('other', top.dur - topWall, (top.tdur ?? 0) - topCpu)
    tasks.push({
      start: top.ts,
      dur: top.dur / 1000,
      cpu: (top.tdur ?? 0) / 1000,
      groups,
      notes: [...counts].map(([n, c]) => (c > 1 ? `${n} ×${c}` : n)),
      scripts: [...scripts],
      scriptTime,
    })
  }
  return tasks
}


/** The page's own navigation (not about:blank's, nor another frame's) and its first contentful paint. */
export function pageLoad(events: TraceEvent[]): { nav: TraceEvent; fcp: TraceEvent } {
  const navigationOf = (e: TraceEvent) => (e.args?.data as { navigationId?: string } | undefined)?.navigationId
  const nav = events.find((e) => e.name === 'navigationStart' && String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'))
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && nav && navigationOf(e) === navigationOf(nav))
  if (!fcp || !nav) throw new Error('bench: no navigation start or first contentful paint of the page in the trace')
  return { nav, fcp }
}

/** The renderer main thread's tasks of the page's load (those ending after its navigation start). */
export function loadTasks(events: TraceEvent[]): { tasks: Task[]; nav: TraceEvent; fcp: TraceEvent } {
  const { nav, fcp } = pageLoad(events)
  return { tasks: tasksOf(events, fcp.pid, fcp.tid).filter((t) => t.start + t.dur * 1000 >= nav.ts), nav, fcp }
}

const isPageScript = (url: string, origin: string) => url === MAIN_WORLD_MODULE || url.startsWith(origin)

/** Whether the task ran the page's own script (a script from `origin`, or a module of the page). */
export function runsPageScript(task: Task, origin: string): boolean {
  return task.scripts.some((url) => isPageScript(url, origin))
}

/** The time the task spent in the page's own script, wall and CPU ms. */
export function pageScriptTime(task: Task, origin: string): { wall: number; cpu: number } {
  const times = [...task.scriptTime].filter(([url]) => isPageScript(url, origin)).map(([, time]) => time)
  return { wall: times.reduce((sum, t) => sum + t.wall, 0), cpu: times.reduce((sum, t) => sum + t.cpu, 0) }
}

/**
 * Whether the task is the parser's (it parsed HTML or dispatched DOMContentLoaded): one the page's
 * HTML brings anyway, with or without scripts. An inline script's compilation and evaluation run
 * in such tasks; timers, observers and listeners run in tasks of their own.
 */
export function isParserTask(task: Task): boolean {
  return task.notes.some((n) => n.startsWith('ParseHTML') || n.startsWith('event DOMContentLoaded'))
}

/**
 * The page's own script during a load, in a line: how many tasks ran it, how many of them were its
 * own (not the parser's), and the time it took (its events only, not the whole tasks).
 */
export function pageScriptSummary(tasks: Task[], origin: string): string {
  const ran = tasks.filter((t) => runsPageScript(t, origin))
  const own = ran.filter((t) => !isParserTask(t))
  const time = ran.map((t) => pageScriptTime(t, origin))
  return (
    `${ran.length} tasks, ${own.length} of them its own (not the parser's); ` +
    `${time.reduce((sum, t) => sum + t.wall, 0).toFixed(1)} ms wall, ${time.reduce((sum, t) => sum + t.cpu, 0).toFixed(1)} ms CPU in the script`
  )
}

/** A task in a few words: its main kinds of work (wall ms) and what the trace says it did. */
export function describeTask(task: Task, maxNotes = 4): string {
  const kinds = [...task.groups]
    .filter(([, ms]) => ms.wall >= 0.5)
    .sort((a, b) => b[1].wall - a[1].wall)
    .slice(0, 3)
    .map(([group, ms]) => `${group} ${ms.wall.toFixed(0)}`)
  const notes = task.notes.filter((n) => !n.startsWith('font IPC'))
  return `${kinds.join(', ')}${notes.length ? `: ${notes.slice(0, maxNotes).join('; ')}${notes.length > maxNotes ? '; …' : ''}` : ''}`
}
