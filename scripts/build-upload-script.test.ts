/**
 * The documents page's script as the build makes it: one hashed file under
 * assets/ carrying the tus client, and the manifest the server reads.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { UPLOAD_SCRIPT_MANIFEST, uploadScriptPath } from '../server/features/documents/upload-script.ts'
import { buildUploadScript } from './build-upload-script.ts'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})
const tempDist = () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-dist-'))
  dirs.push(dir)
  return dir
}

describe('the upload script build', () => {
  it('writes one hashed, minified file with the tus client, and the manifest the server reads', { timeout: 60_000 }, async () => {
    const dist = tempDist()
    const manifest = await buildUploadScript(dist)
    expect(manifest.path).toMatch(/^\/assets\/documentos-[\w-]{8,}\.js$/)
    expect(readdirSync(join(dist, 'client', 'assets'))).toEqual([manifest.path.slice('/assets/'.length)])
    const code = readFileSync(join(dist, 'client', manifest.path), 'utf8')
    expect(code).toContain('Tus-Resumable')
    expect(code).toContain('[data-documents]')
    expect(code).not.toMatch(/^\s*import\s/m)
    expect(manifest.bytes).toBe(Buffer.byteLength(code))
    expect(manifest.gzipBytes).toBeLessThan(manifest.bytes)
    expect(uploadScriptPath(dist)).toBe(manifest.path)
  })

  it('the server refuses to guess without a build, or with a manifest naming anything but an asset', () => {
    const dist = tempDist()
    expect(() => uploadScriptPath(dist)).toThrow(/npm run build/)
    writeFileSync(join(dist, UPLOAD_SCRIPT_MANIFEST), JSON.stringify({ path: 'https://evil.example/x.js' }))
    expect(() => uploadScriptPath(dist)).toThrow(/npm run build/)
  })
})
