/**
 * Bundles the documents page's script (client/upload.ts + tus-js-client) once
 * per process with esbuild (already installed with tsx), so it is its own
 * small file and the landing's bundle never includes it.
 */
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface UploadScript {
  code: string
  etag: string
}

let cached: Promise<UploadScript> | undefined

export function uploadScript(): Promise<UploadScript> {
  cached ??= build({
    entryPoints: [fileURLToPath(new URL('./client/upload.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
  }).then((result) => {
    const code = result.outputFiles[0]!.text
    return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 22)}"` }
  })
  return cached
}
