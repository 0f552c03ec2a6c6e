/**
 * The end-to-end tests and Lighthouse drive Debian's Chromium; the agreement's tests read its PDFs with
 * poppler's pdfsig and pdftotext (Debian's poppler-utils) and run a timestamp authority with openssl.
 * Install what is missing when we can (root with apt-get); otherwise stop with one line saying what to
 * do. CHROMIUM_PATH points at another build.
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

/** The agreement's tools: poppler's pdfsig and pdftotext, and openssl (the tests' timestamp authority). */
const TOOLS = [
  { path: process.env.PDFSIG_PATH || '/usr/bin/pdfsig', pkg: 'poppler-utils' },
  { path: process.env.PDFTOTEXT_PATH || '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: '/usr/bin/openssl', pkg: 'openssl' },
]
const missing = [...new Set(TOOLS.filter((t) => !existsSync(t.path)).map((t) => t.pkg))]
if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
  if (!isRoot || !hasApt) {
    console.error(`Missing ${missing.join(', ')}: install them (Debian: sudo apt-get install ${missing.join(' ')}).`)
    process.exit(1)
  }
  console.log(`ensure-chromium: installing ${missing.join(', ')} with apt-get`)
  if (!run('apt-get', ['update', '-qq']) || !run('apt-get', ['install', '-y', '-qq', ...missing])) {
    console.error(`Could not install ${missing.join(', ')} with apt-get: install them by hand.`)
    process.exit(1)
  }
}
