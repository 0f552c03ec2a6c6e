/**
 * The founder's documents page's script (server/features/documents/client/upload.ts +
 * tus-js-client), built by Vite as its own entry into dist/client/assets
 * with a content hash: served as an immutable static file, apart from the
 * landing's and the workspace's module graphs, so neither loads any of it.
 * The hashed path goes to DIST_DIR/documents-script.json (outside the served
 * folder), which the server reads at start-up (server/features/documents/upload-script.ts).
 */
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { UPLOAD_SCRIPT_MANIFEST, type UploadScriptManifest } from '../server/features/documents/upload-script.ts'

export async function buildUploadScript(distDir: string): Promise<UploadScriptManifest> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: `${distDir}/client`,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      rolldownOptions: {
        input: 'server/features/documents/client/upload.ts',
        output: { format: 'iife', entryFileNames: 'assets/documentos-[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output)
  const entry = chunks.find((c): c is Rolldown.OutputChunk => c.type === 'chunk' && c.isEntry)
  if (!entry || chunks.length !== 1) throw new Error(`the upload script should be one file, got ${chunks.map((c) => c.fileName).join(', ')}`)
  const manifest: UploadScriptManifest = {
    path: `/${entry.fileName}`,
    bytes: Buffer.byteLength(entry.code),
    gzipBytes: gzipSync(entry.code, { level: 9 }).byteLength,
  }
  writeFileSync(`${distDir}/${UPLOAD_SCRIPT_MANIFEST}`, JSON.stringify(manifest, null, 2) + '\n')
  return manifest
}
