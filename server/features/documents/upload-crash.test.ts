/**
 * kill -9 of the real server (server/index.ts) during uploads, then a restart
 * on the same DATA_DIR: every upload the server acknowledged as complete is
 * there with its checksum, and every incomplete one resumes from the bytes
 * the server kept (tus HEAD) to the same final checksum. Needs the built site
 * (npm run build), as every test that starts the real server.
 */
import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../../e2e/fixtures/server.ts'
import { DOCUMENT_KEYS } from '../../../domain/documents.ts'
import { seedFounder, type SeededFounder } from '../../testing/seed-founder.ts'
import { openSqliteStore } from '../../db/sqlite-store.ts'
import { samples, tusClient, type TusClient } from './testing/tus.ts'

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const servers: RunningServer[] = []
let dataDir: string | undefined
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A body that sends `head`, then stalls forever: the server is killed while it waits for the rest. */
function stallingBody(head: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(head)
    },
  })
}

describe('kill -9 during uploads', () => {
  it('keeps every acknowledged upload intact and resumes the others', { timeout: 90_000 }, async () => {
    const first = await startServer({}, { startTimeoutMs: 60_000, from: 'bundle' })
    servers.push(first)
    dataDir = first.dataDir
    const db = openSqliteStore(join(first.dataDir, 'catalitico.sqlite'))
    const founders: SeededFounder[] = []
    for (let i = 0; i < 3; i++) founders.push(await seedFounder(db))
    await db.close()
    const clientOf = (server: RunningServer, f: SeededFounder): TusClient =>
      tusClient((url, init) => fetch(url, init), `${server.url}/postulacion/${f.token}`, server.url)

    // Acknowledged: three items for each founder, each a different file.
    const acknowledged: { founder: SeededFounder; itemKey: string; sha: string }[] = []
    for (const [n, f] of founders.entries()) {
      for (const itemKey of DOCUMENT_KEYS.slice(0, 3)) {
        const bytes = samples.pdf(150_000 + n * 1000 + itemKey.length)
        const res = await clientOf(first, f).upload({ itemKey, fileName: `${itemKey}.pdf`, bytes })
        expect(res.status).toBe(204)
        acknowledged.push({ founder: f, itemKey, sha: sha256(bytes) })
      }
    }

    // In flight at the kill: half acknowledged as a part, then a stalled PATCH with more bytes.
    const pending: { founder: SeededFounder; location: string; bytes: Buffer; acked: number }[] = []
    for (const f of founders) {
      const bytes = samples.pdf(2_000_000)
      const tus = clientOf(first, f)
      const created = await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: bytes.byteLength })
      expect(created.status).toBe(201)
      const location = created.headers.get('location')!
      expect((await tus.patch(location, 0, bytes.subarray(0, 500_000))).status).toBe(204)
      pending.push({ founder: f, location, bytes, acked: 500_000 })
      void fetch(new URL(location, first.url), {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '500000', 'Content-Type': 'application/offset+octet-stream', Origin: first.url },
        body: stallingBody(bytes.subarray(500_000, 1_200_000)),
        duplex: 'half',
      } as RequestInit).catch(() => {})
    }
    await new Promise((r) => setTimeout(r, 500))
    first.process.kill('SIGKILL')
    await new Promise((r) => first.process.once('exit', r))

    const second = await startServer({}, { dataDir: first.dataDir, startTimeoutMs: 60_000, from: 'bundle' })
    servers.push(second)

    for (const a of acknowledged) {
      const list = (await (await fetch(`${second.url}/postulacion/${a.founder.token}/api/documentos`)).json()) as {
        items: { key: string; document: { id: string; sha256: string } | null }[]
      }
      const doc = list.items.find((i) => i.key === a.itemKey)!.document!
      expect(doc.sha256).toBe(a.sha)
      const file = await fetch(`${second.url}/postulacion/${a.founder.token}/api/documentos/${doc.id}/archivo`)
      expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(a.sha)
    }

    for (const p of pending) {
      const tus = clientOf(second, p.founder)
      const head = await tus.head(p.location)
      expect(head.status).toBe(200)
      const offset = Number(head.headers.get('upload-offset'))
      expect(offset).toBeGreaterThanOrEqual(p.acked)
      expect(offset).toBeLessThan(p.bytes.byteLength)
      expect((await tus.patch(p.location, offset, p.bytes.subarray(offset))).status).toBe(204)
      const list = (await (await fetch(`${second.url}/postulacion/${p.founder.token}/api/documentos`)).json()) as {
        items: { key: string; document: { sha256: string } | null }[]
      }
      expect(list.items.find((i) => i.key === 'rut')!.document!.sha256).toBe(sha256(p.bytes))
    }
  })
})
