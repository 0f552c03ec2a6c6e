/**
 * The tests' SMTP sink (server/testing/smtp-sink.ts) in discard mode, in its
 * own process so that it does not compete with the load generator's event
 * loop. PORT in the environment; prints "ready".
 */
import { startSmtpSink } from '../../server/testing/smtp-sink.ts'

const sink = await startSmtpSink({ port: Number(process.env.PORT), discard: true })
console.log('ready')
process.on('SIGTERM', () => {
  console.error(`smtp-discard: ${sink.count()} messages received`)
  void sink.close().then(() => process.exit(0))
})
