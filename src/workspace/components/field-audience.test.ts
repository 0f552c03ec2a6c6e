/**
 * The team's «Motivo» of a cancelled panel session reached the founder word for word under a label
 * that did not say so. Every free-text field of the workspace's forms says in its label who reads it, with
 * field-audience.ts's two phrases: a text area (plain, TextAreaField or the stage dialog's ReasonArea), a
 * confirmation's reason, and a one-line field for a reason, a note or a proof link. The generic components
 * that take their label from the caller are checked at their callers.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FOUNDER_READS, INTERNAL, forFounder, internal } from './field-audience.ts'

const ROOT = join(import.meta.dirname, '..')
/** The components that take their label from their caller (ConfirmDialog's reason, TextAreaField). */
const GENERIC = new Set(['components/confirm-dialog.tsx', 'components/ui.tsx'])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : []
  })
}

/** Says who reads it: one of the two helpers, or one of the two phrases. */
const SAYS_WHO = /\b(forFounder|internal)\(|\b(FOUNDER_READS|INTERNAL)\b/

/** From `start`, the text up to the end of the JSX element or object that opens there (balanced braces and angle brackets are not needed: up to "/>" or "})". */
function until(text: string, start: number, end: RegExp): string {
  const rest = text.slice(start)
  const m = end.exec(rest)
  return m ? rest.slice(0, m.index + m[0].length) : rest
}

interface Field {
  file: string
  line: number
  what: string
  label: string
}

function fieldsOf(file: string, text: string): Field[] {
  const fields: Field[] = []
  const lineOf = (index: number) => text.slice(0, index).split('\n').length
  const add = (index: number, what: string, label: string) => fields.push({ file, line: lineOf(index), what, label })

  // <TextAreaField … label=…/>, <ReasonArea … label=… aside=…/>
  for (const m of text.matchAll(/<(TextAreaField|ReasonArea)\b/g)) add(m.index, m[1]!, until(text, m.index, /\/>/))
  // <TextField id={…reason|note|notes|proof…} … />
  for (const m of text.matchAll(/<TextField\b/g)) {
    const element = until(text, m.index, /\/>/)
    if (/id=\{[^}]*(reason|note|proof)/i.test(element)) add(m.index, 'TextField', element)
  }
  // A confirmation's reason: reason={{ label: … }} or { reason: { label: … } }
  for (const m of text.matchAll(/reason(=\{\{|: \{)\s*(\/\/[^\n]*\s*)*label:/g)) add(m.index, 'ConfirmDialog reason', until(text, m.index, /\brequired:/))
  // A plain <textarea id={x}>: its <label htmlFor={x}>…</label>
  for (const m of text.matchAll(/<textarea\b[\s\S]*?\bid=\{((?:[^{}]|\{[^{}]*\})+)\}/g)) {
    const id = m[1]!.trim()
    const label = new RegExp(`<label htmlFor=\\{${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\}[\\s\\S]*?</label>`).exec(text)
    // A component's own text area that shows its caller's label (ReasonArea's `{label} {aside}`) is checked at its callers.
    if (label && /^\s*<label[^>]*>\s*\{label\}/.test(label[0])) continue
    add(m.index, 'textarea', label?.[0] ?? '(no label)')
  }
  return fields
}

const FIELDS = sources(ROOT)
  .filter((path) => !GENERIC.has(relative(ROOT, path)))
  .flatMap((path) => fieldsOf(relative(ROOT, path), readFileSync(path, 'utf8')))

describe('who reads a field, said in its label (issue 32)', () => {
  it('the two phrases, in one place', () => {
    expect(forFounder('Motivo')).toBe('Motivo (lo verá la persona fundadora)')
    expect(internal('Nota', { optional: true })).toBe('Nota (opcional; interno: la persona fundadora no lo ve)')
    expect(FOUNDER_READS).not.toBe(INTERNAL)
  })

  it('finds the workspace’s free-text fields (the scan itself works)', () => {
    const where = FIELDS.map((f) => `${f.file} ${f.what}`)
    for (const expected of [
      'features/panel/session-dialogs.tsx ConfirmDialog reason',
      'features/detail/notes.tsx TextAreaField',
      'features/detail/documents.tsx TextAreaField',
      'features/detail/stage-actions.tsx ReasonArea',
      'features/detail/stage-actions.tsx ConfirmDialog reason',
      'features/detail/review-form.tsx textarea',
      'routes/founder-mail.tsx textarea',
      'features/conflicts/conflicts.tsx textarea',
      'features/follow-up/follow-up-panel.tsx ConfirmDialog reason',
    ]) {
      expect(where).toContain(expected)
    }
  })

  it('every one of them says who reads it', () => {
    const silent = FIELDS.filter((f) => !SAYS_WHO.test(f.label)).map((f) => `${f.file}:${f.line} ${f.what}`)
    expect(silent).toEqual([])
  })

  it('no other wording of who reads a field is left', () => {
    const old = /\(solo la ve el equipo\)|\(queda en la auditoría\)|las personas fundadoras no lo ven|el motivo de arriba es interno/
    const found = sources(ROOT).filter((path) => old.test(readFileSync(path, 'utf8'))).map((path) => relative(ROOT, path))
    expect(found).toEqual([])
  })
})
