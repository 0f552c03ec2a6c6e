/**
 * The backup file and the restore's refusals, in-process on real SQLite files
 * and real archives: damaged, cut-short and foreign files and busy
 * directories are refused with one line and nothing written; an encrypted
 * backup needs its key; a backup older than the code is migrated forward; a
 * document deleted while the backup runs leaves neither file nor row.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateIdentity, identityToRecipient } from 'age-encryption'
import { afterEach, describe, expect, it } from 'vitest'
import { readConfig } from '../../shared/env.ts'
import { openSqliteStore, type SqliteStore } from '../../db/sqlite-store.ts'
import { backupCommand, restoreCommand } from './commands.ts'
import { addApplication, addDocument } from './testing/data.ts'
import { sha256OfFile } from '../../shared/files.ts'
import { takeBackup } from './take-backup.ts'
import { verifyArchive } from './archive.ts'
import { SQLITE_MIGRATIONS } from '../../db/migrations/sqlite.ts'
import { engineOf } from '../../db/engine-of.ts'
import { insertMember } from '../../db/testing/members.ts'
import { openDealStore } from '../../db/stores/deal-store.ts'
import { DEAL } from '../../db/stores/deal-store-contract.ts'
import { CHECK_IN } from '../../db/stores/follow-up-store-contract.ts'
import { openFollowUpStore } from '../../db/stores/follow-up-store.ts'
import { openMediaPlanStore } from '../../db/stores/media-plan-store.ts'
import { signedApplication } from '../../db/testing/signed.ts'
import { checkInMonth } from '../../../domain/follow-up.ts'
import { stageMovesOn } from '../../db/testing/stage-moves.ts'

/** The schema this code migrates to: a fresh store's version. */
const LATEST_SCHEMA = Math.max(...SQLITE_MIGRATIONS.map((m) => m.version))

let dirs: string[] = []
let stores: SqliteStore[] = []
afterEach(async () => {
  for (const s of stores) await s.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
  dirs = []
  stores = []
})

function tempDir(prefix = 'catalitico-backup-test-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  dirs.push(dir)
  return dir
}

async function sourceWithData(env: Record<string, string> = {}) {
  const dataDir = tempDir()
  const config = readConfig({ DATA_DIR: dataDir, ...env })
  const store = openSqliteStore(join(dataDir, 'catalitico.sqlite'))
  stores.push(store)
  await store.migrate()
  const docs: { applicationId: string; id: string; sha256: string }[] = []
  for (let i = 0; i < 3; i++) {
    const applicationId = await addApplication(store)
    docs.push({ applicationId, ...(await addDocument(store, dataDir, applicationId, 10_000 + i)) })
  }
  return { dataDir, config, store, docs }
}

function io() {
  const lines = { out: [] as string[], err: [] as string[] }
  return { lines, io: { out: (l: string) => void lines.out.push(l), err: (l: string) => void lines.err.push(l) } }
}

async function backupOf(source: Awaited<ReturnType<typeof sourceWithData>>) {
  const file = join(tempDir(), 'backup.tar')
  const { lines, io: out } = io()
  expect(await backupCommand(['--out', file], source.config, source.store, out)).toBe(0)
  return { file, lines }
}

const listTree = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [])

describe('npm run backup', () => {
  it('writes one file with the database, the documents and a manifest, and says where, how big and what it holds', async () => {
    const source = await sourceWithData()
    const { file, lines } = await backupOf(source)
    const manifest = await verifyArchive(file, undefined)
    expect(manifest).toMatchObject({ store: 'sqlite', schemaVersion: LATEST_SCHEMA, counts: { applications: 3, documents: 3, documentBytes: 30_003 }, documentsGoneDuringBackup: 0 })
    expect(manifest.parts.map((p) => p.name).sort()).toEqual(['database.sqlite', ...source.docs.map((d) => `documents/${d.applicationId}/${d.id}`)].sort())
    for (const doc of source.docs) expect(manifest.parts.find((p) => p.name.endsWith(doc.id))!.sha256).toBe(doc.sha256)
    expect(lines.out[0]).toBe(`Backup written to ${file} (${(statSync(file).size / 1_048_576).toFixed(1)} MB, NOT encrypted: set BACKUP_KEY).`)
    expect(lines.out[1]).toBe(`Contains: the database (schema ${LATEST_SCHEMA}, 3 application(s)), 3 document(s) (0.0 MB).`)
    expect(await openBackupRunsOf(source.store)).toMatchObject({ status: 'ok', file, sizeBytes: statSync(file).size })
  })

  it('a document deleted after the snapshot, its file already swept, is left out with its row', async () => {
    const source = await sourceWithData()
    const [gone] = source.docs
    // The snapshot is taken first; deleting the file before the copy reaches it is the same race.
    unlinkSync(join(source.dataDir, 'documents', 'files', gone!.applicationId, gone!.id))
    const out = join(tempDir(), 'b.tar')
    const result = await takeBackup({ config: source.config, store: source.store, now: () => new Date() }, out)
    expect(result.manifest.documentsGoneDuringBackup).toBe(1)
    expect(result.manifest.counts.documents).toBe(2)
    const target = tempDir()
    expect(await restoreCommand([out], readConfig({ DATA_DIR: target }), io().io)).toBe(0)
    const db = new Database(join(target, 'catalitico.sqlite'), { readonly: true })
    const ids = (db.prepare('SELECT id FROM documents').all() as { id: string }[]).map((r) => r.id)
    db.close()
    expect(ids.sort()).toEqual(source.docs.slice(1).map((d) => d.id).sort())
  })
})

describe('the deal, the rate card and the follow-up', () => {
  it('are in the backup and come back with the restore', async () => {
    const source = await sourceWithData()
    const e = engineOf(source.store)
    const admin = await insertMember(source.store, 'admin', 'Ana')
    const deals = openDealStore(e)
    const card = await deals.createRateCard({ note: 'Precios 2027', items: [{ outlet: 'tv_nacional', format: 'Spot 30"', unitPriceCop: 12_000_000 }], memberId: admin.id, at: new Date() })
    await deals.publishRateCard(card.id, { memberId: admin.id, at: new Date() })
    const { applicationId } = source.docs[0]!
    source.store.db.prepare(`UPDATE applications SET stage = 'due_diligence' WHERE id = ?`).run(applicationId)
    const moved = await stageMovesOn(e).transition(applicationId, { from: 'due_diligence', to: 'acuerdo_firmado', reason: null, memberId: admin.id, at: new Date(), deal: { ...DEAL, rateCardVersionId: card.id } })
    expect(moved.status).toBe('moved')
    const { file } = await backupOf(source)
    const target = tempDir()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), io().io)).toBe(0)
    const db = new Database(join(target, 'catalitico.sqlite'), { readonly: true })
    expect(db.prepare('SELECT application_id, media_value_cop, rate_card_version_id FROM deals').all()).toEqual([{ application_id: applicationId, media_value_cop: DEAL.mediaValueCop, rate_card_version_id: card.id }])
    expect(db.prepare('SELECT format, unit_price_cop FROM rate_card_items').all()).toEqual([{ format: 'Spot 30"', unit_price_cop: 12_000_000 }])
    db.close()
  })

  it("with the follow-up's check-ins (every version), milestones, closing and e-mail claims", async () => {
    const source = await sourceWithData()
    const e = engineOf(source.store)
    const { id, admin } = await signedApplication({ store: source.store, exec: async (sql, params = []) => void source.store.db.prepare(sql).run(...params) })
    const followUp = openFollowUpStore(e)
    expect(await followUp.claimMail({ applicationId: id, month: checkInMonth('2026-12-01', 1), kind: 'invitation', at: new Date() }, () => null)).toBe(true)
    await followUp.submitCheckIn({ applicationId: id, month: 1, baseVersion: 0, values: CHECK_IN, at: new Date() })
    await followUp.submitCheckIn({ applicationId: id, month: 1, baseVersion: 1, values: { ...CHECK_IN, teamSize: 7 }, at: new Date() })
    await followUp.recordMilestone({ applicationId: id, month: 3, heldOn: '2027-03-20', note: 'Revisión.', memberId: admin.id, at: new Date() })
    await followUp.close({ applicationId: id, note: 'Cierre.', memberId: admin.id, at: new Date() })
    const { file } = await backupOf(source)
    const target = tempDir()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), io().io)).toBe(0)
    const db = new Database(join(target, 'catalitico.sqlite'), { readonly: true })
    expect(db.prepare('SELECT month, version, sales_usd_cents, team_size FROM check_ins ORDER BY version').all()).toEqual([
      { month: 1, version: 1, sales_usd_cents: CHECK_IN.salesUsdCents, team_size: 6 },
      { month: 1, version: 2, sales_usd_cents: CHECK_IN.salesUsdCents, team_size: 7 },
    ])
    expect(db.prepare('SELECT month, held_on FROM follow_up_milestones').all()).toEqual([{ month: 3, held_on: '2027-03-20' }])
    expect(db.prepare('SELECT note FROM follow_up_closings').all()).toEqual([{ note: 'Cierre.' }])
    expect(db.prepare('SELECT month, kind FROM follow_up_mails').all()).toEqual([{ month: 1, kind: 'invitation' }])
    db.close()
  })
})

describe('the media plan', () => {
  it('its lines, every ledger entry (voids included) and the proof files are in the backup and come back with the restore', async () => {
    const source = await sourceWithData()
    const e = engineOf(source.store)
    const { id, admin } = await signedApplication({ store: source.store, exec: async (sql, params = []) => void source.store.db.prepare(sql).run(...params) })
    const plans = openMediaPlanStore(e)
    const by = { memberId: admin.id, at: new Date() }
    const line = await plans.addLine(id, () => ({ ok: true, line: { outlet: 'tv_nacional', format: 'Spot 30"', units: 3, unitPriceCop: 12_000_000, flightFrom: '2027-02-01', flightTo: '2027-02-28', notes: '' } }), by)
    if (line.status !== 'written') throw new Error('no line')
    const entry = { lineId: line.value.id, day: '2027-02-10', units: 1, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null }
    const ran = await plans.appendEntry(id, () => ({ ok: true, entry: { ...entry, kind: 'ran', proofUrl: 'https://prueba.example/a' } }), by)
    if (ran.status !== 'written') throw new Error('no entry')
    await plans.appendEntry(id, () => ({ ok: true, entry: { ...entry, kind: 'void', proofUrl: null, reason: 'Otra franja', voids: ran.value.id } }), by)
    // A proof kept as a file (ADR 0163 addendum): its bytes travel with the database.
    const content = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff])
    const proof = { id: crypto.randomUUID(), fileName: 'Pauta.pdf', mediaType: 'application/pdf', sizeBytes: content.byteLength, sha256: 'cd'.repeat(32), content }
    const withFile = await plans.appendEntry(id, () => ({ ok: true, entry: { ...entry, day: '2027-02-11', kind: 'ran', proofUrl: null, proofDocumentId: proof.id } }), by, proof)
    expect(withFile.status).toBe('written')
    const { file } = await backupOf(source)
    const target = tempDir()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), io().io)).toBe(0)
    const db = new Database(join(target, 'catalitico.sqlite'), { readonly: true })
    expect(db.prepare('SELECT application_id, number, units, unit_price_cop FROM media_plan_lines').all()).toEqual([{ application_id: id, number: 1, units: 3, unit_price_cop: 12_000_000 }])
    expect(db.prepare('SELECT kind, proof_url, voids FROM media_plan_entries ORDER BY recorded_at, id').all()).toEqual([
      { kind: 'ran', proof_url: 'https://prueba.example/a', voids: null },
      { kind: 'void', proof_url: null, voids: ran.value.id },
      { kind: 'ran', proof_url: null, voids: null },
    ])
    expect(db.prepare('SELECT id, file_name, content FROM media_plan_proofs').all()).toEqual([{ id: proof.id, file_name: 'Pauta.pdf', content: Buffer.from(content) }])
    expect(db.prepare('SELECT proof_document_id FROM media_plan_entries WHERE proof_document_id IS NOT NULL').all()).toEqual([{ proof_document_id: proof.id }])
    db.close()
  })
})

async function openBackupRunsOf(store: SqliteStore) {
  const { openBackupRuns } = await import('../../db/stores/backup-runs.ts')
  return openBackupRuns(store).lastBackup()
}

describe('npm run restore refuses, with one line and nothing written', () => {
  it('a damaged file (one byte changed in a document)', async () => {
    const source = await sourceWithData()
    const { file } = await backupOf(source)
    const bytes = readFileSync(file)
    // Inside the first document's data (after its 512-byte tar header).
    bytes[600] = bytes[600]! ^ 0xff
    writeFileSync(file, bytes)
    const target = join(tempDir(), 'restored')
    const { lines, io: out } = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), out)).toBe(1)
    expect(lines.err).toHaveLength(1)
    expect(lines.err[0]).toMatch(/^Restore refused: The backup is damaged: the checksum of documents\/.+ does not match its manifest\.$/)
    expect(existsSync(target)).toBe(false)
  })

  it('a file cut short (an interrupted backup) and a foreign file', async () => {
    const source = await sourceWithData()
    const { file } = await backupOf(source)
    truncateSync(file, statSync(file).size - 1500)
    const target = join(tempDir(), 'restored')
    const { lines, io: out } = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), out)).toBe(1)
    expect(lines.err).toHaveLength(1)
    expect(lines.err[0]).toMatch(/^Restore refused: .*(cut short|no manifest)/)

    const foreign = join(tempDir(), 'notes.txt')
    writeFileSync(foreign, 'not a backup\n'.repeat(100))
    const second = io()
    expect(await restoreCommand([foreign], readConfig({ DATA_DIR: target }), second.io)).toBe(1)
    expect(second.lines.err).toEqual([expect.stringMatching(/^Restore refused: .* is not a readable Catalítico backup: it is damaged, cut short or another kind of file/)])
    expect(existsSync(target)).toBe(false)
  })

  it('a non-empty directory, unless --force, which moves the existing data aside first', async () => {
    const source = await sourceWithData()
    const { file } = await backupOf(source)
    const target = tempDir()
    writeFileSync(join(target, 'keep-me.txt'), 'earlier data')
    const before = listTree(target)
    const { lines, io: out } = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), out)).toBe(1)
    expect(lines.err).toEqual([`Restore refused: ${target} is not empty: restore into an empty DATA_DIR, or add --force to move the existing data aside first.`])
    expect(listTree(target)).toEqual(before)

    const forced = io()
    expect(await restoreCommand([file, '--force'], readConfig({ DATA_DIR: target }), forced.io)).toBe(0)
    const aside = forced.lines.out[0]!.replace(/^Moved the existing data aside to (.+)\.$/, '$1')
    dirs.push(aside)
    expect(readFileSync(join(aside, 'keep-me.txt'), 'utf8')).toBe('earlier data')
    expect(existsSync(join(target, 'keep-me.txt'))).toBe(false)
    expect(existsSync(join(target, 'catalitico.sqlite'))).toBe(true)
  })
})

describe('BACKUP_KEY', () => {
  it('an encrypted backup holds no readable data, cannot be restored without its key or with another, and restores with it', async () => {
    const key = await generateIdentity()
    const source = await sourceWithData({ BACKUP_KEY: key })
    const { file, lines } = await backupOf(source)
    expect(lines.out[0]).toContain('encrypted with BACKUP_KEY')
    const raw = readFileSync(file)
    expect(raw.subarray(0, 21).toString()).toBe('age-encryption.org/v1')
    expect(raw.includes(Buffer.from('manifest.json'))).toBe(false)
    expect(raw.includes(Buffer.from('SQLite format 3'))).toBe(false)

    const target = join(tempDir(), 'restored')
    const without = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target }), without.io)).toBe(1)
    expect(without.lines.err).toEqual(['Restore refused: This backup is encrypted: set BACKUP_KEY to its age secret key (AGE-SECRET-KEY-1…) to restore it.'])
    const other = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target, BACKUP_KEY: await generateIdentity() }), other.io)).toBe(1)
    expect(other.lines.err[0]).toMatch(/^Restore refused: BACKUP_KEY does not open this backup/)
    const publicOnly = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target, BACKUP_KEY: await identityToRecipient(key) }), publicOnly.io)).toBe(1)
    expect(publicOnly.lines.err[0]).toMatch(/needs the secret key/)
    expect(existsSync(target)).toBe(false)

    const withKey = io()
    expect(await restoreCommand([file], readConfig({ DATA_DIR: target, BACKUP_KEY: key }), withKey.io)).toBe(0)
    for (const doc of source.docs) expect(await sha256OfFile(join(target, 'documents', 'files', doc.applicationId, doc.id))).toBe(doc.sha256)
  })

  it('a server holding only the public recipient writes backups it cannot read back', async () => {
    const key = await generateIdentity()
    const source = await sourceWithData({ BACKUP_KEY: await identityToRecipient(key) })
    const { file } = await backupOf(source)
    await expect(verifyArchive(file, undefined)).rejects.toThrow(/encrypted/)
    expect((await verifyArchive(file, key)).counts.applications).toBe(3)
  })
})

describe('a backup older than the code', () => {
  it('is restored and migrated forward to the current schema', async () => {
    const source = await sourceWithData()
    // The code before schema 11: no backup_runs table, nor what later migrations added (undo each new one here).
    source.store.db.exec(
      'DROP TABLE backup_runs; DROP INDEX applications_clock; DROP TABLE document_uploads; DROP TABLE data_requests; DROP TABLE founder_activity_seen; DROP TABLE founder_activity; ' +
        'DROP TABLE panel_session_members; DROP TABLE panel_sessions; DROP TABLE panel_offer_members; DROP TABLE panel_offer_times; DROP TABLE panel_offers; ALTER TABLE outbox DROP COLUMN calendar; ' +
        'DROP TABLE request_keys; DROP TABLE media_plan_totals; DROP TABLE media_plan_entries; DROP TABLE media_plan_proofs; DROP TABLE media_plan_lines; ' +
        'DROP TABLE deals; DROP TABLE rate_card_items; DROP TABLE rate_card_versions; ' +
        'DROP TABLE application_sources; DROP TABLE source_visits; DROP TABLE sources; ' +
        'DROP TABLE follow_up_mails; DROP TABLE follow_up_closings; DROP TABLE follow_up_milestones; DROP TABLE check_ins; ' +
        'DROP TABLE agreement_codes; DROP TABLE agreement_signatures; DROP TABLE agreements; DROP TABLE agreement_templates; ALTER TABLE team_members DROP COLUMN can_sign; ' +
        'DROP TABLE holding_reminders; DROP TABLE valuation_marks; DROP TABLE holding_events; DROP TABLE holding_documents; ' +
        'DELETE FROM schema_migrations WHERE version > 10',
    )
    const out = join(tempDir(), 'old.tar')
    const { manifest } = await takeBackup({ config: source.config, store: source.store, now: () => new Date() }, out)
    expect(manifest.schemaVersion).toBe(10)
    const target = join(tempDir(), 'restored')
    const { lines, io: o } = io()
    expect(await restoreCommand([out], readConfig({ DATA_DIR: target }), o)).toBe(0)
    expect(lines.out).toContain(`Restored the database: 3 application(s), schema 10, migrated to ${LATEST_SCHEMA}.`)
    const db = new Database(join(target, 'catalitico.sqlite'), { readonly: true })
    expect(db.prepare(`SELECT count(*) AS n FROM backup_runs`).get()).toEqual({ n: 0 })
    expect(db.prepare(`SELECT count(*) AS n FROM panel_sessions`).get()).toEqual({ n: 0 })
    expect(db.prepare(`SELECT count(*) AS n FROM outbox WHERE calendar IS NOT NULL`).get()).toEqual({ n: 0 })
    expect(db.prepare(`SELECT count(*) AS n FROM deals`).get()).toEqual({ n: 0 })
    expect(db.prepare(`SELECT count(*) AS n FROM sources`).get()).toEqual({ n: 0 })
    // The declared migrations ran too: the check-ins' runway column is there.
    expect(db.prepare(`SELECT count(*) AS n FROM check_ins WHERE runway_months IS NOT NULL`).get()).toEqual({ n: 0 })
    db.close()
  })

  it('a backup from newer code is refused before anything is written', async () => {
    const source = await sourceWithData()
    source.store.db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01')`).run()
    const out = join(tempDir(), 'new.tar')
    await takeBackup({ config: source.config, store: source.store, now: () => new Date() }, out)
    const target = join(tempDir(), 'restored')
    mkdirSync(target)
    const { lines, io: o } = io()
    expect(await restoreCommand([out], readConfig({ DATA_DIR: target }), o)).toBe(1)
    expect(lines.err).toEqual([`Restore refused: The backup comes from newer code (schema 999, this code knows ${LATEST_SCHEMA}): restore it with that version or later.`])
    expect(listTree(target)).toEqual([])
  })
})
