/**
 * The server's layers are held by the lint (eslint.config.js,
 * docs/decisions/0125-server-layers.md, 0212-capabilities-as-folders.md): these cases show the rule refuses
 * what it must, through ESLint itself, on files placed where they would be.
 */
import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
import { CAPABILITIES } from '../eslint.config.js'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => m.ruleId ?? m.message)
}

describe('the layers of server/ (lint)', () => {
  it('refuse a capability importing one it does not declare, or the composition root', async () => {
    // panel declares team only: the review (which uses the panel) is above it.
    expect(await problems('server/features/panel/new-file.ts', `export { changeStage } from '../review/pipeline.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/features/founder-page/new-file.ts', `export { createApp } from '../../app.ts'\n`)).toContain('import-x/no-restricted-paths')
  })

  it('let a capability import what it declares: its own files, the capabilities below it, shared code, the database layer and domain/', async () => {
    const code = `import { founderApp } from './founder-app.ts'
import { panelActions } from '../panel/panel-actions.ts'
import { sha256Hex } from '../../shared/auth/tokens.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import { STAGES } from '../../../domain/pipeline.ts'
export const all = [founderApp, panelActions, sha256Hex, STAGES] as const
export type S = FounderStore
`
    expect(await problems('server/features/founder-page/new-file.ts', code)).toEqual([])
  })

  it('declare every capability folder, in a graph with no circle', () => {
    const folders = readdirSync('server/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    expect(Object.keys(CAPABILITIES).sort()).toEqual(folders.sort())
    const graph: Record<string, readonly string[]> = CAPABILITIES
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (graph[from] ?? []).some((n) => n === to || (!seen.has(n) && (seen.add(n), reaches(n, to, seen))))
    expect(Object.keys(graph).filter((name) => reaches(name, name))).toEqual([])
  })

  it('refuse shared code importing a capability, and the database layer importing shared code', async () => {
    expect(await problems('server/shared/new-file.ts', `export { founderApp } from '../features/founder-page/founder-app.ts'\n`)).toContain('import-x/no-restricted-paths')
    expect(await problems('server/db/new-file.ts', `export { sha256Hex } from '../shared/auth/tokens.ts'\n`)).toContain('import-x/no-restricted-paths')
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

  it('refuse an import circle in the browser code too', async () => {
    // endpoints.ts imports client.ts: client.ts importing it back closes a circle.
    expect(await problems('src/workspace/api/client.ts', `import { call } from './endpoints.ts'\nexport const x = call\n`)).toContain('import-x/no-cycle')
  })
})
