/**
 * Reads back the signatures of a PDF without trusting it: every /ByteRange
 * with its /Contents, the SHA-256 (or the CMS's digest algorithm) of the bytes
 * it covers against the CMS messageDigest, the signer's RSA signature over
 * the DER signed attributes checked with the certificate the CMS carries, and
 * the RFC 3161 token of a B-T signature (its time, its imprint against the
 * signature value). Certificates are not checked against any trust anchor:
 * this says whether the document is the one sealed, and by which key.
 *
 * Garbage in (not a PDF, a truncated one, a CMS that is not one) never
 * throws: a non-PDF gives [], a broken signature gives a FoundSignature whose
 * checks are false.
 */
import { createHash, verify as cryptoVerify, X509Certificate } from 'node:crypto'
import { issuerAndSerial } from './cms-signer.ts'
import { children, hashName, OID, readElement, readOid, TAG, type Element } from './der.ts'
import { parseTimeStampToken } from './tsa-client.ts'

export interface FoundSignature {
  fieldName: string | null
  name: string | null
  reason: string | null
  signingTime: Date | null
  byteRange: [number, number, number, number]
  coversWholeDocument: boolean
  digestMatches: boolean
  signatureValid: boolean
  signerSubject: string | null
  signerFingerprintSha256: string | null
  timestamp: { time: Date; imprintMatches: boolean; tsaSubject: string | null } | null
}

/** The text of a PDF string (literal or hex): UTF-16BE after a byte order mark, PDFDocEncoding (as Latin-1) otherwise. */
function decodePdfString(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le')
  return bytes.toString('latin1')
}

/** The PDF string that starts at `at` in `text` (Latin-1), or null. */
function readPdfString(text: string, at: number): string | null {
  if (text[at] === '<') {
    const end = text.indexOf('>', at)
    if (end < 0) return null
    let hex = text.slice(at + 1, end).replace(/\s+/g, '')
    if (!/^[0-9a-fA-F]*$/.test(hex)) return null
    if (hex.length % 2) hex += '0'
    const bytes = Buffer.from(hex, 'hex')
    return decodePdfString(bytes.length % 2 && bytes[0] === 0xfe ? bytes.subarray(0, -1) : bytes)
  }
  if (text[at] !== '(') return null
  const out: number[] = []
  let depth = 0
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]!
    if (c === '\\') {
      const n = text[++i]
      if (n === undefined) return null
      const simple: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 }
      if (n in simple) out.push(simple[n]!)
      else if (/[0-7]/.test(n)) {
        let octal = n
        while (octal.length < 3 && /[0-7]/.test(text[i + 1] ?? '')) octal += text[++i]
        out.push(parseInt(octal, 8) & 0xff)
      } else if (n === '\r') {
        if (text[i + 1] === '\n') i++
      } else if (n !== '\n') out.push(n.charCodeAt(0) & 0xff)
      continue
    }
    if (c === '(') depth++
    if (c === ')') {
      if (depth === 0) return decodePdfString(Buffer.from(out))
      depth--
    }
    out.push(c.charCodeAt(0) & 0xff)
  }
  return null
}

function stringEntry(dict: string, key: string): string | null {
  const m = new RegExp(`/${key}\\s*(?=[(<][^<])`).exec(dict)
  return m ? readPdfString(dict, m.index + m[0].length) : null
}

/** A PDF date (D:YYYYMMDDHHmmSS with Z or an offset such as +05'00'). */
function parsePdfDate(text: string | null): Date | null {
  const m = text ? /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text) : null
  if (!m) return null
  const [year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone = 'Z'] = m.slice(1).map((v) => v)
  let offsetMinutes = 0
  if (zone !== 'Z') {
    const z = /([+-])(\d{2})'?(\d{2})/.exec(zone)
    if (z) offsetMinutes = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]))
  }
  const ms = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)) - offsetMinutes * 60_000
  return Number.isFinite(ms) ? new Date(ms) : null
}

/**
 * The object (`n g obj … endobj`) around `at`, with its number. Searched
 * backwards for "obj" rather than with one regular expression over the text:
 * a /Contents of hexadecimal digits before `at` would make `\d+\s+\d+\s+obj`
 * quadratic.
 */
function enclosingObject(text: string, at: number): { num: number; gen: number; body: string } | null {
  const floor = Math.max(0, at - 262_144)
  for (let pos = text.lastIndexOf('obj', at); pos >= floor; pos = text.lastIndexOf('obj', pos - 1)) {
    if (/[A-Za-z0-9]/.test(text[pos + 3] ?? '') || text[pos - 1] === 'd') continue
    const m = /(\d{1,10})\s+(\d{1,5})\s+$/.exec(text.slice(Math.max(0, pos - 24), pos))
    if (!m) continue
    const end = text.indexOf('endobj', at)
    return { num: Number(m[1]), gen: Number(m[2]), body: text.slice(pos - m[0].length, end < 0 ? undefined : end) }
  }
  return null
}

function subjectOf(cert: X509Certificate): string {
  return cert.subject.split('\n').join(', ')
}

interface CmsCheck {
  digestMatches: boolean
  signatureValid: boolean
  signerSubject: string | null
  signerFingerprintSha256: string | null
  timestamp: FoundSignature['timestamp']
}

function checkCms(cms: Buffer, covered: Buffer[]): CmsCheck {
  const result: CmsCheck = { digestMatches: false, signatureValid: false, signerSubject: null, signerFingerprintSha256: null, timestamp: null }
  try {
    const contentInfo = children(readElement(cms))
    if (readOid(contentInfo[0]!) !== OID.signedData) return result
    const signedData = children(children(contentInfo[1]!)[0]!)
    const certificates = signedData.filter((e) => e.tag === TAG.context(0)).flatMap((e) => children(e).map((c) => Buffer.from(c.raw)))
    const signerInfo = children(children(signedData.at(-1)!)[0]!)
    const sid = signerInfo[1]!
    const hash = hashName(readOid(children(signerInfo[2]!)[0]!))
    if (!hash) return result
    let i = 3
    const signedAttrs: Element | undefined = signerInfo[i]?.tag === TAG.context(0) ? signerInfo[i++] : undefined
    i++ // signatureAlgorithm
    const signature = signerInfo[i++]!.content
    const unsignedAttrs: Element | undefined = signerInfo[i]?.tag === TAG.context(1) ? signerInfo[i] : undefined

    const contentDigest = createHash(hash)
    for (const part of covered) contentDigest.update(part)
    const digest = contentDigest.digest()

    const signerDer = certificates.find((der) => {
      try {
        const { issuer, serial } = issuerAndSerial(der)
        return sid.tag === TAG.SEQUENCE && Buffer.concat([issuer, serial]).equals(sid.content)
      } catch {
        return false
      }
    })
    const signer = signerDer ? new X509Certificate(signerDer) : null
    if (signer) {
      result.signerSubject = subjectOf(signer)
      result.signerFingerprintSha256 = signer.fingerprint256.replaceAll(':', '').toLowerCase()
    }
    if (signedAttrs) {
      const messageDigest = children(signedAttrs)
        .map((a) => children(a))
        .find((a) => readOid(a[0]!) === OID.messageDigest)
      const value = messageDigest ? children(messageDigest[1]!)[0]?.content : undefined
      result.digestMatches = value !== undefined && value.equals(digest)
      const toVerify = Buffer.concat([Buffer.from([TAG.SET]), signedAttrs.raw.subarray(1)])
      result.signatureValid = signer !== null && cryptoVerify(hash, toVerify, signer.publicKey, signature)
    } else {
      result.digestMatches = true
      const data = Buffer.concat(covered)
      result.signatureValid = signer !== null && cryptoVerify(hash, data, signer.publicKey, signature)
    }
    if (unsignedAttrs) {
      const tokenAttr = children(unsignedAttrs)
        .map((a) => children(a))
        .find((a) => readOid(a[0]!) === OID.signatureTimeStampToken)
      const token = tokenAttr ? children(tokenAttr[1]!)[0] : undefined
      if (token) {
        const info = parseTimeStampToken(Buffer.from(token.raw))
        const imprint = info.hashAlgorithm ? createHash(info.hashAlgorithm).update(signature).digest() : null
        const tsaCerts = info.certificates.map((der) => new X509Certificate(der))
        const tsa = tsaCerts.find((c) => c.keyUsage?.includes('1.3.6.1.5.5.7.3.8')) ?? tsaCerts[0]
        result.timestamp = { time: info.genTime, imprintMatches: imprint !== null && imprint.equals(info.hashedMessage), tsaSubject: tsa ? subjectOf(tsa) : null }
      }
    }
  } catch {
    // A malformed CMS: what was established so far stands, the rest stays false.
  }
  return result
}

export function readPdfSignatures(pdf: Uint8Array): FoundSignature[] {
  try {
    const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) return []
    const text = bytes.toString('latin1')
    const found: FoundSignature[] = []
    for (const m of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
      const byteRange = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] as [number, number, number, number]
      const [a, b, c, d] = byteRange
      const object = enclosingObject(text, m.index)
      const dict = object?.body ?? ''
      let fieldName: string | null = null
      if (object) {
        const widget = new RegExp(`/V\\s+${object.num}\\s+${object.gen}\\s+R\\b`).exec(text)
        if (widget) fieldName = stringEntry(enclosingObject(text, widget.index)?.body ?? '', 'T')
      }
      const sane = a === 0 && b > 0 && c > b + 1 && c + d <= bytes.length && text[b] === '<' && text[c - 1] === '>'
      const hex = sane ? text.slice(b + 1, c - 1) : ''
      const cms = /^[0-9a-fA-F]*$/.test(hex) && hex.length % 2 === 0 ? Buffer.from(hex, 'hex') : Buffer.alloc(0)
      const checks: CmsCheck =
        sane && cms.length > 0
          ? checkCms(cms, [bytes.subarray(0, b), bytes.subarray(c, c + d)])
          : { digestMatches: false, signatureValid: false, signerSubject: null, signerFingerprintSha256: null, timestamp: null }
      found.push({
        fieldName,
        name: stringEntry(dict, 'Name'),
        reason: stringEntry(dict, 'Reason'),
        signingTime: parsePdfDate(stringEntry(dict, 'M')),
        byteRange,
        coversWholeDocument: c + d === bytes.length,
        ...checks,
      })
    }
    return found
  } catch {
    return []
  }
}

/** At least one signature, every one intact and valid, and the last one covering the whole document. */
export function pdfIsIntact(pdf: Uint8Array): boolean {
  const signatures = readPdfSignatures(pdf)
  return signatures.length > 0 && signatures.every((s) => s.digestMatches && s.signatureValid) && signatures.at(-1)!.coversWholeDocument
}
