/**
 * DOCUMENT_STORAGE=database on the real PostgreSQL (ADR 0095): the bytes go
 * into document_blobs in the row's transaction, nothing stays on this
 * instance's disk, another instance (a second pool) reads them back, and a
 * replacement or a review works as on SQLite. Two instances (two pools, two
 * disks) on one database share the application's upload caps (ADR 0119).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { seedFounder } from '../../testing/seed-founder.ts'
import { openPostgresStore } from '../../db/postgres-store.ts'
import { openWorkspaceStores } from '../../db/stores/open-workspace-stores.ts'
import { createTestDatabase, requirePostgres } from '../../db/testing/postgres-test-database.ts'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { DOCUMENT_KEYS } from '../../../domain/documents.ts'
import type { PostgresStore } from '../../db/postgres-store.ts'
import { openDocumentStore } from '../../db/stores/document-store.ts'
import { founderDocumentRoutes } from './founder-routes.ts'
import { MAX_UNFINISHED_UPLOADS } from '../../../domain/document-limits.ts'
import { createDocuments } from './service.ts'
import { founderTus, samples, type TusClient } from './testing/tus.ts'
import { engineOf } from '../../db/engine-of.ts'
import { openFounderStore } from '../../db/stores/founder-store.ts'

const SITE = 'https://catalitico.example'
const available = await requirePostgres()

describe.skipIf(!available)('documents in PostgreSQL (document_blobs)', () => {
  it('stores, replaces, reads from another pool, and reviews', async () => {
    const db = await createTestDatabase()
    const store = openPostgresStore(db.url)
    const other = openPostgresStore(db.url)
    const root = mkdtempSync(join(tmpdir(), 'catalitico-docs-pg-'))
    try {
      const documents = createDocuments({ store, root, maxBytes: 5 * 1_048_576, storage: 'database', now: () => new Date(), log: () => {}, rateLimits: openWorkspaceStores(store).team })
      const app = new Hono()
      app.route('/postulacion', founderDocumentRoutes({ documents, founders: openFounderStore(engineOf(store)), siteOrigin: SITE, scriptPath: '/assets/documentos-test.js' }))
      const founder = await seedFounder(store)
      const tus = founderTus(app, founder.token, SITE)

      const first = samples.pdf(200_000)
      expect((await tus.upload({ itemKey: 'estados_financieros', fileName: 'eeff.pdf', bytes: first })).status).toBe(204)
      const second = samples.png()
      expect((await tus.upload({ itemKey: 'estados_financieros', fileName: 'eeff.png', bytes: second })).status).toBe(204)

      const seen = openDocumentStore(engineOf(other))
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

describe.skipIf(!available)('upload caps with two instances on one PostgreSQL', () => {
  /** Two instances (two pools, two disks) on one new database, and a founder's client on each. */
  const instances = harnessPerTest(async () => {
    const db = await createTestDatabase()
    const made: { store: PostgresStore; root: string; app: Hono; documents: ReturnType<typeof createDocuments> }[] = []
    for (let i = 0; i < 2; i++) {
      const store = openPostgresStore(db.url)
      const root = mkdtempSync(join(tmpdir(), 'catalitico-docs-pg-'))
      const documents = createDocuments({ store, root, maxBytes: 64 * 1024, storage: 'database', now: () => new Date(), log: () => {}, rateLimits: openWorkspaceStores(store).team })
      const app = new Hono()
      app.route('/postulacion', founderDocumentRoutes({ documents, founders: openFounderStore(engineOf(store)), siteOrigin: SITE, scriptPath: '/assets/documentos-test.js' }))
      made.push({ store, root, app, documents })
    }
    const founder = await seedFounder(made[0]!.store)
    const [a, b] = made.map((m) => founderTus(m.app, founder.token, SITE)) as [TusClient, TusClient]
    return {
      made,
      a,
      b,
      async dispose() {
        for (const m of made) {
          await m.store.close()
          rmSync(m.root, { recursive: true, force: true })
        }
        await db.drop()
      },
    }
  })

  it('creations racing through both instances for the last place: one gets it', async () => {
    const { made, a, b } = await instances()
    const [first, second, ...racing] = DOCUMENT_KEYS
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS - 1; i++) {
      expect((await (i % 2 ? a : b).create({ itemKey: i % 2 ? first! : second!, fileName: 'x.pdf', length: 1024 })).status).toBe(201)
    }
    const answers = await Promise.all(racing.map((itemKey, i) => (i % 2 ? a : b).create({ itemKey, fileName: 'x.pdf', length: 1024 })))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429])
    const [count] = await made[0]!.store.sql<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM document_uploads`
    expect(count?.n).toBe(MAX_UNFINISHED_UPLOADS)
  })

  it('stored bytes count from the database: past 14 times the largest document, creations on either instance are refused', async () => {
    const { a, b } = await instances()
    const max = 64 * 1024
    for (const itemKey of DOCUMENT_KEYS) expect((await a.upload({ itemKey, fileName: 'x.pdf', bytes: samples.pdf(max) })).status).toBe(204)
    for (let i = 0; i < 7; i++) expect((await b.create({ itemKey: i % 2 ? 'pitch_deck' : 'cap_table', fileName: 'x.pdf', length: max })).status).toBe(201)
    const answers = await Promise.all(DOCUMENT_KEYS.slice(2).map((itemKey, i) => (i % 2 ? a : b).create({ itemKey, fileName: 'x.pdf', length: max })))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 413, 413, 413, 413])
  })

  it('an upload replaced through the other instance takes no more bytes there, and its cleanup removes it', async () => {
    const { made, a, b } = await instances()
    const onB = async (itemKey: string) => {
      const location = (await b.create({ itemKey, fileName: 'x.pdf', length: 4096 })).headers.get('location')!
      expect((await b.patch(location, 0, samples.pdf(4096).subarray(0, 1000))).status).toBe(204)
      return { location, id: location.split('/').pop()! }
    }
    const resumed = await onB('rut')
    const abandoned = await onB('pitch_deck')
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS - 2; i++) expect((await a.create({ itemKey: DOCUMENT_KEYS[1 + (i % 5)]!, fileName: 'x.pdf', length: 1024 })).status).toBe(201)
    // At the cap, new files for the same items through instance A replace the two whose bytes are on B.
    expect((await a.create({ itemKey: 'rut', fileName: 'x.pdf', length: 4096 })).status).toBe(201)
    expect((await a.create({ itemKey: 'pitch_deck', fileName: 'x.pdf', length: 4096 })).status).toBe(201)
    const incomingB = join(made[1]!.root, 'incoming')
    expect(readdirSync(incomingB).sort()).toEqual([resumed.id, `${resumed.id}.json`, abandoned.id, `${abandoned.id}.json`].sort())

    // Resumed on B: refused, and its bytes leave B's disk.
    expect((await b.patch(resumed.location, 1000, samples.pdf(4096).subarray(1000))).status).toBe(404)
    expect(readdirSync(incomingB).sort()).toEqual([abandoned.id, `${abandoned.id}.json`].sort())
    // Never asked for again: B's cleanup takes it for replaced once it is old enough to be sure.
    expect(await made[1]!.documents.deleteExpiredUploads()).toBe(0)
    const info = join(incomingB, `${abandoned.id}.json`)
    writeFileSync(info, JSON.stringify({ ...JSON.parse(readFileSync(info, 'utf8')), creation_date: new Date(Date.now() - 20 * 60_000).toISOString() }))
    expect(await made[1]!.documents.deleteExpiredUploads()).toBe(1)
    expect(readdirSync(incomingB)).toEqual([])
    // Instance A's uploads are untouched, rows and all.
    const [count] = await made[0]!.store.sql<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM document_uploads`
    expect(count?.n).toBe(MAX_UNFINISHED_UPLOADS)
  })
})
