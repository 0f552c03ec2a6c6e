/**
 * An RFC 3161 timestamp client: a TimeStampReq for a SHA-256 digest (a random
 * nonce, certReq true) POSTed as application/timestamp-query; the reply's
 * status, message imprint and nonce are checked before its token is
 * returned. Every failure (network, timeout, HTTP status, a status other than
 * granted, a token for another hash or nonce) is an Error whose message starts
 * with "timestamp authority", which the caller retries later.
 */
import { randomBytes } from 'node:crypto'
import { children, der, hashName, OID, oid, readElement, readGeneralizedTime, readOid, TAG, unsignedInteger, type Element } from './der.ts'

export interface TimeStampInfo {
  /** The TSA's time (TSTInfo genTime). */
  genTime: Date
  /** node:crypto's name of the imprint's hash algorithm, e.g. 'sha256'. */
  hashAlgorithm: string | null
  hashedMessage: Buffer
  /** The nonce's INTEGER contents, when present. */
  nonce: Buffer | null
  policy: string
  /** The certificates the token carries (DER), the TSA's first when it sent it. */
  certificates: Buffer[]
}

function fail(message: string): never {
  throw new Error(`timestamp authority: ${message}`)
}

/** What a TimeStampToken (a CMS ContentInfo whose content is a TSTInfo) says. Throws on a malformed token. */
export function parseTimeStampToken(token: Buffer): TimeStampInfo {
  const contentInfo = children(readElement(token))
  if (readOid(contentInfo[0]!) !== OID.signedData) throw new Error('not a CMS SignedData')
  const signedData = children(children(contentInfo[1]!)[0]!)
  const encap = children(signedData[2]!)
  if (readOid(encap[0]!) !== OID.tstInfo) throw new Error('not a TSTInfo')
  const tstInfo = readElement(children(encap[1]!)[0]!.content)
  const fields = children(tstInfo)
  const imprint = children(fields[2]!)
  const algorithm = readOid(children(imprint[0]!)[0]!)
  let nonce: Buffer | null = null
  for (const field of fields.slice(5)) if (field.tag === TAG.INTEGER) nonce = field.content
  const certificates = signedData.filter((e: Element) => e.tag === TAG.context(0)).flatMap((e) => children(e).map((c) => Buffer.from(c.raw)))
  return {
    policy: readOid(fields[1]!),
    hashAlgorithm: hashName(algorithm),
    hashedMessage: Buffer.from(imprint[1]!.content),
    genTime: readGeneralizedTime(fields[4]!),
    nonce,
    certificates,
  }
}

/**
 * Asks the timestamp authority at `url` for a token over `digest` (SHA-256)
 * and returns the token (a DER ContentInfo) once checked.
 */
export async function requestTimestamp(url: string, digest: Buffer, options: { fetch?: typeof fetch; timeoutMs?: number } = {}): Promise<Buffer> {
  if (digest.length !== 32) throw new Error('timestamp authority: a SHA-256 digest (32 bytes) is expected')
  const nonceBytes = randomBytes(8)
  nonceBytes[0] = (nonceBytes[0]! & 0x7f) | 0x01
  const nonce = unsignedInteger(nonceBytes)
  const request = der(
    TAG.SEQUENCE,
    der(TAG.INTEGER, Buffer.from([1])),
    der(TAG.SEQUENCE, der(TAG.SEQUENCE, oid(OID.sha256), der(TAG.NULL)), der(TAG.OCTET_STRING, digest)),
    nonce,
    der(TAG.BOOLEAN, Buffer.from([0xff])),
  )
  const doFetch = options.fetch ?? fetch
  let reply: Buffer
  try {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(request),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    })
    if (!response.ok) fail(`${url} answered HTTP ${response.status}`)
    reply = Buffer.from(await response.arrayBuffer())
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timestamp authority')) throw error
    fail(`${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`)
  }
  let token: Buffer
  let info: TimeStampInfo
  try {
    const response = children(readElement(reply))
    const statusInfo = children(response[0]!)
    const status = statusInfo[0]!.content.readUIntBE(0, statusInfo[0]!.content.length)
    if (status !== 0 && status !== 1) fail(`${url} did not grant the timestamp (PKIStatus ${status})`)
    if (!response[1]) fail(`${url} granted no token`)
    token = Buffer.from(response[1].raw)
    info = parseTimeStampToken(token)
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timestamp authority')) throw error
    fail(`${url} sent a malformed reply: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (info.hashAlgorithm !== 'sha256' || !info.hashedMessage.equals(digest)) fail(`${url} stamped another hash than the one asked for`)
  const sentNonce = readElement(nonce).content
  if (!info.nonce || !info.nonce.equals(sentNonce)) fail(`${url} answered with another nonce`)
  return token
}
