/**
 * The production build:
 *   1. the client bundle (dist/client),
 *   2. an SSR bundle of src/entry-server.tsx (dist/ssr),
 *   3. prerendering: `/` and the 404 page rendered into the client HTML,
 *   4. a stamp of the inputs, so `npm start` knows when the build is stale.
 */
import { build } from 'vite'
import { prerender } from './prerender.ts'
import { writeBuildStamp } from './build-stamp.ts'

await build({ logLevel: 'warn' })
await build({
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: 'dist/ssr', emptyOutDir: true, copyPublicDir: false },
})
await prerender()
writeBuildStamp()
console.log('build: done (dist/client)')
