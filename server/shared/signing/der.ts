/**
 * A minimal DER encoder and reader for the signature's ASN.1 (CMS, RFC 3161):
 * Buffers in, Buffers out, so the bytes of a certificate or a timestamp token
 * are copied as they came, never decoded and encoded again. The reader keeps
 * each element's raw bytes (what a signature covers) and throws on anything
 * truncated; callers that read untrusted input catch.
 */

/** Universal tags and the context-specific ones the signature uses. */
export const TAG = {
  BOOLEAN: 0x01,
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  SEQUENCE: 0x30,
  SET: 0x31,
  GENERALIZED_TIME: 0x18,
  /** [n] constructed, context-specific: EXPLICIT tags and IMPLICIT SET/SEQUENCE. */
  context: (n: number): number => 0xa0 | n,
} as const

function lengthBytes(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length])
  const bytes: number[] = []
  for (let l = length; l > 0; l = Math.floor(l / 256)) bytes.unshift(l % 256)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

/** One element: tag, DER length, contents. */
export function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents)
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body])
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number)
  const bytes: number[] = [parts[0]! * 40 + parts[1]!]
  for (const part of parts.slice(2)) {
    const chunk: number[] = [part & 0x7f]
    for (let v = Math.floor(part / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f))
    bytes.push(...chunk)
  }
  return der(TAG.OID, Buffer.from(bytes))
}

/** A non-negative INTEGER from its unsigned big-endian bytes (minimal, with a 0x00 before a high bit). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0
  while (start < bytes.length - 1 && bytes[start] === 0) start++
  const trimmed = bytes.subarray(start)
  return der(TAG.INTEGER, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed)
}

/** SET OF in DER: its elements sorted by their encodings (X.690 11.6). */
export function derSetOf(tag: number, elements: Buffer[]): Buffer {
  return der(tag, ...[...elements].sort(Buffer.compare))
}

export interface Element {
  tag: number
  /** The whole element: tag, length and contents. */
  raw: Buffer
  /** The contents only. */
  content: Buffer
}

/** Reads one element at `offset` of `buf`. */
export function readElement(buf: Buffer, offset = 0): Element {
  if (offset + 2 > buf.length) throw new Error('DER: truncated element')
  const tag = buf[offset]!
  if ((tag & 0x1f) === 0x1f) throw new Error('DER: multi-byte tags are not supported')
  let length = buf[offset + 1]!
  let header = 2
  if (length & 0x80) {
    const count = length & 0x7f
    if (count === 0 || count > 4) throw new Error('DER: unsupported length')
    if (offset + 2 + count > buf.length) throw new Error('DER: truncated length')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + buf[offset + 2 + i]!
    header += count
  }
  const end = offset + header + length
  if (end > buf.length) throw new Error('DER: element longer than its container')
  return { tag, raw: buf.subarray(offset, end), content: buf.subarray(offset + header, end) }
}

/** The elements inside a constructed element's contents. */
export function children(element: Element): Element[] {
  const out: Element[] = []
  let offset = 0
  while (offset < element.content.length) {
    const child = readElement(element.content, offset)
    out.push(child)
    offset += child.raw.length
  }
  return out
}

/** The dotted form of an OBJECT IDENTIFIER element. */
export function readOid(element: Element): string {
  if (element.tag !== TAG.OID) throw new Error('DER: OBJECT IDENTIFIER expected')
  const bytes = element.content
  const first = bytes[0] ?? 0
  const parts = [Math.min(2, Math.floor(first / 40)), first - Math.min(2, Math.floor(first / 40)) * 40]
  let value = 0
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f)
    if (!(b & 0x80)) {
      parts.push(value)
      value = 0
    }
  }
  return parts.join('.')
}

/** A GeneralizedTime (YYYYMMDDHHMMSS[.fff]Z) as a Date. */
export function readGeneralizedTime(element: Element): Date {
  const text = element.content.toString('latin1')
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.(\d+))?Z$/.exec(text)
  if (!m) throw new Error(`DER: unsupported GeneralizedTime ${text}`)
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms))
}

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  sha1: '1.3.14.3.2.26',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
} as const

/** node:crypto's name for a digest algorithm OID, or null when unknown. */
export function hashName(dotted: string): string | null {
  switch (dotted) {
    case OID.sha256:
      return 'sha256'
    case OID.sha384:
      return 'sha384'
    case OID.sha512:
      return 'sha512'
    case OID.sha1:
      return 'sha1'
    default:
      return null
  }
}
