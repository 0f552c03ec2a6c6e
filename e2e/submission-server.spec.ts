/**
 * The production server process itself (no browser): configuration errors,
 * graceful shutdown with a request in flight, and a restart on the same data.
 */
import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { test, expect } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../domain/submission.ts'
import { openSqliteStore } from '../server/db/sqlite-store.ts'
import { validBody } from '../server/testing/fixtures.ts'
import { startServer } from './fixtures/server.ts'

const ANON_KEY = DEFAULT_ANON_KEY

test('a wrong configuration value stops start-up with one line naming the variable', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, SMTP_URL: 'http://mail.example', PORT: '0' },
    encoding: 'utf8',
    timeout: 20_000,
  })
  expect(run.status).toBe(1)
  expect(run.stderr.trim()).toMatch(/^Invalid configuration: SMTP_URL must be smtp:\/\/[^\n]*\(value hidden\)$/)
})

test('SIGTERM lets the request in flight finish and store its application, then exits 0', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-shutdown-'))
  const server = await startServer({}, { dataDir })
  try {
    const body = JSON.stringify(validBody())
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${server.url}/functions/v1/send-application-email`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, text }))
      })
      req.on('error', reject)
      // Half the body now, SIGTERM, the other half later: the request is in flight during shutdown.
      req.write(body.slice(0, 100))
      setTimeout(() => server.process.kill('SIGTERM'), 200)
      setTimeout(() => req.end(body.slice(100)), 600)
    })
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)))

    const res = await answer
    expect(res.status).toBe(200)
    expect(await exited).toBe(0)
    expect(server.output()).toContain('"msg":"stopped"')
    // The keep-alive connection of the finished request did not hold the shutdown open.
    const times = ['shutting down', 'stopped'].map((msg) =>
      Date.parse(JSON.parse(server.output().split('\n').find((l) => l.includes(`"msg":"${msg}"`))!).time),
    )
    expect(times[1]! - times[0]!).toBeLessThan(2000)

    const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
    expect((await store.listApplications()).map((a) => a.id)).toEqual([(JSON.parse(res.text) as { id: string }).id])
    await store.close()
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('every answer carries the security headers, and /healthz checks the database', async () => {
  const server = await startServer()
  try {
    for (const path of ['/', '/healthz', '/no-such-page', '/functions/v1/send-application-email']) {
      const res = await fetch(server.url + path)
      expect(res.headers.get('content-security-policy'), path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/)
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
    }
    const health = await fetch(server.url + '/healthz')
    expect(await health.json()).toEqual({ status: 'ok' })
  } finally {
    await server.stop()
  }
})
