/**
 * The programme's signing identity (ADR 0213): the certificate and private
 * key that seal every signature of an agreement. From files named by
 * SIGNING_CERT and SIGNING_KEY: a PEM certificate (its chain may follow it in
 * the same file) and a PEM key (PKCS#1, PKCS#8, or encrypted PKCS#8 with
 * SIGNING_KEY_PASSPHRASE), or SIGNING_KEY alone as a PKCS#12 file (.p12/.pfx,
 * OpenSSL 3's AES-256/PBKDF2 defaults and `-legacy` RC2/3DES alike). With
 * neither, a self-signed certificate generated once under the data directory
 * and reused, with a loud warning in the log at every start.
 *
 * Keys are generated and read by node:crypto (fast, every PEM flavour);
 * node-forge reads PKCS#12, which node:crypto cannot.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import forge from 'node-forge'

export interface SigningIdentity {
  certificatePem: string
  certificate: forge.pki.Certificate
  privateKey: forge.pki.rsa.PrivateKey
  /** The same private key for node:crypto, which signs far faster than node-forge. */
  keyObject: KeyObject
  /** The certificates above the signer's, PEM, nearest first (empty for a self-signed certificate). */
  chainPem: string[]
  /** The subject as `CN=…, O=…`. */
  subjectName: string
  /** SHA-256 of the certificate's DER, lower-case hex. */
  fingerprintSha256: string
  selfSigned: boolean
  source: 'pem' | 'pkcs12' | 'generated'
}

export interface LoadSigningIdentityOptions {
  /** Path of the PEM certificate (SIGNING_CERT). */
  cert?: string
  /** Path of the PEM key or the PKCS#12 file (SIGNING_KEY). */
  key?: string
  /** SIGNING_KEY_PASSPHRASE. */
  passphrase?: string
  dataDir: string
  log?: (line: string) => void
  now?: () => Date
}

export const SELF_SIGNED_SUBJECT = { commonName: 'Catalítico Media for Equity (autofirmado)', organizationName: 'Catalítico' }

const PEM_CERT_RE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g


async function readNamed(path: string, envVar: string): Promise<Buffer> {
  try {
    return await readFile(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new Error(`${envVar}: cannot read ${path} (${code})`, { cause: error })
  }
}

function certFromPem(pem: string, envVar: string): forge.pki.Certificate {
  try {
    return forge.pki.certificateFromPem(pem)
  } catch (error) {
    throw new Error(`${envVar}: not a readable RSA certificate (${error instanceof Error ? error.message : String(error)})`, { cause: error })
  }
}

/** The DER text of a forge key as node:crypto's KeyObject and back to forge (one path for every source). */
function keyPair(keyObject: KeyObject, envVar: string): { keyObject: KeyObject; privateKey: forge.pki.rsa.PrivateKey } {
  if (keyObject.asymmetricKeyType !== 'rsa') throw new Error(`${envVar}: the key is ${keyObject.asymmetricKeyType ?? 'unknown'}, an RSA key is expected`)
  const pkcs1 = keyObject.export({ type: 'pkcs1', format: 'pem' }).toString()
  return { keyObject, privateKey: forge.pki.privateKeyFromPem(pkcs1) as forge.pki.rsa.PrivateKey }
}

function finish(
  cert: forge.pki.Certificate,
  others: forge.pki.Certificate[],
  key: { keyObject: KeyObject; privateKey: forge.pki.rsa.PrivateKey },
  source: SigningIdentity['source'],
  now: Date,
  certVar: string,
  keyVar: string,
): SigningIdentity {
  const certificatePem = forge.pki.certificateToPem(cert)
  const x509 = new X509Certificate(certificatePem)
  const certKey = createPublicKey(certificatePem).export({ type: 'spki', format: 'der' })
  const ownKey = createPublicKey(key.keyObject).export({ type: 'spki', format: 'der' })
  if (!certKey.equals(ownKey)) throw new Error(`${keyVar}: the private key does not match the certificate in ${certVar}`)
  if (now.getTime() > cert.validity.notAfter.getTime()) throw new Error(`${certVar}: the certificate expired on ${cert.validity.notAfter.toISOString()}`)
  if (now.getTime() < cert.validity.notBefore.getTime()) throw new Error(`${certVar}: the certificate is not valid before ${cert.validity.notBefore.toISOString()}`)
  // Not checkIssued: it also asks keyCertSign, which a signing certificate does not have.
  const selfSigned = x509.issuer === x509.subject && x509.verify(x509.publicKey)
  return {
    certificatePem,
    certificate: cert,
    privateKey: key.privateKey,
    keyObject: key.keyObject,
    chainPem: others.filter((c) => forge.pki.certificateToPem(c) !== certificatePem).map((c) => forge.pki.certificateToPem(c)),
    subjectName: x509.subject.split('\n').join(', '),
    fingerprintSha256: x509.fingerprint256.replaceAll(':', '').toLowerCase(),
    selfSigned,
    source,
  }
}

function isPkcs12(path: string, bytes: Buffer): boolean {
  return /\.(p12|pfx)$/i.test(path) || (bytes[0] === 0x30 && !bytes.subarray(0, 64).toString('latin1').includes('-----BEGIN'))
}

function readPkcs12(bytes: Buffer, passphrase: string | undefined): { keyObject: KeyObject; certs: forge.pki.Certificate[] } {
  let p12: forge.pkcs12.Pkcs12Pfx
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(bytes.toString('binary')), false, passphrase ?? '')
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/password|mac/i.test(message)) throw new Error(`SIGNING_KEY_PASSPHRASE does not open the PKCS#12 file in SIGNING_KEY (${message})`, { cause: error })
    throw new Error(`SIGNING_KEY: not a readable PKCS#12 file (${message})`, { cause: error })
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[forge.pki.oids.pkcs8ShroudedKeyBag!] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ]
  const key = keyBags.find((b) => b.key)?.key
  if (!key) throw new Error('SIGNING_KEY: the PKCS#12 file holds no private key forge can read (only RSA keys are supported)')
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? []).flatMap((b) => (b.cert ? [b.cert] : []))
  const keyObject = createPrivateKey(forge.pki.privateKeyToPem(key))
  return { keyObject, certs }
}

/** The certificate among `certs` whose public key is the private key's. */
function certificateOfKey(certs: forge.pki.Certificate[], keyObject: KeyObject): forge.pki.Certificate | undefined {
  const ownKey = createPublicKey(keyObject).export({ type: 'spki', format: 'der' })
  return certs.find((c) => createPublicKey(forge.pki.certificateToPem(c)).export({ type: 'spki', format: 'der' }).equals(ownKey))
}

async function generated(dataDir: string, now: Date, log: (line: string) => void): Promise<SigningIdentity> {
  const dir = join(dataDir, 'signing')
  const certPath = join(dir, 'self-signed-cert.pem')
  const keyPath = join(dir, 'self-signed-key.pem')
  const existing = await Promise.all([readFile(certPath, 'utf8'), readFile(keyPath, 'utf8')]).catch(() => null)
  if (existing) {
    const cert = certFromPem(existing[0], certPath)
    if (now.getTime() <= cert.validity.notAfter.getTime()) {
      const identity = finish(cert, [], keyPair(createPrivateKey(existing[1]), keyPath), 'generated', now, certPath, keyPath)
      log(`WARNING: SIGNING_CERT/SIGNING_KEY not set: agreements are signed with a self-signed certificate generated earlier at ${certPath}; set SIGNING_CERT and SIGNING_KEY to the programme's certificate`)
      return identity
    }
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const key = keyPair(privateKey, keyPath)
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.setRsaPublicKey(key.privateKey.n, key.privateKey.e)
  const serial = randomBytes(16)
  serial[0] = serial[0]! & 0x7f
  cert.serialNumber = serial.toString('hex')
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000)
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000)
  const attrs = [
    { name: 'commonName', value: SELF_SIGNED_SUBJECT.commonName, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'organizationName', value: SELF_SIGNED_SUBJECT.organizationName, valueTagClass: forge.asn1.Type.UTF8 },
    { name: 'countryName', value: 'CO' },
  ] as forge.pki.CertificateField[]
  cert.setSubject(attrs)
  cert.setIssuer(attrs)
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ])
  cert.sign(key.privateKey, forge.md.sha256.create())
  // The subject as read back (UTF-8 decoded), not the bytes written.
  const certPem = forge.pki.certificateToPem(cert)
  const identity = finish(forge.pki.certificateFromPem(certPem), [], key, 'generated', now, certPath, keyPath)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  await chmod(keyPath, 0o600)
  await writeFile(certPath, certPem, { mode: 0o600 })
  await chmod(certPath, 0o600)
  log(`WARNING: SIGNING_CERT/SIGNING_KEY not set: agreements are signed with a self-signed certificate generated at ${certPath}; set SIGNING_CERT and SIGNING_KEY to the programme's certificate`)
  return identity
}

export async function loadSigningIdentity(options: LoadSigningIdentityOptions): Promise<SigningIdentity> {
  const now = (options.now ?? (() => new Date()))()
  const log = options.log ?? ((line: string) => console.warn(line))
  const cert = options.cert || undefined
  const key = options.key || undefined
  if (!cert && !key) return generated(options.dataDir, now, log)
  if (!key) throw new Error('SIGNING_CERT is set but SIGNING_KEY is not: set both (PEM), or SIGNING_KEY alone to a PKCS#12 file')
  const keyBytes = await readNamed(key, 'SIGNING_KEY')
  const certPem = cert ? (await readNamed(cert, 'SIGNING_CERT')).toString('utf8') : undefined
  const fromCertFile = certPem ? (certPem.match(PEM_CERT_RE) ?? []).map((pem) => certFromPem(pem, 'SIGNING_CERT')) : []
  if (certPem && fromCertFile.length === 0) throw new Error(`SIGNING_CERT: ${cert} holds no PEM certificate`)

  if (isPkcs12(key, keyBytes)) {
    const { keyObject, certs } = readPkcs12(keyBytes, options.passphrase)
    const all = [...fromCertFile, ...certs]
    const own = certificateOfKey(all, keyObject)
    if (!own) throw new Error(`SIGNING_KEY: the private key does not match ${cert ? 'the certificate in SIGNING_CERT' : 'any certificate in the PKCS#12 file'}`)
    return finish(own, all, keyPair(keyObject, 'SIGNING_KEY'), 'pkcs12', now, cert ? 'SIGNING_CERT' : 'SIGNING_KEY', 'SIGNING_KEY')
  }

  if (!cert) throw new Error('SIGNING_KEY is a PEM key but SIGNING_CERT is not set: set both, or SIGNING_KEY alone to a PKCS#12 file')
  let keyObject: KeyObject
  try {
    keyObject = createPrivateKey({ key: keyBytes, format: 'pem', ...(options.passphrase ? { passphrase: options.passphrase } : {}) })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    // A wrong passphrase usually fails as "bad decrypt", but now and then it decrypts to bytes whose padding
    // happens to check out and fails later in the decoder ("unsupported"): an encrypted key given a passphrase
    // that does not open it is the passphrase's fault either way.
    const encrypted = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(Buffer.from(keyBytes).toString('latin1'))
    if (/passphrase|decrypt|bad decrypt/i.test(message) || (encrypted && options.passphrase)) throw new Error(`SIGNING_KEY_PASSPHRASE does not decrypt the key in SIGNING_KEY (${message})`, { cause: error })
    throw new Error(`SIGNING_KEY: ${key} is not a readable PEM private key (${message})`, { cause: error })
  }
  const own = certificateOfKey(fromCertFile, keyObject) ?? fromCertFile[0]!
  return finish(own, fromCertFile, keyPair(keyObject, 'SIGNING_KEY'), 'pem', now, 'SIGNING_CERT', 'SIGNING_KEY')
}
