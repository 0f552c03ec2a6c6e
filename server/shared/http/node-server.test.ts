/**
 * The Node server on a real socket: what Node's HTTP parser sees before Hono
 * does (transfer-codings) and the time limits that close slow connections.
 */
import { connect } from 'node:net'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { apiHarness, TEST_ANON_KEY, type ApiHarness } from '../../testing/api-harness.ts'
import { validBody } from '../../testing/fixtures.ts'
import { HTTP_TIMEOUTS, listen, type HttpTimeouts } from './node-server.ts'

const SHORT: HttpTimeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkEveryMs: 50 }

let running: { server: Server; h: ApiHarness }[] = []
afterEach(async () => {
  for (const { server, h } of running) {
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
    await h.dispose()
  }
  running = []
})

async function start(timeouts?: HttpTimeouts, harness: Parameters<typeof apiHarness>[1] = {}) {
  const h = await apiHarness({}, harness)
  const server = await new Promise<Server>((resolve) => {
    const s = listen(h.app.fetch, { port: 0, hostname: '127.0.0.1', ...(timeouts ? { timeouts } : {}) }, () => resolve(s))
  })
  running.push({ server, h })
  return { server, h, port: (server.address() as AddressInfo).port }
}

/** A raw connection that records what the server sends and when it closes. */
async function open(port: number) {
  const socket = connect(port, '127.0.0.1')
  await new Promise((r) => socket.once('connect', r))
  let received = ''
  socket.on('data', (d) => (received += d))
  socket.on('error', () => {})
  const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())))
  return { socket, closed, received: () => received }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function requestHead(port: number, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: `127.0.0.1:${port}`, apikey: TEST_ANON_KEY, 'content-type': 'application/json', ...headers })
  return `POST /functions/v1/send-application-email HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`
}

describe('transfer-codings', () => {
  it('501 for a transfer-coding the server does not implement (gzip, chunked), storing nothing; chunked alone is served', async () => {
    const { port, h } = await start()
    const body = JSON.stringify(validBody())
    const chunk = `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`

    const gzip = await open(port)
    gzip.socket.write(requestHead(port, { 'transfer-encoding': 'gzip, chunked', connection: 'close' }) + chunk)
    await gzip.closed
    expect(gzip.received()).toMatch(/^HTTP\/1\.1 501 /)
    expect(gzip.received()).toContain('{"error":"unsupported_transfer_coding"}')
    expect(await h.store.listApplications()).toEqual([])

    const chunked = await open(port)
    chunked.socket.write(requestHead(port, { 'transfer-encoding': 'chunked', connection: 'close' }) + chunk)
    await chunked.closed
    expect(chunked.received()).toMatch(/^HTTP\/1\.1 200 /)
    expect(await h.store.listApplications()).toHaveLength(1)
  })
})

describe('slow clients', () => {
  it('closes a connection that trickles its headers once the headers time is up', async () => {
    const { port } = await start(SHORT)
    const slow = await open(port)
    const started = Date.now()
    slow.socket.write('POST /functions/v1/send-application-email HTTP/1.1\r\nhost: x\r\n')
    // One byte every 50 ms, for up to 5 s: a slowloris.
    const trickle = setInterval(() => !slow.socket.destroyed && slow.socket.write('x'), 50)
    const closedAt = await Promise.race([slow.closed, sleep(5000).then(() => Infinity)])
    clearInterval(trickle)
    expect(closedAt - started).toBeLessThan(SHORT.headersMs + 4 * SHORT.checkEveryMs + 500)
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes a connection whose body stalls once the request time is up', async () => {
    const { port, h } = await start(SHORT)
    const stalled = await open(port)
    const started = Date.now()
    stalled.socket.write(requestHead(port, { 'content-length': 500 }) + '{"formData":')
    const closedAt = await Promise.race([stalled.closed, sleep(5000).then(() => Infinity)])
    expect(closedAt - started).toBeLessThan(SHORT.requestMs + 4 * SHORT.checkEveryMs + 500)
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /)
    expect(await h.store.listApplications()).toEqual([])
  })

  it("answers the function's own 408 to a body that stalls within Node's limits, and the connection is closed", async () => {
    const { port, h } = await start(undefined, { bodyReadTimeoutMs: 200 })
    const stalled = await open(port)
    stalled.socket.write(requestHead(port, { 'content-length': 500 }) + '{"formData":')
    const closedAt = await Promise.race([stalled.closed, sleep(5000).then(() => Infinity)])
    expect(closedAt).toBeLessThan(Infinity)
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /)
    expect(stalled.received()).toContain('{"error":"request_timeout"}')
    expect(await h.store.listApplications()).toEqual([])
  })

  it('closes an idle keep-alive connection after the keep-alive time', async () => {
    const { port } = await start(SHORT)
    const idle = await open(port)
    idle.socket.write(`GET /healthz HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n\r\n`)
    while (!idle.received().includes('"status":"ok"')) await sleep(10)
    const answered = Date.now()
    const closedAt = await Promise.race([idle.closed, sleep(5000).then(() => Infinity)])
    // Node keeps an idle socket up to 1 s past keepAliveTimeout (its keepAliveTimeoutBuffer).
    expect(closedAt - answered).toBeLessThan(SHORT.keepAliveMs + 1000 + 500)
  })

  it('serves a client that is slow but within the limits, and uses the production limits by default', async () => {
    const { port, server } = await start(SHORT)
    const phone = await open(port)
    const body = JSON.stringify(validBody())
    const bytes = requestHead(port, { 'content-length': Buffer.byteLength(body), connection: 'close' }) + body
    // The whole request in four pieces over 200 ms: slower than most, well within the limits.
    for (let i = 0; i < 4; i++) {
      phone.socket.write(bytes.slice((i * bytes.length) / 4, ((i + 1) * bytes.length) / 4))
      await sleep(50)
    }
    await phone.closed
    expect(phone.received()).toMatch(/^HTTP\/1\.1 200 /)
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([SHORT.headersMs, SHORT.requestMs, SHORT.keepAliveMs])

    const production = (await start()).server
    expect([production.headersTimeout, production.requestTimeout, production.keepAliveTimeout]).toEqual([
      HTTP_TIMEOUTS.headersMs,
      HTTP_TIMEOUTS.requestMs,
      HTTP_TIMEOUTS.keepAliveMs,
    ])
  })
})
