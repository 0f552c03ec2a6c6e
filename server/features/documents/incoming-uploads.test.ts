/**
 * The upload store's directory is made when the store is, synchronously, and
 * nothing makes it again later: @tus/file-store's own mkdir is not awaited and
 * re-created a removed DATA_DIR (50 times in 50 before IncomingUploads).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { IncomingUploads } from './service.ts'

it('makes its directory before the constructor returns, and nothing re-creates it once removed', async () => {
  for (let i = 0; i < 20; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-incoming-'))
    const incoming = join(dataDir, 'documents', 'incoming')
    new IncomingUploads({ directory: incoming })
    expect(existsSync(incoming)).toBe(true)
    rmSync(dataDir, { recursive: true, force: true })
    await new Promise((r) => setTimeout(r, 20))
    expect(existsSync(dataDir)).toBe(false)
  }
})

it('refuses at once, with the reason, a directory that cannot be made', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-incoming-'))
  try {
    writeFileSync(join(dataDir, 'documents'), 'a file where the directory should be')
    expect(() => new IncomingUploads({ directory: join(dataDir, 'documents', 'incoming') })).toThrow(/EEXIST|ENOTDIR/)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
