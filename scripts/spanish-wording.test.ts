/**
 * A guard over the Spanish the team and the founders read (the landing, the form, the workspace, the
 * founder's pages and every e-mail): the slips of ADRs 0144 and 0145 must not come back. It reads the source's
 * string literals and JSX text (comments, logs and operator messages, which are English, are skipped) and
 * refuses the known bad patterns. The SPEC's own texts are kept word for word, even where they say
 * "email" (ADR 0146).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TOASTS } from '../domain/messages.ts'

const ROOT = join(import.meta.dirname, '..')
const SCANNED = ['src', 'server', 'domain']
// Operator-facing code (English by the house rules) and test helpers.
const SKIPPED = /(\.test\.tsx?$|\/testing\/|\/cli\/|\/db\/migrations\/|-contract\.ts$|\/bench\/)/

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !SKIPPED.test(`/${path}`) ? [path] : []
  })
}

/** Lines that are code comments or messages for operators and logs, not text a person reads on screen. */
const NOT_SHOWN = /^\s*(\/\/|\*|\/\*)|\b(log|logger|console|io)\.(debug|info|warn|error|err|out|log)\b|throw new (Type)?Error\(|\bmsg: /

/**
 * The quoted strings, template literals and JSX text of a line, with what is interpolated reduced to
 * `${}` (code inside a text is not text).
 */
function texts(line: string): string[] {
  return [...line.matchAll(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|>[^<>{}]+(?=<|\{|$)|^[^<>{}'"`=;()]+(?=<|\{)/g)].map((m) =>
    m[0].replace(/\$\{[^}]*\}/g, '${}'),
  )
}

/** A text in Spanish: it has a Spanish letter or one of the commonest Spanish words. */
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|al|un|una|tu|su|sus|que|para|con|por|en|y)\b/i

// The SPEC's texts, word for word (SPEC §8): "confirmación por email" stays as the SPEC writes it.
const SPEC_TEXTS = Object.values(TOASTS).flatMap((t) => [t.title, t.description])

interface Rule {
  name: string
  bad: RegExp
  /** Check only Spanish texts (an English identifier like founderName is not user text). */
  spanishOnly?: boolean
  /** Check the whole line (a pattern that spans text and code), not each text on it. */
  line?: boolean
}

const RULES: Rule[] = [
  { name: 'a plural word before the count 1 ("sus 1 postulación")', bad: /\b(sus|las|los|eliminaron|borran) 1 [a-záéíóúñ]/ },
  // How "Se borran sus 1 postulación" was written: a plural word, the count, then the noun chosen by the
  // count, so only the noun agrees. Write the whole phrase for one and for many (countOf, plural).
  {
    name: 'a plural word before a count whose noun alone agrees ("sus {n} {n === 1 ? …}")',
    bad: /\b(sus|las|los|eliminaron|borran) \$?\{[^{}]*\}\s*\$?\{[^{}]*(===|!==) 1 \?/,
    line: true,
  },
  { name: 'a hand-made plural ("correo(s)")', bad: /[a-záéíóúñ]\((s|es)\)/, spanishOnly: true },
  { name: '"Pulsa": Colombians "hacen clic" (or "tocan" on a phone)', bad: /\bpulsa(r|n)?\b/i, spanishOnly: true },
  { name: 'a double period after "a. m." / "p. m."', bad: /[ap]\.[\s\u00a0]m\.\./ },
  // A time ends in "p. m.": a period written after it doubles (use sentence() from domain/format.ts).
  {
    name: 'a period right after a formatted time ("8:26 p. m..")',
    bad: /\$?\{[^{}]*\b(format(DateTime|Time)|[A-Z_]+\.format)\([^{}]*\)\s*\}\./,
    line: true,
  },
  { name: '"Founder" as a label: say "Persona fundadora"', bad: /^[>'"`]\s*Founders?\s*['"`]?$/ },
  { name: '"founder" in Spanish text: say "persona fundadora"', bad: /\bfounders?\b/i, spanishOnly: true },
  { name: '"fundador" alone: say "persona fundadora" (one word for one person)', bad: /\b(el|del|al|un|los) fundador(es)?\b/i },
  { name: '"email" / "e-mail" in Spanish text: say "correo"', bad: /\be-?mails?\b/i, spanishOnly: true },
  { name: 'a greeting with a gender ("Bienvenido"): say "Te damos la bienvenida"', bad: /\bBienvenid[oa]s?\b/ },
  { name: 'a gendered adjective for the reader ("estés listo", "eres seleccionado")', bad: /\b(estés|estás|eres) (listo|lista|seleccionado|seleccionada)\b/i },
]

interface Finding {
  rule: string
  where: string
  text: string
}

function scan(files: { path: string; source: string }[]): Finding[] {
  const findings: Finding[] = []
  for (const { path, source } of files) {
    source.split('\n').forEach((line, i) => {
      if (NOT_SHOWN.test(line)) return
      for (const rule of RULES) {
        if (rule.line && rule.bad.test(line)) findings.push({ rule: rule.name, where: `${path}:${i + 1}`, text: line.trim() })
      }
      for (const text of texts(line)) {
        if (SPEC_TEXTS.some((spec) => text.includes(spec))) continue
        for (const rule of RULES) {
          if (rule.line) continue
          if (rule.spanishOnly && !SPANISH.test(text)) continue
          if (rule.bad.test(text)) findings.push({ rule: rule.name, where: `${path}:${i + 1}`, text })
        }
      }
    })
  }
  return findings
}

describe('the Spanish that people read', () => {
  it('catches each known slip (the scanner itself can fail)', () => {
    const samples = [
      "<p>Se borran sus {held.length} {held.length === 1 ? 'postulación' : 'postulaciones'}.</p>",
      "Se eliminaron {deleted.length} {deleted.length === 1 ? 'postulación' : 'postulaciones'} (",
      "description: `${r.sent} correo(s) en camino.`",
      "'Pulsa el botón para entrar.'",
      "'Guardado el 25 de noviembre, 8:26 p. m..'",
      '<strong>Recuperamos tu borrador</strong> guardado el {SAVED_AT.format(savedAt)}. Revisa los',
      "<th scope=\"col\">Founder</th>",
      "<th>Founder</th> <p>Lo que le diremos al founder</p>",
      "'El fundador verá tu nota.'",
      "'Te enviamos un email con el enlace.'",
      '`Bienvenido a ${PROGRAMME_NAME}`',
      "'Envíalos cuando estés listo.'",
    ]
    const findings = scan(samples.map((source, i) => ({ path: `sample-${i}`, source })))
    expect(new Set(findings.map((f) => f.where))).toEqual(new Set(samples.map((_, i) => `sample-${i}:1`)))
    // …and leaves alone what is fine: identifiers, logs, English operator text and the SPEC's own words.
    const fine = scan([
      {
        path: 'fine',
        source: [
          "const founderName = form.founderName // the founder's name",
          "log({ level: 'info', msg: 'e-mail sent to the founder' })",
          "invalidate('founder-drafts', 'application')",
          "'Hemos recibido tu postulación y te hemos enviado una confirmación por email. Te contactaremos pronto.'",
          "`Se borran ${held}, sus evaluaciones, notas y correos.`",
          "count === 1 ? 'Se eliminó 1 postulación' : `Se eliminaron ${countOf(count, 'postulación', 'postulaciones')}`",
          "<p>{sentence(`Copia en curso desde el ${formatDateTime(email.settledAt)}`)}</p>",
          "'Te damos la bienvenida al equipo'",
        ].join('\n'),
      },
    ])
    expect(fine).toEqual([])
  })

  it('has none of the known slips in the landing, the form, the workspace, the founder pages or the e-mails', () => {
    const files = SCANNED.flatMap(sourceFiles).map((path) => ({ path: relative(ROOT, join(ROOT, path)), source: readFileSync(join(ROOT, path), 'utf8') }))
    expect(files.length).toBeGreaterThan(100)
    expect(scan(files).map((f) => `${f.where}: ${f.rule}: ${f.text}`)).toEqual([])
  })
})
