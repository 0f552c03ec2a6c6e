/**
 * A stand-in for a server process that is killed outright mid-backup
 * (schedule.test.ts): it starts one backup in a child process, as the
 * worker does, into argv[2], and waits to be killed.
 */
import { readConfig } from '../../../shared/env.ts'
import { takeBackupInChildProcess } from '../child-backup.ts'

const config = readConfig()
takeBackupInChildProcess(config)(process.argv[2]!).catch(() => {})
setInterval(() => {}, 60_000)
