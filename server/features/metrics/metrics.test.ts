/**
 * /metrics from the outside: off unless METRICS_TOKEN is set, then only with
 * that bearer token; the figures move after a real submission and a real
 * refused e-mail (outbox worker, SMTP sink) on a real SQLite file; no label
 * carries a path's token, an address, a name or an id.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { memoryBackupStatus } from '../../testing/memory-backup-status.ts'
import { FUNCTION_PATH } from '../../app.ts'
import { ConfigError, readConfig } from '../../shared/env.ts'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { createOutboxWorker } from '../outbox/worker.ts'
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts'
import { validBody } from '../../testing/fixtures.ts'
import { bearerMatches } from './endpoint.ts'
import { ANON_KEY, metricsHarness, sample, SITE, type MetricsHarness } from '../../testing/metrics-harness.ts'

const TOKEN = 'm3tr1cs-t0ken-for-the-tests-0123456789abcdef'
const open: (MetricsHarness | SmtpSink)[] = []
afterEach(async () => {
  while (open.length) {
    const o = open.pop()!
    await ('dispose' in o ? o.dispose() : o.close())
  }
})

async function harness(env: Record<string, string> = { METRICS_TOKEN: TOKEN }, extra = {}) {
  const h = await metricsHarness(env, extra)
  open.push(h)
  return h
}
const scrape = (h: MetricsHarness, authorization: string | null = `Bearer ${TOKEN}`) =>
  h.app.request(`${SITE}/metrics`, { headers: authorization === null ? {} : { authorization } })
const text = async (h: MetricsHarness) => {
  const res = await scrape(h)
  expect(res.status).toBe(200)
  return res.text()
}
const submit = (h: MetricsHarness, body = validBody()) =>
  h.app.request(`${SITE}${FUNCTION_PATH}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json', origin: SITE },
    body: JSON.stringify(body),
  })

describe('/metrics: who may read it', () => {
  it('is not there (404) while METRICS_TOKEN is unset', async () => {
    const h = await harness({})
    expect(h.metrics).toBeNull()
    expect((await scrape(h)).status).toBe(404)
    expect((await scrape(h, null)).status).toBe(404)
  })

  it('answers 401 without the token or with a wrong one, and the Prometheus text with the right one', async () => {
    const h = await harness()
    for (const authorization of [null, '', 'Bearer', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, `Bearer  ${TOKEN} extra`]) {
      const res = await scrape(h, authorization)
      expect([authorization, res.status]).toEqual([authorization, 401])
      expect(await res.text()).not.toContain('catalitico_')
    }
    const res = await scrape(h)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.text()
    expect(body).toContain('# TYPE catalitico_http_requests_total counter')
    expect(sample(body, 'catalitico_applications')).toBe(0)
  })

  it('compares the bearer token exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true)
    expect(bearerMatches(undefined, TOKEN)).toBe(false)
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false)
    expect(bearerMatches(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe(false)
  })

  it('refuses a short METRICS_TOKEN at start-up in English, without echoing it', () => {
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(ConfigError)
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN must be at least 32 printable characters/)
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/)
    expect(readConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN)
  })
})

describe('/metrics: the figures', () => {
  it('move after a real submission and a refused e-mail; the worker counts its deliveries', async () => {
    const h = await harness()
    const sink = await startSmtpSink({ rejectRecipient: (a) => a.startsWith('rebota') })
    open.push(sink)
    const before = await text(h)
    expect(sample(before, 'catalitico_outbox_messages', { status: 'pending' })).toBe(0)
    expect(sample(before, 'catalitico_outbox_oldest_pending_age_seconds')).toBe(0)

    const body = validBody({ email: 'rebota@startup.example' })
    const res = await submit(h, body)
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 20))
    const queued = await text(h)
    expect(sample(queued, 'catalitico_applications')).toBe(1)
    expect(sample(queued, 'catalitico_outbox_messages', { status: 'pending' })).toBe(2)
    expect(sample(queued, 'catalitico_outbox_oldest_pending_age_seconds')).toBeGreaterThan(0)
    expect(sample(queued, 'catalitico_http_requests_total', { method: 'POST', route: FUNCTION_PATH, status: '200' })).toBe(1)
    expect(sample(queued, 'catalitico_http_request_duration_seconds_count', { method: 'POST', route: FUNCTION_PATH })).toBe(1)

    const sender = createSmtpSender(sink.url)
    const worker = createOutboxWorker({ store: h.store, sender, siteOrigin: 'https://catalitico.example', maxAttempts: 2, backoff: { baseMs: 1, maxMs: 1 }, onDelivery: h.metrics!.countDelivery })
    await worker.runUntilIdle()
    await new Promise((r) => setTimeout(r, 10))
    await worker.runUntilIdle()
    await sender.close()

    const after = await text(h)
    expect(sample(after, 'catalitico_outbox_messages', { status: 'pending' })).toBe(0)
    expect(sample(after, 'catalitico_outbox_messages', { status: 'sent' })).toBe(1)
    expect(sample(after, 'catalitico_outbox_messages', { status: 'failed' })).toBe(1)
    expect(sample(after, 'catalitico_outbox_retried_messages')).toBe(1)
    expect(sample(after, 'catalitico_outbox_oldest_pending_age_seconds')).toBe(0)
    expect(sample(after, 'catalitico_outbox_deliveries_total', { result: 'sent' })).toBe(1)
    expect(sample(after, 'catalitico_outbox_deliveries_total', { result: 'retry' })).toBe(1)
    expect(sample(after, 'catalitico_outbox_deliveries_total', { result: 'failed' })).toBe(1)

    // Nothing of the founder's: not the address, the names, the reference, the id.
    const [app] = await h.store.listApplications()
    for (const secret of [body.formData.email, body.formData.companyName, body.formData.founderName, app!.reference, app!.id, 'rebota']) {
      expect(after, secret).not.toContain(secret)
    }
  })

  it('labels requests by route pattern: a founder token in the path never appears', async () => {
    const h = await harness()
    const token = 'Zt0kenZ_' + 'x'.repeat(35)
    for (const path of [`/postulacion/${token}`, `/postulacion/${token}/documentos`, `/postulacion/${token}/api/documentos`, `/nada/${token}`, '/equipo/api/session']) {
      await h.app.request(`${SITE}${path}`)
    }
    const body = await text(h)
    expect(body).not.toContain(token)
    expect(body).not.toContain('Zt0kenZ')
    const routes = new Set([...body.matchAll(/route="([^"]*)"/g)].map((m) => m[1]))
    expect(routes.has('/postulacion/:token')).toBe(true)
    expect([...routes].some((r) => r!.startsWith('/postulacion/:token/'))).toBe(true)
    expect(routes.has('unmatched')).toBe(true)
    for (const r of routes) expect(r).toMatch(/^(\/[\w.:*-]*)+$|^unmatched$|^static$/)
  })

  it('the last backup from the backup record: time, size, whether the last run failed; 0 when none', async () => {
    const backups = memoryBackupStatus()
    const h = await harness({ METRICS_TOKEN: TOKEN }, { backups })
    const none = await text(h)
    expect(sample(none, 'catalitico_backup_last_success_timestamp_seconds')).toBe(0)
    expect(sample(none, 'catalitico_backup_last_success_size_bytes')).toBe(0)
    expect(sample(none, 'catalitico_backup_last_run_failed')).toBe(0)
    const finishedAt = '2026-11-23T03:00:05.000Z'
    backups.record({ startedAt: '2026-11-23T03:00:00.000Z', finishedAt, status: 'ok', sizeBytes: 52_428_800, file: '/var/backups/x.backup', error: null })
    backups.record({ startedAt: '2026-11-24T03:00:00.000Z', finishedAt: null, status: 'failed', sizeBytes: null, file: null, error: 'disk full' })
    const after = await text(h)
    expect(sample(after, 'catalitico_backup_last_success_timestamp_seconds')).toBe(Date.parse(finishedAt) / 1000)
    expect(sample(after, 'catalitico_backup_last_success_size_bytes')).toBe(52_428_800)
    expect(sample(after, 'catalitico_backup_last_run_failed')).toBe(1)
    expect(after).not.toContain('/var/backups')
  })
})
