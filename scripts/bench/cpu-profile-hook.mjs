/**
 * `bench:api --cpu-prof DIR`: loaded with --import into a server process
 * (Node refuses --cpu-prof in NODE_OPTIONS), records a V8 CPU profile of the
 * whole process and writes it to CPU_PROFILE_DIR when the process exits.
 * Open the .cpuprofile in Chrome DevTools (Performance) or speedscope.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'

const dir = process.env.CPU_PROFILE_DIR
if (dir) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  // Every 100 µs (V8's default is 1 ms): a submission costs about a millisecond.
  session.post('Profiler.setSamplingInterval', { interval: 100 })
  session.post('Profiler.start')
  // A session on the main thread answers synchronously, so this completes inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
    })
  })
}
