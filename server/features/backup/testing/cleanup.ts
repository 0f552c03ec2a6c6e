/**
 * The drill tests' leftovers (servers, stores, databases, directories), one
 * test file's worth, removed after all its tests, last first: the drills
 * start servers on the directories they made.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

export function cleanupAfterAll() {
  const undo: (() => Promise<void> | void)[] = []
  afterAll(async () => {
    for (const c of undo.reverse()) await c()
  })
  return {
    cleanup: (c: () => Promise<void> | void) => void undo.push(c),
    /** A new directory under the system's temporary one, removed with the rest. */
    tempDir(prefix: string) {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      undo.push(() => rmSync(dir, { recursive: true, force: true }))
      return dir
    },
  }
}
