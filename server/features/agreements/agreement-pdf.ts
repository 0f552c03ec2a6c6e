/**
 * The agreement as a PDF, drawn on the server with pdf-lib (docs/decisions/0213): the rendered template
 * (domain/agreements.ts renderAgreement, every value from the stored records), on A4 pages with 12-point
 * text readable on a phone, the code and «Página n de m» on every page's footer, and a «MODELO DE MUESTRA»
 * header on every page while the template is the shipped sample. Then, before sealing, the evidence page
 * (withEvidencePage). Saved without object streams: the PDF signatures are added to it as incremental
 * updates by @signpdf's plain placeholder, which reads the classic cross-reference table.
 *
 * The standard fonts (Helvetica) encode WinAnsi, which holds Spanish (á, ñ, ü, ¿, ¡, «») but not every
 * character a template may hold: any other is replaced by its closest WinAnsi form, or «?», so drawing
 * never fails on a pasted symbol. The same input gives the same bytes (fixed dates, no random ids), so a
 * document drawn again for the founder's page is the one that was frozen.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'
import { evidenceLines, type AgreementEvidence, type AgreementFacts, type RenderedAgreement } from '../../../domain/agreements.ts'

export const AGREEMENT_PDF_INFO = { producer: `${PROGRAMME_NAME} (pdf-lib)`, creator: PROGRAMME_NAME } as const

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const BODY_SIZE = 12
const LEADING = 17
const HEADING_SIZE = 13.5
const TITLE_SIZE = 17
const FOOTER_SIZE = 9
const INK = rgb(0.06, 0.09, 0.16)
const MUTED = rgb(0.28, 0.33, 0.41)
const ALERT = rgb(0.6, 0.1, 0.1)

/** WinAnsi's printable characters beyond ASCII, as Unicode (pdf-lib's standard encoding). */
const WIN_ANSI_EXTRA = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ\u00a0¡¢£¤¥¦§¨©ª«¬\u00ad®¯°±²³´µ¶·¸¹º»¼½¾¿ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ'.split(''),
)
const REPLACEMENTS: Record<string, string> = { '≤': '<=', '≥': '>=', '→': '->', '←': '<-', '≠': '!=', '\u2009': ' ', '\u202f': ' ', '\u2011': '-', '\u2212': '-', '✓': 'v' }

/** Text the standard fonts can draw: WinAnsi kept, accents outside it dropped to their base letter, the rest «?». */
export function drawable(text: string): string {
  let out = ''
  for (const ch of text.replace(/\t/g, ' ')) {
    const code = ch.codePointAt(0)!
    if ((code >= 0x20 && code < 0x7f) || WIN_ANSI_EXTRA.has(ch)) out += ch
    else if (REPLACEMENTS[ch] !== undefined) out += REPLACEMENTS[ch]
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      out += base !== ch && [...base].every((c) => c.codePointAt(0)! < 0x7f) ? base : code < 0x20 ? ' ' : '?'
    }
  }
  return out
}

/** `text` broken into lines no wider than `width` at `size`; a word longer than a line is cut. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of drawable(text).split(/\s+/).filter((w) => w !== '')) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines
}

interface Writer {
  doc: PDFDocument
  regular: PDFFont
  bold: PDFFont
  page: PDFPage
  y: number
  /** Room kept at the top for the sample's header. */
  top: number
}

function newPage(w: Writer): void {
  w.page = w.doc.addPage(A4)
  w.y = A4[1] - MARGIN - w.top
}

function lines(w: Writer, text: string, font: PDFFont, size: number, leading: number, color = INK): void {
  for (const line of wrap(text, font, size, A4[0] - 2 * MARGIN)) {
    if (w.y < MARGIN + 30) newPage(w)
    w.page.drawText(line, { x: MARGIN, y: w.y, size, font, color })
    w.y -= leading
  }
}

/** The footer (code, where to verify, page n of m) and the sample's header, on every page. */
function frame(doc: PDFDocument, regular: PDFFont, bold: PDFFont, code: string, sample: boolean): void {
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    const footer = drawable(`Código de verificación: ${code} · Verifica en /verificar · Página ${i + 1} de ${pages.length}`)
    page.drawText(footer, { x: MARGIN, y: MARGIN - 24, size: FOOTER_SIZE, font: regular, color: MUTED })
    if (sample) page.drawText(drawable('MODELO DE MUESTRA — no usar sin revisión jurídica'), { x: MARGIN, y: A4[1] - MARGIN + 12, size: 10, font: bold, color: ALERT })
  })
}

const FIXED_DATE = (day: string) => new Date(`${day}T12:00:00-05:00`)

/** The agreement's PDF: its title, headings and paragraphs, the footer and (a sample) the header on every page. */
export async function agreementPdf(rendered: RenderedAgreement, facts: Pick<AgreementFacts, 'code' | 'version' | 'template' | 'issuedOn'>): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const date = FIXED_DATE(facts.issuedOn)
  doc.setTitle(drawable(`${rendered.title} (${facts.code}, versión ${facts.version})`))
  doc.setSubject(drawable(`Acuerdo ${facts.code}`))
  doc.setKeywords([facts.code])
  doc.setProducer(AGREEMENT_PDF_INFO.producer)
  doc.setCreator(AGREEMENT_PDF_INFO.creator)
  doc.setLanguage('es-CO')
  doc.setCreationDate(date)
  doc.setModificationDate(date)
  const w: Writer = { doc, regular, bold, page: undefined as unknown as PDFPage, y: 0, top: facts.template.sample ? 14 : 0 }
  newPage(w)
  lines(w, rendered.title, bold, TITLE_SIZE, 22)
  w.y -= 8
  for (const block of rendered.blocks) {
    if (block.kind === 'heading') {
      w.y -= 6
      if (w.y < MARGIN + 80) newPage(w)
      lines(w, block.text, bold, HEADING_SIZE, 19)
    } else {
      lines(w, block.text, regular, BODY_SIZE, LEADING)
      w.y -= 7
    }
  }
  w.y -= 24
  if (w.y < MARGIN + 90) newPage(w)
  lines(w, 'Firmas', bold, HEADING_SIZE, 19)
  lines(w, 'Este documento se firma electrónicamente: las firmas de la persona fundadora y del programa, con su evidencia, se agregan en la página final y en el propio archivo PDF.', regular, 10.5, 15, MUTED)
  frame(doc, regular, bold, facts.code, facts.template.sample)
  return doc.save({ useObjectStreams: false })
}

/** The document as sent with the evidence page appended (before the PDF signatures are added). */
export async function withEvidencePage(pdf: Uint8Array, evidence: AgreementEvidence): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const w: Writer = { doc, regular, bold, page: undefined as unknown as PDFPage, y: 0, top: 0 }
  newPage(w)
  lines(w, 'Evidencia de firma electrónica', bold, TITLE_SIZE, 22)
  lines(w, 'Cada firma es también una firma PDF del programa en este archivo: cualquier cambio posterior se detecta al verificarlo (en /verificar o con cualquier lector de PDF).', regular, 10.5, 15, MUTED)
  for (const section of evidenceLines(evidence)) {
    w.y -= 10
    lines(w, section.heading, bold, HEADING_SIZE, 19)
    for (const row of section.rows) {
      lines(w, `${row.label}:`, bold, 10.5, 14)
      lines(w, row.value, regular, 10.5, 15)
      w.y -= 2
    }
  }
  const last = doc.getPages().length
  const page = w.page
  page.drawText(drawable(`Código de verificación: ${evidence.code} · Verifica en /verificar · Página de evidencia (${last} de ${last})`), { x: MARGIN, y: MARGIN - 24, size: FOOTER_SIZE, font: regular, color: MUTED })
  doc.setModificationDate(evidence.sealedAt)
  return doc.save({ useObjectStreams: false })
}
