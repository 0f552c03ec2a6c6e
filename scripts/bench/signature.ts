/**
 * `npm run bench:signature`: the agreement's signature (docs/decisions/0213, 0214), on SQLite (a file in a
 * temporary directory) and on PostgreSQL (a fresh database on the local server, or TEST_DATABASE_URL's),
 * without a timestamp authority.
 *
 * One agreement, end to end through the service the routes call (server/features/agreements/service.ts):
 * sent (the PDF drawn from the deal and the sample template, frozen in the store), signed by the founder and by
 * a programme signer (each code issued and checked by the store), then sealed (the evidence page, two PDF
 * signatures by the programme's certificate) with the stage change to «Acuerdo firmado» and the deal. Timed:
 * - "generate": sending (the PDF drawn and stored);
 * - "seal": sealing after both signatures (evidence page, two PDF signatures, the stage change);
 * - "generate + seal": the whole, one agreement after another.
 * Then PARALLEL (default 50) agreements at once, every one sent, signed and sealed: the failures are counted
 * (the goal is none) and the wall time printed.
 * Prints p50 and p95. Goal: generating and sealing one agreement p95 <= 300 ms on this machine.
 *
 * Options: --runs N (default 60) --parallel N (default 50) --only sqlite|postgres
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { onEachStore } from './each-store.ts'
import { percentile } from './timing.ts'
import type { ApplicationStore } from '../../server/db/stores/application-store.ts'
import { openWorkspaceStores } from '../../server/db/stores/open-workspace-stores.ts'
import { insertMember } from '../../server/db/testing/members.ts'
import { newSubmission } from '../../server/testing/fixtures.ts'
import { DEAL_BODY } from '../../server/testing/deal-body.ts'
import { changeStage, stageMoves } from '../../server/features/review/pipeline.ts'
import { codeHash, isRefusal, sealDue, sendAgreement, signAgreement, type AgreementDeps } from '../../server/features/agreements/service.ts'
import { signingFrom } from '../../server/features/agreements/signing.ts'
import type { FounderMailConfig } from '../../server/shared/mail/founder-mail.ts'
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import type { DealInput } from '../../domain/deals.ts'

const GOAL_P95_MS = 300
const { values: args } = parseArgs({ options: { runs: { type: 'string' }, parallel: { type: 'string' }, only: { type: 'string' } } })
const RUNS = Number(args.runs ?? 60)
const PARALLEL = Number(args.parallel ?? 50)
const PARTIES = { legalName: 'Recicla Ya S.A.S.', tradeName: 'Recicla Ya', nit: '900.123.456-8', representativeName: 'María José Núñez', representativeIdType: 'CC' as const, representativeId: '1020304050', shares: '15.000', shareClass: 'ordinarias', city: 'Medellín' }
const MAIL: FounderMailConfig = { from: 'Catalítico <postulaciones@catalitico.example>', replyTo: 'postulaciones@catalitico.example', company: DEFAULT_COMPANY, siteOrigin: 'http://localhost:3000' }

const fixed = (n: number) => n.toFixed(1).padStart(7)

async function bench(target: string, store: ApplicationStore) {
  const stores = openWorkspaceStores(store)
  const dataDir = mkdtempSync(join(tmpdir(), 'catalitico-signing-'))
  const admin = await insertMember(store, 'admin', 'Sofía Firmante')
  await stores.team.setCanSign(admin.id, true, { memberId: admin.id, at: new Date() })
  const now = () => new Date()
  const deps: AgreementDeps = {
    agreements: stores.agreements,
    reviews: stores.review,
    deals: stores.deals,
    documents: stores.documents,
    team: stores.team,
    mail: MAIL,
    signing: signingFrom({ dataDir, log: () => {} }),
    changeStage: (request) => changeStage({ reviews: stores.review, steps: stores.stageSteps, now }, request),
    workspaceUrl: (id) => `http://localhost:3000/equipo/postulaciones/${id}`,
    now,
    log: () => {},
  }
  await deps.signing.identity()
  const moves = stageMoves(stores.stageSteps)

  /** A new application at due diligence. */
  const application = async () => {
    const s = newSubmission({ createdAt: now() })
    await store.saveSubmission(s)
    const id = s.application.id
    for (const [from, to] of [['recibida', 'validacion_preliminar'], ['validacion_preliminar', 'sesion_panel'], ['sesion_panel', 'due_diligence']] as const) {
      await moves.transition(id, { from, to, reason: null, memberId: admin.id, at: now() })
    }
    return id
  }
  /** Both signatures, each with a code issued as requestCode would (its e-mail left out: the bench reads no mail). */
  const signBoth = async (agreementId: string) => {
    for (const role of ['founder', 'programme'] as const) {
      const a = (await stores.agreements.agreement(agreementId))!
      const code = role === 'founder' ? '123456' : '654321'
      const at = now()
      await stores.agreements.issueCode({ agreementId, role, memberId: role === 'founder' ? null : admin.id, codeHash: codeHash(agreementId, role, code), at, expiresAt: new Date(at.getTime() + 900_000), mail: { message: { id: crypto.randomUUID(), kind: 'agreement_code', messageId: `<${crypto.randomUUID()}@bench>`, from: MAIL.from, to: 'bench@example.com', subject: 'x', text: 'x', html: 'x' }, secret: true } })
      const signer = role === 'founder' ? ({ role } as const) : ({ role, memberId: admin.id } as const)
      // The programme's signature seals at once (signAgreement calls sealDue): timed apart below by sealing here instead.
      const outcome = role === 'founder' ? await signAgreement(deps, a, signer, { code, consent: true, ip: '127.0.0.1', userAgent: 'bench' }) : await signProgrammeOnly(a.id, code)
      if (isRefusal(outcome)) throw new Error(`${role} refused: ${outcome.message}`)
    }
  }
  /** The programme's signature written without sealing (the store's own write), so sealing is timed on its own. */
  const signProgrammeOnly = async (agreementId: string, code: string) => {
    const at = now()
    const outcome = await stores.agreements.sign({
      agreementId,
      role: 'programme',
      from: 'founder_signed',
      codeHash: codeHash(agreementId, 'programme', code),
      signature: { role: 'programme', memberId: admin.id, name: admin.name, email: admin.email, method: 'email_code', consentVersion: 1, consentText: 'bench', ip: '127.0.0.1', userAgent: 'bench', signedAt: at },
      at,
      replacement: { codeHash: 'x', expiresAt: at, mail: { message: { id: crypto.randomUUID(), kind: 'agreement_code', messageId: `<${crypto.randomUUID()}@bench>`, from: MAIL.from, to: 'bench@example.com', subject: 'x', text: 'x', html: 'x' } } },
      mails: [],
      maxAttempts: 5,
    })
    if (outcome.status !== 'signed') throw new Error(`programme: ${outcome.status}`)
    return outcome.agreement
  }
  const one = async () => {
    const id = await application()
    const t0 = performance.now()
    const sent = await sendAgreement(deps, id, { deal: DEAL_BODY as DealInput, parties: PARTIES, missingDocuments: { confirmed: true, reason: 'bench' } }, admin.id)
    if (isRefusal(sent)) throw new Error(`send refused: ${sent.message}`)
    const t1 = performance.now()
    await signBoth(sent.id)
    const t2 = performance.now()
    const sealed = await sealDue(deps, 1)
    if (sealed.sealed !== 1) throw new Error(`sealing failed: ${JSON.stringify(sealed)}`)
    const t3 = performance.now()
    const done = await stores.agreements.agreement(sent.id)
    if (done?.status !== 'signed') throw new Error(`not signed: ${done?.status}`)
    return { generate: t1 - t0, seal: t3 - t2, total: t1 - t0 + (t3 - t2) }
  }

  for (let i = 0; i < 5; i++) await one()
  const times = { generate: [] as number[], seal: [] as number[], total: [] as number[] }
  for (let i = 0; i < RUNS; i++) {
    const r = await one()
    times.generate.push(r.generate)
    times.seal.push(r.seal)
    times.total.push(r.total)
  }
  const rows = Object.entries(times).map(([name, list]) => {
    list.sort((a, b) => a - b)
    return { name, p50: percentile(list, 50), p95: percentile(list, 95) }
  })

  // PARALLEL agreements at once: each application made first, then all sent, signed and sealed together.
  const ids = []
  for (let i = 0; i < PARALLEL; i++) ids.push(await application())
  const start = performance.now()
  const sentIds: string[] = []
  const results = await Promise.allSettled(
    ids.map(async (id) => {
      const sent = await sendAgreement(deps, id, { deal: DEAL_BODY as DealInput, parties: PARTIES, missingDocuments: { confirmed: true, reason: 'bench' } }, admin.id)
      if (isRefusal(sent)) throw new Error(sent.message)
      await signBoth(sent.id)
      sentIds.push(sent.id)
    }),
  )
  // Then four instances' jobs at once, each sealing what is due (leased row by row) until nothing is left.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let pass = 0; pass < PARALLEL; pass++) if ((await sealDue(deps, 5)).sealed === 0 && pass > 0) break
    }),
  )
  for (const id of sentIds) {
    const after = await stores.agreements.agreement(id)
    if (after?.status !== 'signed') results.push({ status: 'rejected', reason: new Error(`not sealed (${after?.status}): ${after?.sealError ?? 'no error recorded'}`) })
  }
  const wall = performance.now() - start
  const failures = results.filter((r) => r.status === 'rejected')
  rmSync(dataDir, { recursive: true, force: true })
  return { target, rows, parallel: { count: PARALLEL, failures: failures.length, firstFailure: failures[0] ? String((failures[0] as PromiseRejectedResult).reason) : null, wallMs: wall } }
}

const results = await onEachStore(args.only, bench)
console.log(`bench:signature  runs=${RUNS} parallel=${PARALLEL}  load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}  (no timestamp authority)`)
let ok = true
for (const r of results) {
  console.log(`\n${r.target}`)
  console.log('                      p50 ms   p95 ms')
  for (const row of r.rows) {
    const over = row.name === 'total' && row.p95 > GOAL_P95_MS
    if (over) ok = false
    console.log(`  ${row.name === 'total' ? 'generate + seal' : row.name}`.padEnd(20) + `${fixed(row.p50)}  ${fixed(row.p95)}${row.name === 'total' ? `   goal p95 <= ${GOAL_P95_MS} ms: ${over ? 'MISSED' : 'met'}` : ''}`)
  }
  const p = r.parallel
  if (p.failures > 0) ok = false
  console.log(`  ${p.count} agreements at once: ${p.count - p.failures} sealed, ${p.failures} failed in ${(p.wallMs / 1000).toFixed(1)} s${p.firstFailure ? ` (first: ${p.firstFailure})` : ''}`)
}
if (!ok) process.exitCode = 1
