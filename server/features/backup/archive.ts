/**
 * The backup file: a tar archive (tar-stream) of the parts and, LAST, the
 * manifest naming each part with its size and SHA-256. A file cut short (a
 * kill -9, a full disk) therefore never holds a manifest and is never taken
 * for a complete backup. With a key, the whole tar is encrypted in the age
 * format (age-encryption; docs/decisions/0111).
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { Decrypter, Encrypter, identityToRecipient } from 'age-encryption'
import tar from 'tar-stream'

export const BACKUP_FORMAT = 'catalitico-backup'
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST_NAME = 'manifest.json'
export const DATABASE_PART = 'database.sqlite'
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
/** documents/<application id>/<document id>: the only other names a backup may hold. */
export const DOCUMENT_PART = new RegExp(`^documents/(${UUID})/(${UUID})$`, 'i')
const AGE_MAGIC = 'age-encryption.org/v1\n'

export interface Part {
  name: string
  size: number
  sha256: string
}

export interface Manifest {
  format: typeof BACKUP_FORMAT
  formatVersion: number
  createdAt: string
  /** The store whose data this is; on postgres the database itself is NOT in the file (notIncluded says so). */
  store: 'sqlite' | 'postgres'
  schemaVersion: number
  documentStorage: 'disk' | 'database'
  counts: { applications: number; documents: number; documentBytes: number }
  /** Documents whose row was in the snapshot but whose file was gone when copied: dropped from the snapshot (ADR 0110). */
  documentsGoneDuringBackup: number
  /** Ids of documents whose file on disk no longer matches the checksum taken at upload: copied as they are, for the operator to look at. */
  documentsNotMatchingChecksum: string[]
  notIncluded: string[]
  parts: Part[]
}

/** A backup file that must not be restored: damaged, foreign, cut short, or locked. One English line. */
export class BackupFileError extends Error {
  override name = 'BackupFileError'
}

/** BACKUP_KEY: an age identity (AGE-SECRET-KEY-1…) encrypts and decrypts; a recipient (age1…) only encrypts. */
export async function recipientOf(key: string): Promise<string> {
  return key.startsWith('age1') ? key : identityToRecipient(key)
}

const toWeb = (stream: Readable) => Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>
const fromWeb = (stream: ReadableStream<Uint8Array>) => Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>)

/** tar-stream's streams are streamx streams: written to by hand, with backpressure, rather than through node:stream's pipeline. */
interface StreamxWritable {
  write(chunk: Buffer): boolean
  end(): void
  destroy(err?: Error): void
  on(event: string, listener: (...args: unknown[]) => void): unknown
}

async function feed(source: AsyncIterable<Buffer | Uint8Array>, into: StreamxWritable, onChunk?: (chunk: Buffer) => void, signal?: AbortSignal): Promise<void> {
  for await (const raw of source) {
    signal?.throwIfAborted()
    const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw)
    onChunk?.(chunk)
    if (!into.write(chunk)) await once(into as never, 'drain', signal ? { signal } : {})
  }
  into.end()
}

/** An archive entry's bytes, read once. */
export type EntryStream = AsyncIterable<Buffer> & { resume(): void }

export interface ArchiveWriter {
  /** Add a part of exactly `size` bytes; resolves with its checksum once written. `signal` stops it between chunks. */
  add(name: string, size: number, source: Readable, signal?: AbortSignal): Promise<Part>
  /** Write the manifest last and flush everything to `out`; resolves with the bytes written. */
  finish(manifest: Omit<Manifest, 'parts'>): Promise<Manifest>
  /** Stop writing (on failure). */
  abort(err: Error): void
}

/** Write an archive into `out` (a fresh file the caller later renames into place). */
export async function createArchiveWriter(out: string, options: { key?: string } = {}): Promise<ArchiveWriter> {
  const pack = tar.pack()
  let body: Readable = Readable.from(pack as AsyncIterable<Buffer>)
  if (options.key) {
    const encrypter = new Encrypter()
    encrypter.addRecipient(await recipientOf(options.key))
    body = fromWeb(await encrypter.encrypt(toWeb(body)))
  }
  const sink = createWriteStream(out, { flags: 'wx', mode: 0o600 })
  const written = pipeline(body, sink)
  written.catch(() => {})
  const parts: Part[] = []
  return {
    async add(name, size, source, signal) {
      const hash = createHash('sha256')
      let counted = 0
      let entryDone!: Promise<void>
      const entry = await new Promise<StreamxWritable>((ready) => {
        entryDone = new Promise<void>((resolveEntry, rejectEntry) => {
          ready(pack.entry({ name, size, mode: 0o600 }, (err) => (err ? rejectEntry(err) : resolveEntry())) as unknown as StreamxWritable)
        })
      })
      await feed(
        source,
        entry,
        (chunk) => {
          hash.update(chunk)
          counted += chunk.length
        },
        signal,
      )
      await entryDone
      const part = { name, size: counted, sha256: hash.digest('hex') }
      parts.push(part)
      return part
    },
    async finish(partial) {
      const manifest: Manifest = { ...partial, parts }
      pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, JSON.stringify(manifest, null, 2))
      pack.finalize()
      await written
      return manifest
    },
    abort(err) {
      pack.destroy(err)
      sink.destroy(err)
    },
  }
}

async function isEncrypted(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(AGE_MAGIC.length)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return bytesRead === head.length && head.toString('latin1') === AGE_MAGIC
  } finally {
    await handle.close()
  }
}

/** The tar stream of a backup file, decrypted with `key` when the file is encrypted. */
async function tarStreamOf(path: string, key: string | undefined): Promise<Readable> {
  const raw = createReadStream(path)
  if (!(await isEncrypted(path))) return raw
  if (!key) {
    raw.destroy()
    throw new BackupFileError('This backup is encrypted: set BACKUP_KEY to its age secret key (AGE-SECRET-KEY-1…) to restore it.')
  }
  if (key.startsWith('age1')) {
    raw.destroy()
    throw new BackupFileError('BACKUP_KEY holds only the public recipient (age1…); restoring needs the secret key (AGE-SECRET-KEY-1…).')
  }
  const decrypter = new Decrypter()
  decrypter.addIdentity(key)
  try {
    return fromWeb(await decrypter.decrypt(toWeb(raw)))
  } catch (err) {
    raw.destroy()
    throw new BackupFileError(`BACKUP_KEY does not open this backup (${err instanceof Error ? err.message : String(err)}).`)
  }
}

/** Call `onEntry` for each entry in order; the entry's stream must be consumed. Damage surfaces as BackupFileError. */
export async function readArchive(
  path: string,
  key: string | undefined,
  onEntry: (name: string, size: number, stream: EntryStream) => Promise<void>,
): Promise<void> {
  const source = await tarStreamOf(path, key)
  const extract = tar.extract()
  let feedError: unknown = null
  const fed = feed(source, extract as unknown as StreamxWritable).catch((err: unknown) => {
    feedError = err
    extract.destroy(err as Error)
  })
  try {
    for await (const entry of extract) {
      await onEntry(entry.header.name, entry.header.size ?? 0, entry as unknown as EntryStream)
      entry.resume()
    }
    await fed
    if (feedError) throw feedError
  } catch (err) {
    source.destroy()
    if (err instanceof BackupFileError) throw err
    throw new BackupFileError(`${path} is not a readable Catalítico backup: it is damaged, cut short or another kind of file (${err instanceof Error ? err.message : String(err)}).`)
  }
}

function checkManifest(value: unknown): Manifest {
  const m = value as Partial<Manifest> | null
  if (!m || m.format !== BACKUP_FORMAT || !Array.isArray(m.parts)) throw new BackupFileError('The file is not a Catalítico backup (no backup manifest).')
  if (m.formatVersion !== BACKUP_FORMAT_VERSION) throw new BackupFileError(`The backup's format version ${String(m.formatVersion)} is not one this code reads (${BACKUP_FORMAT_VERSION}).`)
  return m as Manifest
}

/**
 * Read the whole file and check every part against the manifest: names,
 * sizes and SHA-256, nothing missing and nothing extra. Writes nothing.
 */
export async function verifyArchive(path: string, key: string | undefined): Promise<Manifest> {
  const seen = new Map<string, Part>()
  let manifest: Manifest | null = null
  await readArchive(path, key, async (name, _size, stream) => {
    if (manifest) throw new BackupFileError('The backup holds data after its manifest: it is not a file this code wrote.')
    if (name === MANIFEST_NAME) {
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk)
      try {
        manifest = checkManifest(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch (err) {
        throw err instanceof BackupFileError ? err : new BackupFileError('The backup manifest is damaged.')
      }
      return
    }
    if (name !== DATABASE_PART && !DOCUMENT_PART.test(name)) throw new BackupFileError(`The file holds ${JSON.stringify(name)}, which no Catalítico backup holds.`)
    const counted = { hash: createHash('sha256'), size: 0 }
    for await (const chunk of stream) {
      counted.hash.update(chunk)
      counted.size += chunk.length
    }
    seen.set(name, { name, size: counted.size, sha256: counted.hash.digest('hex') })
  })
  const found = manifest as Manifest | null
  if (!found) throw new BackupFileError('The backup has no manifest: it was cut short (an interrupted backup) or is not a Catalítico backup.')
  for (const part of found.parts) {
    const got = seen.get(part.name)
    if (!got) throw new BackupFileError(`The backup is damaged: ${part.name} is missing.`)
    if (got.size !== part.size || got.sha256 !== part.sha256) throw new BackupFileError(`The backup is damaged: the checksum of ${part.name} does not match its manifest.`)
  }
  if (seen.size !== found.parts.length) throw new BackupFileError('The backup is damaged: it holds parts its manifest does not name.')
  return found
}
