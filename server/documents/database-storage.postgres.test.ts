/**
 * DOCUMENT_STORAGE=database on the real PostgreSQL (ADR 0095): the bytes go
 * into document_blobs in the row's transaction, nothing stays on this
 * instance's disk, another instance (a second pool) reads them back, and a
 * replacement or a review works as on SQLite.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { openPostgresFounderStore } from '../founder/postgres-founder-store.ts'
import { seedFounder } from '../founder/testing.ts'
import { openPostgresStore } from '../storage/postgres-store.ts'
import { createTestDatabase, requirePostgres } from '../storage/postgres-test-database.ts'
import { openDocumentStore } from './document-store.ts'
import { founderDocumentRoutes } from './founder-routes.ts'
import { createDocuments } from './service.ts'
import { samples, tusClient } from './testing/tus.ts'

const SITE = 'https://catalitico.example'
const available = await requirePostgres()

describe.skipIf(!available)('documents in PostgreSQL (document_blobs)', () => {
  it('stores, replaces, reads from another pool, and reviews', async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url)
    const other = openPostgresStore(db.url)
    const root = mkdtempSync(join(tmpdir(), 'catalitico-docs-pg-'))
    try {
      const documents = createDocuments({ store, root, maxBytes: 5 * 1_048_576, storage: 'database', now: () => new Date(), log: () => {} })
      const app = new Hono()
      app.route('/postulacion', founderDocumentRoutes({ documents, founders: openPostgresFounderStore(store), siteOrigin: SITE, scriptPath: '/assets/documentos-test.js' }))
      const founder = await seedFounder(store)
      const tus = tusClient(async (url, init) => app.request(url, init), `${SITE}/postulacion/${founder.token}`, SITE)

      const first = samples.pdf(200_000)
      expect((await tus.upload({ itemKey: 'estados_financieros', fileName: 'eeff.pdf', bytes: first })).status).toBe(204)
      const second = samples.png()
      expect((await tus.upload({ itemKey: 'estados_financieros', fileName: 'eeff.png', bytes: second })).status).toBe(204)

      const seen = openDocumentStore(other)
      const [doc, ...rest] = await seen.list(founder.applicationId)
      expect(rest).toEqual([])
      expect(doc).toMatchObject({ itemKey: 'estados_financieros', sizeBytes: second.byteLength, mediaType: 'image/png' })
      expect(doc!.sha256).toBe(createHash('sha256').update(second).digest('hex'))
      expect(Buffer.from((await seen.readBlob(doc!.id))!).equals(second)).toBe(true)
      const [count] = await other.sql<{ blobs: number }[]>`SELECT COUNT(*)::int AS blobs FROM document_blobs`
      expect(count?.blobs).toBe(1)
      // Nothing on this instance's disk once taken in.
      const files = existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : []
      expect(files).toEqual([])

      const download = await app.request(`${SITE}/postulacion/${founder.token}/api/documentos/${doc!.id}/archivo`)
      expect(Buffer.from(await download.arrayBuffer()).equals(second)).toBe(true)

      const memberId = crypto.randomUUID()
      await other.sql`INSERT INTO team_members (id, email, name, role, created_at) VALUES (${memberId}, 'a@catalitico.example', 'A', 'admin', now())`
      const reviewed = await seen.review(founder.applicationId, doc!.id, { status: 'new_version_requested', note: 'Más reciente', memberId, at: new Date() })
      expect(reviewed).toMatchObject({ status: 'new_version_requested', reviewNote: 'Más reciente', reviewedBy: memberId })
      expect(await seen.review(crypto.randomUUID(), doc!.id, { status: 'accepted', note: null, memberId, at: new Date() })).toBeNull()
    } finally {
      await store.close()
      await other.close()
      await db.drop()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
