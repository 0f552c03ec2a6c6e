/**
 * The holdings register and «Portafolio» in the workspace (ADR 0215; the contract in
 * domain/workspace-api/holdings.ts). Admins only, like the deal. Mounted behind the session, CSRF and
 * conflict guards: a member with a conflict never reaches /applications/:id/holding, and «Portafolio»
 * shows them a conflicted company's reference alone (left out of every total and of the report).
 * Every read is audited; every write is decided against the whole register inside its transaction
 * (service.ts): a refusal is a 422 in Spanish and changes nothing.
 */
import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { servedFileName } from '../../../domain/documents.ts'
import { formatIsoDay } from '../../../domain/format.ts'
import { HOLDING_FILE_MAX_BYTES, HOLDING_FILE_TYPES, HOLDING_MESSAGES, holdingState, readMark, type HoldingEventInput, type RoundInput } from '../../../domain/holdings.ts'
import { holdingEndpoints as E, type HoldingAnswer, type RoundPreview } from '../../../domain/workspace-api/holdings.ts'
import { wire } from '../../../domain/workspace-api/wire.ts'
import type { HoldingStore, NewHoldingDocument } from '../../db/stores/holding-store.ts'
import { newHoldingId } from '../../db/stores/holding-store.ts'
import type { ReviewStore } from '../../db/stores/review-store.ts'
import type { WorkspaceEnv } from '../../shared/auth/context.ts'
import { checkBytes } from '../../shared/content-check.ts'
import { attachmentHeaders } from '../../shared/http/download.ts'
import { invalid, jsonBody, notFound } from '../../shared/http/json.ts'
import { checkBody, route, routeReadingBody } from '../../shared/http/route.ts'
import { ocfZip } from './ocf-export.ts'
import { portfolioWorkbook, reportFileName } from './report.ts'
import type { PortfolioService } from './service.ts'

export interface PortfolioRouteDeps {
  portfolioService: PortfolioService
  holdings: Pick<HoldingStore, 'document' | 'proposeMark' | 'decideMark'>
  reviews: Pick<ReviewStore, 'getApplication' | 'appendAudit'>
  /** The programme's name, as the OCF export names its stakeholder. */
  programmeName?: string
  now: () => Date
}

type FormRead = { ok: true; fields: unknown; document: NewHoldingDocument | null } | { ok: false; issues: { path: string; message: string }[] }

/** A body as JSON, or a multipart form with its `document` checked by its bytes (as the media plan's proofs are). */
async function formWithDocument(c: Context): Promise<FormRead> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { ok: true, fields: await jsonBody(c), document: null }
  let form: Record<string, string | File>
  try {
    form = (await c.req.parseBody({ all: false })) as Record<string, string | File>
  } catch {
    return { ok: true, fields: undefined, document: null }
  }
  const fields: Record<string, string> = {}
  let file: File | null = null
  for (const [name, value] of Object.entries(form)) {
    if (name === 'document') file = typeof value === 'string' ? null : value
    else if (typeof value === 'string' && value !== '') fields[name] = value
  }
  if (!file) return { ok: true, fields, document: null }
  if (file.size === 0) return { ok: false, issues: [{ path: 'document', message: HOLDING_MESSAGES.fileEmpty }] }
  if (file.size > HOLDING_FILE_MAX_BYTES) return { ok: false, issues: [{ path: 'document', message: HOLDING_MESSAGES.fileTooLarge }] }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const verdict = await checkBytes(bytes, HOLDING_FILE_TYPES)
  if (!verdict.ok) return { ok: false, issues: [{ path: 'document', message: HOLDING_MESSAGES.fileRefused }] }
  return {
    ok: true,
    fields,
    document: { id: newHoldingId(), fileName: servedFileName(file.name, verdict.mediaType), contentType: verdict.mediaType, sha256: createHash('sha256').update(bytes).digest('hex'), content: bytes },
  }
}

export function portfolioRoutes(deps: PortfolioRouteDeps): Hono<WorkspaceEnv> {
  const { portfolioService: service, reviews, now } = deps
  const app = new Hono<WorkspaceEnv>()

  const answer = async (c: Context, id: string, status: 200 | 201 = 200) => c.json(wire({ holding: await service.view(id) }) satisfies HoldingAnswer, status)
  const refused = (c: Context, r: { status: 404 | 409 | 422; error: string; message: string; errors?: Partial<Record<string, string>> }) =>
    r.status === 422
      ? invalid(
          c,
          Object.entries(r.errors ?? {}).map(([path, message]) => ({ path, message: message! })),
          r.message,
        )
      : c.json({ error: r.error, message: r.message }, r.status)
  const noDeal = (c: Context) => c.json({ error: 'no_deal', message: HOLDING_MESSAGES.noDeal }, 404)

  route(app, E.holding, async (c) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const holding = await service.view(id)
    // Confidential like the deal: every view is on the record.
    if (holding) await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'holding.viewed', applicationId: id })
    return c.json(wire({ holding }) satisfies HoldingAnswer)
  })

  routeReadingBody(app, E.recordEvent, async (c) => {
    const read = await formWithDocument(c)
    if (!read.ok) return invalid(c, read.issues, read.issues[0]?.message)
    const parsed = checkBody(c, E.recordEvent, read.fields)
    if (!parsed.ok) return parsed.response
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const done = await service.recordEvent(id, parsed.value as HoldingEventInput, read.document, c.get('member').id)
    if (!done.ok) return refused(c, done)
    return answer(c, id, 201)
  })

  route(app, E.voidEvent, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const done = await service.voidEvent(id, c.req.param('eventId'), body.reason, c.get('member').id)
    if (!done.ok) return refused(c, done)
    return answer(c, id, 201)
  })

  route(app, E.previewRound, async (c, body) => {
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const model = await service.previewRound(id, body as RoundInput)
    if (!model) return noDeal(c)
    if ('problem' in model) return c.json({ error: 'refused', message: model.problem }, 422)
    if (!model.reading.ok) return refused(c, { status: 422, error: 'invalid', message: model.reading.message, errors: model.reading.errors })
    if (!model.after) return c.json({ error: 'refused', message: HOLDING_MESSAGES.issuanceFirst }, 422)
    const r = model.reading
    return c.json({
      before: model.before,
      after: model.after,
      price: r.round.price,
      preMoneyCop: r.round.preMoneyCop,
      newShares: r.round.newShares,
      programmeShares: r.round.programmeShares,
      conversions: r.conversions,
      topUp: r.topUp,
    } satisfies RoundPreview)
  })

  routeReadingBody(app, E.recordRound, async (c) => {
    const read = await formWithDocument(c)
    if (!read.ok) return invalid(c, read.issues, read.issues[0]?.message)
    const parsed = checkBody(c, E.recordRound, read.fields)
    if (!parsed.ok) return parsed.response
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    const done = await service.recordRound(id, parsed.value as RoundInput, read.document, c.get('member').id)
    if (!done.ok) return refused(c, done)
    return answer(c, id, 201)
  })

  routeReadingBody(app, E.proposeMark, async (c) => {
    const read = await formWithDocument(c)
    if (!read.ok) return invalid(c, read.issues, read.issues[0]?.message)
    const parsed = checkBody(c, E.proposeMark, read.fields)
    if (!parsed.ok) return parsed.response
    const id = c.req.param('id')
    if (!(await reviews.getApplication(id))) return notFound(c)
    // Only whether the issuance is recorded: the register's state, not the whole view (ledger, follow-up, agreement).
    const facts = await service.facts(id, formatIsoDay(now()))
    if (!facts) return noDeal(c)
    if (!holdingState(facts.events).issuedOn) return c.json({ error: 'refused', message: HOLDING_MESSAGES.markNeedsHolding }, 422)
    const reading = readMark(parsed.value, { today: formatIsoDay(now()), hasEvidence: read.document !== null })
    if (!reading.ok) return refused(c, { status: 422, error: 'invalid', message: reading.message, errors: reading.errors })
    const mark = await deps.holdings.proposeMark({ id: newHoldingId(), applicationId: id, ...reading.mark, document: read.document!, memberId: c.get('member').id, at: now() })
    if (mark === 'no_deal') return noDeal(c)
    return answer(c, id, 201)
  })

  for (const [endpoint, approve] of [
    [E.approveMark, true],
    [E.rejectMark, false],
  ] as const) {
    route(app, endpoint, async (c) => {
      const id = c.req.param('id')
      if (!(await reviews.getApplication(id))) return notFound(c)
      const out = await deps.holdings.decideMark({ id: c.req.param('markId'), applicationId: id, memberId: c.get('member').id, approve, at: now() })
      if (out === 'not_found') return c.json({ error: 'not_found', message: 'No encontramos esa valoración.' }, 404)
      if (out === 'same_member') return c.json({ error: 'same_member', message: HOLDING_MESSAGES.markSameMember }, 409)
      if (out === 'decided') return c.json({ error: 'decided', message: HOLDING_MESSAGES.markNotProposed }, 409)
      return answer(c, id)
    })
  }

  // A document behind an event or a mark: an attachment, never shown inline; every download audited.
  route(app, E.document, async (c) => {
    const id = c.req.param('id')
    const doc = await deps.holdings.document(c.req.param('documentId'))
    if (!doc || doc.applicationId !== id) return c.json({ error: 'not_found', message: 'No encontramos ese documento.' }, 404)
    await reviews.appendAudit({ at: now(), memberId: c.get('member').id, action: 'holding.document_downloaded', applicationId: id })
    return c.body(new Uint8Array(doc.content), 200, attachmentHeaders({ mediaType: doc.contentType, sizeBytes: doc.content.byteLength, fileName: doc.fileName }))
  })

  // The company's cap table as the programme knows it, in the Open Cap Format (a .zip of its JSON files).
  route(app, E.ocf, async (c) => {
    const id = c.req.param('id')
    const record = await reviews.getApplication(id)
    if (!record) return notFound(c)
    const at = now()
    const facts = await service.facts(id, formatIsoDay(at))
    if (!facts) return noDeal(c)
    const signed = await service.signedParties(id)
    const form = record.application.formData
    const zip = await ocfZip({
      company: {
        applicationId: id,
        legalName: signed?.legalName ?? form.companyName ?? '',
        tradeName: signed?.tradeName ?? form.tradeName ?? '',
        nit: signed?.nit ?? null,
        countryOfFormation: 'CO',
        city: signed?.city ?? null,
        founderName: signed?.representativeName ?? null,
      },
      programme: { name: deps.programmeName ?? 'Catalítico' },
      events: facts.events,
      marks: facts.marks,
      deal: { mediaValueCop: facts.deal.mediaValueCop, investmentValueCop: facts.deal.investmentValueCop, signedOn: formatIsoDay(facts.deal.signedAt) },
      dealReference: record.application.reference,
      generatedAt: at,
    })
    await reviews.appendAudit({ at, memberId: c.get('member').id, action: 'holding.exported', applicationId: id, detail: { format: 'ocf' } })
    return c.body(new Uint8Array(zip), 200, attachmentHeaders({ mediaType: 'application/zip', sizeBytes: zip.byteLength, fileName: `${record.application.reference}-tabla-de-capitalizacion.ocf.zip` }))
  })

  route(app, E.portfolio, async (c) => {
    const member = c.get('member')
    const portfolio = await service.portfolio(member.id)
    await reviews.appendAudit({ at: now(), memberId: member.id, action: 'portfolio.viewed', applicationId: null, detail: { holdings: portfolio.rows.length } })
    return c.json(portfolio)
  })

  route(app, E.report, async (c) => {
    const member = c.get('member')
    const portfolio = await service.portfolio(member.id)
    const chunks: Buffer[] = []
    for await (const chunk of portfolioWorkbook(portfolio)) chunks.push(chunk as Buffer)
    const bytes = new Uint8Array(Buffer.concat(chunks))
    await reviews.appendAudit({ at: now(), memberId: member.id, action: 'portfolio.report_exported', applicationId: null, detail: { format: 'xlsx', holdings: portfolio.rows.filter((r) => !r.conflicted).length } })
    return c.body(bytes, 200, attachmentHeaders({ mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sizeBytes: bytes.byteLength, fileName: reportFileName(portfolio.today) }))
  })

  return app
}
