/**
 * A PAdES signature added to a PDF as an incremental update (ADR 0213): the
 * input's bytes stay, byte for byte, the start of the output, so every earlier
 * signature stays valid and each one covers its own revision.
 *
 * The placeholder (signature dictionary, widget, AcroForm, the first page's
 * /Annots, an xref section with /Prev) is written here rather than by
 * `@signpdf/placeholder-plain`: that library names every field "SignatureN"
 * (the founder's and the programme's signatures need their own names), and it
 * writes a non-ASCII /Name or /Reason as UTF-16 whose bytes it then encodes
 * again as UTF-8 ("José Núñez" comes out garbled). pdf-lib only reads the
 * document (catalog, first page, AcroForm); nothing it writes is kept.
 * `@signpdf/signpdf` then fills /ByteRange and /Contents with the CMS of
 * ./cms-signer.ts.
 *
 * Supported input: a PDF with a classic xref table (pdf-lib's
 * `useObjectStreams: false`), signed or not; not an encrypted one.
 */
import { SignPdf } from '@signpdf/signpdf'
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString } from 'pdf-lib'
import { CadesSigner } from './cms-signer.ts'
import type { SigningIdentity } from './identity.ts'

export interface SignatureMeta {
  /** The signature field's name (/T), unique in the document, e.g. Firma_persona_fundadora. */
  fieldName: string
  /** Who signs (/Name): the founder or the programme's signer, whoever the programme's key seals for. */
  name: string
  reason: string
  location: string
  contactInfo: string
  /** The signature dictionary's /M: the signing time PAdES uses. */
  signingTime: Date
}

/** Room for the CMS (certificate chain and timestamp token): 16 KiB, 32 Ki hexadecimal digits. */
export const SIGNATURE_LENGTH = 16_384

const FIELD_NAME_RE = /^[A-Za-z0-9_-]{1,64}$/

/** A PDF text string: a literal when ASCII, UTF-16BE with its byte order mark (hex) otherwise. */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`
  const utf16be = Buffer.from(`\ufeff${text}`, 'utf16le').swap16()
  return `<${utf16be.toString('hex').toUpperCase()}>`
}

/** A PDF date (D:YYYYMMDDHHmmSSZ), in UTC. */
export function pdfDate(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0')
  return `D:${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}Z`
}

function fieldNameOf(dict: PDFDict | undefined): string | null {
  const t = dict?.get(PDFName.of('T'))
  return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : null
}

/** The input with a signature placeholder appended as an incremental update. */
export async function addSignaturePlaceholder(pdf: Uint8Array, meta: SignatureMeta, signatureLength = SIGNATURE_LENGTH): Promise<Buffer> {
  if (!FIELD_NAME_RE.test(meta.fieldName)) throw new Error(`Signature field name ${JSON.stringify(meta.fieldName)}: letters, digits, _ and - only`)
  const input = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
  const tail = input.subarray(Math.max(0, input.length - 1024)).toString('latin1')
  const startxrefs = [...tail.matchAll(/startxref\s+(\d+)\s+%%EOF/g)]
  const prev = startxrefs.at(-1)?.[1]
  if (prev === undefined) throw new Error('Not a PDF this signer can extend: no startxref at its end')
  if (input.subarray(Number(prev), Number(prev) + 4).toString('latin1') !== 'xref') {
    throw new Error('Not a PDF this signer can extend: its last cross-reference is a stream (save it with useObjectStreams: false)')
  }
  const doc = await PDFDocument.load(pdf, { updateMetadata: false })
  const context = doc.context
  if (context.trailerInfo.Encrypt) throw new Error('Cannot sign an encrypted PDF')
  const rootRef = context.trailerInfo.Root
  if (!(rootRef instanceof PDFRef)) throw new Error('Not a PDF this signer can extend: no /Root reference')
  const page = doc.getPages()[0]
  if (!page) throw new Error('Cannot sign a PDF without pages')

  let next = context.largestObjectNumber + 1
  const sigNum = next++
  const widgetNum = next++
  const objects = new Map<number, { gen: number; body: string }>()

  // The AcroForm: updated where it is, or a new object the catalog points to.
  const catalog = doc.catalog
  const acroFormEntry = catalog.get(PDFName.of('AcroForm'))
  const acroForm = acroFormEntry ? context.lookup(acroFormEntry) : undefined
  const form = acroForm instanceof PDFDict ? acroForm.clone(context) : PDFDict.withContext(context)
  const fieldsEntry = form.get(PDFName.of('Fields'))
  const oldFields = fieldsEntry ? context.lookup(fieldsEntry) : undefined
  const fields = oldFields instanceof PDFArray ? oldFields.clone(context) : PDFArray.withContext(context)
  for (let i = 0; i < fields.size(); i++) {
    const field = context.lookup(fields.get(i))
    if (field instanceof PDFDict && fieldNameOf(field) === meta.fieldName) throw new Error(`The PDF already has a field named ${meta.fieldName}`)
  }
  fields.push(PDFRef.of(widgetNum))
  form.set(PDFName.of('Fields'), fields)
  form.set(PDFName.of('SigFlags'), context.obj(3))
  if (acroFormEntry instanceof PDFRef) {
    objects.set(acroFormEntry.objectNumber, { gen: acroFormEntry.generationNumber, body: form.toString() })
  } else {
    const formNum = next++
    objects.set(formNum, { gen: 0, body: form.toString() })
    const newCatalog = catalog.clone(context)
    newCatalog.set(PDFName.of('AcroForm'), PDFRef.of(formNum))
    objects.set(rootRef.objectNumber, { gen: rootRef.generationNumber, body: newCatalog.toString() })
  }

  // The first page lists the (invisible) widget among its annotations.
  const pageDict = page.node.clone(context)
  const annotsEntry = pageDict.get(PDFName.of('Annots'))
  const oldAnnots = annotsEntry ? context.lookup(annotsEntry) : undefined
  const annots = oldAnnots instanceof PDFArray ? oldAnnots.clone(context) : PDFArray.withContext(context)
  annots.push(PDFRef.of(widgetNum))
  pageDict.set(PDFName.of('Annots'), annots)
  objects.set(page.ref.objectNumber, { gen: page.ref.generationNumber, body: pageDict.toString() })

  objects.set(sigNum, {
    gen: 0,
    body: [
      '<<',
      '/Type /Sig',
      '/Filter /Adobe.PPKLite',
      `/SubFilter /${SUBFILTER_ETSI_CADES_DETACHED}`,
      `/ByteRange [0 /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER}]`,
      `/Contents <${'0'.repeat(signatureLength * 2)}>`,
      `/M (${pdfDate(meta.signingTime)})`,
      `/Name ${pdfText(meta.name)}`,
      `/Reason ${pdfText(meta.reason)}`,
      `/Location ${pdfText(meta.location)}`,
      `/ContactInfo ${pdfText(meta.contactInfo)}`,
      '/Prop_Build << /App << /Name /Catalitico >> >>',
      '>>',
    ].join('\n'),
  })
  objects.set(widgetNum, {
    gen: 0,
    body: `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/Rect [0 0 0 0]\n/F 132\n/T ${pdfText(meta.fieldName)}\n/V ${sigNum} 0 R\n/P ${page.ref.objectNumber} ${page.ref.generationNumber} R\n>>`,
  })

  const parts: Buffer[] = [input]
  let length = input.length
  const push = (text: string) => {
    const bytes = Buffer.from(text, 'latin1')
    parts.push(bytes)
    length += bytes.length
  }
  if (!/[\r\n]$/.test(tail)) push('\n')
  const offsets = new Map<number, number>()
  for (const [num, { gen, body }] of [...objects].sort((a, b) => a[0] - b[0])) {
    offsets.set(num, length)
    push(`${num} ${gen} obj\n${body}\nendobj\n`)
  }
  const xrefOffset = length
  let xref = 'xref\n'
  const nums = [...offsets.keys()].sort((a, b) => a - b)
  for (let i = 0; i < nums.length; ) {
    let j = i
    while (j + 1 < nums.length && nums[j + 1] === nums[j]! + 1) j++
    xref += `${nums[i]} ${j - i + 1}\n`
    for (let k = i; k <= j; k++) xref += `${String(offsets.get(nums[k]!)).padStart(10, '0')} ${String(objects.get(nums[k]!)!.gen).padStart(5, '0')} n \n`
    i = j + 1
  }
  const trailer = [`/Size ${Math.max(next, context.largestObjectNumber + 1)}`, `/Root ${rootRef.toString()}`, `/Prev ${prev}`]
  if (context.trailerInfo.Info) trailer.push(`/Info ${context.trailerInfo.Info.toString()}`)
  if (context.trailerInfo.ID) trailer.push(`/ID ${context.trailerInfo.ID.toString()}`)
  push(`${xref}trailer\n<<\n${trailer.join('\n')}\n>>\nstartxref\n${xrefOffset}\n%%EOF`)
  return Buffer.concat(parts, length)
}

/**
 * Signs `pdf` with the programme's identity: a new signature field
 * `meta.fieldName`, PAdES B-B, or B-T when `options.tsaUrl` is set. The input
 * is a byte-for-byte prefix of the output. A timestamp authority that fails
 * rejects with an Error starting "timestamp authority".
 */
export async function signPdf(pdf: Uint8Array, meta: SignatureMeta, identity: SigningIdentity, options: { tsaUrl?: string | null; fetch?: typeof fetch } = {}): Promise<Uint8Array> {
  const withPlaceholder = await addSignaturePlaceholder(pdf, meta)
  const signer = new CadesSigner(identity, { tsaUrl: options.tsaUrl ?? null, ...(options.fetch ? { fetch: options.fetch } : {}) })
  const signed = await new SignPdf().sign(withPlaceholder, signer, meta.signingTime)
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength)
}
