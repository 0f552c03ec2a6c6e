import { describe, expect, it } from 'vitest'
import { readBody } from './read-body.ts'

const LIMITS = { maxBytes: 64, timeoutMs: 5_000 }

/** The request, with a record of whether its `body` (the stream) was looked at. */
function watched(request: Request): { request: Request; streamLookedAt: () => boolean } {
  let looked = false
  const proxy = new Proxy(request, {
    get(target, key) {
      if (key === 'body') looked = true
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { request: proxy, streamLookedAt: () => looked }
}

describe('readBody', () => {
  it('reads a body of announced length without looking at its stream, which on Node would build one', async () => {
    const { request, streamLookedAt } = watched(new Request('http://localhost/', { method: 'POST', body: 'hola', headers: { 'content-length': '4' } }))
    expect(await readBody(request, LIMITS)).toEqual({ ok: true, bytes: new TextEncoder().encode('hola') })
    expect(streamLookedAt()).toBe(false)
  })

  it('reads a body without a length from its stream, counting, and refuses one over the limit', async () => {
    const { request, streamLookedAt } = watched(new Request('http://localhost/', { method: 'POST', body: 'hola' }))
    expect(await readBody(request, LIMITS)).toEqual({ ok: true, bytes: new TextEncoder().encode('hola') })
    expect(streamLookedAt()).toBe(true)
    expect(await readBody(new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(65) }), LIMITS)).toEqual({ ok: false, error: 'payload_too_large' })
    expect(await readBody(new Request('http://localhost/', { method: 'POST', body: 'x'.repeat(65), headers: { 'content-length': '65' } }), LIMITS)).toEqual({
      ok: false,
      error: 'payload_too_large',
    })
  })

  it('reads an empty body either way', async () => {
    expect(await readBody(new Request('http://localhost/', { method: 'POST', headers: { 'content-length': '0' } }), LIMITS)).toEqual({ ok: true, bytes: new Uint8Array(0) })
    expect(await readBody(new Request('http://localhost/', { method: 'POST' }), LIMITS)).toEqual({ ok: true, bytes: new Uint8Array(0) })
  })
})
