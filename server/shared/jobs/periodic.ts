/**
 * The one loop behind the worker's periodic jobs: the reminders, the
 * backups, retention and the documents' cleanup. A pass right after start,
 * then one every `everyMs`; never two passes at once (a pass longer than the
 * interval skips the ticks it overlaps rather than stacking them up); a pass
 * that throws is handed to `onError` and the next tick tries again.
 *
 * stop() ends the timer, aborts the pass in progress through its signal
 * (a pass that cannot stop early simply finishes) and resolves once it has
 * ended, so a process that shuts down leaves nothing of its jobs running.
 */
export interface PeriodicJob<T> {
  start(): void
  stop(): Promise<void>
  /** A pass now, or the one already in progress; null when it threw, or once stopped. */
  tick(): Promise<T | null>
}

export interface PeriodicOptions<T> {
  everyMs: number
  run: (signal: AbortSignal) => Promise<T>
  onError: (err: unknown) => void
}

export const STOPPED = 'stopped: the process is shutting down'

export function periodic<T>({ everyMs, run, onError }: PeriodicOptions<T>): PeriodicJob<T> {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<T | null> | null = null
  const stopping = new AbortController()
  const tick = (): Promise<T | null> => {
    if (stopping.signal.aborted) return Promise.resolve(null)
    running ??= Promise.resolve()
      .then(() => run(stopping.signal))
      .catch((err: unknown) => {
        onError(err)
        return null
      })
      .finally(() => {
        running = null
      })
    return running
  }
  return {
    start() {
      if (timer || stopping.signal.aborted) return
      void tick()
      timer = setInterval(() => void tick(), everyMs)
      // The timer alone never keeps a process alive; its server or worker does.
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      stopping.abort(new Error(STOPPED))
      await running
    },
    tick,
  }
}
