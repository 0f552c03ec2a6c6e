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

/** Every comment of a source text, with the line it starts on. */
export function commentsOf(fileName: string, text: string): { line: number; text: string }[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  const seen = new Map<number, { line: number; text: string }>()
  const collect = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos)) {
        seen.set(range.pos, { line: source.getLineAndCharacterOfPosition(range.pos).line + 1, text: text.slice(range.pos, range.end) })
      }
    }
  }
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos))
    collect(ts.getTrailingCommentRanges(text, node.end))
    for (const child of node.getChildren(source)) visit(child)
  }
  visit(source)
  return [...seen.values()].sort((a, b) => a.line - b.line)
}

/** The comments that cite an issue number, as `file:line: comment`. */
export function issueCitations(fileName: string, text: string): string[] {
  if (!ISSUE_CITATION.test(text)) return [] // most files: nothing to parse
  return commentsOf(fileName, text)
    .filter((comment) => ISSUE_CITATION.test(comment.text))
    .map((comment) => `${fileName}:${comment.line}: ${comment.text.split('\n').find((line) => ISSUE_CITATION.test(line))!.trim()}`)
}

describe('comments cite decisions, not issue numbers', () => {
  it('no source comment outside the frozen migrations cites an issue', () => {
    const files = sourceFiles(ROOT).map((path) => relative(ROOT, path).split('\\').join('/')).filter((path) => !FROZEN.has(path))
    expect(files.length).toBeGreaterThan(300)
    expect(files.flatMap((path) => issueCitations(path, readFileSync(join(ROOT, path), 'utf8')))).toEqual([])
  })

  it('finds an issue cited in a line comment, a block comment and a JSX comment, and not in strings or test names', () => {
    const text = [
      '// the first visit counts once (issue 32)',
      "it('keeps the draft (issue 19)', () => {",
      "  const label = 'issue 20'",
      '  /* the deal,',
      '     from issue 20 */',
      '  return <p>{/* cards below 768 px (Issue 19) */}{`issue 3`}</p>',
      '})',
    ].join('\n')
    expect(issueCitations('example.tsx', text)).toEqual([
      'example.tsx:1: // the first visit counts once (issue 32)',
      'example.tsx:4: from issue 20 */',
      'example.tsx:6: /* cards below 768 px (Issue 19) */',
    ])
  })
})
