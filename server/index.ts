/**
 * The production server: reads the configuration, opens the store, serves
 * the site and the function, and runs the outbox worker in the same process.
 * Stops gracefully on SIGTERM and SIGINT: stop accepting, finish requests in
 * flight and the e-mail being sent, then close the database.
 */
import { ConfigError, loadDotEnv, outboxDir, readConfig } from './shared/env.ts'
import { listen } from './shared/http/node-server.ts'
import { jsonLog as log } from './shared/log.ts'
import { openProductionApp } from './production-app.ts'

const SHUTDOWN_TIMEOUT_MS = 10_000

async function main() {
  loadDotEnv()
  const config = readConfig()
  const { app, store, start, close } = await openProductionApp(config, { log })

  const server = listen(app.fetch, { port: config.PORT, hostname: config.HOST }, (port) => {
    log({
      level: 'info',
      msg: 'listening',
      url: `http://${config.HOST}:${port}`,
      store: store.kind,
      mail: config.SMTP_URL ? 'smtp' : `files in ${outboxDir(config)}`,
    })
  })
  start()

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log({ level: 'info', msg: 'shutting down', signal })
    setTimeout(() => {
      log({ level: 'error', msg: 'shutdown timed out' })
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    // Stop accepting; the callback runs once the requests in flight have finished.
    server.close(async () => {
      await close()
      log({ level: 'info', msg: 'stopped' })
      process.exit(0)
    })
    // Keep-alive sockets with no request in flight would hold close() open until they time out,
    // including those that become idle when their last response has been sent.
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 50).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || (err instanceof Error && /npm run build|DATABASE_URL/.test(err.message))) {
    console.error(err.message)
  } else {
    console.error(`Could not start: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`)
  }
  process.exit(1)
})
