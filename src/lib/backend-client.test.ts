/**
 * sendApplication against a real HTTP server: what each answer becomes.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sampleApplication } from '../../domain/sample-application.ts'
import { PRIVACY_POLICY_VERSION } from '../../domain/privacy.ts'
import { sendApplication } from './backend-client.ts'

let server: Server | undefined
afterEach(async () => {
  vi.unstubAllEnvs()
  if (server) await new Promise((r) => server!.close(r))
  server = undefined
})

/** A server that answers every call with this status and body. */
async function answering(status: number, body: string) {
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(body))
  })
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r))
  vi.stubEnv('VITE_BACKEND_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
}

const body = () => ({ formData: sampleApplication(), consent: { accepted: true, policyVersion: PRIVACY_POLICY_VERSION } as const })

describe('sendApplication', () => {
  it('a 200 with a reference: ok with it', async () => {
    await answering(200, JSON.stringify({ id: 'a', reference: 'CAT-2026-ABC123' }))
    expect(await sendApplication(body(), 'key-0123456789')).toEqual({ ok: true, reference: 'CAT-2026-ABC123' })
  })

  it.each([JSON.stringify({ id: 'a' }), JSON.stringify({ id: 'a', reference: 42 }), JSON.stringify({ id: 'a', reference: '' }), '"hecho"'])(
    'a 200 without a usable reference (%s): ok, with none',
    async (answer) => {
      await answering(200, answer)
      expect(await sendApplication(body(), 'key-0123456789')).toEqual({ ok: true })
    },
  )

  it('a 422 with field codes: validation, with the codes', async () => {
    await answering(422, JSON.stringify({ error: 'validation_failed', fieldErrors: { city: 'missing_field' } }))
    expect(await sendApplication(body(), 'key-0123456789')).toMatchObject({ ok: false, reason: 'validation', status: 422, fieldErrors: { city: 'missing_field' } })
  })
})
