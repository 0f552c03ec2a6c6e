/**
 * An SMTP server that accepts every message and throws it away, in its own
 * process so that it does not compete with the load generator's event loop.
 * PORT in the environment; prints "ready".
 */
import { SMTPServer } from 'smtp-server'

let received = 0
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      received++
      callback()
    })
  },
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'))
process.on('SIGTERM', () => {
  console.error(`smtp-discard: ${received} messages received`)
  server.close(() => process.exit(0))
})
