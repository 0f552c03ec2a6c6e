/**
 * Where the documents page's script is: built by `npm run build`
 * (scripts/build-upload-script.ts) as a hashed file under /assets/, served
 * by the static site like every other asset. The server only reads the path
 * the build wrote down; nothing is bundled at start-up.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** In DIST_DIR, beside client/ (not served). */
export const UPLOAD_SCRIPT_MANIFEST = 'documents-script.json'

export interface UploadScriptManifest {
  /** The script's URL path, /assets/documentos-<hash>.js. */
  path: string
  bytes: number
  gzipBytes: number
}

/** The built script's path; throws, like the static site, when there is no build. */
export function uploadScriptPath(distDir: string): string {
  const file = join(distDir, UPLOAD_SCRIPT_MANIFEST)
  if (!existsSync(file)) throw new Error(`The build in ${distDir} has no ${UPLOAD_SCRIPT_MANIFEST}: run npm run build`)
  const { path } = JSON.parse(readFileSync(file, 'utf8')) as Partial<UploadScriptManifest>
  if (typeof path !== 'string' || !/^\/assets\/documentos-[\w-]+\.js$/.test(path)) throw new Error(`${file} names no script: run npm run build`)
  return path
}
