import { describe, expect, it } from 'vitest'
import { tablesExportedBy } from '../domain/workspace-api/endpoint.ts'
import { WORKSPACE_API, WORKSPACE_ROUTE_GROUPS } from './workspace-routes.ts'

describe('the workspace route groups (server/workspace-routes.ts)', () => {
  it('serve every endpoint table of domain/workspace-api/, each once', () => {
    const written = tablesExportedBy(import.meta.glob(['../domain/workspace-api/*.ts', '!**/*.test.ts'], { eager: true }))
    const served = WORKSPACE_ROUTE_GROUPS.flatMap((group) => Object.values(group.tables))
    expect(Object.keys(written).length, 'the tables found').toBeGreaterThanOrEqual(17)
    expect(new Set(served).size, 'no table named twice').toBe(served.length)
    const missing = Object.entries(written).filter(([, table]) => !served.includes(table as never)).map(([name]) => name)
    expect(missing, 'tables no route group serves').toEqual([])
    expect(served.length).toBe(Object.keys(written).length)
    expect(Object.keys(WORKSPACE_API)).toHaveLength(served.length)
  })
})
