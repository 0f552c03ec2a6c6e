/**
 * The server's JavaScript bundle (ADR 0130): `npm run build` bundles the
 * server and the CLIs the tests spawn with esbuild into $DIST_DIR/server/,
 * with a list of the source files that went into it and their hashes. The
 * end-to-end fixtures start the bundle, not TypeScript through tsx, and
 * refuse a bundle whose sources have changed since (`npm run build` again).
 */
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

/** Entry name (the bundle's file, without .js) → source. */
export const SERVER_ENTRIES = {
  index: 'server/index.ts',
  team: 'server/cli/team.ts',
  applications: 'server/cli/applications.ts',
  migrate: 'server/cli/migrate.ts',
  worker: 'server/cli/worker.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
  // Spawned by the server for the scheduled backup (server/features/backup/child-backup.ts).
  'child-backup-main': 'server/features/backup/child-backup-main.ts',
} as const

export type ServerEntry = keyof typeof SERVER_ENTRIES

export const serverBundleDir = (distDir: string) => join(distDir, 'server')
export const serverBundleFile = (distDir: string, entry: ServerEntry) => join(serverBundleDir(distDir), `${entry}.js`)
const inputsFile = (distDir: string) => join(serverBundleDir(distDir), 'inputs.json')

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** The PostgreSQL migrations, read at run time, go with the bundle (server/db/migrations/postgres-files.ts). */
const MIGRATIONS = 'supabase/migrations'

export async function buildServerBundle(distDir: string): Promise<{ files: number; bytes: number }> {
  rmSync(serverBundleDir(distDir), { recursive: true, force: true })
  const result = await build({
    entryPoints: SERVER_ENTRIES,
    outdir: serverBundleDir(distDir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Everything in node_modules (better-sqlite3's native module among them) is loaded from there at run time.
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // Lets the few modules that find files next to themselves know they run from the bundle.
    define: { SERVER_BUNDLE: 'true' },
  })
  cpSync(MIGRATIONS, join(serverBundleDir(distDir), 'supabase-migrations'), { recursive: true })
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')),
    ...readdirSync(MIGRATIONS).map((file) => `${MIGRATIONS}/${file}`),
  ].sort()
  writeFileSync(inputsFile(distDir), JSON.stringify(Object.fromEntries(inputs.map((file) => [file, sha256(file)])), null, 1))
  const bytes = Object.values(result.metafile.outputs).reduce((sum, out) => sum + out.bytes, 0)
  return { files: inputs.length, bytes }
}

/** Why the bundle in `distDir` cannot be used (missing, or a source changed since it was built), or null when it is fresh. */
export function serverBundleProblem(distDir: string): string | null {
  if (!existsSync(inputsFile(distDir)) || !Object.keys(SERVER_ENTRIES).every((e) => existsSync(serverBundleFile(distDir, e as ServerEntry)))) {
    return `no server bundle in ${serverBundleDir(distDir)}`
  }
  const inputs = JSON.parse(readFileSync(inputsFile(distDir), 'utf8')) as Record<string, string>
  for (const [file, hash] of Object.entries(inputs)) {
    if (!existsSync(file) || sha256(file) !== hash) return `the server bundle in ${serverBundleDir(distDir)} is stale (${file} changed)`
  }
  return null
}
