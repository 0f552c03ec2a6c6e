/**
 * A real RFC 3161 timestamp authority for tests (ADR 0213): OpenSSL's
 * `ts -reply` behind a node:http handler on 127.0.0.1. At start it makes, in
 * a temporary directory, a CA and a TSA certificate signed by it (critical
 * extended key usage timeStamping) and a `[tsa]` configuration; each POSTed
 * application/timestamp-query is answered with OpenSSL's full TimeStampResp
 * as application/timestamp-reply. Requests are answered one at a time (the
 * serial number file is OpenSSL's). `setFailing(true)` makes it answer
 * HTTP 500, for the retry tests.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
export const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl'

export interface TestTsa {
  url: string
  /** The CA that issued the TSA's certificate (for `openssl ts -verify -CAfile`). */
  caPem: string
  caPath: string
  /** HTTP 500 to every request while true. */
  setFailing(failing: boolean): void
  /** Requests answered (with a token or an HTTP error). */
  requests(): number
  close(): Promise<void>
}

export async function startTestTsa(options: { failing?: boolean } = {}): Promise<TestTsa> {
  const dir = await mkdtemp(join(tmpdir(), 'test-tsa-'))
  const p = (name: string) => join(dir, name)
  await writeFile(p('ext.cnf'), '[tsa_ext]\nbasicConstraints = critical,CA:FALSE\nkeyUsage = critical,digitalSignature,nonRepudiation\nextendedKeyUsage = critical,timeStamping\n')
  await run(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('ca.key'), '-out', p('ca.pem'), '-days', '3650', '-subj', '/CN=Test TSA CA/O=Catalitico tests', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign'])
  await run(OPENSSL, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('tsa.key'), '-out', p('tsa.csr'), '-subj', '/CN=Test TSA/O=Catalitico tests'])
  await run(OPENSSL, ['x509', '-req', '-in', p('tsa.csr'), '-CA', p('ca.pem'), '-CAkey', p('ca.key'), '-set_serial', '2', '-days', '3650', '-sha256', '-extfile', p('ext.cnf'), '-extensions', 'tsa_ext', '-out', p('tsa.pem')])
  await writeFile(p('tsaserial'), '01\n')
  await writeFile(
    p('tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = test_tsa',
      '[ test_tsa ]',
      `serial = ${p('tsaserial')}`,
      'crypto_device = builtin',
      `signer_cert = ${p('tsa.pem')}`,
      `certs = ${p('ca.pem')}`,
      `signer_key = ${p('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'other_policies = 1.2.3.4.5.6',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1, millisecs:500, microsecs:100',
      'clock_precision_digits = 0',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  )
  const caPem = await readFile(p('ca.pem'), 'utf8')
  let failing = options.failing ?? false
  let count = 0
  let queue: Promise<unknown> = Promise.resolve()

  async function reply(query: Buffer, n: number): Promise<Buffer> {
    const [queryFile, replyFile] = [p(`query-${n}.tsq`), p(`reply-${n}.tsr`)]
    await writeFile(queryFile, query)
    await run(OPENSSL, ['ts', '-reply', '-config', p('tsa.cnf'), '-queryfile', queryFile, '-out', replyFile])
    return readFile(replyFile)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      count++
      if (failing || req.method !== 'POST') {
        res.writeHead(failing ? 500 : 405, { 'content-type': 'text/plain' }).end(failing ? 'test TSA told to fail' : 'POST only')
        return
      }
      const answer = queue.then(() => reply(Buffer.concat(chunks), count))
      queue = answer.catch(() => undefined)
      answer.then(
        (body) => res.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': body.length }).end(body),
        (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    caPem,
    caPath: p('ca.pem'),
    setFailing: (b) => {
      failing = b
    },
    requests: () => count,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
