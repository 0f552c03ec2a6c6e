import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestTsa, type TestTsa } from '../../testing/tsa-server.ts'
import { der, TAG } from './der.ts'
import { parseTimeStampToken, requestTimestamp } from './tsa-client.ts'

let tsa: TestTsa
const digest = createHash('sha256').update('valor de la firma').digest()

/** A fetch that answers every request with `body` (HTTP 200, application/timestamp-reply). */
function answering(body: Buffer): typeof fetch {
  return () => Promise.resolve(new Response(new Uint8Array(body), { status: 200, headers: { 'content-type': 'application/timestamp-reply' } }))
}

beforeAll(async () => {
  tsa = await startTestTsa()
})

afterAll(async () => {
  await tsa?.close()
})

describe('requestTimestamp', () => {
  it('returns a token over the digest asked for, from a real RFC 3161 authority', async () => {
    const before = Date.now()
    const token = await requestTimestamp(tsa.url, digest)
    const info = parseTimeStampToken(token)
    expect(info.hashAlgorithm).toBe('sha256')
    expect(info.hashedMessage.equals(digest)).toBe(true)
    expect(info.policy).toBe('1.2.3.4.1')
    expect(info.nonce).not.toBeNull()
    expect(info.certificates.length).toBeGreaterThan(0)
    expect(info.genTime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000)
    // Two requests carry two nonces.
    expect(parseTimeStampToken(await requestTimestamp(tsa.url, digest)).nonce!.equals(info.nonce!)).toBe(false)
  })

  it('starts every failure with "timestamp authority": refusal, malformed reply, timeout, wrong digest length', async () => {
    // TimeStampResp { PKIStatusInfo { status rejection (2) } } without a token.
    const rejection = der(TAG.SEQUENCE, der(TAG.SEQUENCE, der(TAG.INTEGER, Buffer.from([2]))))
    await expect(requestTimestamp(tsa.url, digest, { fetch: answering(rejection) })).rejects.toThrow(/^timestamp authority: .* did not grant the timestamp \(PKIStatus 2\)/)
    const grantedWithoutToken = der(TAG.SEQUENCE, der(TAG.SEQUENCE, der(TAG.INTEGER, Buffer.from([0]))))
    await expect(requestTimestamp(tsa.url, digest, { fetch: answering(grantedWithoutToken) })).rejects.toThrow(/^timestamp authority: .* granted no token/)
    await expect(requestTimestamp(tsa.url, digest, { fetch: answering(Buffer.from('<html>oops</html>')) })).rejects.toThrow(/^timestamp authority: .* malformed reply/)
    await expect(requestTimestamp(tsa.url, Buffer.alloc(20))).rejects.toThrow(/^timestamp authority: a SHA-256 digest/)

    const silent = createServer(() => {
      // Never answers.
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = silent.address() as AddressInfo
      const started = Date.now()
      await expect(requestTimestamp(`http://127.0.0.1:${port}/`, digest, { timeoutMs: 300 })).rejects.toThrow(/^timestamp authority: .* could not be reached/)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
