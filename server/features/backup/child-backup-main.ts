/**
 * The child process of child-backup.ts: one backup to argv[2], its result as
 * JSON on stdout. It stops, removing its temporary files, when the parent
 * asks (SIGTERM) or is gone (the IPC channel closes, even on SIGKILL): a
 * backup must never outlive the server that started it and keep writing.
 */
import { setPriority } from 'node:os'
import { readConfig } from '../../shared/env.ts'
import { openStore } from '../../open-store.ts'
import { takeBackup } from './take-backup.ts'

try {
  setPriority(10)
} catch {
  // Not allowed here: run at the usual priority.
}
const stop = new AbortController()
process.once('SIGTERM', () => stop.abort(new Error('the backup was stopped: the server is shutting down')))
process.once('disconnect', () => stop.abort(new Error('the backup was stopped: the server that started it is gone')))

const config = readConfig()
const store = await openStore(config.database)
try {
  const result = await takeBackup({ config, store, now: () => new Date(), ...(config.BACKUP_KEY ? { key: config.BACKUP_KEY } : {}) }, process.argv[2]!, stop.signal)
  process.stdout.write(JSON.stringify(result))
  await store.close()
  process.exit(0)
} catch (err) {
  console.error(err instanceof Error ? `${err.name}: ${err.message}` : String(err))
  await store.close()
  process.exit(1)
}
