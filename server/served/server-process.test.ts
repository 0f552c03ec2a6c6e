/**
 * The production server process itself: configuration errors at start-up,
 * and graceful shutdown on SIGTERM with a request in flight. Real child
 * processes of the server bundle `npm run build` leaves in dist/server,
 * since the process is what is tested; moved here from
 * e2e/submission-server.spec.ts (ADR 0132).
 */
import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { join } from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ANON_KEY } from '../../domain/submission.ts'
import { openSqliteStore } from '../db/sqlite-store.ts'
import { validBody } from '../testing/fixtures.ts'
import { requireBuild } from '../testing/built-site.ts'
import { nodeArgs, startServer } from '../../e2e/fixtures/server.ts'

const ANON_KEY = DEFAULT_ANON_KEY

describe('the server process', () => {
  it('a wrong configuration value stops start-up with one line naming the variable', () => {
    requireBuild()
    const run = spawnSync(process.execPath, nodeArgs('index', 'bundle'), {
      env: { ...process.env, SMTP_URL: 'http://mail.example', PORT: '0' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toMatch(/^Invalid configuration: SMTP_URL must be smtp:\/\/[^\n]*\(value hidden\)$/)
  })

  it('SIGTERM lets the request in flight finish and store its application, then exits 0', async () => {
    requireBuild()
    const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-shutdown-'))
    const server = await startServer({}, { dataDir, from: 'bundle' })
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
})
