/**
 * The production server: reads the configuration, builds the app and listens.
 * Stops gracefully on SIGTERM and SIGINT.
 */
import { serve } from '@hono/node-server'
import { resolve } from 'node:path'
import { createApp } from './app.ts'
import { ConfigError, readConfig } from './env.ts'
import { loadStaticSite } from './http/static-site.ts'

function main() {
  const config = readConfig()
  const site = loadStaticSite(resolve(config.DIST_DIR, 'client'))
  const app = createApp({ site })
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    console.log(JSON.stringify({ level: 'info', msg: 'listening', url: `http://${config.HOST}:${info.port}` }))
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }))
    // Stop accepting; in-flight requests finish, then the process exits.
    server.close(() => process.exit(0))
    // Keep-alive sockets with no request in flight would hold close() open.
    ;(server as import('node:http').Server).closeIdleConnections?.()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

try {
  main()
} catch (err) {
  if (err instanceof ConfigError || (err instanceof Error && /npm run build/.test(err.message))) {
    console.error(err.message)
    process.exit(1)
  }
  throw err
}
