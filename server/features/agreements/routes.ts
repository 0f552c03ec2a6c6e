/**
 * The workspace's agreement (domain/workspace-api/agreements.ts), admins only as the deal: mounted
 * behind the session, CSRF and conflict guards (a member with a conflict never reaches
 * /applications/:id/agreement), each form one write per submission. Every view of an agreement and
 * every download is on the audit log (agreement.viewed), as the deal's.
 */
import { Hono, type Context } from 'hono'
import { agreementEndpoints as E, type AgreementAnswer, type AgreementTemplateAnswer, type CodeSentAnswer, type SigningRightAnswer } from '../../../domain/workspace-api/agreements.ts'
import { AGREEMENT_FIELDS, readTemplateBody } from '../../../domain/agreements.ts'
import { isLiveAgreement, type AgreementRecord } from '../../../domain/agreements-records.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import { route } from '../../shared/http/route.ts'
import { invalid, notFound } from '../../shared/http/json.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import { memberNames, type TeamStore } from '../../db/stores/team-store.ts'
import { MESSAGES, declineAgreement, isRefusal, requestCode, sendAgreement, signAgreement, templateInForce, type AgreementDeps, type Refusal } from './service.ts'
import { finishAuthentication, relyingParty, startMemberAuthentication } from '../team/passkeys.ts'
import { allowedOrigin } from '../../shared/auth/origin.ts'

export interface AgreementRouteDeps {
  agreementService: AgreementDeps
  /** The public site's origin: the relying party of a passkey's ceremony when the request names none. */
  siteOrigin: string
  reviews: Pick<ReviewStore, 'getApplication' | 'appendAudit'>
  team: TeamStore
  clientIp: (c: Context) => string
}

const refusal = (c: Context, r: Refusal) =>
  c.json({ error: r.error, message: r.message, ...(r.issues ? { issues: r.issues } : {}), ...(r.missing ? { missing: r.missing.map((d) => ({ key: d.key, label: d.label })) } : {}), ...(r.remaining !== undefined ? { remaining: r.remaining } : {}) }, r.status)


export function agreementRoutes(deps: AgreementRouteDeps): Hono<WorkspaceEnv> {
  const s = deps.agreementService
  const app = new Hono<WorkspaceEnv>()

  const answer = async (c: Context<WorkspaceEnv>, applicationId: string): Promise<AgreementAnswer | null> => {
    const record = await deps.reviews.getApplication(applicationId)
    if (!record) return null
    const [agreements, template, signerIds, members] = await Promise.all([s.agreements.agreementsOf(applicationId), templateInForce(s.agreements), deps.team.signerIds(), deps.team.listMembers()])
    const last = agreements[0]
    const f = record.application.formData
    const partiesDraft = last
      ? {
          ...last.parties,
          shares: last.parties.shares === null ? '' : String(last.parties.shares),
          shareClass: last.parties.shareClass ?? '',
        }
      : { legalName: f.companyName, tradeName: f.tradeName, nit: '', representativeName: f.founderName, representativeIdType: 'CC' as const, representativeId: '', shares: '', shareClass: '', city: 'Bogotá D.C.' }
    const named = agreements.flatMap((a) => [a.sentBy, a.closedBy, ...a.signatures.map((x) => x.memberId)])
    return {
      agreements: agreements.map((a) => wire(a)),
      template: { version: template.version, sample: template.sample },
      viewerCanSign: signerIds.has(c.get('member').id),
      viewerHasPasskey: (await deps.team.listPasskeys(c.get('member').id)).length > 0,
      signers: members.filter((m) => m.active && signerIds.has(m.id)).map((m) => ({ id: m.id, name: m.name })),
      memberNames: await memberNames(deps.team, named),
      partiesDraft,
      canSend: record.stage === 'due_diligence',
    }
  }
  const live = async (applicationId: string): Promise<AgreementRecord | null> => (await s.agreements.agreementsOf(applicationId)).find((a) => isLiveAgreement(a)) ?? null

  route(app, E.agreement, async (c) => {
    const id = c.req.param('id')
    const a = await answer(c, id)
    if (!a) return notFound(c)
    if (a.agreements.length > 0) await deps.reviews.appendAudit({ at: s.now(), memberId: c.get('member').id, action: 'agreement.viewed', applicationId: id })
    return c.json(a)
  })

  route(app, E.send, async (c, body) => {
    const id = c.req.param('id')
    const outcome = await sendAgreement(s, id, { deal: body.deal, parties: { ...body.parties }, missingDocuments: body.missingDocuments ?? null }, c.get('member').id)
    if (isRefusal(outcome)) return outcome.status === 404 ? notFound(c) : refusal(c, outcome)
    return c.json((await answer(c, id))!, 201)
  })

  route(app, E.requestCode, async (c) => {
    const agreement = await live(c.req.param('id'))
    if (!agreement) return c.json({ error: 'no_agreement', message: 'Esta postulación no tiene un acuerdo enviado para firma.' }, 404)
    const outcome = await requestCode(s, agreement, { role: 'programme', memberId: c.get('member').id })
    if (isRefusal(outcome)) return refusal(c, outcome)
    return c.json(wire({ sentTo: outcome.sentTo, expiresAt: outcome.expiresAt }) satisfies CodeSentAnswer)
  })

  route(app, E.passkeyOptions, async (c) => {
    const agreement = await live(c.req.param('id'))
    if (!agreement) return c.json({ error: 'no_agreement', message: 'Esta postulación no tiene un acuerdo enviado para firma.' }, 404)
    if (!(await deps.team.signerIds()).has(c.get('member').id)) return c.json({ error: 'no_signing_right', message: MESSAGES.noSigningRight }, 403)
    const origin = allowedOrigin(c, deps.siteOrigin) ?? deps.siteOrigin
    const ceremony = await startMemberAuthentication(deps.team, c.get('member'), relyingParty(origin), s.now())
    if (!ceremony) return c.json({ error: 'no_passkey', message: 'No tienes una llave de acceso registrada: firma con el código que te enviamos por correo.' }, 409)
    return c.json(ceremony)
  })

  route(app, E.sign, async (c, body) => {
    const id = c.req.param('id')
    const agreement = await live(id)
    if (!agreement) return c.json({ error: 'no_agreement', message: 'Esta postulación no tiene un acuerdo enviado para firma.' }, 404)
    let passkeyVerified = false
    if (body.passkey) {
      // The assertion must be one of this member's own passkeys answering a challenge made for them.
      const origin = allowedOrigin(c, deps.siteOrigin) ?? deps.siteOrigin
      const proved = await finishAuthentication(deps.team, relyingParty(origin), body.passkey, s.now())
      if (!proved || proved.member.id !== c.get('member').id) {
        return c.json({ error: 'invalid_passkey', message: 'No pudimos comprobar tu llave de acceso: inténtalo de nuevo o firma con el código que te enviamos por correo.' }, 422)
      }
      passkeyVerified = true
    }
    const outcome = await signAgreement(s, agreement, { role: 'programme', memberId: c.get('member').id }, { code: body.code, passkeyVerified, consent: body.consent, ip: deps.clientIp(c), userAgent: c.req.header('user-agent') ?? '' })
    if (isRefusal(outcome)) return refusal(c, outcome)
    return c.json((await answer(c, id))!)
  })

  route(app, E.decline, async (c, body) => {
    const id = c.req.param('id')
    const agreement = await live(id)
    if (!agreement) return c.json({ error: 'no_agreement', message: 'Esta postulación no tiene un acuerdo enviado para firma.' }, 404)
    const outcome = await declineAgreement(s, agreement, { role: 'programme', memberId: c.get('member').id }, body.reason ?? null)
    if (isRefusal(outcome)) return refusal(c, outcome)
    return c.json((await answer(c, id))!)
  })

  route(app, E.document, async (c) => {
    const id = c.req.param('id')
    const agreement = await s.agreements.agreement(c.req.param('agreementId'))
    // Another application's document is not found here: the conflict guard checked only :id.
    if (!agreement || agreement.applicationId !== id) return c.json({ error: 'not_found', message: 'No encontramos ese documento.' }, 404)
    const which = c.req.query('version') === 'signed' ? 'signed' : 'sent'
    const bytes = await s.agreements.document(agreement.id, which)
    if (!bytes) return c.json({ error: 'not_found', message: 'El documento firmado aún no está listo: lo estamos sellando.' }, 404)
    await deps.reviews.appendAudit({ at: s.now(), memberId: c.get('member').id, action: 'agreement.viewed', applicationId: id, detail: { version: agreement.version, document: which } })
    const fileName = `acuerdo-${agreement.code}-v${agreement.version}${which === 'signed' ? '-firmado' : ''}.pdf`
    return c.body(new Uint8Array(bytes), 200, attachmentHeaders({ mediaType: 'application/pdf', sizeBytes: bytes.length, fileName }))
  })

  const templateAnswer = async (): Promise<AgreementTemplateAnswer> => {
    const [current, versions] = await Promise.all([templateInForce(s.agreements), s.agreements.listTemplates()])
    return {
      current,
      versions: versions.map((t) => ({ version: t.version, sample: t.sample, createdBy: t.createdBy, createdAt: t.createdAt ? t.createdAt.toISOString() : null })),
      fields: AGREEMENT_FIELDS.map((f) => ({ key: f.key, label: f.label })),
      memberNames: await memberNames(deps.team, versions.map((t) => t.createdBy)),
    }
  }
  route(app, E.template, async (c) => c.json(await templateAnswer()))
  route(app, E.saveTemplate, async (c, body) => {
    const read = readTemplateBody(body.body)
    if (!read.ok) return invalid(c, [{ path: 'body', message: read.message }], read.message)
    await s.agreements.saveTemplate({ body: body.body, sample: body.sample, memberId: c.get('member').id, at: s.now() })
    return c.json(await templateAnswer(), 201)
  })

  route(app, E.setSigningRight, async (c, body) => {
    const memberId = c.req.param('id')
    const member = await deps.team.getMember(memberId)
    if (!member) return c.json({ error: 'not_found', message: 'No encontramos a esa persona del equipo.' }, 404)
    if (body.canSign && (member.role !== 'admin' || !member.active)) {
      return invalid(c, [{ path: 'canSign', message: 'Solo un administrador activo puede firmar por el programa: el acuerdo lleva las cifras del trato.' }], 'Solo un administrador activo puede firmar por el programa: el acuerdo lleva las cifras del trato.')
    }
    await deps.team.setCanSign(memberId, body.canSign, { memberId: c.get('member').id, at: s.now() })
    return c.json({ memberId, canSign: body.canSign } satisfies SigningRightAnswer)
  })

  return app
}
