/** `npm start`: build if the build is missing or stale, then run the production server. */
import { spawnSync } from 'node:child_process'
import { isBuildStale } from './build-stamp.ts'

if (isBuildStale()) {
  console.log('start: the build is missing or stale, building first')
  const built = spawnSync('npx', ['tsx', 'scripts/build.ts'], { stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
await import('../server/index.ts')
