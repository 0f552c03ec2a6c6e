/**
 * What one founder's link may put on the disk (ADR 0119), over the real app
 * (in-process) on a real SQLite file and disk: at most 10 unfinished uploads
 * at once, stored documents and unfinished uploads together within 14 times
 * the largest document, 20 new uploads per 15 minutes; parallel creations
 * never get past a cap, a refusal is a clear Spanish 4xx that changes
 * nothing, and a founder replacing a file still can at the cap.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { DOCUMENT_KEYS } from '../../../domain/documents.ts'
import { documentsDir } from '../../shared/env.ts'
import { seedFounder, type SeededFounder } from '../../testing/seed-founder.ts'
import { SITE, workspaceHarness, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { APPLICATION_BYTES_IN_DOCUMENTS, MAX_UNFINISHED_UPLOADS, UPLOAD_CREATIONS_PER_WINDOW, UPLOAD_RATE_WINDOW_MS } from '../../../domain/document-limits.ts'
import { founderUploading } from './testing/founder-uploads.ts'
import { founderTus, samples, type TusClient } from './testing/tus.ts'

const MB = 1_048_576
const openWorkspaceHarness = harnessPerTest(workspaceHarness)

const setup = async (env: Record<string, string> = {}) => founderUploading(await openWorkspaceHarness(env))

const clientFor = (h: WorkspaceHarness, founder: Pick<SeededFounder, 'token'>) => founderTus(h.app, founder.token, SITE)

/** Start an upload and send none of its bytes: an unfinished upload. */
async function unfinished(tus: TusClient, itemKey: string, length: number): Promise<string> {
  const created = await tus.create({ itemKey, fileName: `${itemKey}.pdf`, length })
  expect(created.status, itemKey).toBe(201)
  return created.headers.get('location')!
}

/** Whether tus still holds the upload (HEAD 200) or it is gone (404). */
const live = async (tus: TusClient, location: string) => (await tus.head(location)).status === 200

function incomingFiles(h: WorkspaceHarness): string[] {
  const dir = join(documentsDir(h.config), 'incoming')
  return existsSync(dir) ? readdirSync(dir).sort() : []
}

async function message(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message
}

/** Of a race's answers, exactly one is admitted and every other refused with `status` and `refusal`; the admitted one. */
async function oneAdmitted(answers: Response[], status: number, refusal: string): Promise<Response> {
  const admitted = answers.filter((r) => r.status === 201)
  const refused = answers.filter((r) => r.status !== 201)
  expect(admitted).toHaveLength(1)
  expect(refused.map((r) => r.status)).toEqual(refused.map(() => status))
  for (const res of refused) expect(await message(res)).toBe(refusal)
  return admitted[0]!
}

describe('unfinished uploads per application', () => {
  it(`are at most ${MAX_UNFINISHED_UPLOADS}: of creations fired in parallel past the last free place, one gets it and the rest a Spanish 429, storing nothing`, async () => {
    const { h, tus } = await setup()
    // Nine places taken by two items; five other items then race for the tenth.
    const [first, second, ...racing] = DOCUMENT_KEYS
    const held: string[] = []
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS - 1; i++) held.push(await unfinished(tus, i % 2 ? first! : second!, 2048))
    const filesBefore = incomingFiles(h)

    const answers = await Promise.all(racing.map((itemKey) => tus.create({ itemKey, fileName: `${itemKey}.pdf`, length: 2048 })))
    expect(answers).toHaveLength(5)
    const admitted = await oneAdmitted(
      answers,
      429,
      'Tienes 10 subidas sin terminar, el máximo a la vez. Para continuar una, vuelve a elegir el mismo archivo en ese documento; las que no termines se borran a las 24 horas.',
    )
    // Ten on the disk, every one of them still resumable.
    expect(incomingFiles(h)).toHaveLength(filesBefore.length + 2)
    for (const location of [...held, admitted.headers.get('location')!]) expect(await live(tus, location)).toBe(true)

    // Another application's link has its own places.
    const other = clientFor(h, await seedFounder(h.store))
    expect((await other.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 2048 })).status).toBe(201)
  })

  it('a refusal over the cap changes nothing but the rate count', async () => {
    const { h, tus } = await setup()
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) await unfinished(tus, DOCUMENT_KEYS[i % 6]!, 2048)
    const { rate_limit_counters: _before, ...before } = h.snapshot()
    const files = incomingFiles(h)
    const res = await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 2048 })
    expect(res.status).toBe(429)
    const { rate_limit_counters: _after, ...after } = h.snapshot()
    expect(after).toEqual(before)
    expect(incomingFiles(h)).toEqual(files)
  })

  it('at the cap, a new file for an item replaces that item\'s unfinished uploads, and goes in', async () => {
    const { h, founder, tus } = await setup()
    // A founder who gave up on the pitch deck on the phone, twice, and left eight others unfinished.
    const stalled = [await unfinished(tus, 'pitch_deck', 300_000), await unfinished(tus, 'pitch_deck', 300_000)]
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS - 2; i++) await unfinished(tus, i % 2 ? 'cap_table' : 'rut', 2048)

    const bytes = samples.pdf(40_000)
    const created = await tus.create({ itemKey: 'pitch_deck', fileName: 'pitch.pdf', length: bytes.byteLength })
    expect(created.status).toBe(201)
    // The stalled ones are gone, bytes and all; the client resuming one is told to start over.
    for (const location of stalled) {
      expect(await live(tus, location)).toBe(false)
      expect(incomingFiles(h)).not.toContain(location.split('/').pop())
    }
    expect((await tus.patch(created.headers.get('location')!, 0, bytes)).status).toBe(204)
    const docs = await h.documents.docs.list(founder.applicationId)
    expect(docs.map((d) => [d.itemKey, d.sizeBytes])).toEqual([['pitch_deck', bytes.byteLength]])
    // A PATCH on a replaced upload takes no byte.
    const resumed = await tus.patch(stalled[0]!, 0, samples.pdf(300_000))
    expect(resumed.status).toBe(404)
    expect(incomingFiles(h)).not.toContain(stalled[0]!.split('/').pop())
  })
})

describe('stored documents and unfinished uploads per application', () => {
  it(`together stay within ${APPLICATION_BYTES_IN_DOCUMENTS} times DOCUMENT_MAX_MB: of parallel creations past it one goes in, the rest get a Spanish 413`, async () => {
    const { h, founder, tus } = await setup({ DOCUMENT_MAX_MB: '1' })
    // The whole checklist at the largest size…
    for (const itemKey of DOCUMENT_KEYS) expect((await tus.upload({ itemKey, fileName: `${itemKey}.pdf`, bytes: samples.pdf(MB) })).status).toBe(204)
    // …and seven of the largest unfinished on two items: 14 MB in all.
    const [first, second, ...racing] = DOCUMENT_KEYS
    for (let i = 0; i < 7; i++) await unfinished(tus, i % 2 ? first! : second!, MB)
    const before = await h.documents.docs.list(founder.applicationId)
    const filesBefore = incomingFiles(h)

    // One new version of the largest size still fits, since it takes the place of its item's document; one only.
    const answers = await Promise.all(racing.map((itemKey) => tus.create({ itemKey, fileName: `${itemKey}.pdf`, length: MB })))
    expect(answers).toHaveLength(5)
    const admitted = await oneAdmitted(
      answers,
      413,
      'Este archivo no cabe: tus documentos y las subidas sin terminar ya suman casi 14 MB, el máximo por postulación. Termina las subidas pendientes o sube un archivo más liviano.',
    )
    expect(await h.documents.docs.list(founder.applicationId)).toEqual(before)
    expect(incomingFiles(h)).toHaveLength(filesBefore.length + 2)

    // The admitted one finishes and replaces its item's document; the next new version then fits too.
    const location = admitted.headers.get('location')!
    const itemKey = racing[answers.indexOf(admitted)]!
    expect((await tus.patch(location, 0, samples.pdf(MB))).status).toBe(204)
    expect((await h.documents.docs.list(founder.applicationId)).filter((d) => d.itemKey === itemKey)).toHaveLength(1)
    const next = racing.find((k) => k !== itemKey)!
    expect((await tus.create({ itemKey: next, fileName: `${next}.pdf`, length: MB })).status).toBe(201)
  })
})

describe('new uploads per application', () => {
  it(`are at most ${UPLOAD_CREATIONS_PER_WINDOW} per 15 minutes: then a Spanish 429 with Retry-After that changes nothing, until the window passes`, async () => {
    const { h, founder, tus } = await setup()
    // A founder replacing the same file again and again: every upload finished, so no cap is near.
    for (let i = 0; i < UPLOAD_CREATIONS_PER_WINDOW; i++) {
      expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(2048 + i) })).status).toBe(204)
    }
    const before = h.snapshot()
    const files = incomingFiles(h)
    const res = await tus.create({ itemKey: 'rut', fileName: 'rut.pdf', length: 2048 })
    expect(res.status).toBe(429)
    expect(await message(res)).toBe('Empezaste demasiadas subidas en poco tiempo. Espera unos minutos y vuelve a intentarlo.')
    const retryAfter = Number(res.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(UPLOAD_RATE_WINDOW_MS / 1000)
    expect(h.snapshot()).toEqual(before)
    expect(incomingFiles(h)).toEqual(files)

    // Per application: another founder's link is not held back.
    expect((await clientFor(h, await seedFounder(h.store)).create({ itemKey: 'rut', fileName: 'rut.pdf', length: 2048 })).status).toBe(201)
    // The next window takes new uploads again.
    h.advance(retryAfter * 1000)
    expect((await tus.upload({ itemKey: 'rut', fileName: 'rut.pdf', bytes: samples.pdf(4096) })).status).toBe(204)
    expect((await h.documents.docs.list(founder.applicationId)).map((d) => d.sizeBytes)).toEqual([4096])
  })
})
