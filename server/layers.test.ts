/**
 * The server's layers are held by the lint (eslint.config.js,
 * docs/decisions/0125-server-layers.md): these cases show the rule refuses
 * what it must, through ESLint itself, on files placed where they would be.
 */
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => m.ruleId ?? m.message)
}

describe('the layers of server/ (lint)', () => {
  it('refuse a feature importing another feature, or the composition root', async () => {
    expect(await problems('server/features/founder/new-file.ts', `export { workspaceApi } from '../workspace/api.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/features/founder/new-file.ts', `export { createApp } from '../../app.ts'\n`)).toContain('import-x/no-restricted-paths')
  })

  it('refuse shared code importing a feature, and the database layer importing shared code', async () => {
    expect(await problems('server/shared/new-file.ts', `export { founderApp } from '../features/founder/founder-app.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/db/new-file.ts', `export { sha256Hex } from '../shared/auth/tokens.ts'\n`)).toContain('import-x/no-restricted-paths')
  })

  it('let a feature import its own files, shared code, the database layer and domain/', async () => {
    const code = `import { founderApp } from './founder-app.ts'
import { sha256Hex } from '../../shared/auth/tokens.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import { STAGES } from '../../../domain/pipeline.ts'
export const all = [founderApp, sha256Hex, STAGES] as const
export type S = FounderStore
`
    expect(await problems('server/features/founder/new-file.ts', code)).toEqual([])
  })

  it('refuse a store importing another store, and the database layer importing the HTTP contract', async () => {
    expect(await problems('server/db/stores/new-store.ts', `export { openPanelStore } from './panel-store.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/db/stores/new-store.ts', `export type { ReviewStore } from './review-store.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/db/stores/new-rows.ts', `export type { Overview } from '../../../domain/workspace-api/review.ts'\n`)).toContain('import-x/no-restricted-paths')
  })

  it('let a store import the shared row modules, and a module of server/db the stores and domain/ records', async () => {
    const store = `import { messageColumns } from './outbox-rows.ts'
import { auditWriter } from './audit-log.ts'
import type { Overview } from '../../../domain/review-records.ts'
export const all = [messageColumns, auditWriter] as const
export type O = Overview
`
    expect(await problems('server/db/stores/new-store.ts', store)).toEqual([])
    expect(await problems('server/db/stores/new-steps.ts', `export { openPanelStore } from './panel-store.ts'\n`)).toEqual([])
  })

  it('refuse an import circle', async () => {
    // backup-runs.ts is imported by engine-of's users; a file it imports that imports it back closes a circle.
    expect(await problems('server/db/engine-of.ts', `import { openBackupRuns } from './stores/backup-runs.ts'\nexport const x = openBackupRuns\n`)).toContain('import-x/no-cycle')
  })
})
