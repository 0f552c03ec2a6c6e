/**
 * `PORT=4000 npm run team -- invite`: without VITE_SITE_URL the invitation's
 * link points at the port the server listens on (PORT), not at :3000; with
 * VITE_SITE_URL it points there. The real CLI, as npm runs it.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../db/sqlite-store.ts'
import { nodeArgs } from '../../e2e/fixtures/server.ts'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

async function invite(env: Record<string, string>): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-team-url-'))
  dirs.push(dir)
  await promisify(execFile)(process.execPath, [...nodeArgs('team', 'bundle'), 'invite', '--email', 'ana@catalitico.example', '--role', 'admin'], {
    // Empty counts as unset: whatever the runner's environment holds, these are the test's values.
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '', VITE_SITE_URL: '', ...env },
  })
  const store = openSqliteStore(join(dir, 'catalitico.sqlite'))
  try {
    const [mail] = await store.listMessages()
    return mail!.text
  } finally {
    await store.close()
  }
}

describe('npm run team -- invite: the link follows the server\'s URL', () => {
  it('PORT=4000 without VITE_SITE_URL: the link is on http://localhost:4000', { timeout: 60_000 }, async () => {
    const text = await invite({ PORT: '4000' })
    expect(text).toMatch(/http:\/\/localhost:4000\/equipo\//)
    expect(text).not.toContain('localhost:3000')
  })

  it('PORT=4000 with VITE_SITE_URL: the link is on VITE_SITE_URL', { timeout: 60_000 }, async () => {
    const text = await invite({ PORT: '4000', VITE_SITE_URL: 'https://catalitico.example' })
    expect(text).toMatch(/https:\/\/catalitico\.example\/equipo\//)
    expect(text).not.toContain('localhost')
  })
})
