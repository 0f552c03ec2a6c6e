/**
 * The landing's plain copy, for the web benches (`npm run bench:web`, `npm run bench:web-trace`):
 * the same built HTML with its executable scripts removed, served by the same server on another
 * path, so that a run of the page and a run of its copy differ by the page's script only. Measured
 * alternately in one run, their difference no longer depends on how busy the machine is
 * (docs/decisions/0204).
 *
 * The copy is served by the real server from a build directory of its own: a temporary directory
 * whose entries are links to $DIST_DIR's, plus the copy in client/. The build itself is not touched.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startServer, type RunningServer } from '../../e2e/fixtures/server.ts'

/** Where the server answers with the plain copy of `/`. */
export const PLAIN_COPY_PATH = '/copia-sin-scripts.html'

/**
 * The page without the scripts the browser would run: every `<script>` element except data blocks
 * (JSON-LD and other JSON types, which the browser never runs and the page keeps as it is).
 */
export function plainCopy(html: string): string {
  return html.replace(/<script\b([^>]*)>[\s\S]*?<\/script>\s*/gi, (element, attributes: string) =>
    /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) ? element : '',
  )
}

/**
 * The plain copy's address for a bench path of the landing (`/`, `/#formulario`, `/?fuente=radio`):
 * the same query and fragment on the copy's path. Only `/` has a copy.
 */
export function plainCopyPath(benchPath: string): string {
  const url = new URL(benchPath, 'http://bench.invalid')
  if (url.pathname !== '/') throw new Error(`bench: the plain copy is made of / only, not of ${url.pathname}`)
  return PLAIN_COPY_PATH + url.search + url.hash
}

/**
 * Starts the real server (e2e/fixtures/server.ts) over the build in `distDir` plus the plain copy
 * of its landing at PLAIN_COPY_PATH. `stop` also removes the temporary build directory.
 */
export async function startServerWithPlainCopy(
  distDir: string,
  env: Record<string, string> = {},
  options: Parameters<typeof startServer>[1] = {},
): Promise<RunningServer> {
  const source = resolve(distDir)
  const html = readFileSync(join(source, 'client/index.html'), 'utf8')
  const copy = plainCopy(html)
  if (copy === html) throw new Error('bench: the landing has no script to remove; nothing to compare with')
  const dir = mkdtempSync(join(tmpdir(), 'catalitico-bench-web-'))
  try {
    for (const name of readdirSync(source)) if (name !== 'client') symlinkSync(join(source, name), join(dir, name))
    mkdirSync(join(dir, 'client'))
    for (const name of readdirSync(join(source, 'client'))) symlinkSync(join(source, 'client', name), join(dir, 'client', name))
    writeFileSync(join(dir, 'client', PLAIN_COPY_PATH.slice(1)), copy)
    const server = await startServer({ ...env, DIST_DIR: dir }, options)
    return {
      ...server,
      stop: async (signal) => {
        try {
          await server.stop(signal)
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}
