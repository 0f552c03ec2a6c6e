import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import forge from 'node-forge'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSigningIdentity, SELF_SIGNED_SUBJECT } from './identity.ts'

const run = promisify(execFile)
const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl'

let dir = ''
const p = (name: string) => join(dir, name)
const NOW = () => new Date()

/** The certificate's SHA-256 fingerprint as OpenSSL computes it (lower-case hex). */
async function opensslFingerprint(certPath: string): Promise<string> {
  const { stdout } = await run(OPENSSL, ['x509', '-in', certPath, '-noout', '-fingerprint', '-sha256'])
  return stdout.trim().split('=')[1]!.replaceAll(':', '').toLowerCase()
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'signing-identity-'))
  // A CA and a programme certificate it issued (the chain a PKCS#12 file carries), and an unrelated key.
  await run(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('ca.key'), '-out', p('ca.pem'), '-days', '30', '-subj', '/CN=Test CA', '-addext', 'basicConstraints=critical,CA:TRUE'])
  await run(OPENSSL, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', p('prog.key'), '-out', p('prog.csr'), '-subj', '/CN=Programa Catalítico/O=Catalítico', '-utf8'])
  await run(OPENSSL, ['x509', '-req', '-in', p('prog.csr'), '-CA', p('ca.pem'), '-CAkey', p('ca.key'), '-set_serial', '7', '-days', '30', '-sha256', '-out', p('prog.pem')])
  await run(OPENSSL, ['rsa', '-in', p('prog.key'), '-traditional', '-out', p('prog-pkcs1.key')])
  await run(OPENSSL, ['pkcs8', '-topk8', '-in', p('prog.key'), '-v2', 'aes-256-cbc', '-passout', 'pass:clave secreta', '-out', p('prog-enc.key')])
  await run(OPENSSL, ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', p('other.key')])
  await run(OPENSSL, ['pkcs12', '-export', '-inkey', p('prog.key'), '-in', p('prog.pem'), '-certfile', p('ca.pem'), '-passout', 'pass:clave secreta', '-out', p('modern.p12')])
  await run(OPENSSL, ['pkcs12', '-export', '-legacy', '-inkey', p('prog.key'), '-in', p('prog.pem'), '-certfile', p('ca.pem'), '-passout', 'pass:clave secreta', '-out', p('legacy.pfx')])
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('loadSigningIdentity', () => {
  it('reads a PEM certificate with a PKCS#8 key, a PKCS#1 key, or an encrypted PKCS#8 key', async () => {
    const expected = await opensslFingerprint(p('prog.pem'))
    for (const [key, passphrase] of [
      ['prog.key', undefined],
      ['prog-pkcs1.key', undefined],
      ['prog-enc.key', 'clave secreta'],
    ] as const) {
      const identity = await loadSigningIdentity({ cert: p('prog.pem'), key: p(key), passphrase, dataDir: dir, now: NOW })
      expect(identity.source).toBe('pem')
      expect(identity.fingerprintSha256).toBe(expected)
      expect(identity.subjectName).toBe('CN=Programa Catalítico, O=Catalítico')
      expect(identity.selfSigned).toBe(false)
      expect(identity.privateKey.n.toString(16)).toBe((identity.certificate.publicKey as forge.pki.rsa.PublicKey).n.toString(16))
    }
  })

  it('reads PKCS#12 files written by OpenSSL 3 with its defaults (AES-256, PBKDF2) and with -legacy (RC2, 3DES)', async () => {
    // The modern file really is AES/PBKDF2 and the legacy one RC2: what the two cases are about.
    const modern = await run(OPENSSL, ['pkcs12', '-in', p('modern.p12'), '-info', '-noout', '-passin', 'pass:clave secreta'])
    expect(modern.stderr).toMatch(/PBES2, PBKDF2, AES-256-CBC/)
    const legacy = await run(OPENSSL, ['pkcs12', '-in', p('legacy.pfx'), '-info', '-noout', '-legacy', '-passin', 'pass:clave secreta'])
    expect(legacy.stderr).toMatch(/RC2|3DES|TripleDES/i)

    const expected = await opensslFingerprint(p('prog.pem'))
    for (const file of ['modern.p12', 'legacy.pfx']) {
      const identity = await loadSigningIdentity({ key: p(file), passphrase: 'clave secreta', dataDir: dir, now: NOW })
      expect(identity.source).toBe('pkcs12')
      expect(identity.fingerprintSha256).toBe(expected)
      expect(identity.chainPem).toHaveLength(1)
      expect(identity.chainPem[0]).toContain('BEGIN CERTIFICATE')
      expect(identity.selfSigned).toBe(false)
    }
  })

  it('names the passphrase when it does not open the PKCS#12 file or the encrypted key', async () => {
    await expect(loadSigningIdentity({ key: p('modern.p12'), passphrase: 'otra', dataDir: dir })).rejects.toThrow(/^SIGNING_KEY_PASSPHRASE does not open/)
    await expect(loadSigningIdentity({ key: p('legacy.pfx'), passphrase: 'otra', dataDir: dir })).rejects.toThrow(/^SIGNING_KEY_PASSPHRASE does not open/)
    await expect(loadSigningIdentity({ cert: p('prog.pem'), key: p('prog-enc.key'), passphrase: 'otra', dataDir: dir })).rejects.toThrow(/^SIGNING_KEY_PASSPHRASE does not decrypt/)
  })

  it('names the passphrase for every wrong one, also when it decrypts to bytes the decoder then refuses (about 1 in 256)', async () => {
    const wrong: string[] = []
    for (let i = 0; i < 600; i++) {
      const error = await loadSigningIdentity({ cert: p('prog.pem'), key: p('prog-enc.key'), passphrase: `otra-${i}`, dataDir: dir }).then(
        () => null,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      )
      if (!error?.startsWith('SIGNING_KEY_PASSPHRASE does not decrypt')) wrong.push(`otra-${i}: ${error}`)
    }
    expect(wrong).toEqual([])
  })

  it('refuses half a configuration, unreadable files, a key of another certificate and an expired certificate', async () => {
    await expect(loadSigningIdentity({ cert: p('prog.pem'), dataDir: dir })).rejects.toThrow(/^SIGNING_CERT is set but SIGNING_KEY is not/)
    await expect(loadSigningIdentity({ key: p('prog.key'), dataDir: dir })).rejects.toThrow(/SIGNING_CERT is not set/)
    await expect(loadSigningIdentity({ cert: p('missing.pem'), key: p('prog.key'), dataDir: dir })).rejects.toThrow(/^SIGNING_CERT: cannot read .*missing\.pem \(ENOENT\)/)
    await expect(loadSigningIdentity({ cert: p('prog.pem'), key: p('missing.key'), dataDir: dir })).rejects.toThrow(/^SIGNING_KEY: cannot read .*missing\.key \(ENOENT\)/)
    await writeFile(p('garbage.pem'), 'not a certificate')
    await expect(loadSigningIdentity({ cert: p('garbage.pem'), key: p('prog.key'), dataDir: dir })).rejects.toThrow(/^SIGNING_CERT: .* holds no PEM certificate/)
    await expect(loadSigningIdentity({ cert: p('prog.pem'), key: p('other.key'), dataDir: dir })).rejects.toThrow(/^SIGNING_KEY: the private key does not match the certificate in SIGNING_CERT/)
    const in60Days = () => new Date(Date.now() + 60 * 24 * 3600 * 1000)
    await expect(loadSigningIdentity({ cert: p('prog.pem'), key: p('prog.key'), dataDir: dir, now: in60Days })).rejects.toThrow(/^SIGNING_CERT: the certificate expired on /)
    await expect(loadSigningIdentity({ key: p('modern.p12'), passphrase: 'clave secreta', dataDir: dir, now: in60Days })).rejects.toThrow(/the certificate expired on /)
  })

  it('without SIGNING_CERT/SIGNING_KEY, generates a self-signed certificate once, keeps it private and reuses it, warning at every load', async () => {
    const dataDir = join(dir, 'data')
    const lines: string[] = []
    const first = await loadSigningIdentity({ dataDir, log: (l) => lines.push(l) })
    expect(first.source).toBe('generated')
    expect(first.selfSigned).toBe(true)
    expect(first.subjectName).toContain(`CN=${SELF_SIGNED_SUBJECT.commonName}`)
    expect(first.subjectName).toContain('O=Catalítico')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^WARNING: SIGNING_CERT\/SIGNING_KEY not set: agreements are signed with a self-signed certificate generated at .*self-signed-cert\.pem; set SIGNING_CERT and SIGNING_KEY/)
    const certPath = join(dataDir, 'signing', 'self-signed-cert.pem')
    const keyPath = join(dataDir, 'signing', 'self-signed-key.pem')
    expect((await stat(keyPath)).mode & 0o777).toBe(0o600)
    expect((await stat(certPath)).mode & 0o777).toBe(0o600)
    expect(await opensslFingerprint(certPath)).toBe(first.fingerprintSha256)
    const { stdout } = await run(OPENSSL, ['x509', '-in', certPath, '-noout', '-text'])
    expect(stdout).toMatch(/Signature Algorithm: sha256WithRSAEncryption/)
    expect(stdout).toMatch(/Public-Key: \(2048 bit\)/)

    const second = await loadSigningIdentity({ dataDir, log: (l) => lines.push(l) })
    expect(second.fingerprintSha256).toBe(first.fingerprintSha256)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/^WARNING: SIGNING_CERT\/SIGNING_KEY not set: .*generated earlier at /)
  })
})
