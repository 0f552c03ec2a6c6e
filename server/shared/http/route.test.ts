/** A route registered from its endpoint table (ADR 0209): path, admin guard and the one 422 shape. */
import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { firstIssue, post, put } from '../../../domain/workspace-api/endpoint.ts'
import type { WorkspaceEnv } from '../auth/context.ts'
import { route } from './route.ts'

const Body = v.strictObject({ name: v.pipe(v.string(), v.minLength(1, 'Escribe el nombre.')) })
const rename = put<{ id: string; name: string }>()('/things/:id', { body: Body, invalid: 'Revisa el nombre.' })
const renameFirst = put<{ name: string }>()('/things/:id/first', { body: Body, invalid: firstIssue, admin: true })
const cancel = post<{ reason: string }>()('/things/:id/cancel', { body: v.strictObject({ reason: v.optional(v.string(), '') }), emptyBody: true })

function app(role: 'admin' | 'reviewer') {
  const a = new Hono<WorkspaceEnv>()
  a.use(async (c, next) => {
    c.set('member', { id: 'm', email: 'm@example.co', name: 'M', role } as never)
    await next()
  })
  route(a, rename, (c, body) => c.json({ id: c.req.param('id'), name: body.name }))
  route(a, renameFirst, (c, body) => c.json({ name: body.name }))
  route(a, cancel, (c, body) => c.json({ reason: body.reason }))
  return a
}

const send = (a: Hono<WorkspaceEnv>, method: string, path: string, body?: string) =>
  a.request(path, { method, ...(body === undefined ? {} : { body, headers: { 'Content-Type': 'application/json' } }) })

describe('route', () => {
  it('registers the table method and path, and hands the handler the checked body', async () => {
    const res = await send(app('admin'), 'PUT', '/things/abc', JSON.stringify({ name: 'Radio' }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 'abc', name: 'Radio' })
    expect((await send(app('admin'), 'POST', '/things/abc', JSON.stringify({ name: 'Radio' }))).status).toBe(404)
  })

  it('refuses a bad body, or one that is not JSON, with the one 422 shape and the table message', async () => {
    for (const body of [JSON.stringify({ name: '' }), 'no es json']) {
      const res = await send(app('admin'), 'PUT', '/things/abc', body)
      expect(res.status).toBe(422)
      const answer = (await res.json()) as { error: string; message: string; issues: { path: string; message: string }[] }
      expect(answer.error).toBe('invalid')
      expect(answer.message).toBe('Revisa el nombre.')
      expect(answer.issues.length).toBeGreaterThan(0)
    }
    const first = await send(app('admin'), 'PUT', '/things/abc/first', JSON.stringify({ name: '' }))
    expect(await first.json()).toEqual({ error: 'invalid', message: 'Escribe el nombre.', issues: [{ path: 'name', message: 'Escribe el nombre.' }] })
  })

  it('refuses a reviewer on an admin endpoint before reading the body', async () => {
    const res = await send(app('reviewer'), 'PUT', '/things/abc/first', 'no es json')
    expect(res.status).toBe(403)
    expect(((await res.json()) as { error: string }).error).toBe('forbidden')
  })

  it('reads a missing body as {} where the table says so', async () => {
    const res = await send(app('reviewer'), 'POST', '/things/abc/cancel')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ reason: '' })
  })
})
