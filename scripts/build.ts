/**
 * The production build:
 *   0. the VITE_* configuration is checked (one line naming a bad variable),
 *   1. the client bundle (dist/client),
 *   1b. the team workspace's own bundle (equipo.html, src/workspace/) into the
 *      same folder, as a separate build: nothing shared with the landing (ADR 0070),
 *   1c. the founder's documents page's script, its own hashed file (ADR 0098),
 *   2. an SSR bundle of src/entry-server.tsx (dist/ssr),
 *   3. prerendering: `/` and the 404 page rendered into the client HTML,
 *      with their head, inlined styles and crawler files (scripts/prerender.ts),
 *   4. the server and the CLIs the tests spawn, bundled with esbuild into
 *      dist/server with the list of their sources (scripts/server-bundle.ts, ADR 0130),
 *   5. brotli and gzip copies of the files served compressed (dist/precompressed),
 *      so a server start does not compress the site again (ADR 0173),
 *   6. a stamp of the inputs, so `npm start` knows when the build is stale.
 */
import { rmSync } from 'node:fs'
import { build, loadEnv } from 'vite'
import { siteConfigFrom } from '../src/config/site-config.ts'
import { buildUploadScript } from './build-upload-script.ts'
import { prerender } from './prerender.ts'
import { DIST_DIR, writeBuildStamp } from './build-stamp.ts'
import { buildServerBundle, serverBundleDir } from './server-bundle.ts'
import { precompressedDir, writePrecompressed } from '../server/shared/http/static-site.ts'

try {
  // The same sources Vite bakes into the bundle: the environment, then .env files.
  siteConfigFrom(loadEnv('production', process.cwd(), 'VITE_'))
} catch (err) {
  console.error((err as Error).message)
  process.exit(1)
}

// DIST_DIR (default ./dist) lets parallel work trees or test runs build side by side.
await build({ logLevel: 'warn', build: { outDir: `${DIST_DIR}/client`, emptyOutDir: true } })
await build({
  configFile: 'vite.workspace.config.ts',
  logLevel: 'warn',
  build: { outDir: `${DIST_DIR}/client`, emptyOutDir: false, copyPublicDir: false },
})
const uploadScript = await buildUploadScript(DIST_DIR)
console.log(`build: documents upload script ${uploadScript.path}: ${uploadScript.bytes} B, ${uploadScript.gzipBytes} B gzip`)
await build({
  logLevel: 'warn',
  // Bundle every dependency so the prerenderer runs from any DIST_DIR.
  ssr: { noExternal: true },
  build: { ssr: 'src/entry-server.tsx', outDir: `${DIST_DIR}/ssr`, emptyOutDir: true, copyPublicDir: false },
})
await prerender(DIST_DIR)
const serverBundle = await buildServerBundle(DIST_DIR)
console.log(`build: server bundle ${serverBundleDir(DIST_DIR)}: ${serverBundle.files} sources, ${serverBundle.bytes} B`)
rmSync(precompressedDir(`${DIST_DIR}/client`), { recursive: true, force: true })
console.log(`build: ${writePrecompressed(`${DIST_DIR}/client`)} files compressed into ${precompressedDir(`${DIST_DIR}/client`)}`)
writeBuildStamp()
console.log(`build: done (${DIST_DIR}/client)`)
