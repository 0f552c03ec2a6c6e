/**
 * The CMS (PKCS#7 SignedData, detached) inside each PDF signature, PAdES
 * baseline (ETSI EN 319 142-1): B-B without a timestamp authority, B-T with
 * one.
 *
 * - digest SHA-256, RSA PKCS#1 v1.5 (sha256WithRSAEncryption);
 * - signed attributes: contentType (id-data), messageDigest and ESS
 *   signing-certificate-v2 (the SHA-256 of the signer's certificate with its
 *   issuer and serial; SHA-256 is ESSCertIDv2's default, so its
 *   AlgorithmIdentifier is left out). No CMS signing-time: PAdES takes the
 *   time from the signature dictionary's /M;
 * - the signer's certificate and its chain in `certificates`;
 * - with a TSA URL, the RFC 3161 token over the signature value as the
 *   unsigned attribute id-aa-signatureTimeStampToken.
 *
 * node-forge's pkcs7 writes only contentType, messageDigest and signingTime as
 * signed attributes, so the ASN.1 is written here with a small DER encoder
 * (./der.ts), and node:crypto signs.
 */
import { createHash, sign as rsaSign, X509Certificate } from 'node:crypto'
import { Signer } from '@signpdf/utils'
import { children, der, derSetOf, OID, oid, readElement, TAG } from './der.ts'
import type { SigningIdentity } from './identity.ts'
import { requestTimestamp } from './tsa-client.ts'

function pemToDer(pem: string): Buffer {
  return Buffer.from(new X509Certificate(pem).raw)
}

/** The issuer Name and serialNumber INTEGER of a certificate, as their DER bytes. */
export function issuerAndSerial(certDer: Buffer): { issuer: Buffer; serial: Buffer } {
  const tbs = children(children(readElement(certDer))[0]!)
  const offset = tbs[0]!.tag === TAG.context(0) ? 1 : 0
  return { serial: Buffer.from(tbs[offset]!.raw), issuer: Buffer.from(tbs[offset + 2]!.raw) }
}

function attribute(type: string, value: Buffer): Buffer {
  return der(TAG.SEQUENCE, oid(type), der(TAG.SET, value))
}

export interface CmsSignerOptions {
  /** An RFC 3161 timestamp authority (SIGNING_TSA_URL): the signature becomes B-T. */
  tsaUrl?: string | null
  fetch?: typeof fetch
  timeoutMs?: number
}

export class CadesSigner extends Signer {
  private readonly certDer: Buffer
  private readonly chainDer: Buffer[]

  constructor(
    private readonly identity: SigningIdentity,
    private readonly options: CmsSignerOptions = {},
  ) {
    super()
    this.certDer = pemToDer(identity.certificatePem)
    this.chainDer = identity.chainPem.map(pemToDer)
  }

  /** The DER ContentInfo over `content` (the PDF without its /Contents). */
  override async sign(content: Buffer): Promise<Buffer> {
    const sha256Alg = der(TAG.SEQUENCE, oid(OID.sha256), der(TAG.NULL))
    const { issuer, serial } = issuerAndSerial(this.certDer)
    const essCertIdV2 = der(
      TAG.SEQUENCE,
      der(TAG.OCTET_STRING, createHash('sha256').update(this.certDer).digest()),
      // IssuerSerial: GeneralNames { directoryName [4] EXPLICIT Name }, serialNumber.
      der(TAG.SEQUENCE, der(TAG.SEQUENCE, der(TAG.context(4), issuer)), serial),
    )
    const signedAttrs = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, der(TAG.OCTET_STRING, createHash('sha256').update(content).digest())),
      attribute(OID.signingCertificateV2, der(TAG.SEQUENCE, der(TAG.SEQUENCE, essCertIdV2))),
    ]
    // The signature covers the attributes as a DER SET OF; the SignerInfo carries them as [0] IMPLICIT.
    const signedSet = derSetOf(TAG.SET, signedAttrs)
    const signature = rsaSign('sha256', signedSet, this.identity.keyObject)
    const unsigned: Buffer[] = []
    if (this.options.tsaUrl) {
      const token = await requestTimestamp(this.options.tsaUrl, createHash('sha256').update(signature).digest(), {
        ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      })
      unsigned.push(der(TAG.context(1), attribute(OID.signatureTimeStampToken, token)))
    }
    const signerInfo = der(
      TAG.SEQUENCE,
      der(TAG.INTEGER, Buffer.from([1])),
      der(TAG.SEQUENCE, issuer, serial),
      sha256Alg,
      Buffer.concat([Buffer.from([TAG.context(0)]), signedSet.subarray(1)]),
      der(TAG.SEQUENCE, oid(OID.sha256WithRSAEncryption), der(TAG.NULL)),
      der(TAG.OCTET_STRING, signature),
      ...unsigned,
    )
    const signedData = der(
      TAG.SEQUENCE,
      der(TAG.INTEGER, Buffer.from([1])),
      der(TAG.SET, sha256Alg),
      der(TAG.SEQUENCE, oid(OID.data)),
      derSetOf(TAG.context(0), [this.certDer, ...this.chainDer]),
      der(TAG.SET, signerInfo),
    )
    return der(TAG.SEQUENCE, oid(OID.signedData), der(TAG.context(0), signedData))
  }
}
