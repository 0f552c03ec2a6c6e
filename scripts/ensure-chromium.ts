/**
 * The end-to-end tests and Lighthouse drive Debian's Chromium. Install it when
 * it is missing and we can (root with apt-get); otherwise stop with one line
 * saying what to do. CHROMIUM_PATH points at another build.
 */
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

function run(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0
}

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
    console.error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    )
    process.exit(1)
  }
  console.log('ensure-chromium: installing Debian chromium with apt-get')
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', 'chromium'])) {
    console.error('Could not install chromium with apt-get: install it by hand (apt-get install chromium) or set CHROMIUM_PATH.')
    process.exit(1)
  }
}
