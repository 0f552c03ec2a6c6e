import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// DIST_DIR is read when the module loads: each test imports a fresh copy.
async function loadStamp(distDir: string) {
  vi.resetModules()
  process.env.DIST_DIR = distDir
  return import('./build-stamp.ts')
}

describe('npm start rebuilds only a missing or stale build', () => {
  let dir: string
  const saved = { ...process.env }
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalitico-stamp-'))
  })
  afterEach(() => {
    // Restored key by key: the worker's process (and its real process.env) is shared with the next files (isolate: false).
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
    rmSync(dir, { recursive: true, force: true })
  })

  it('is stale with no build, fresh after a build, stale again when a VITE_ variable changes', async () => {
    const stamp = await loadStamp(dir)
    expect(stamp.DIST_DIR).toBe(dir)
    expect(stamp.isBuildStale()).toBe(true)

    mkdirSync(join(dir, 'client'), { recursive: true })
    writeFileSync(join(dir, 'client', 'index.html'), '<!doctype html>')
    stamp.writeBuildStamp()
    // The team workspace's page is part of the build too.
    expect(stamp.isBuildStale()).toBe(true)
    writeFileSync(join(dir, 'client', 'equipo.html'), '<!doctype html>')
    expect(stamp.isBuildStale()).toBe(false)

    process.env.VITE_COMPANY_LEGAL_NAME = 'Otra Empresa S.A.S.'
    expect(stamp.isBuildStale()).toBe(true)
  })

  it('is stale when the built page is gone even if the stamp matches', async () => {
    const stamp = await loadStamp(dir)
    mkdirSync(join(dir, 'client'), { recursive: true })
    stamp.writeBuildStamp()
    expect(stamp.isBuildStale()).toBe(true)
  })
})
