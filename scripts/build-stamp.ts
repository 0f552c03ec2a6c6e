/**
 * A fingerprint of everything the build depends on (sources, config files and
 * the VITE_* variables baked into the bundle). `npm start` rebuilds when the
 * stamp in dist/ differs from the current one.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadDotEnv } from '../server/shared/env.ts'

const INPUTS = [
  'src',
  'domain',
  'public',
  'index.html',
  'equipo.html',
  'vite.config.ts',
  'vite.workspace.config.ts',
  'package-lock.json',
  'scripts/prerender.ts',
  'scripts/build.ts',
  'scripts/build-upload-script.ts',
  // The documents page's script is built from here (scripts/build-upload-script.ts).
  'server/features/documents/client',
  // Vite reads VITE_* variables from these too.
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]
// The server reads DIST_DIR after loading .env: so must the build and the
// staleness check, or `npm start` would check one build and serve another.
loadDotEnv()
export const DIST_DIR = process.env.DIST_DIR || 'dist'
const STAMP = `${DIST_DIR}/build-stamp.txt`

function files(path: string): string[] {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => (name.endsWith('.test.ts') || name.endsWith('.test.tsx') ? [] : files(join(path, name))))
}

export function currentBuildStamp(): string {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap(files)) hash.update(file).update(readFileSync(file))
  for (const [key, value] of Object.entries(process.env).sort()) if (key.startsWith('VITE_')) hash.update(`${key}=${value}`)
  return hash.digest('hex')
}

export function isBuildStale(): boolean {
  const pages = ['index.html', 'equipo.html'].map((page) => `${DIST_DIR}/client/${page}`)
  return !existsSync(STAMP) || !pages.every((page) => existsSync(page)) || readFileSync(STAMP, 'utf8') !== currentBuildStamp()
}

export function writeBuildStamp(): void {
  writeFileSync(STAMP, currentBuildStamp())
}
