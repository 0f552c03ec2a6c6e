import { execFile } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestTsa, type TestTsa } from '../../testing/tsa-server.ts'
import { children, OID, readElement, readOid, TAG } from './der.ts'
import { loadSigningIdentity, type SigningIdentity } from './identity.ts'
import { signPdf, type SignatureMeta } from './pades.ts'
import { pdfIsIntact, readPdfSignatures } from './verify.ts'

const run = promisify(execFile)
const PDFSIG = process.env.PDFSIG_PATH ?? '/usr/bin/pdfsig'
const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl'

let dir = ''
let identity: SigningIdentity
let unsigned: Uint8Array
let tsa: TestTsa

const founder: SignatureMeta = {
  fieldName: 'Firma_persona_fundadora',
  name: 'José Núñez',
  reason: 'Acepto el contrato de compraventa de acciones (firma electrónica)',
  location: 'Bogotá, Colombia',
  contactInfo: 'jose@empresa.example',
  signingTime: new Date('2026-12-04T15:30:45Z'),
}
const programme: SignatureMeta = { ...founder, fieldName: 'Firma_programa', name: 'María Peña (Catalítico)', reason: 'Sello del programa', signingTime: new Date('2026-12-05T09:00:00Z') }

/** pdfsig's report of a file; fails (never skips) when pdfsig is not installed. */
async function pdfsig(pdf: Uint8Array, name: string): Promise<string> {
  if (!existsSync(PDFSIG)) throw new Error(`pdfsig not found at ${PDFSIG}: install Debian's poppler-utils or set PDFSIG_PATH`)
  const file = join(dir, name)
  await writeFile(file, pdf)
  try {
    const { stdout } = await run(PDFSIG, ['-nocert', file])
    return stdout
  } catch (error) {
    // pdfsig exits non-zero on some invalid signatures; its report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout
    if (stdout) return stdout
    throw error
  }
}

/** pdfsig's report split per signature ("Signature #1:" …). */
function perSignature(report: string): string[] {
  return report.split(/^Signature #\d+:$/m).slice(1)
}

/** The CMS of the signature whose /ByteRange is `byteRange`. */
function cmsOf(pdf: Uint8Array, byteRange: [number, number, number, number]): Buffer {
  const hex = Buffer.from(pdf.subarray(byteRange[1] + 1, byteRange[2] - 1)).toString('latin1')
  return Buffer.from(readElement(Buffer.from(hex, 'hex')).raw)
}

/** The SignerInfo of a CMS: its signed attributes by OID, its signature value and its unsigned attributes by OID. */
function signerInfoOf(cms: Buffer) {
  const signedData = children(children(children(readElement(cms))[1]!)[0]!)
  const signerInfo = children(children(signedData.at(-1)!)[0]!)
  const attrs = (e: (typeof signerInfo)[number] | undefined) => new Map((e ? children(e) : []).map((a) => [readOid(children(a)[0]!), children(children(a)[1]!)]))
  const signedAttrs = signerInfo.find((e) => e.tag === TAG.context(0))
  const unsignedAttrs = signerInfo.find((e) => e.tag === TAG.context(1))
  const signature = signerInfo.filter((e) => e.tag === TAG.OCTET_STRING).at(-1)!.content
  const certificates = children(signedData.find((e) => e.tag === TAG.context(0))!).map((c) => Buffer.from(c.raw))
  return { signed: attrs(signedAttrs), unsigned: attrs(unsignedAttrs), signature, certificates }
}

async function drawAgreement(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const lines = [
    'Contrato de compraventa de acciones',
    'Entre Catalítico S.A.S. y la sociedad de la persona fundadora, José Núñez.',
    'Cláusula primera: el programa recibe acciones a cambio de pauta en medios.',
    'Firmado electrónicamente en Bogotá, Colombia (Ley 527 de 1999).',
  ]
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([612, 792])
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 720 - i * 20, size: 11, font }))
  }
  return doc.save({ useObjectStreams: false })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pades-'))
  identity = await loadSigningIdentity({ dataDir: dir, log: () => {} })
  unsigned = await drawAgreement()
  tsa = await startTestTsa()
})

afterAll(async () => {
  await tsa?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('signPdf', () => {
  it('signs a PDF drawn by pdf-lib as an incremental update that pdfsig finds valid over the whole document', async () => {
    const signed = await signPdf(unsigned, founder, identity)
    expect(Buffer.from(signed.subarray(0, unsigned.length)).equals(Buffer.from(unsigned))).toBe(true)

    const report = await pdfsig(signed, 'once.pdf')
    const [first, ...rest] = perSignature(report)
    expect(rest).toHaveLength(0)
    expect(first).toContain('Signature Field Name: Firma_persona_fundadora')
    expect(first).toContain('Signature Type: ETSI.CAdES.detached')
    expect(first).toContain('Signing Hash Algorithm: SHA-256')
    expect(first).toContain('Total document signed')
    expect(first).toContain('Signature is Valid.')

    const [found, ...others] = readPdfSignatures(signed)
    expect(others).toHaveLength(0)
    expect(found).toMatchObject({
      fieldName: 'Firma_persona_fundadora',
      name: 'José Núñez',
      reason: founder.reason,
      coversWholeDocument: true,
      digestMatches: true,
      signatureValid: true,
      signerSubject: identity.subjectName,
      signerFingerprintSha256: identity.fingerprintSha256,
      timestamp: null,
    })
    expect(found!.signingTime?.toISOString()).toBe('2026-12-04T15:30:45.000Z')
    expect(Buffer.from(signed).toString('latin1')).toContain('/M (D:20261204153045Z)')
    expect(pdfIsIntact(signed)).toBe(true)
  })

  it('writes the signer name and reason as PDF text strings another reader (pdf-lib) decodes with their accents', async () => {
    const signed = await signPdf(unsigned, founder, identity)
    const doc = await PDFDocument.load(signed)
    const fields = doc.getForm().acroForm.getAllFields()
    const widget = fields.map(([field]) => field.dict).find((d) => (d.get(PDFName.of('T')) as PDFString).decodeText() === 'Firma_persona_fundadora')
    const sig = doc.context.lookup(widget!.get(PDFName.of('V')), PDFDict)
    expect((sig.get(PDFName.of('Name')) as PDFHexString).decodeText()).toBe('José Núñez')
    expect((sig.get(PDFName.of('Location')) as PDFHexString).decodeText()).toBe('Bogotá, Colombia')
    expect((sig.get(PDFName.of('Reason')) as PDFString).decodeText()).toBe(founder.reason)
    // UTF-16BE with its byte order mark, not UTF-8 bytes in a literal.
    expect(Buffer.from(signed).toString('latin1')).toContain('/Name <FEFF004A006F007300E90020004E00FA00F10065007A>')
  })

  it('adds a second signature (founder, then programme) that leaves the first valid over its own revision', async () => {
    const once = await signPdf(unsigned, founder, identity)
    const twice = await signPdf(once, programme, identity)
    expect(Buffer.from(twice.subarray(0, once.length)).equals(Buffer.from(once))).toBe(true)

    const sections = perSignature(await pdfsig(twice, 'twice.pdf'))
    expect(sections).toHaveLength(2)
    expect(sections[0]).toContain('Signature Field Name: Firma_persona_fundadora')
    expect(sections[0]).toContain('Not total document signed')
    expect(sections[0]).toContain('Signature is Valid.')
    expect(sections[1]).toContain('Signature Field Name: Firma_programa')
    expect(sections[1]).toContain('Total document signed')
    expect(sections[1]).toContain('Signature is Valid.')

    const found = readPdfSignatures(twice)
    expect(found.map((s) => [s.fieldName, s.name, s.coversWholeDocument, s.digestMatches, s.signatureValid])).toEqual([
      ['Firma_persona_fundadora', 'José Núñez', false, true, true],
      ['Firma_programa', 'María Peña (Catalítico)', true, true, true],
    ])
    // The first signature covers exactly the first signed file.
    expect(found[0]!.byteRange[2] + found[0]!.byteRange[3]).toBe(once.length)
    expect(pdfIsIntact(twice)).toBe(true)
    await expect(signPdf(twice, programme, identity)).rejects.toThrow(/already has a field named Firma_programa/)
  })

  it('shows a changed byte and bytes appended after the last signature', async () => {
    const signed = await signPdf(unsigned, founder, identity)
    const [sig] = readPdfSignatures(signed)
    const tampered = Uint8Array.from(signed)
    const at = Buffer.from(signed).indexOf('612', 0, 'latin1')
    expect(at).toBeGreaterThan(0)
    expect(at).toBeLessThan(sig!.byteRange[1])
    tampered[at + 2] = '3'.charCodeAt(0)

    const tamperedReport = perSignature(await pdfsig(tampered, 'tampered.pdf'))[0]
    expect(tamperedReport).toContain('Signature Validation: Digest Mismatch.')
    expect(tamperedReport).not.toContain('Signature is Valid.')
    const [found] = readPdfSignatures(tampered)
    expect(found!.digestMatches).toBe(false)
    // The signature over the attributes is still the signer's: only the document changed.
    expect(found!.signatureValid).toBe(true)
    expect(pdfIsIntact(tampered)).toBe(false)

    const appended = Buffer.concat([signed, Buffer.from('\n1 0 obj\n(añadido)\nendobj\n')])
    const appendedReport = perSignature(await pdfsig(appended, 'appended.pdf'))[0]
    expect(appendedReport).toContain('Not total document signed')
    expect(readPdfSignatures(appended)[0]).toMatchObject({ coversWholeDocument: false, digestMatches: true, signatureValid: true })
    expect(pdfIsIntact(appended)).toBe(false)
  })

  it('writes a PAdES baseline CMS: ESS signing-certificate-v2 over the signer certificate, no signing-time, the chain', async () => {
    const signed = await signPdf(unsigned, founder, identity)
    const cms = cmsOf(signed, readPdfSignatures(signed)[0]!.byteRange)
    const { signed: attrs, unsigned: unsignedAttrs, certificates } = signerInfoOf(cms)
    expect([...attrs.keys()].sort()).toEqual([OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort())
    expect(attrs.has(OID.signingTime)).toBe(false)
    expect(unsignedAttrs.size).toBe(0)
    const certDer = Buffer.from(new X509Certificate(identity.certificatePem).raw)
    // SigningCertificateV2 { certs SEQUENCE OF ESSCertIDv2 { certHash (SHA-256 by default), issuerSerial } }
    const essCertId = children(children(attrs.get(OID.signingCertificateV2)![0]!)[0]!)[0]!
    const [certHash, issuerSerial] = children(essCertId)
    expect(certHash!.tag).toBe(TAG.OCTET_STRING)
    expect(certHash!.content.equals(createHash('sha256').update(certDer).digest())).toBe(true)
    expect(issuerSerial!.tag).toBe(TAG.SEQUENCE)
    expect(certificates.some((c) => c.equals(certDer))).toBe(true)
    // And OpenSSL reads it as CMS and checks the signature over the detached content.
    const [b, c, d] = [readPdfSignatures(signed)[0]!.byteRange[1], readPdfSignatures(signed)[0]!.byteRange[2], readPdfSignatures(signed)[0]!.byteRange[3]]
    await writeFile(join(dir, 'cms.der'), cms)
    await writeFile(join(dir, 'content.bin'), Buffer.concat([signed.subarray(0, b), signed.subarray(c, c + d)]))
    const verified = await run(OPENSSL, ['cms', '-verify', '-binary', '-inform', 'DER', '-in', join(dir, 'cms.der'), '-content', join(dir, 'content.bin'), '-noverify', '-out', '/dev/null'])
    expect(verified.stderr).toContain('Verification successful')
    const printed = await run(OPENSSL, ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', join(dir, 'cms.der')])
    expect(printed.stdout).toContain('id-smime-aa-signingCertificateV2')
    expect(printed.stdout).not.toContain('signingTime')
  })
})

describe('signPdf with a timestamp authority (PAdES B-T)', () => {
  it('adds an RFC 3161 token over the signature value that openssl ts verifies', async () => {
    const before = Date.now()
    const signed = await signPdf(unsigned, founder, identity, { tsaUrl: tsa.url })
    const sections = perSignature(await pdfsig(signed, 'timestamped.pdf'))
    expect(sections[0]).toContain('Signature is Valid.')
    expect(sections[0]).toContain('Total document signed')

    const [found] = readPdfSignatures(signed)
    expect(found!.timestamp).not.toBeNull()
    expect(found!.timestamp!.imprintMatches).toBe(true)
    expect(found!.timestamp!.tsaSubject).toBe('CN=Test TSA, O=Catalitico tests')
    expect(found!.timestamp!.time.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000)
    expect(found!.timestamp!.time.getTime()).toBeLessThanOrEqual(Date.now() + 1000)

    // pdfsig 22.12 prints nothing about a signature's timestamp: OpenSSL checks the token itself.
    const { signature, unsigned: unsignedAttrs } = signerInfoOf(cmsOf(signed, found!.byteRange))
    const token = unsignedAttrs.get(OID.signatureTimeStampToken)![0]!
    await writeFile(join(dir, 'token.der'), token.raw)
    const digest = createHash('sha256').update(signature).digest('hex')
    const { stdout } = await run(OPENSSL, ['ts', '-verify', '-digest', digest, '-in', join(dir, 'token.der'), '-token_in', '-CAfile', tsa.caPath])
    expect(stdout).toContain('Verification: OK')
    // The same token does not verify against another hash.
    const other = createHash('sha256').update('otra cosa').digest('hex')
    await expect(run(OPENSSL, ['ts', '-verify', '-digest', other, '-in', join(dir, 'token.der'), '-token_in', '-CAfile', tsa.caPath])).rejects.toThrow()
  })

  it('rejects with "timestamp authority" when the authority fails, is unreachable or stamps another hash', async () => {
    tsa.setFailing(true)
    try {
      await expect(signPdf(unsigned, founder, identity, { tsaUrl: tsa.url })).rejects.toThrow(/^timestamp authority: .* answered HTTP 500/)
    } finally {
      tsa.setFailing(false)
    }
    await expect(signPdf(unsigned, founder, identity, { tsaUrl: 'http://127.0.0.1:9/tsa' })).rejects.toThrow(/^timestamp authority: .* could not be reached/)
    // A request whose imprint is changed on its way: the real authority stamps a hash that was not asked for.
    const tampering: typeof fetch = (url, init) => {
      const body = Buffer.from(init!.body as Uint8Array)
      const at = body.indexOf(Buffer.from([0x04, 0x20])) + 2
      body[at] = body[at]! ^ 0xff
      return fetch(url, { ...init, body: new Uint8Array(body) })
    }
    await expect(signPdf(unsigned, founder, identity, { tsaUrl: tsa.url, fetch: tampering })).rejects.toThrow(/^timestamp authority: .* stamped another hash/)
    // A request whose nonce is changed on its way: the reply answers another request.
    const replaying: typeof fetch = (url, init) => {
      const body = Buffer.from(init!.body as Uint8Array)
      const at = body.indexOf(Buffer.from([0x02, 0x08]), body.indexOf(Buffer.from([0x04, 0x20])) + 34) + 9
      body[at] = body[at]! ^ 0x01
      return fetch(url, { ...init, body: new Uint8Array(body) })
    }
    await expect(signPdf(unsigned, founder, identity, { tsaUrl: tsa.url, fetch: replaying })).rejects.toThrow(/^timestamp authority: .* answered with another nonce/)
    // Once the authority is back, the same call succeeds.
    expect(pdfIsIntact(await signPdf(unsigned, founder, identity, { tsaUrl: tsa.url }))).toBe(true)
  })
})

describe('readPdfSignatures', () => {
  it('never throws on garbage, and reads a broken signature as invalid', async () => {
    expect(readPdfSignatures(new Uint8Array(0))).toEqual([])
    expect(readPdfSignatures(Buffer.from('not a pdf /ByteRange [0 1 2 3]'))).toEqual([])
    expect(readPdfSignatures(unsigned)).toEqual([])
    expect(pdfIsIntact(unsigned)).toBe(false)
    const fake = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Sig /ByteRange [0 20 30 5] /Contents <3082ffff> >>\nendobj\n%%EOF')
    expect(readPdfSignatures(fake)).toMatchObject([{ digestMatches: false, signatureValid: false, coversWholeDocument: false }])
    const signed = Buffer.from(await signPdf(unsigned, founder, identity))
    for (const cut of [100, signed.length / 2, signed.length - 10]) {
      const truncated = signed.subarray(0, Math.floor(cut))
      expect(() => readPdfSignatures(truncated)).not.toThrow()
      expect(pdfIsIntact(truncated)).toBe(false)
    }
    // Random bytes inside the CMS.
    const [sig] = readPdfSignatures(signed)
    const corrupt = Buffer.from(signed)
    corrupt.write('ffffffff', sig!.byteRange[1] + 9, 'latin1')
    expect(() => readPdfSignatures(corrupt)).not.toThrow()
    expect(pdfIsIntact(corrupt)).toBe(false)
  })
})
