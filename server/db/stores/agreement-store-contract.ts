/**
 * The contract of AgreementStore (ADR 0213) on each engine: the template's versions, the agreement sent
 * frozen with its PDF and its e-mails (the one under way voided in the same transaction, one live per
 * application whatever two admins do at once), the one-time codes and the signatures with their evidence,
 * decline, expiry, the sealing's lease and failures, everything deleted with its application, and the
 * signing right on members (the team store).
 */
import { describe, expect, it } from 'vitest'
import type { AgreementParties, AgreementRecord, AgreementSignatureRecord } from '../../../domain/agreements-records.ts'
import type { DealTerms } from '../../../domain/deals.ts'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { AgreementMail, SendAgreement, SignAttempt } from './agreement-store.ts'
import { openAgreementStore } from './agreement-store.ts'
import type { ApplicationStore, NewOutboxMessage } from './application-store.ts'
import { openTeamStore } from './team-store.ts'

const T0 = new Date('2026-12-04T15:00:00.000Z')
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)
const DAY = 24 * 60

const TERMS: DealTerms = {
  equityBp: 450,
  instrument: 'nota_convertible',
  discountBp: 2000,
  valuationUsdCents: 150_000_050,
  // Beyond 2^31: frozen in the agreement's JSON, it must come back exactly on both engines.
  mediaValueCop: 4_500_000_000_000,
  investmentValueCop: 1_500_000_000_000,
  windowStart: '2027-01-15',
  windowMonths: 9,
  followUpStart: '2026-12-04',
  rateCardVersionId: null,
}

const PARTIES: AgreementParties = {
  legalName: 'Café Andino de Nariño S.A.S.',
  tradeName: 'Café Andino',
  nit: '900.123.456-7',
  representativeName: 'María José Peñaloza Úsuga',
  representativeIdType: 'CC',
  representativeId: '1.020.345.678',
  shares: 12_500,
  shareClass: 'ordinarias',
  city: 'Bogotá',
}

/** A PDF stand-in: every byte value once, so no engine may mangle any of them. */
const PDF = Uint8Array.from({ length: 256 }, (_, i) => i)
const SHA = (c: string) => c.repeat(64)

function message(kind: NewOutboxMessage['kind'], to = 'fundadora@cafe-andino.example'): NewOutboxMessage {
  return {
    id: crypto.randomUUID(),
    kind,
    messageId: `<${crypto.randomUUID()}@catalitico.example>`,
    from: 'Catalítico <acuerdos@catalitico.example>',
    to,
    subject: 'El acuerdo',
    text: 'Texto',
    html: '<p>Texto</p>',
  }
}
const mail = (kind: NewOutboxMessage['kind'], extra: Partial<AgreementMail> = {}): AgreementMail => ({ message: message(kind), ...extra })

type Db = TestDatabase<ApplicationStore>

async function application(db: Db): Promise<{ id: string; email: string }> {
  const sub = newSubmission({ createdAt: at(-30 * DAY) })
  await db.store.saveSubmission(sub)
  return { id: sub.application.id, email: sub.application.formData.email }
}

let codes = 0
function sending(applicationId: string, memberId: string, over: Partial<SendAgreement> = {}): SendAgreement {
  codes++
  return {
    id: crypto.randomUUID(),
    applicationId,
    version: 1,
    code: `CMFE-${String(codes).padStart(4, '0')}-${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
    templateVersion: 0,
    templateSample: true,
    parties: PARTIES,
    terms: TERMS,
    rateCardVersionNumber: null,
    document: PDF,
    documentSha256: SHA('d'),
    missingDocumentsReason: null,
    memberId,
    at: at(0),
    expiresAt: at(14 * DAY),
    mails: [mail('founder_agreement'), mail('team_agreement', { memberId })],
    ...over,
  }
}

function signature(role: 'founder' | 'programme', memberId: string | null, signedAt: Date): AgreementSignatureRecord {
  return {
    role,
    memberId,
    name: role === 'founder' ? 'María José Peñaloza Úsuga' : 'Ana Lucía Gómez',
    email: role === 'founder' ? 'fundadora@cafe-andino.example' : 'ana@catalitico.example',
    method: role === 'founder' ? 'email_code' : 'passkey',
    consentVersion: 3,
    consentText: 'Acepto firmar electrónicamente (Ley 527 de 1999 y Decreto 2364 de 2012): «sí».',
    ip: '2001:db8::7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
    signedAt,
  }
}

function attempt(agreementId: string, codeHash: string, when: Date, over: Partial<SignAttempt> = {}): SignAttempt {
  const role = over.role ?? 'founder'
  return {
    agreementId,
    role,
    from: role === 'founder' ? 'sent' : 'founder_signed',
    codeHash,
    signature: signature(role, over.signature?.memberId ?? null, when),
    at: when,
    replacement: { codeHash: 'replacement-hash', expiresAt: new Date(when.getTime() + 15 * 60_000), mail: mail('agreement_code', { secret: true }) },
    mails: [],
    maxAttempts: 5,
    ...over,
  }
}

const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
const outboxOf = async (db: Db, ids: readonly string[]) =>
  (await db.all(`SELECT id, application_id, member_id, kind, redact_after_send FROM outbox WHERE id IN (${ids.map((i) => `'${i}'`).join(', ')}) ORDER BY id`)).map((r) => ({
    id: String(r.id),
    applicationId: r.application_id === null ? null : String(r.application_id),
    memberId: r.member_id === null ? null : String(r.member_id),
    kind: r.kind,
    redact: Boolean(r.redact_after_send),
  }))
const sorted = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1))
const auditActions = async (db: Db, where = '1 = 1') => (await db.all(`SELECT action FROM audit_log WHERE ${where} ORDER BY id`)).map((r) => r.action)

export function describeAgreementStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`AgreementStore contract: ${name}`, () => {
    const database = harnessPerTest(open)

    it('keeps the template in numbered versions, newest first, each saved one audited', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      expect(await agreements.latestTemplate()).toBeNull()
      expect(await agreements.listTemplates()).toEqual([])
      expect(await agreements.template(1)).toBeNull()

      const first = await agreements.saveTemplate({ body: 'Acuerdo «{{razonSocial}}» — versión uno', sample: true, memberId: admin.id, at: at(0) })
      const second = await agreements.saveTemplate({ body: 'Acuerdo revisado: cláusula 7ª', sample: false, memberId: admin.id, at: at(1) })
      expect(first).toEqual({ version: 1, body: 'Acuerdo «{{razonSocial}}» — versión uno', sample: true, createdBy: admin.id, createdAt: at(0) })
      expect(second).toEqual({ version: 2, body: 'Acuerdo revisado: cláusula 7ª', sample: false, createdBy: admin.id, createdAt: at(1) })
      expect(await agreements.listTemplates()).toEqual([second, first])
      expect(await agreements.latestTemplate()).toEqual(second)
      expect(await agreements.template(1)).toEqual(first)
      expect(await agreements.template(3)).toBeNull()

      const audit = await db.all(`SELECT action, member_id, application_id, detail FROM audit_log ORDER BY id`)
      expect(audit.map((a) => [a.action, a.member_id, a.application_id, detail(a.detail)])).toEqual([
        ['agreement_template.saved', admin.id, null, { version: 1 }],
        ['agreement_template.saved', admin.id, null, { version: 2 }],
      ])

      // Saved at once from two instances: each gets its own number (a taken one is retried).
      const otherInstance = openAgreementStore(engineOf(await db.openAnother()))
      const saved = await Promise.all([
        agreements.saveTemplate({ body: 'tres', sample: false, memberId: admin.id, at: at(2) }),
        otherInstance.saveTemplate({ body: 'cuatro', sample: false, memberId: admin.id, at: at(2) }),
        agreements.saveTemplate({ body: 'cinco', sample: false, memberId: admin.id, at: at(2) }),
      ])
      expect(saved.map((t) => t.version).sort()).toEqual([3, 4, 5])
      expect((await agreements.listTemplates()).map((t) => t.version)).toEqual([5, 4, 3, 2, 1])
      for (const t of saved) expect(await agreements.template(t.version)).toEqual(t)
    })

    it('sends version 1 frozen with its PDF and e-mails; version 2 voids it in the same transaction; a taken version changes nothing', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const ana = await insertMember(db.store, 'admin', 'Ana')
      const bruno = await insertMember(db.store, 'admin', 'Bruno')
      const app = await application(db)
      expect(await agreements.nextVersion(app.id)).toBe(1)
      expect(await agreements.agreementsOf(app.id)).toEqual([])

      const v1 = sending(app.id, ana.id, { missingDocumentsReason: 'El RUT llega la próxima semana' })
      const sent = await agreements.send(v1)
      const expected1: AgreementRecord = {
        id: v1.id,
        applicationId: app.id,
        version: 1,
        code: v1.code,
        status: 'sent',
        templateVersion: 0,
        templateSample: true,
        parties: PARTIES,
        terms: TERMS,
        rateCardVersionNumber: null,
        documentSha256: SHA('d'),
        signedSha256: null,
        missingDocumentsReason: 'El RUT llega la próxima semana',
        sentBy: ana.id,
        sentAt: at(0),
        expiresAt: at(14 * DAY),
        closedAt: null,
        closedBy: null,
        closeReason: null,
        sealAttempts: 0,
        sealError: null,
        sealDueAt: null,
        signatures: [],
      }
      expect(sent).toEqual({ agreement: expected1, voided: null })
      expect((await agreements.agreement(v1.id))!.terms.mediaValueCop).toBe(4_500_000_000_000)
      expect(await agreements.document(v1.id, 'sent')).toEqual(PDF)
      expect(await agreements.document(v1.id, 'signed')).toBeNull()
      expect(await outboxOf(db, v1.mails.map((m) => m.message.id))).toEqual(
        sorted([
          { id: v1.mails[0]!.message.id, applicationId: app.id, memberId: null, kind: 'founder_agreement', redact: false },
          { id: v1.mails[1]!.message.id, applicationId: app.id, memberId: ana.id, kind: 'team_agreement', redact: false },
        ]),
      )
      expect(await agreements.nextVersion(app.id)).toBe(2)

      const v2 = sending(app.id, bruno.id, { version: 2, templateVersion: 2, templateSample: false, rateCardVersionNumber: 7, documentSha256: SHA('e'), at: at(60), expiresAt: at(60 + 14 * DAY) })
      const second = await agreements.send(v2)
      const expected2: AgreementRecord = { ...expected1, id: v2.id, version: 2, code: v2.code, templateVersion: 2, templateSample: false, rateCardVersionNumber: 7, documentSha256: SHA('e'), missingDocumentsReason: null, sentBy: bruno.id, sentAt: at(60), expiresAt: at(60 + 14 * DAY) }
      const voided1: AgreementRecord = { ...expected1, status: 'voided', closedAt: at(60), closedBy: bruno.id, closeReason: 'v2' }
      expect(second).toEqual({ agreement: expected2, voided: voided1 })
      expect(await agreements.agreementsOf(app.id)).toEqual([expected2, voided1])
      expect(await agreements.byCode(v1.code)).toEqual(voided1)
      expect(await agreements.byCode(v2.code)).toEqual(expected2)
      expect(await agreements.byCode('CMFE-0000-0000')).toBeNull()

      const audit = await db.all(`SELECT action, member_id, detail FROM audit_log WHERE application_id = '${app.id}' AND action LIKE 'agreement.%' ORDER BY id`)
      expect(audit.map((a) => [a.action, a.member_id, detail(a.detail)])).toEqual([
        ['agreement.sent', ana.id, { version: 1, code: v1.code, template: 0 }],
        ['agreement.voided', bruno.id, { version: 1, replacedBy: 2 }],
        ['agreement.sent', bruno.id, { version: 2, code: v2.code, template: 2 }],
      ])

      // Version 2 again (another admin's stale form): refused, and nothing changed, not even the void.
      const outboxBefore = await db.count('outbox')
      const auditBefore = await db.count('audit_log')
      const third = sending(app.id, ana.id, { version: 2, at: at(90) })
      expect(await agreements.send(third)).toBe('version_taken')
      expect(await agreements.agreementsOf(app.id)).toEqual([expected2, voided1])
      expect(await agreements.agreement(third.id)).toBeNull()
      expect(await db.count('outbox')).toBe(outboxBefore)
      expect(await db.count('audit_log')).toBe(auditBefore)

      const other = await application(db)
      const o1 = sending(other.id, ana.id)
      await agreements.send(o1)
      expect(await agreements.agreementsOfMany([])).toEqual(new Map())
      const many = await agreements.agreementsOfMany([app.id, other.id, app.id, crypto.randomUUID(), 'not-a-uuid'])
      expect([...many.keys()].sort()).toEqual([app.id, other.id].sort())
      expect(many.get(app.id)).toEqual([expected2, voided1])
      expect(many.get(other.id)!.map((a) => [a.id, a.version, a.status])).toEqual([[o1.id, 1, 'sent']])

      expect(await agreements.agreementsOf('not-a-uuid')).toEqual([])
      expect(await agreements.agreement('not-a-uuid')).toBeNull()
      expect(await agreements.agreement(crypto.randomUUID())).toBeNull()
      expect(await agreements.document('not-a-uuid', 'sent')).toBeNull()
      expect(await agreements.bySignedSha256('not-a-sha')).toBeNull()
    })

    it('holds one live agreement per application when two are sent at once', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const otherInstance = openAgreementStore(engineOf(await db.openAnother()))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const apps = [await application(db), await application(db), await application(db), await application(db)]
      // Both instances' connections opened first, so the two sends of each pair overlap.
      await Promise.all([agreements.agreementsOf(apps[0]!.id), otherInstance.agreementsOf(apps[0]!.id)])
      for (const app of apps) {
        const a = sending(app.id, admin.id, { version: 1 })
        const b = sending(app.id, admin.id, { version: 2 })
        const outcomes = await Promise.all([agreements.send(a), otherInstance.send(b)])
        expect(outcomes.some((r) => typeof r !== 'string' && r.agreement.status === 'sent')).toBe(true)
        for (const r of outcomes) if (typeof r === 'string') expect(r).toBe('version_taken')
        const live = await db.all(`SELECT id FROM agreements WHERE application_id = '${app.id}' AND status IN ('sent', 'founder_signed', 'sealing')`)
        expect(live).toHaveLength(1)
        const rows = await agreements.agreementsOf(app.id)
        expect(rows.filter((r) => r.status === 'sent').map((r) => r.id)).toEqual([String(live[0]!.id)])
        // The other one: voided by the live one, or never written.
        expect(rows.filter((r) => r.status !== 'sent').map((r) => r.status)).toEqual(rows.length === 2 ? ['voided'] : [])
      }
    })

    it('issues codes (the newest one counts), counts wrong ones (the fifth replaces it), and signs with the evidence, founder then programme', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const signer = await insertMember(db.store, 'admin', 'Ana Lucía Gómez')
      const app = await application(db)
      const sent = sending(app.id, admin.id)
      await agreements.send(sent)
      const id = sent.id

      // No code yet.
      expect(await agreements.sign(attempt(id, 'whatever', at(1)))).toEqual({ status: 'no_code' })
      // Past the agreement's time: expired, before any code is looked at.
      expect(await agreements.sign(attempt(id, 'whatever', at(14 * DAY)))).toEqual({ status: 'expired' })
      expect(await agreements.sign(attempt(crypto.randomUUID(), 'whatever', at(1)))).toEqual({ status: 'not_found' })
      expect(await agreements.sign(attempt('not-a-uuid', 'whatever', at(1)))).toEqual({ status: 'not_found' })

      const firstMail = mail('agreement_code', { secret: true })
      await agreements.issueCode({ agreementId: id, role: 'founder', memberId: null, codeHash: 'first-hash', at: at(2), expiresAt: at(17), mail: firstMail })
      const secondMail = mail('agreement_code', { secret: true })
      await agreements.issueCode({ agreementId: id, role: 'founder', memberId: null, codeHash: 'second-hash', at: at(3), expiresAt: at(18), mail: secondMail })
      expect(await outboxOf(db, [firstMail.message.id, secondMail.message.id])).toEqual(
        sorted([
          { id: firstMail.message.id, applicationId: app.id, memberId: null, kind: 'agreement_code', redact: true },
          { id: secondMail.message.id, applicationId: app.id, memberId: null, kind: 'agreement_code', redact: true },
        ]),
      )
      const codeRows = async () =>
        (await db.all(`SELECT code_hash, member_id, attempts, used_at FROM agreement_codes WHERE agreement_id = '${id}' ORDER BY created_at, code_hash`)).map((r) => [r.code_hash, r.member_id, Number(r.attempts), r.used_at !== null])
      expect(await codeRows()).toEqual([
        ['first-hash', null, 0, true],
        ['second-hash', null, 0, false],
      ])
      expect(await agreements.codesIssuedSince(id, 'founder', at(3))).toBe(1)
      expect(await agreements.codesIssuedSince(id, 'founder', at(0))).toBe(2)
      expect(await agreements.codesIssuedSince(id, 'programme', at(0))).toBe(0)

      // The retired first code is wrong now: counted against the live one.
      expect(await agreements.sign(attempt(id, 'first-hash', at(4)))).toEqual({ status: 'wrong_code', remaining: 4 })
      for (const remaining of [3, 2, 1]) expect(await agreements.sign(attempt(id, 'nope', at(4)))).toEqual({ status: 'wrong_code', remaining })
      const replacement = attempt(id, 'nope', at(5))
      expect(await agreements.sign(replacement)).toEqual({ status: 'too_many_attempts' })
      expect(await codeRows()).toEqual([
        ['first-hash', null, 0, true],
        ['second-hash', null, 5, true],
        ['replacement-hash', null, 0, false],
      ])
      expect(await outboxOf(db, [replacement.replacement.mail.message.id])).toEqual([{ id: replacement.replacement.mail.message.id, applicationId: app.id, memberId: null, kind: 'agreement_code', redact: true }])
      expect((await agreements.agreement(id))!.status).toBe('sent')
      // The old code no longer works, even written right.
      expect(await agreements.sign(attempt(id, 'second-hash', at(6)))).toEqual({ status: 'wrong_code', remaining: 4 })

      const founderMails = [mail('team_agreement', { memberId: admin.id })]
      const founderSigns = attempt(id, 'replacement-hash', at(7), { mails: founderMails })
      const signed = await agreements.sign(founderSigns)
      expect(signed).toMatchObject({ status: 'signed', agreement: { id, status: 'founder_signed', sealDueAt: null } })
      const founderSignature = signature('founder', null, at(7))
      expect((await agreements.agreement(id))!.signatures).toEqual([founderSignature])
      expect(await outboxOf(db, [founderMails[0]!.message.id])).toEqual([{ id: founderMails[0]!.message.id, applicationId: app.id, memberId: admin.id, kind: 'team_agreement', redact: false }])
      expect(await agreements.sign(attempt(id, 'replacement-hash', at(8)))).toEqual({ status: 'moved', current: 'founder_signed' })

      // The programme: no code of its own yet, then an expired one, then the right one.
      const programme = (hash: string, when: Date) => attempt(id, hash, when, { role: 'programme', signature: signature('programme', signer.id, when) })
      expect(await agreements.sign(programme('x', at(9)))).toEqual({ status: 'no_code' })
      const programmeMail = mail('agreement_code', { secret: true, memberId: signer.id })
      await agreements.issueCode({ agreementId: id, role: 'programme', memberId: signer.id, codeHash: 'programme-hash', at: at(10), expiresAt: at(25), mail: programmeMail })
      expect(await outboxOf(db, [programmeMail.message.id])).toEqual([{ id: programmeMail.message.id, applicationId: app.id, memberId: signer.id, kind: 'agreement_code', redact: true }])
      expect((await db.all(`SELECT member_id FROM agreement_codes WHERE code_hash = 'programme-hash'`)).map((r) => r.member_id)).toEqual([signer.id])
      expect(await agreements.sign(programme('programme-hash', at(25)))).toEqual({ status: 'code_expired' })
      await agreements.issueCode({ agreementId: id, role: 'programme', memberId: signer.id, codeHash: 'programme-hash-2', at: at(30), expiresAt: at(45), mail: mail('agreement_code', { secret: true, memberId: signer.id }) })
      const sealed = await agreements.sign(programme('programme-hash-2', at(31)))
      expect(sealed).toMatchObject({ status: 'signed', agreement: { id, status: 'sealing', sealDueAt: at(31) } })
      const read = (await agreements.agreement(id))!
      expect(read.signatures).toEqual([founderSignature, signature('programme', signer.id, at(31))])
      expect(read.signatures[0]!.name).toBe('María José Peñaloza Úsuga')
      expect(await agreements.sign(programme('programme-hash-2', at(32)))).toEqual({ status: 'moved', current: 'sealing' })

      expect(await auditActions(db, `application_id = '${app.id}' AND action LIKE 'agreement.%'`)).toEqual([
        'agreement.sent',
        'agreement.code_sent',
        'agreement.code_sent',
        ...Array(5).fill('agreement.code_failed'),
        'agreement.code_failed',
        'agreement.signed_founder',
        'agreement.code_sent',
        'agreement.code_sent',
        'agreement.signed_programme',
      ])
    })

    it('is declined by the founder while sent, by the programme also once the founder signed; never twice', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const app = await application(db)
      const first = sending(app.id, admin.id)
      await agreements.send(first)
      const declineMail = mail('team_agreement', { memberId: admin.id })
      const declined = await agreements.decline({ agreementId: first.id, role: 'founder', memberId: null, reason: 'La cláusula 4 no nos sirve', at: at(5), mails: [declineMail] })
      expect(declined).toMatchObject({ id: first.id, status: 'declined', closedAt: at(5), closedBy: null, closeReason: 'La cláusula 4 no nos sirve' })
      expect(await outboxOf(db, [declineMail.message.id])).toHaveLength(1)
      expect(await agreements.decline({ agreementId: first.id, role: 'founder', memberId: null, reason: 'otra vez', at: at(6), mails: [] })).toBe('moved')
      expect(await agreements.decline({ agreementId: first.id, role: 'programme', memberId: admin.id, reason: null, at: at(6), mails: [] })).toBe('moved')
      expect((await agreements.agreement(first.id))!.closeReason).toBe('La cláusula 4 no nos sirve')
      expect(await agreements.decline({ agreementId: crypto.randomUUID(), role: 'founder', memberId: null, reason: null, at: at(6), mails: [] })).toBe('not_found')
      expect(await agreements.decline({ agreementId: 'not-a-uuid', role: 'founder', memberId: null, reason: null, at: at(6), mails: [] })).toBe('not_found')

      // Version 2, signed by the founder: theirs to decline no longer, the programme's still.
      const second = sending(app.id, admin.id, { version: 2, at: at(10) })
      await agreements.send(second)
      await agreements.issueCode({ agreementId: second.id, role: 'founder', memberId: null, codeHash: 'h', at: at(11), expiresAt: at(26), mail: mail('agreement_code', { secret: true }) })
      expect(await agreements.sign(attempt(second.id, 'h', at(12)))).toMatchObject({ status: 'signed' })
      expect(await agreements.decline({ agreementId: second.id, role: 'founder', memberId: null, reason: null, at: at(13), mails: [] })).toBe('moved')
      expect(await agreements.decline({ agreementId: second.id, role: 'programme', memberId: admin.id, reason: 'Cambian las cifras', at: at(13), mails: [] })).toMatchObject({
        status: 'declined',
        closedBy: admin.id,
        closedAt: at(13),
        closeReason: 'Cambian las cifras',
      })
      expect(await auditActions(db, `action = 'agreement.declined'`)).toEqual(['agreement.declined', 'agreement.declined'])
    })

    it('expires the live ones past their time, once', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const [a, b, c, d] = [await application(db), await application(db), await application(db), await application(db)]
      const sentLate = sending(a.id, admin.id, { expiresAt: at(100) })
      const founderSigned = sending(b.id, admin.id, { expiresAt: at(100) })
      const notYet = sending(c.id, admin.id, { expiresAt: at(101) })
      const declined = sending(d.id, admin.id, { expiresAt: at(50) })
      for (const s of [sentLate, founderSigned, notYet, declined]) await agreements.send(s)
      await agreements.issueCode({ agreementId: founderSigned.id, role: 'founder', memberId: null, codeHash: 'h', at: at(1), expiresAt: at(16), mail: mail('agreement_code', { secret: true }) })
      expect(await agreements.sign(attempt(founderSigned.id, 'h', at(2)))).toMatchObject({ status: 'signed' })
      await agreements.decline({ agreementId: declined.id, role: 'founder', memberId: null, reason: null, at: at(3), mails: [] })

      expect(await agreements.dueToExpire(at(99))).toEqual([])
      expect((await agreements.dueToExpire(at(100))).map((r) => r.id).sort()).toEqual([sentLate.id, founderSigned.id].sort())

      const expiryMail = mail('founder_agreement')
      expect(await agreements.expire(sentLate.id, at(100), [expiryMail])).toBe(true)
      expect(await agreements.expire(sentLate.id, at(101), [])).toBe(false)
      expect(await agreements.expire(declined.id, at(101), [])).toBe(false)
      expect(await agreements.expire(crypto.randomUUID(), at(101), [])).toBe(false)
      expect(await agreements.agreement(sentLate.id)).toMatchObject({ status: 'expired', closedAt: at(100), closedBy: null, closeReason: null })
      expect(await outboxOf(db, [expiryMail.message.id])).toHaveLength(1)
      expect(await agreements.expire(founderSigned.id, at(100), [])).toBe(true)
      expect((await agreements.agreement(founderSigned.id))!.status).toBe('expired')
      expect(await agreements.dueToExpire(at(1000))).toMatchObject([{ id: notYet.id }])
      const audit = await db.all(`SELECT application_id, detail FROM audit_log WHERE action = 'agreement.expired' ORDER BY id`)
      expect(audit.map((r) => [r.application_id, detail(r.detail)])).toEqual([
        [a.id, { version: 1 }],
        [b.id, { version: 1 }],
      ])
    })

    it('seals under a lease: claimed once until it passes, finished only once the sealed PDF is stored; failures kept and reported', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const toSealing = async (when: number) => {
        const app = await application(db)
        const s = sending(app.id, admin.id, { at: at(when) })
        await agreements.send(s)
        await agreements.issueCode({ agreementId: s.id, role: 'founder', memberId: null, codeHash: 'f', at: at(when + 1), expiresAt: at(when + 16), mail: mail('agreement_code', { secret: true }) })
        expect(await agreements.sign(attempt(s.id, 'f', at(when + 2)))).toMatchObject({ status: 'signed' })
        await agreements.issueCode({ agreementId: s.id, role: 'programme', memberId: admin.id, codeHash: 'p', at: at(when + 3), expiresAt: at(when + 18), mail: mail('agreement_code', { secret: true }) })
        expect(await agreements.sign(attempt(s.id, 'p', at(when + 4), { role: 'programme', signature: signature('programme', admin.id, at(when + 4)) }))).toMatchObject({ status: 'signed' })
        return { app, id: s.id }
      }
      expect(await agreements.sealingState()).toEqual({ waiting: 0, failing: 0, lastError: null, nextTryAt: null })
      const one = await toSealing(0) // sealDueAt at(4)
      const two = await toSealing(10) // sealDueAt at(14)

      // While one is sealing, no new version may void it.
      expect(await agreements.send(sending(one.app.id, admin.id, { version: 2, at: at(5) }))).toBe('sealing')

      expect(await agreements.claimSealing(at(3), at(30), 10)).toEqual([])
      const claimed = await agreements.claimSealing(at(4), at(9), 10)
      expect(claimed.map((a) => [a.id, a.status, a.sealDueAt])).toEqual([[one.id, 'sealing', at(9)]])
      expect(await agreements.claimSealing(at(4), at(9), 10)).toEqual([])
      expect(await agreements.claimSealing(at(8), at(20), 10)).toEqual([])
      // The lease passed (the instance that held it died): claimed again, with the other now due.
      expect((await agreements.claimSealing(at(15), at(20), 10)).map((a) => a.id)).toEqual([one.id, two.id])
      expect(await agreements.claimSealing(at(15), at(20), 10)).toEqual([])

      // Not stored yet: nothing finishes.
      expect(await agreements.finishSealing(one.id, at(16), [])).toBeNull()
      expect((await agreements.agreement(one.id))!.status).toBe('sealing')

      await agreements.sealFailed(two.id, 'The TSA did not answer', at(40), at(16))
      await agreements.sealFailed(two.id, 'The TSA answered 503', at(50), at(41))
      expect(await agreements.agreement(two.id)).toMatchObject({ status: 'sealing', sealAttempts: 2, sealError: 'The TSA answered 503', sealDueAt: at(50) })
      expect(await agreements.sealingState()).toEqual({ waiting: 2, failing: 1, lastError: 'The TSA answered 503', nextTryAt: at(50) })

      const sealedPdf = Uint8Array.from({ length: 256 }, (_, i) => 255 - i)
      await agreements.storeSealed(one.id, sealedPdf, SHA('5'), at(17))
      expect((await agreements.agreement(one.id))!.status).toBe('sealing')
      const doneMail = mail('founder_agreement')
      const done = await agreements.finishSealing(one.id, at(18), [doneMail])
      expect(done).toMatchObject({ id: one.id, status: 'signed', signedSha256: SHA('5'), sealDueAt: null, sealError: null })
      expect(done!.signatures).toHaveLength(2)
      expect(await agreements.document(one.id, 'signed')).toEqual(sealedPdf)
      expect(await agreements.document(one.id, 'sent')).toEqual(PDF)
      expect(await agreements.bySignedSha256(SHA('5'))).toEqual(done)
      expect(await agreements.bySignedSha256(SHA('6'))).toBeNull()
      expect(await outboxOf(db, [doneMail.message.id])).toHaveLength(1)
      expect(await agreements.finishSealing(one.id, at(19), [])).toBeNull()
      expect(await agreements.sealingState()).toEqual({ waiting: 1, failing: 1, lastError: 'The TSA answered 503', nextTryAt: at(50) })
      expect(await auditActions(db, `action = 'agreement.sealed'`)).toEqual(['agreement.sealed'])
      // Signed: a new version may be sent again (the signed one is not live).
      expect(await agreements.send(sending(one.app.id, admin.id, { version: 2, at: at(60) }))).toMatchObject({ voided: null })
    })

    it('is deleted with its application: agreements, signatures and codes', async () => {
      const db = await database()
      const agreements = openAgreementStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const app = await application(db)
      const kept = await application(db)
      const s = sending(app.id, admin.id)
      await agreements.send(s)
      await agreements.send(sending(kept.id, admin.id))
      await agreements.issueCode({ agreementId: s.id, role: 'founder', memberId: null, codeHash: 'f', at: at(1), expiresAt: at(16), mail: mail('agreement_code', { secret: true }) })
      expect(await agreements.sign(attempt(s.id, 'f', at(2)))).toMatchObject({ status: 'signed' })
      await agreements.issueCode({ agreementId: s.id, role: 'programme', memberId: admin.id, codeHash: 'p', at: at(3), expiresAt: at(18), mail: mail('agreement_code', { secret: true }) })
      expect(await db.count('agreement_signatures')).toBe(1)
      expect(await db.count('agreement_codes')).toBe(2)
      await agreements.saveTemplate({ body: 'x', sample: false, memberId: admin.id, at: at(0) })

      await db.store.deleteByEmail(app.email)
      expect(await agreements.agreementsOf(app.id)).toEqual([])
      expect(await agreements.agreement(s.id)).toBeNull()
      expect(await db.count('agreements')).toBe(1)
      expect(await db.count('agreement_signatures')).toBe(0)
      expect(await db.count('agreement_codes')).toBe(0)
      expect(await agreements.agreementsOf(kept.id)).toHaveLength(1)
      expect(await db.count('agreement_templates')).toBe(1)
    })

    it('gives members the right to sign for the programme, audited; an inactive one is not a signer', async () => {
      const db = await database()
      const team = openTeamStore(engineOf(db.store))
      const admin = await insertMember(db.store, 'admin', 'Ana')
      const signer = await insertMember(db.store, 'admin', 'Bruno')
      const leaving = await insertMember(db.store, 'reviewer', 'Carla')
      expect(await team.signerIds()).toEqual(new Set())
      expect(await team.setCanSign(signer.id, true, { memberId: admin.id, at: at(0) })).toBe(true)
      expect(await team.setCanSign(leaving.id, true, { memberId: admin.id, at: at(1) })).toBe(true)
      expect(await team.signerIds()).toEqual(new Set([signer.id, leaving.id]))
      await db.exec(`UPDATE team_members SET active = (1 = 0) WHERE id = ?`, [leaving.id])
      expect(await team.signerIds()).toEqual(new Set([signer.id]))
      expect(await team.setCanSign(crypto.randomUUID(), true, { memberId: admin.id, at: at(2) })).toBe(false)
      expect(await team.setCanSign('not-a-uuid', true, { memberId: admin.id, at: at(2) })).toBe(false)
      expect(await team.setCanSign(signer.id, false, { memberId: admin.id, at: at(3) })).toBe(true)
      expect(await team.signerIds()).toEqual(new Set())

      const audit = await db.all(`SELECT action, member_id, application_id, detail FROM audit_log WHERE action = 'member.signing_right_set' ORDER BY id`)
      expect(audit.map((a) => [a.member_id, a.application_id, detail(a.detail)])).toEqual([
        [admin.id, null, { member: signer.id, canSign: true }],
        [admin.id, null, { member: leaving.id, canSign: true }],
        [admin.id, null, { member: signer.id, canSign: false }],
      ])
    })
  })
}
