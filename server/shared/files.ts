/**
 * Small file-system steps that data written to disk relies on: the uploaded
 * documents (server/features/documents/) and the backups (server/features/backup/).
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'

/** Flush a file's bytes, or a directory's entries (a rename into it), to the disk. */
export async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** The SHA-256 of a whole file, hex. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
