/**
 * Expired unfinished uploads leave the disk (ADR 0097): in-process over the
 * real app and disk with the harness's clock, and in the real `npm run
 * worker` process, which schedules the cleanup itself.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { documentsDir } from '../../shared/env.ts'
import { INCOMPLETE_UPLOAD_TTL_MS } from './service.ts'
import { founderTus, samples } from './testing/tus.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { createDocumentCleanupJob } from './cleanup-job.ts'
import { nodeArgs } from '../../../e2e/fixtures/server.ts'

const MINUTE = 60_000
const harnesses: WorkspaceHarness[] = []
const dirs: string[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})

const incomingOf = (h: WorkspaceHarness) => join(documentsDir(h.config), 'incoming')

/** Back-date an upload's creation as tus recorded it in its .json. */
function createdAt(incoming: string, uploadId: string, at: Date) {
  const path = join(incoming, `${uploadId}.json`)
  const info = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  writeFileSync(path, JSON.stringify({ ...info, creation_date: at.toISOString() }))
}

describe('document cleanup job', () => {
  it('removes an unfinished upload past the expiry, keeps a fresher one, and leaves stored documents alone', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    // tus judges an upload's expiry on the wall clock (HEAD, PATCH), the cleanup on the harness's.
    h.syncToWallClock()
    const founder = await seedFounder(h.store)
    const tus = founderTus(h.app, founder.token, SITE)
    const partial = async (itemKey: string) => {
      const bytes = samples.pdf(60_000)
      const created = await tus.create({ itemKey, fileName: `${itemKey}.pdf`, length: bytes.byteLength })
      expect(created.status).toBe(201)
      const location = created.headers.get('location')!
      expect((await tus.patch(location, 0, bytes.subarray(0, 20_000))).status).toBe(204)
      return { location, id: location.split('/').pop()! }
    }
    const old = await partial('pitch_deck')
    const fresh = await partial('cap_table')
    expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(30_000) })).status).toBe(204)
    const incoming = incomingOf(h)
    createdAt(incoming, old.id, new Date(h.now().getTime() - INCOMPLETE_UPLOAD_TTL_MS - MINUTE))
    createdAt(incoming, fresh.id, new Date(h.now().getTime() - INCOMPLETE_UPLOAD_TTL_MS + MINUTE))
    // Bytes left without their .json (a crash inside a discard) go by their own age.
    writeFileSync(join(incoming, 'f'.repeat(32)), 'left over')

    const job = createDocumentCleanupJob({ documents: h.documents, log: () => {} })
    expect(await job.runOnce()).toEqual({ expiredUploads: 1, orphanFiles: 0 })
    expect(readdirSync(incoming).sort()).toEqual([fresh.id, `${fresh.id}.json`, 'f'.repeat(32)].sort())
    // The founder's client, asking where to resume the removed one, is told to start over.
    expect((await tus.head(old.location)).status).toBe(404)
    expect((await tus.head(fresh.location)).headers.get('upload-offset')).toBe('20000')

    h.advance(2 * MINUTE)
    const longAgo = new Date(h.now().getTime() - INCOMPLETE_UPLOAD_TTL_MS - MINUTE)
    utimesSync(join(incoming, 'f'.repeat(32)), longAgo, longAgo)
    expect((await job.runOnce()).expiredUploads).toBe(2)
    expect(readdirSync(incoming)).toEqual([])
    const stored = (await h.documents.docs.list(founder.applicationId)).map((d) => d.itemKey)
    expect(stored).toEqual(['rut'])
    expect(existsSync(h.documents.fileOf((await h.documents.docs.list(founder.applicationId))[0]!))).toBe(true)
  })

  it('runs in `npm run worker`: an expired upload is gone shortly after start, a fresh one stays', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-cleanup-'))
    dirs.push(dataDir)
    const incoming = join(dataDir, 'documents', 'incoming')
    mkdirSync(incoming, { recursive: true })
    const upload = (id: string, created: Date) => {
      writeFileSync(join(incoming, id), 'partial bytes')
      writeFileSync(join(incoming, `${id}.json`), JSON.stringify({ id, size: 1000, offset: 0, metadata: {}, creation_date: created.toISOString() }))
    }
    const expired = 'a'.repeat(32)
    const fresh = 'b'.repeat(32)
    upload(expired, new Date(Date.now() - INCOMPLETE_UPLOAD_TTL_MS - 10 * MINUTE))
    upload(fresh, new Date(Date.now() - MINUTE))

    const worker = spawn(process.execPath, [...nodeArgs('worker', 'bundle')], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    worker.stdout.on('data', (d) => (output += d))
    worker.stderr.on('data', (d) => (output += d))
    try {
      await expect.poll(() => existsSync(join(incoming, expired)) || existsSync(join(incoming, `${expired}.json`)), { timeout: 45_000 }).toBe(false)
      expect(readdirSync(incoming).sort()).toEqual([fresh, `${fresh}.json`])
      await expect.poll(() => output, { timeout: 5_000 }).toContain('"msg":"expired uploads removed","count":1')
    } finally {
      const exited = new Promise((r) => worker.once('exit', r))
      worker.kill('SIGTERM')
      await exited
    }
  })
})
