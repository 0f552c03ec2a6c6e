import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// A comment says why by citing the decision that covers it (docs/decisions/NNNN, "ADR NNNN") or by saying the
// thing plainly: an issue number points at a tracker no reader of the repository can open. Only comments are
// read (strings and test names are not). The published SQLite migrations are frozen, comments included.
const ROOT = join(import.meta.dirname, '..')
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-results', 'playwright-report', 'e2e-artifacts'])
const FROZEN = new Set(['server/db/migrations/sqlite.ts'])
const ISSUE_CITATION = /\bissues? #?\d+/i

function sourceFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) found.push(...sourceFiles(join(dir, entry.name)))
    } else if (/\.(?:ts|tsx|js|mjs|cjs)$/.test(entry.name)) {
      found.push(join(dir, entry.name))
    }
  }
  return found
}

/** Whether `pos` lies in a comment: in the trivia before a token, which holds only spaces and comments. */
function inComment(source: ts.SourceFile, pos: number): boolean {
  let node: ts.Node = source
  for (;;) {
    let next: ts.Node | undefined
    ts.forEachChild(node, (child) => {
      if (child.pos <= pos && pos < child.end) return (next = child)
      return undefined
    })
    if (next === undefined) break
    if (pos < next.getStart(source)) return true
    node = next
  }
  // Inside `node` but in none of its child nodes: among its tokens (a string, JSX text, a brace) or in their trivia.
  let tokens = node.getChildren(source)
  if (tokens.length === 0) return node === source // a token itself (a string, a template, JSX text): not a comment
  for (;;) {
    const token = tokens.find((t) => t.pos <= pos && pos < t.end)
    if (token === undefined) return true
    if (pos < token.getStart(source)) return true
    if (token.kind !== ts.SyntaxKind.SyntaxList) return false
    tokens = token.getChildren(source)
  }
}

/** The comments that cite an issue number, as `file:line: the line`. */
export function issueCitations(fileName: string, text: string): string[] {
  const matches = [...text.matchAll(new RegExp(ISSUE_CITATION.source, 'gi'))]
  if (matches.length === 0) return [] // most files: nothing to parse
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind)
  const lines = new Set<number>()
  for (const match of matches) {
    if (inComment(source, match.index)) lines.add(source.getLineAndCharacterOfPosition(match.index).line)
  }
  const all = text.split('\n')
  return [...lines].sort((a, b) => a - b).map((line) => `${fileName}:${line + 1}: ${all[line]!.trim()}`)
}

describe('comments cite decisions, not issue numbers', () => {
  it('no source comment outside the frozen migrations cites an issue', () => {
    const files = sourceFiles(ROOT).map((path) => relative(ROOT, path).split('\\').join('/')).filter((path) => !FROZEN.has(path))
    expect(files.length).toBeGreaterThan(300)
    expect(files.flatMap((path) => issueCitations(path, readFileSync(join(ROOT, path), 'utf8')))).toEqual([])
  })

  it('finds an issue cited in a line comment, a block comment and a JSX comment, and not in strings, templates, JSX text or test names', () => {
    const text = [
      '// the first visit counts once (issue 32)',
      "it('keeps the draft (issue 19)', () => {",
      "  const label = 'issue 20'",
      '  /* the deal,',
      '     from issue 20 */',
      "  const o = { a: 'issue 5', // after a comma, issue 6",
      '    b: `issue ${7}` }',
      '  return <p>{/* cards below 768 px (Issue 19) */}',
      '    {`issue 3`} see issue 4 // in JSX text, not a comment</p>',
      '})',
    ].join('\n')
    expect(issueCitations('example.tsx', text)).toEqual([
      'example.tsx:1: // the first visit counts once (issue 32)',
      'example.tsx:5: from issue 20 */',
      "example.tsx:6: const o = { a: 'issue 5', // after a comma, issue 6",
      'example.tsx:8: return <p>{/* cards below 768 px (Issue 19) */}',
    ])
  })
})
