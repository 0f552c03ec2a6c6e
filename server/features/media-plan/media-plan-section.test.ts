/**
 * «Tu plan de medios» on the founder's status page from the outside (ADR 0180): an admin builds
 * the plan through the workspace API and records a spot that ran with its proof, a miss and its make-good
 * and a ran entry voided later; the founder's link shows the plan month by month with the proof, the
 * amounts in pesos as Colombia writes them, never the voided entry nor the team's reason; another
 * founder's link shows nothing of it; before the signature there is no section; one ledger read per view.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ENTRY_KIND_FACTS, ENTRY_KINDS } from '../../../domain/media-plan.ts'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import type { MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import type { FounderView } from '../../db/stores/founder-store.ts'
import type { MediaPlanLedger } from '../../db/stores/media-plan-store.ts'
import type { PlanEntryRecord, PlanLineRecord } from '../../../domain/workspace-api/media-plan.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { seedFounder } from '../../testing/seed-founder.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { mediaPlanSection, mediaPlanSectionHtml } from './media-plan-section.ts'

/** The deal of the ledgers built by hand below. */
const LEDGER_DEAL: MediaPlanLedger['deal'] = {
  applicationId: 'app',
  reference: 'CAT-1',
  tradeName: 'X',
  mediaValueCop: 100_000_000,
  windowStart: '2027-01-15',
  windowMonths: 6,
  rateCardVersionId: null,
  rateCardVersionNumber: null,
  ownerId: null,
  rateCard: [],
}

/** A ledger entry of application `app` recorded at `at`: one unit, nothing optional unless said. */
const entryOf = (x: Partial<PlanEntryRecord> & Pick<PlanEntryRecord, 'id' | 'lineId' | 'kind' | 'day'>, at: Date): PlanEntryRecord => ({
  units: 1,
  proofUrl: null,
  proofDocumentId: null,
  proofFileName: null,
  reason: null,
  makeGoodFor: null,
  toLineId: null,
  voids: null,
  applicationId: 'app',
  recordedBy: null,
  recordedAt: at,
  ...x,
})

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const NBSP = '\u00a0'
const json = async <T>(res: Response) => (await res.json()) as T
const statusHtml = async (h: WorkspaceHarness, token: string) => {
  const res = await h.app.request(`${SITE}/postulacion/${token}`)
  expect(res.status).toBe(200)
  return res.text()
}

async function publishedCard(h: WorkspaceHarness, admin: SignedIn): Promise<RateCardVersion> {
  const created = await h.call('POST', '/rate-cards', {
    as: admin,
    body: { items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' }, { outlet: 'radio_regional', format: 'Cuña 30" por región', unitPriceCop: '800.000' }] },
  })
  const { version } = await json<{ version: RateCardVersion }>(created)
  expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)
  return version
}

/** The founder's link, as they ask for it again by their address ("perdí mi enlace") and read it in the e-mail. */
async function linkOf(h: WorkspaceHarness, email: string) {
  const res = await h.app.request(`${SITE}/postulacion`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString() })
  expect(res.status).toBe(200)
  const mail = (await h.deliverMail()).find((m) => m.to === email && m.text.includes('/postulacion/'))
  return founderTokenFrom(mail!.text)
}

/** A submission signed with its deal; its founder's link. */
async function signed(h: WorkspaceHarness, admin: SignedIn, email: string, rateCardVersionId: string) {
  const { id } = await signedThroughApi(h, admin, { email, rateCardVersionId })
  return { id, token: await linkOf(h, email) }
}

const post = async (h: WorkspaceHarness, as: SignedIn, id: string, what: 'lines' | 'entries', body: unknown) => {
  const res = await h.call('POST', `/applications/${id}/media-plan/${what}`, { as, body })
  expect(res.status, JSON.stringify(body)).toBe(201)
  return (await json<MediaPlanAnswer>(res)).plan!
}

/** Two startups signed (window from 15 Jan 2027, 9 months, $ 1.500 M); the first with a plan and its ledger; the clock on 15 March 2027. */
async function setUp() {
  const h = await workspaceHarness()
  harnesses.push(h)
  const admin = await h.signIn(await h.addMember({ role: 'admin' }))
  const card = await publishedCard(h, admin)
  const one = await signed(h, admin, 'una@startup.example', card.id)
  const two = await signed(h, admin, 'otra@startup.example', card.id)
  h.advance(new Date('2027-03-15T15:00:00.000Z').getTime() - h.now().getTime())
  const again = await h.signIn(admin.member)
  const withLine = await post(h, again, one.id, 'lines', { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: '2027-02-01', flightTo: '2027-04-30', notes: 'Franja prime, nota interna' })
  const lineId = withLine.lines[0]!.id
  await post(h, again, one.id, 'entries', { lineId, kind: 'ran', day: '2027-02-10', units: '3', proofUrl: 'https://canal.example.com/pauta/123' })
  const wrong = await post(h, again, one.id, 'entries', { lineId, kind: 'ran', day: '2027-03-02', units: '2', proofUrl: 'https://canal.example.com/pauta/equivocada' })
  const wrongId = wrong.entries.find((x) => x.proofUrl === 'https://canal.example.com/pauta/equivocada')!.id
  await post(h, again, one.id, 'entries', { lineId, kind: 'void', day: '2027-03-03', voids: wrongId, reason: 'Se registró en la línea equivocada' })
  const missed = await post(h, again, one.id, 'entries', { lineId, kind: 'missed', day: '2027-02-17', units: '1', reason: 'Transmisión especial; el canal no avisó' })
  const missId = missed.entries.find((x) => x.kind === 'missed')!.id
  await post(h, again, one.id, 'entries', { lineId, kind: 'make_good', day: '2027-02-24', units: '1', makeGoodFor: missId, proofUrl: 'https://canal.example.com/pauta/124' })
  return { h, one, two, admin: again, lineId }
}

/** A small PDF (its magic bytes and trailer): what the content check recognizes. */
const PDF = (() => {
  const bytes = new Uint8Array(1024).fill(0x20)
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'), 0)
  bytes.set(new TextEncoder().encode('\n%%EOF\n'), 1024 - 7)
  return bytes
})()

describe('«Tu plan de medios» on the founder’s status page', () => {
  it('shows what was committed, what ran with its proof, the miss and its make-good, month by month; never the voided entry nor the reason', async () => {
    const { h, one } = await setUp()
    const html = await statusHtml(h, one.token)
    expect(html).toContain('<h2 id="tu-plan-de-medios">Tu plan de medios</h2>')
    // 3 spots and the make-good at $ 12 M aired: $ 48 M of $ 1.500 M (3 %); $ 1.452 M left.
    expect(html).toContain(`Hasta hoy salió al aire $${NBSP}48.000.000 de $${NBSP}1.500.000.000 comprometidos en medios (3${NBSP}%). Quedan $${NBSP}1.452.000.000 por salir al aire.`)
    expect(html).toContain('La ventana de exposición va del 15 de enero de 2027 al 14 de octubre de 2027.')
    // The plan, month by month: the line under its flight's first month.
    expect(html).toContain('<h3>Febrero de 2027</h3>')
    expect(html).toContain('<dt>Formato</dt><dd>Spot 30&quot; por franja</dd>')
    expect(html).toContain('<dt>Unidades</dt><dd>10</dd>')
    expect(html).toContain('<dt>Fechas</dt><dd>del 1 de febrero de 2027 al 30 de abril de 2027</dd>')
    // What ran, with its proof; the miss, made good, with the make-good's proof.
    expect(html).toContain('<strong>Salió al aire</strong> el 10 de febrero de 2027: 3 unidades de TV nacional, Spot 30&quot; por franja.')
    expect(html).toContain('<a href="https://canal.example.com/pauta/123" rel="noopener noreferrer">Ver prueba<span class="sr-only"> del 10 de febrero de 2027</span></a>')
    expect(html).toContain('<strong>No salió al aire</strong> el 17 de febrero de 2027: 1 unidad de TV nacional, Spot 30&quot; por franja. Ya se repuso.')
    expect(html).toContain('<strong>Reposición</strong> el 24 de febrero de 2027: 1 unidad de TV nacional, Spot 30&quot; por franja en lugar de lo que no salió el 17 de febrero de 2027.')
    expect(html).toContain('href="https://canal.example.com/pauta/124" rel="noopener noreferrer"')
    // The voided entry, the team's reasons and notes: never shown.
    expect(html).not.toContain('equivocada')
    expect(html).not.toContain('2 de marzo de 2027')
    expect(html).not.toContain('Transmisión especial')
    expect(html).not.toContain('nota interna')
    // In order: the plan before the follow-up, headings h2 → h3 → h4.
    expect(html.indexOf('Tu plan de medios')).toBeLessThan(html.indexOf('Seguimiento de 12 meses'))
    const levels = [...html.matchAll(/<h([1-6])[ >]/g)].map((m) => Number(m[1]))
    levels.forEach((l, i) => i > 0 && expect(l - levels[i - 1]!).toBeLessThanOrEqual(1))
  })

  it('links a proof kept as a file under the personal link: the founder downloads it as an attachment; another founder, a wrong link or another id get nothing', async () => {
    const { h, one, two, admin, lineId } = await setUp()
    const form = new FormData()
    for (const [k, v] of Object.entries({ lineId, kind: 'ran', day: '2027-03-05', units: '1' })) form.append(k, v)
    form.append('proofFile', new File([PDF], 'Pauta marzo.pdf', { type: 'application/pdf' }))
    const res = await h.call('POST', `/applications/${one.id}/media-plan/entries`, { as: admin, body: form })
    expect(res.status).toBe(201)
    const proofId = (await json<MediaPlanAnswer>(res)).plan!.entries.find((x) => x.proofDocumentId !== null)!.proofDocumentId!
    const html = await statusHtml(h, one.token)
    const href = `/postulacion/${one.token}/plan/pruebas/${proofId}`
    expect(html).toContain(`<strong>Salió al aire</strong> el 5 de marzo de 2027: 1 unidad de TV nacional, Spot 30&quot; por franja. <a href="${href}" rel="noopener noreferrer">Ver prueba<span class="sr-only"> del 5 de marzo de 2027</span></a>`)
    const file = await h.app.request(`${SITE}${href}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('content-disposition')).toContain('attachment;')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)
    for (const wrong of [`/postulacion/${two.token}/plan/pruebas/${proofId}`, `/postulacion/${one.token}x/plan/pruebas/${proofId}`, `/postulacion/${one.token}/plan/pruebas/${crypto.randomUUID()}`]) {
      const refused = await h.app.request(`${SITE}${wrong}`)
      expect(refused.status, wrong).toBe(404)
      expect(await refused.text(), wrong).not.toContain('%PDF')
    }
  })

  it("another founder's link shows nothing of it: their plan is still being prepared", async () => {
    const { h, two } = await setUp()
    const html = await statusHtml(h, two.token)
    expect(html).toContain('El equipo está preparando tu plan de medios.')
    expect(html).toContain(`Tu acuerdo compromete $${NBSP}1.500.000.000 en medios.`)
    expect(html).not.toContain('canal.example')
    expect(html).not.toContain('Salió al aire')
    expect(html).not.toContain('Febrero de 2027')
  })

  it('before the signature there is no section', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const founder = await seedFounder(h.store, { stage: 'due_diligence' })
    const html = await statusHtml(h, founder.token)
    expect(html).toContain('<h1>Due diligence y acuerdo</h1>')
    expect(html).not.toContain('Tu plan de medios')
    expect(html).not.toContain('plan-list')
  })

  it('reads the ledger once per view, and only once signed', async () => {
    const reads: string[] = []
    const ledger: MediaPlanLedger = {
      deal: { applicationId: 'a', reference: 'CAT-1', tradeName: 'X', mediaValueCop: 1_000_000, windowStart: '2027-01-15', windowMonths: 6, rateCardVersionId: null, rateCardVersionNumber: null, ownerId: null, rateCard: [] },
      lines: [],
      entries: [],
    }
    const section = mediaPlanSection({ plans: { ledger: async (id) => (reads.push(id), ledger) }, now: () => new Date('2027-02-01T15:00:00Z') })
    const view = (stage: FounderView['stage']): FounderView => ({ applicationId: 'app-1', reference: 'CAT-1', stage, receivedAt: new Date(), stageEnteredAt: new Date(), stageDueAt: null, changes: [] })
    expect(await section(view('due_diligence'))).toBeNull()
    expect(await section(view('retirada'))).toBeNull()
    expect(reads).toEqual([])
    expect((await section(view('acuerdo_firmado')))!.html).toContain('El equipo está preparando tu plan de medios.')
    expect(reads).toEqual(['app-1'])
    // Signed without a deal (none recorded): nothing.
    const none = mediaPlanSection({ plans: { ledger: async () => null }, now: () => new Date() })
    expect(await none(view('acuerdo_firmado'))).toBeNull()
  })

  it('says in plain words what moved, what is still owed and what was lost; bookings, withdrawn lines and reasons stay out', () => {
    const at = new Date('2027-07-20T15:00:00Z')
    const line = (id: string, number: number, outlet: PlanLineRecord['outlet'], format: string, units: number, unitPriceCop: number, flightFrom: string, flightTo: string): PlanLineRecord => ({
      id, number, outlet, format, units, unitPriceCop, flightFrom, flightTo, notes: 'nota interna de la línea', applicationId: 'app', createdBy: null, createdAt: at,
    })
    let n = 0
    const entry = (x: Partial<PlanEntryRecord> & Pick<PlanEntryRecord, 'lineId' | 'kind' | 'day' | 'units'>): PlanEntryRecord => entryOf({ id: `e${++n}`, ...x }, at)
    const ledger: MediaPlanLedger = {
      deal: LEDGER_DEAL,
      lines: [
        line('l1', 1, 'tv_nacional', 'Spot 20', 10, 5_000_000, '2027-02-01', '2027-03-31'),
        line('l2', 2, 'radio_regional', 'Cuña 30', 20, 1_000_000, '2027-05-01', '2027-07-14'),
        line('l3', 3, 'radio_regional', 'Mención', 5, 1_000_000, '2027-06-01', '2027-06-30'),
      ],
      entries: [
        entry({ lineId: 'l3', kind: 'void', day: '2027-01-20', units: 0, reason: 'Retirada por el equipo' }),
        entry({ lineId: 'l1', kind: 'booked', day: '2027-02-01', units: 10 }),
        entry({ lineId: 'l1', kind: 'ran', day: '2027-02-05', units: 3, proofUrl: 'https://canal.example.com/a' }),
        entry({ id: 'miss', lineId: 'l1', kind: 'missed', day: '2027-02-12', units: 2, reason: 'El canal cambió la parrilla' }),
        entry({ lineId: 'l1', kind: 'make_good', day: '2027-03-01', units: 1, makeGoodFor: 'miss', proofDocumentId: 'p1', proofFileName: 'Pauta marzo.pdf' }),
        entry({ lineId: 'l1', kind: 'moved', day: '2027-03-15', units: 2, toLineId: 'l2' }),
        entry({ lineId: 'l2', kind: 'forfeited', day: '2027-07-20', units: 5, reason: 'nota interna del cierre' }),
      ],
    }
    const html = mediaPlanSectionHtml(ledger, '2027-07-20')
    // 3 spots and 1 make-good at $ 5 M ran; 5 cuñas at $ 1 M lost.
    expect(html).toContain(`Hasta hoy salió al aire $${NBSP}20.000.000 de $${NBSP}100.000.000 comprometidos en medios (20${NBSP}%). Quedan $${NBSP}75.000.000 por salir al aire.`)
    expect(html).toContain(`$${NBSP}5.000.000 no alcanzaron a salir antes del cierre de la ventana.`)
    expect(html).toContain('<strong>No salió al aire</strong> el 12 de febrero de 2027: 2 unidades de TV nacional, Spot 20. Falta reponer 1 unidad.')
    // A proof kept as a file: said, not linked (ADR 0163 addendum); never its name.
    expect(html).toContain('<strong>Reposición</strong> el 1 de marzo de 2027: 1 unidad de TV nacional, Spot 20 en lugar de lo que no salió el 12 de febrero de 2027. Prueba en archivo: la tiene el equipo.</p>')
    expect(html).not.toContain('Pauta marzo')
    expect(html).toContain('<strong>Cambio de medio</strong> el 15 de marzo de 2027: 2 unidades de TV nacional, Spot 20, que se convirtieron en 10 unidades de Radio regional, Cuña 30 por el mismo valor en medios.')
    expect(html).toContain('<strong>No alcanzó a salir</strong> antes del cierre de la ventana (20 de julio de 2027): 5 unidades de Radio regional, Cuña 30.')
    // The radio line holds what moved in: 20 + 10.
    expect(html).toContain('<dt>Unidades</dt><dd>30</dd>')
    expect(html.match(/Ver prueba/g)).toHaveLength(1)
    // Month by month, in order; June held only the withdrawn line.
    const months = [...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1])
    expect(months).toEqual(['Febrero de 2027', 'Marzo de 2027', 'Mayo de 2027', 'Julio de 2027'])
    for (const hidden of ['Mención', 'parrilla', 'nota interna', 'Retirada', 'Reservado', 'Anulación']) expect(html).not.toContain(hidden)
  })
  it('never says a consulting session "salió al aire" (issue 32): a session is held, counted in sessions', () => {
    const at = new Date('2027-03-20T15:00:00Z')
    const ledger: MediaPlanLedger = {
      deal: LEDGER_DEAL,
      lines: [
        { id: 'c1', number: 1, outlet: 'consultoria', format: 'Sesión de consultoría estratégica', units: 3, unitPriceCop: 10_000_000, flightFrom: '2027-02-01', flightTo: '2027-03-31', notes: '', applicationId: 'app', createdBy: null, createdAt: at },
      ],
      entries: [
        entryOf({ id: 'e1', lineId: 'c1', kind: 'ran', day: '2027-02-05', proofUrl: 'https://actas.example/1' }, at),
        entryOf({ id: 'm1', lineId: 'c1', kind: 'missed', day: '2027-02-12', reason: 'x' }, at),
        entryOf({ id: 'g1', lineId: 'c1', kind: 'make_good', day: '2027-03-01', makeGoodFor: 'm1' }, at),
      ],
    }
    const html = mediaPlanSectionHtml(ledger, '2027-03-20')
    expect(html).toContain('<strong>Se realizó</strong> el 5 de febrero de 2027: 1 sesión de Consultoría estratégica, Sesión de consultoría estratégica.')
    expect(html).toContain('<strong>No se realizó</strong> el 12 de febrero de 2027: 1 sesión de Consultoría estratégica, Sesión de consultoría estratégica. Ya se repuso.')
    expect(html).toContain('<strong>Reposición</strong> el 1 de marzo de 2027: 1 sesión de Consultoría estratégica, Sesión de consultoría estratégica en lugar de la que no se realizó el 12 de febrero de 2027.')
    expect(html).toContain('<dt>Sesiones</dt><dd>3</dd>')
    expect(html).not.toContain('Salió al aire')
    expect(html).not.toContain('No salió al aire')
  })

  it('says every kind the founder reads in words of its own, with its day, its units and its line; the others are not shown', () => {
    const at = new Date('2027-03-20T15:00:00Z')
    const titles = new Map<string, string>()
    for (const kind of ENTRY_KINDS) {
      const facts = ENTRY_KIND_FACTS[kind]
      const ledger: MediaPlanLedger = {
        deal: LEDGER_DEAL,
        lines: [{ id: 'l1', number: 1, outlet: 'tv_nacional', format: 'Spot 20', units: 10, unitPriceCop: 5_000_000, flightFrom: '2027-01-20', flightTo: '2027-03-31', notes: '', applicationId: 'app', createdBy: null, createdAt: at }],
        entries: [
          entryOf(
            { id: 'e1', lineId: 'l1', kind, day: '2027-02-10', units: 4, proofUrl: facts.proof ? 'https://canal.example.com/prueba' : null, reason: facts.reason ? 'razón interna del equipo' : null },
            at,
          ),
        ],
      }
      const html = mediaPlanSectionHtml(ledger, '2027-03-20')
      const said = /<h4>Lo que pasó<\/h4>\n<ul class="plan-list">\n<li><p><strong>([^<]+)<\/strong>(.*)<\/p><\/li>/.exec(html)
      expect(html, kind).not.toContain('razón interna')
      if (!said) {
        expect(html, kind).not.toContain('10 de febrero de 2027')
        continue
      }
      const [, title, rest] = said
      expect(rest, kind).toContain('10 de febrero de 2027')
      expect(rest, kind).toContain('4 unidades de TV nacional, Spot 20')
      expect(rest!.includes('Ver prueba'), kind).toBe(facts.proof)
      expect(titles.get(title!), `${kind} says what ${titles.get(title!)} says`).toBeUndefined()
      titles.set(title!, kind)
    }
    expect(titles.size).toBeGreaterThan(0)
  })
})
