import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// docs/decisions/README.md is the index of every decision: a row per file, with the status its own
// `Status:` line gives (the line's first sentence).
const DIR = join(import.meta.dirname, '..', 'docs', 'decisions')

export function decisionFiles(names: readonly string[]): string[] {
  return names.filter((name) => /^\d{4}-.+\.md$/.test(name)).sort()
}

/** The first sentence of a decision's `Status:` line, or null when it has none. */
export function statusOf(text: string): string | null {
  const match = /^Status:\s*(.+?)\.(?:\s|$)/m.exec(text)
  return match ? match[1]!.trim() : null
}

/** The index's rows: file name → status, from `| [NNNN](file.md) | title | status | what it decides |`. */
export function indexRows(index: string): Map<string, string> {
  const rows = new Map<string, string>()
  for (const line of index.split('\n')) {
    const file = /^\|\s*\[\d{4}\]\(([^)]+\.md)\)/.exec(line)
    // Cells split at every | not escaped as \| (a title may hold one).
    const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim())
    if (file && cells.length >= 3) rows.set(file[1]!, cells[2]!)
  }
  return rows
}

/** What is wrong between the decision files and the index, one line each. */
export function indexProblems(files: ReadonlyMap<string, string>, index: string): string[] {
  const rows = indexRows(index)
  const problems: string[] = []
  for (const [name, text] of files) {
    const status = statusOf(text)
    if (status === null) problems.push(`${name} has no "Status:" line`)
    const listed = rows.get(name)
    if (listed === undefined) problems.push(`${name} is missing from docs/decisions/README.md`)
    else if (status !== null && listed !== status) problems.push(`${name}: the index says "${listed}", the file says "${status}"`)
  }
  for (const name of rows.keys()) {
    if (!files.has(name)) problems.push(`docs/decisions/README.md lists ${name}, which does not exist`)
  }
  return problems
}

describe('the index of decisions', () => {
  it('lists every decision with the status its own file gives', () => {
    const files = new Map(decisionFiles(readdirSync(DIR)).map((name) => [name, readFileSync(join(DIR, name), 'utf8')]))
    expect(files.size).toBeGreaterThan(100)
    expect(indexProblems(files, readFileSync(join(DIR, 'README.md'), 'utf8'))).toEqual([])
  })

  it('names a missing file, a missing status line and a status that differs', () => {
    const index = [
      '| Decision | Title | Status | What it decides |',
      '| [0001](0001-a.md) | A \\| or not | Accepted | A thing. |',
      '| [0002](0002-b.md) | B | Accepted | B. |',
      '| [0009](0009-gone.md) | Gone | Accepted | Gone. |',
    ].join('\n')
    const files = new Map([
      ['0001-a.md', '# 0001. A\n\nStatus: Superseded by ADR 0002. Read it.\n'],
      ['0002-b.md', '# 0002. B\n\nNo status here.\n'],
      ['0003-c.md', '# 0003. C\n\nStatus: Accepted.\n'],
    ])
    expect(indexProblems(files, index)).toEqual([
      '0001-a.md: the index says "Accepted", the file says "Superseded by ADR 0002"',
      '0002-b.md has no "Status:" line',
      '0003-c.md is missing from docs/decisions/README.md',
      'docs/decisions/README.md lists 0009-gone.md, which does not exist',
    ])
  })
})
