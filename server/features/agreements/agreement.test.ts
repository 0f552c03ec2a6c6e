/**
 * The agreement's signature from the outside (docs/decisions/0213): an admin sends it through the real
 * workspace API, the founder reads it and signs from their page with the code read from the delivered
 * e-mail, a programme signer signs from the workspace with theirs; the stage becomes «Acuerdo firmado»
 * with the agreement's numbers as the deal; the sealed PDF verifies in poppler's pdfsig (two valid
 * signatures, each with a timestamp from a real RFC 3161 authority on this machine) and on /verificar;
 * one byte changed and both say so. Then every refusal: in Spanish, nothing changed.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harnessPerTest } from '../../db/testing/store-databases.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { DEAL_BODY, DEAL_BODY_TERMS } from '../../testing/deal-body.ts'
import { startTestTsa } from '../../testing/tsa-server.ts'
import type { AgreementAnswer } from '../../../domain/workspace-api/agreements.ts'
import { readPdfSignatures } from '../../shared/signing/verify.ts'
import { CONFLICT_KINDS } from '../../../domain/conflicts.ts'
import { createAgreementJob } from './agreement-job.ts'
import { agreementFieldValues } from '../../../domain/agreements.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts'
import { takeBackup } from '../backup/take-backup.ts'
import { restoreCommand } from '../backup/commands.ts'
import { readConfig } from '../../shared/env.ts'
import { createRetentionJob } from '../retention/retention.ts'

const PDFSIG = process.env.PDFSIG_PATH ?? '/usr/bin/pdfsig'
const json = async <T>(res: Response) => (await res.json()) as T

let tsa: Awaited<ReturnType<typeof startTestTsa>>
beforeAll(async () => {
  tsa = await startTestTsa()
})
afterAll(async () => {
  await tsa?.close()
})

const openHarness = harnessPerTest(() => workspaceHarness({ SIGNING_TSA_URL: tsa.url }))

const TO_DUE_DILIGENCE = [
  ['recibida', 'validacion_preliminar'],
  ['validacion_preliminar', 'sesion_panel'],
  ['sesion_panel', 'due_diligence'],
] as const

export const PARTIES = {
  legalName: 'Recicla Ya S.A.S.',
  tradeName: 'Recicla Ya',
  nit: '900.123.456-8',
  representativeName: 'María José Núñez',
  representativeIdType: 'CC',
  representativeId: '1020304050',
  shares: '15.000',
  shareClass: 'ordinarias',
  city: 'Medellín',
} as const

async function setUp() {
  const h = await openHarness()
  const admin = await h.signIn(await h.addMember({ role: 'admin', name: 'Ana Admin' }))
  const signer = await h.signIn(await h.addMember({ role: 'admin', name: 'Sofía Firmante' }))
  const reviewer = await h.signIn(await h.addMember({ role: 'reviewer' }))
  const s = newSubmission({ createdAt: h.now() })
  await h.store.saveSubmission(s)
  const id = s.application.id
  for (const [from, to] of TO_DUE_DILIGENCE) expect((await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from, to } })).status).toBe(200)
  expect((await h.call('PUT', `/members/${signer.member.id}/signing-right`, { as: admin, body: { canSign: true } })).status).toBe(200)
  await h.deliverMail()
  return { h, admin, signer, reviewer, id, email: s.application.formData.email }
}

const send = (h: WorkspaceHarness, as: SignedIn, id: string, extra: Record<string, unknown> = {}) =>
  h.call('POST', `/applications/${id}/agreement`, { as, body: { deal: DEAL_BODY, parties: PARTIES, missingDocuments: { confirmed: true, reason: 'Llegan con la firma.' }, ...extra } })

const founderPost = (h: WorkspaceHarness, path: string, form: Record<string, string>) =>
  h.app.request(`${SITE}${path}`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })

const codeIn = (text: string) => {
  const m = /es (\d{6})\./.exec(text)
  if (!m) throw new Error('no code in the e-mail')
  return m[1]!
}

function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'agreement-')), 'acuerdo.pdf')
  writeFileSync(file, bytes)
  const run = spawnSync(process.env.PDFTOTEXT_PATH ?? '/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  if (run.error) throw new Error(`pdftotext is needed (poppler-utils): ${run.error.message}`)
  return run.stdout.replace(/\s+/g, ' ')
}

function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'agreement-'))
  const file = join(dir, 'acuerdo.pdf')
  writeFileSync(file, bytes)
  const run = spawnSync(PDFSIG, [file], { encoding: 'utf8' })
  if (run.error) throw new Error(`pdfsig is needed (poppler-utils: apt-get install poppler-utils): ${run.error.message}`)
  return run.stdout + run.stderr
}

async function signFully(h: WorkspaceHarness, admin: SignedIn, signer: SignedIn, id: string, email: string) {
  expect((await send(h, admin, id)).status).toBe(201)
  const sent = await h.deliverMail()
  const invitation = sent.find((m) => m.to === email)!
  expect(invitation.subject).toContain('Tu acuerdo está listo para firmar')
  const token = founderTokenFrom(invitation.text)
  const page = `/postulacion/${token}/acuerdo`
  expect((await founderPost(h, `${page}/codigo`, { acepto: 'si' })).status).toBe(303)
  const founderCode = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
  expect((await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: founderCode })).status).toBe(303)
  expect((await h.call('POST', `/applications/${id}/agreement/code`, { as: signer, body: {} })).status).toBe(200)
  const signerCode = codeIn((await h.deliverMail()).find((m) => m.to === signer.member.email)!.text)
  const signed = await h.call('POST', `/applications/${id}/agreement/sign`, { as: signer, body: { code: signerCode, consent: true }, headers: { 'user-agent': 'Mozilla/5.0 (Firmante)' } })
  expect(signed.status).toBe(200)
  return { token, page, answer: await json<AgreementAnswer>(signed) }
}

describe('the agreement, sent, signed by both and sealed', () => {
  it('ends at «Acuerdo firmado» with the agreement\'s numbers as the deal; the PDF holds two valid signatures with timestamps, and verifies', async () => {
    const { h, admin, signer, id, email } = await setUp()
    const { token, page, answer } = await signFully(h, admin, signer, id, email)
    const agreement = answer.agreements[0]!
    expect(agreement.status).toBe('signed')
    expect(agreement.signatures.map((s) => [s.role, s.name, s.method])).toEqual([
      ['founder', expect.any(String), 'email_code'],
      ['programme', 'Sofía Firmante', 'email_code'],
    ])
    expect(agreement.signatures[1]!.userAgent).toBe('Mozilla/5.0 (Firmante)')

    const record = (await h.reviews.getApplication(id))!
    expect(record.stage).toBe('acuerdo_firmado')
    const deal = await json<{ deal: Record<string, unknown> }>(await h.call('GET', `/applications/${id}/deal`, { as: admin }))
    expect(deal.deal).toMatchObject(DEAL_BODY_TERMS)

    const pdf = new Uint8Array(await (await h.call('GET', `/applications/${id}/agreement/${agreement.id}/document?version=signed`, { as: admin })).arrayBuffer())
    // Every value the document prints, computed from the deal as recorded and the application as stored, is in the PDF's text.
    const recorded = (await h.services.deals.deal(id))!
    const app = record.application
    const printed = agreementFieldValues({
      code: agreement.code,
      version: agreement.version,
      template: { version: 0, sample: true },
      parties: agreement.parties,
      terms: recorded,
      rateCardVersionNumber: recorded.rateCardVersionNumber,
      founderName: app.formData.founderName,
      founderEmail: app.formData.email,
      documentsReceived: [],
      issuedOn: formatIsoDay(new Date(agreement.sentAt)),
    })
    const text = pdfText(pdf)
    for (const [key, value] of Object.entries(printed)) expect(text, key).toContain(value.replace(/\s+/g, ' '))
    const report = pdfsig(pdf)
    expect(report.match(/Signature is Valid/g)?.length).toBe(2)
    expect(report).toContain('Total document signed')
    const found = readPdfSignatures(pdf)
    expect(found).toHaveLength(2)
    for (const s of found) expect(s.timestamp?.imprintMatches).toBe(true)

    // The founder downloads the same bytes from their page.
    const mine = new Uint8Array(await (await h.app.request(`${SITE}${page}/documento?version=signed`)).arrayBuffer())
    expect(Buffer.from(mine).equals(Buffer.from(pdf))).toBe(true)
    expect(await (await h.app.request(`${SITE}/postulacion/${token}`)).text()).toContain('El acuerdo está firmado por ambas partes')

    // /verificar: intact; one byte changed inside the signed content: modified, and pdfsig says so too.
    const upload = (bytes: Uint8Array) => {
      const form = new FormData()
      form.set('archivo', new File([Buffer.from(bytes)], 'acuerdo.pdf', { type: 'application/pdf' }))
      return h.app.request(`${SITE}/verificar`, { method: 'POST', body: form })
    }
    const intact = await upload(pdf)
    expect(intact.status).toBe(200)
    expect(await intact.text()).toContain('Documento íntegro')
    // One bit of the first page's text (inside its compressed stream): the file still opens, its content changed.
    const changed = new Uint8Array(pdf)
    const at = Buffer.from(changed).indexOf('stream\n') + 40
    expect(at).toBeGreaterThan(40)
    changed[at] = changed[at]! ^ 0x01
    const tampered = await upload(changed)
    expect(tampered.status).toBe(422)
    expect(await tampered.text()).toContain('Documento modificado')
    expect(pdfsig(changed)).not.toMatch(/Signature is Valid[\s\S]*Signature is Valid/)
  })
})

describe('refusals: each in Spanish, nothing changed', () => {
  it('refuses a reviewer, a member without the right to sign, a wrong code five times (then a new one), signing twice, and a GET where a POST is meant', async () => {
    const { h, admin, signer, reviewer, id, email } = await setUp()
    expect((await send(h, reviewer, id)).status).toBe(403)
    expect((await send(h, admin, id)).status).toBe(201)
    const mails = await h.deliverMail()
    const token = founderTokenFrom(mails.find((m) => m.to === email)!.text)
    const page = `/postulacion/${token}/acuerdo`

    // The programme cannot sign before the founder.
    const early = await h.call('POST', `/applications/${id}/agreement/code`, { as: signer, body: {} })
    expect(early.status).toBe(409)
    expect((await json<{ message: string }>(early)).message).toBe('La persona fundadora aún no ha firmado: el programa firma después.')

    // A mail scanner's GET of a form's address changes nothing.
    const before = h.snapshot()
    expect((await h.app.request(`${SITE}${page}/firmar`)).status).toBe(404)
    expect((await h.app.request(`${SITE}${page}/codigo`)).status).toBe(404)
    expect(h.snapshot()).toEqual(before)

    expect((await founderPost(h, `${page}/codigo`, {})).status).toBe(303)
    const code = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
    // Without accepting the e-signature text: not signed, whatever the code.
    const noConsent = await founderPost(h, `${page}/firmar`, { codigo: code })
    expect(noConsent.status).toBe(422)
    expect(await noConsent.text()).toContain('Para firmar, marca que aceptas firmar electrónicamente.')
    const wrong = code === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1]) {
      const res = await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: wrong })
      expect(res.status).toBe(422)
      expect(await res.text()).toContain(`Te quedan ${left} ${left === 1 ? 'intento' : 'intentos'}.`)
    }
    const fifth = await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: wrong })
    expect(fifth.status).toBe(409)
    expect(await fifth.text()).toContain('te enviamos uno nuevo')
    const replacement = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
    // The first code no longer works; the new one does.
    if (replacement !== code) expect((await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: code })).status).toBe(422)
    expect((await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: replacement })).status).toBe(303)
    // Signing twice.
    const twice = await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: replacement })
    expect(twice.status).toBe(409)

    // A member who is an admin without the right to sign.
    const noRight = await h.call('POST', `/applications/${id}/agreement/code`, { as: admin, body: {} })
    expect(noRight.status).toBe(403)
    expect((await json<{ message: string }>(noRight)).message).toBe('No tienes el derecho de firmar por el programa: un administrador puede dártelo en «Equipo».')
    // A reviewer cannot be given the right.
    expect((await h.call('PUT', `/members/${reviewer.member.id}/signing-right`, { as: admin, body: { canSign: true } })).status).toBe(422)
  })

  it('a deal changed after sending voids the sent version and sends a new one; the founder is told; the old page refuses to sign the old one', async () => {
    const { h, admin, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    await h.deliverMail()
    const same = await send(h, admin, id)
    expect(same.status).toBe(409)
    expect((await json<{ error: string }>(same)).error).toBe('unchanged')
    const changed = await send(h, admin, id, { deal: { ...DEAL_BODY, equityPercent: '5' } })
    expect(changed.status).toBe(201)
    const answer = await json<AgreementAnswer>(changed)
    expect(answer.agreements.map((a) => [a.version, a.status])).toEqual([
      [2, 'sent'],
      [1, 'voided'],
    ])
    const told = (await h.deliverMail()).find((m) => m.to === email)!
    expect(told.subject).toContain('Versión nueva de tu acuerdo')
    expect(told.text).toContain('anulamos la versión que te enviamos antes')
    // A move by hand to «Acuerdo firmado» is refused while it is out for signature.
    const byHand = await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from: 'due_diligence', to: 'acuerdo_firmado', deal: DEAL_BODY, missingDocuments: { confirmed: true, reason: 'x' } } })
    expect(byHand.status).toBe(409)
    expect((await json<{ error: string }>(byHand)).error).toBe('agreement_under_way')
  })

  it('a conflicted member and another application\'s document are refused', async () => {
    const { h, admin, signer, id } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const answer = await json<AgreementAnswer>(await h.call('GET', `/applications/${id}/agreement`, { as: admin }))
    const other = newSubmission({ createdAt: h.now() })
    await h.store.saveSubmission(other)
    const foreign = await h.call('GET', `/applications/${other.application.id}/agreement/${answer.agreements[0]!.id}/document`, { as: admin })
    expect(foreign.status).toBe(404)
    expect((await h.call('POST', '/conflicts', { as: signer, body: { applicationId: id, kind: CONFLICT_KINDS[0] } })).status).toBe(201)
    const refused = await h.call('GET', `/applications/${id}/agreement`, { as: signer })
    expect(refused.status).toBe(403)
  })
})

describe('sealing that fails, expiry, declining', () => {
  it('a timestamp authority down leaves the agreement «Sellando el documento», on «Estado del sistema»; the job seals it once it is back', async () => {
    const { h, admin, signer, id, email } = await setUp()
    tsa.setFailing(true)
    try {
      const { page, answer } = await signFully(h, admin, signer, id, email)
      expect(answer.agreements[0]!.status).toBe('sealing')
      expect((await h.reviews.getApplication(id))!.stage).toBe('due_diligence')
      const founderView = await (await h.app.request(`${SITE}${page}`)).text()
      expect(founderView).toContain('Estamos sellando el documento firmado')
      const machinery = await json<{ signature: { attention: boolean; timestamped: boolean; sealing: { waiting: number; failing: number; lastError: string } } }>(await h.call('GET', '/overview/machinery', { as: admin }))
      expect(machinery.signature).toMatchObject({ attention: true, timestamped: true, sealing: { waiting: 1, failing: 1 } })
      expect(machinery.signature.sealing.lastError).toMatch(/^timestamp authority/)
      expect(h.logs.some((l) => l.event === 'agreement.seal_failed')).toBe(true)
      // Not before its next try (one minute): the job leaves it.
      expect(await createAgreementJob(h.services.agreementService, { tickMs: 60_000, log: () => {} }).runOnce()).toMatchObject({ sealed: 0 })
    } finally {
      tsa.setFailing(false)
    }
    h.advance(61_000)
    expect(await createAgreementJob(h.services.agreementService, { tickMs: 60_000, log: () => {} }).runOnce()).toMatchObject({ sealed: 1, failed: 0 })
    expect((await h.reviews.getApplication(id))!.stage).toBe('acuerdo_firmado')
    const after = await json<AgreementAnswer>(await h.call('GET', `/applications/${id}/agreement`, { as: admin }))
    expect(after.agreements[0]!.status).toBe('signed')
  })

  it('an agreement not signed within 30 days expires and both sides are told; an expired code is refused', async () => {
    const { h, admin, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    const page = `/postulacion/${token}/acuerdo`
    expect((await founderPost(h, `${page}/codigo`, { acepto: 'si' })).status).toBe(303)
    const code = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
    h.advance(16 * 60_000)
    const late = await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: code })
    expect(late.status).toBe(409)
    expect(await late.text()).toContain('Ese código ya venció: pide uno nuevo.')
    h.advance(30 * 86_400_000)
    expect(await createAgreementJob(h.services.agreementService, { tickMs: 60_000, log: () => {} }).runOnce()).toMatchObject({ expired: 1 })
    const told = await h.deliverMail()
    expect(told.find((m) => m.to === email)?.subject).toContain('Venció el plazo para firmar tu acuerdo')
    expect(told.find((m) => m.to === admin.member.email)?.subject).toContain('Venció el plazo para firmar el acuerdo')
    // A month later the admin's session has ended: a new one.
    const again = await h.signIn(admin.member)
    expect((await json<AgreementAnswer>(await h.call('GET', `/applications/${id}/agreement`, { as: again }))).agreements[0]!.status).toBe('expired')
  })

  it('the founder declines: the team is told, the founder gets the confirmation, and it can no longer be signed', async () => {
    const { h, admin, signer, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    const page = `/postulacion/${token}/acuerdo`
    expect((await founderPost(h, `${page}/rechazar`, { motivo: 'La valoración no es la que hablamos.' })).status).toBe(303)
    const mails = await h.deliverMail()
    expect(mails.find((m) => m.to === signer.member.email)?.text).toContain('Su motivo: La valoración no es la que hablamos.')
    expect(mails.find((m) => m.to === email)?.subject).toContain('Tu acuerdo no se firmará')
    expect((await founderPost(h, `${page}/codigo`, { acepto: 'si' })).status).toBe(409)
  })
})

describe('the programme signer with a passkey', () => {
  it('signs with one of their own passkeys instead of a code; another key, or another member\'s, is refused', async () => {
    const { h, admin, signer, id, email } = await setUp()
    const key = new SoftwareAuthenticator()
    const registering = (await (await h.call('POST', '/passkeys/options', { as: signer, body: {} })).json()) as { challengeId: string; options: Parameters<SoftwareAuthenticator['create']>[0] }
    expect((await h.call('POST', '/passkeys', { as: signer, body: { challengeId: registering.challengeId, response: key.create(registering.options, SITE), name: 'Portátil' } })).status).toBe(201)
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    const page = `/postulacion/${token}/acuerdo`
    expect((await founderPost(h, `${page}/codigo`, {})).status).toBe(303)
    const founderCode = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
    expect((await founderPost(h, `${page}/firmar`, { acepto: 'si', codigo: founderCode })).status).toBe(303)
    expect((await json<AgreementAnswer>(await h.call('GET', `/applications/${id}/agreement`, { as: signer }))).viewerHasPasskey).toBe(true)

    // The admin without a passkey (and without the right): no ceremony.
    expect((await h.call('POST', `/applications/${id}/agreement/passkey-options`, { as: admin, body: {} })).status).toBe(403)
    const ceremony = async () => (await (await h.call('POST', `/applications/${id}/agreement/passkey-options`, { as: signer, body: {} })).json()) as { challengeId: string; options: Parameters<SoftwareAuthenticator['get']>[0] }
    // A key that is not theirs, answering their challenge: refused, nothing signed.
    const first = await ceremony()
    const forged = await h.call('POST', `/applications/${id}/agreement/sign`, { as: signer, body: { consent: true, passkey: { challengeId: first.challengeId, response: key.get(first.options, SITE, new SoftwareAuthenticator()) } } })
    expect(forged.status).toBe(422)
    expect((await json<{ error: string }>(forged)).error).toBe('invalid_passkey')
    const second = await ceremony()
    expect((second.options as { allowCredentials?: { id: string }[] }).allowCredentials?.map((c) => c.id)).toEqual([key.id])
    const signed = await h.call('POST', `/applications/${id}/agreement/sign`, { as: signer, body: { consent: true, passkey: { challengeId: second.challengeId, response: key.get(second.options, SITE) } } })
    expect(signed.status).toBe(200)
    const agreement = (await json<AgreementAnswer>(signed)).agreements[0]!
    expect(agreement.status).toBe('signed')
    expect(agreement.signatures.find((s) => s.role === 'programme')?.method).toBe('passkey')
    expect((await h.reviews.getApplication(id))!.stage).toBe('acuerdo_firmado')
  })
})

describe('where the signed agreement is kept', () => {
  it('/verificar answers a typed code; «Estado del sistema» says the certificate is self-signed; the founder\'s data copy holds their evidence', async () => {
    const { h, admin, signer, id, email } = await setUp()
    const { page, answer } = await signFully(h, admin, signer, id, email)
    const agreement = answer.agreements[0]!
    const typed = new FormData()
    typed.set('codigo', agreement.code.toLowerCase().replace(/-/g, ' '))
    const byCode = await h.app.request(`${SITE}/verificar`, { method: 'POST', body: typed })
    const page1 = await byCode.text()
    expect(byCode.status).toBe(200)
    expect(page1).toContain(`El acuerdo ${agreement.code} está firmado por ambas partes`)
    expect(page1).toContain('Sofía Firmante')
    expect(page1).toContain(agreement.signedSha256!)
    const unknown = new FormData()
    unknown.set('codigo', 'CMFE-0000-0000')
    expect((await h.app.request(`${SITE}/verificar`, { method: 'POST', body: unknown })).status).toBe(404)

    const machinery = await json<{ signature: { certificate: { selfSigned: boolean }; timestamped: boolean } }>(await h.call('GET', '/overview/machinery', { as: admin }))
    expect(machinery.signature).toMatchObject({ certificate: { selfSigned: true }, timestamped: true })

    const copy = await h.app.request(`${SITE}${page.replace(/\/acuerdo$/, '')}/datos`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: 'formato=json' })
    expect(copy.status).toBe(200)
    const held = (await copy.json()) as { applications: { agreements: { code: string; signedSha256: string; signedPdfBase64: string; signatures: { role: string; ip: string | null; consentText: string | null; email: string | null }[] }[] }[] }
    const mine = held.applications[0]!.agreements[0]!
    expect(mine).toMatchObject({ code: agreement.code, signedSha256: agreement.signedSha256 })
    // The document itself, as sealed.
    expect(createHash('sha256').update(Buffer.from(mine.signedPdfBase64, 'base64')).digest('hex')).toBe(agreement.signedSha256)
    expect(mine.signatures[0]).toMatchObject({ role: 'founder', email, consentText: expect.stringContaining('Ley 527 de 1999') })
    expect(mine.signatures[0]!.ip).not.toBeNull()
    // The programme signer's own evidence is not the founder's to hold.
    expect(mine.signatures[1]).toMatchObject({ role: 'programme', ip: null, email: null })
  })

  it('without a timestamp authority the signatures carry none, and «Estado del sistema» says so', async () => {
    const h = await workspaceHarness()
    try {
      const admin = await h.signIn(await h.addMember({ role: 'admin' }))
      const machinery = await json<{ signature: { timestamped: boolean; attention: boolean } }>(await h.call('GET', '/overview/machinery', { as: admin }))
      expect(machinery.signature).toMatchObject({ timestamped: false, attention: true })
    } finally {
      await h.dispose()
    }
  })

  it('a restore reads every sealed agreement back and verifies it; one changed byte in the database is reported', async () => {
    const { h, admin, signer, id, email } = await setUp()
    await signFully(h, admin, signer, id, email)
    const out = join(mkdtempSync(join(tmpdir(), 'agreement-backup-')), 'backup.tar')
    await takeBackup({ config: h.config, store: h.store, now: () => new Date() }, out)
    const lines = { out: [] as string[], err: [] as string[] }
    const io = { out: (l: string) => void lines.out.push(l), err: (l: string) => void lines.err.push(l) }
    expect(await restoreCommand([out], readConfig({ DATA_DIR: join(mkdtempSync(join(tmpdir(), 'agreement-restore-')), 'data') }), io)).toBe(0)
    expect(lines.out).toContain('Verified 1 signed agreement(s): each sealed PDF is as it was signed.')

    // The sealed PDF changed behind the programme's back: the restore says which agreement.
    const row = h.store.db.prepare("SELECT id, code, signed_document FROM agreements WHERE status = 'signed'").get() as { id: string; code: string; signed_document: Buffer }
    const changed = Buffer.from(row.signed_document)
    const at = changed.indexOf('stream\n') + 40
    changed[at] = changed[at]! ^ 0x01
    h.store.db.prepare('UPDATE agreements SET signed_document = ? WHERE id = ?').run(changed, row.id)
    const again = join(mkdtempSync(join(tmpdir(), 'agreement-backup-')), 'backup.tar')
    await takeBackup({ config: h.config, store: h.store, now: () => new Date() }, again)
    const failed = { out: [] as string[], err: [] as string[] }
    expect(await restoreCommand([again], readConfig({ DATA_DIR: join(mkdtempSync(join(tmpdir(), 'agreement-restore-')), 'data') }), { out: (l) => void failed.out.push(l), err: (l) => void failed.err.push(l) })).toBe(1)
    expect(failed.err.join('\n')).toContain(`1 signed agreement(s) do not verify: ${row.code}`)
  })
})

describe('retention', () => {
  it('an application closed after a declined agreement loses it with the rest of its personal data', async () => {
    const { h, admin, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    expect((await founderPost(h, `/postulacion/${token}/acuerdo/rechazar`, {})).status).toBe(303)
    expect((await h.call('POST', `/applications/${id}/transitions`, { as: admin, body: { from: 'due_diligence', to: 'no_seleccionada' } })).status).toBe(200)
    const count = () => (h.store.db.prepare('SELECT count(*) AS n FROM agreements WHERE application_id = ?').get(id) as { n: number }).n
    expect(count()).toBe(1)
    const job = createRetentionJob({ founders: h.founders, followUp: h.services.followUp, months: h.config.RETENTION_MONTHS, clock: () => new Date(h.now().getTime() + (h.config.RETENTION_MONTHS + 1) * 31 * 86_400_000), log: () => {} })
    expect(await job.runOnce()).toBe(1)
    expect(count()).toBe(0)
    expect((h.store.db.prepare('SELECT count(*) AS n FROM agreement_signatures').get() as { n: number }).n).toBe(0)
  })
})

describe('the programme declines', () => {
  it('the founder is told it will not be signed, and their page no longer offers to sign it', async () => {
    const { h, admin, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    const declined = await h.call('POST', `/applications/${id}/agreement/decline`, { as: admin, body: { reason: 'La startup cambió de representante legal.' } })
    expect(declined.status).toBe(200)
    expect((await json<AgreementAnswer>(declined)).agreements[0]!.status).toBe('declined')
    const told = (await h.deliverMail()).find((m) => m.to === email)!
    expect(told.subject).toContain('Tu acuerdo no se firmará')
    expect(told.text).toContain('El programa retiró la versión 1 del acuerdo')
    // The team's own reason stays with the team.
    expect(told.text).not.toContain('representante legal')
    const page = await (await h.app.request(`${SITE}/postulacion/${token}/acuerdo`)).text()
    expect(page).toContain('Este documento ya no se puede firmar.')
    expect(page).not.toContain('Firmar el acuerdo')
  })
})

describe('a seam: the application closes while the agreement is out', () => {
  it('the founder withdraws: the agreement is voided in the same move and can no longer be signed by either side', async () => {
    const { h, admin, signer, id, email } = await setUp()
    expect((await send(h, admin, id)).status).toBe(201)
    const token = founderTokenFrom((await h.deliverMail()).find((m) => m.to === email)!.text)
    expect((await founderPost(h, `/postulacion/${token}/acuerdo/codigo`, {})).status).toBe(303)
    const code = codeIn((await h.deliverMail()).find((m) => m.to === email)!.text)
    expect((await founderPost(h, `/postulacion/${token}/retirar`, { confirm: '1' })).status).toBe(303)
    expect((await h.reviews.getApplication(id))!.stage).toBe('retirada')
    const after = await json<AgreementAnswer>(await h.call('GET', `/applications/${id}/agreement`, { as: admin }))
    expect(after.agreements[0]).toMatchObject({ status: 'voided', closeReason: 'stage:retirada' })
    expect((await founderPost(h, `/postulacion/${token}/acuerdo/firmar`, { acepto: 'si', codigo: code })).status).toBe(409)
    expect((await h.call('POST', `/applications/${id}/agreement/code`, { as: signer, body: {} })).status).toBe(404)
  })
})
