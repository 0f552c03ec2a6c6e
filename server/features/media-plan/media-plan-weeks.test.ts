/**
 * «Semana a semana» in the founder's «Tu plan de medios» (ADR 0193): the workspace's flowchart in
 * plain words. From the outside: an admin builds a plan through the workspace API and records what ran,
 * a miss, its make-good and a booking; the founder's link shows each line week by week, today's week
 * named in Bogotá time, and none of it reaches another founder. And on a realistic plan: voids, withdrawn
 * lines, bookings and the team's reasons stay out; a consulting session is held, not aired.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_DEAL, SAMPLE_ENTRIES, SAMPLE_LINES, SAMPLE_TODAY } from '../../../domain/testing/media-plan-flowchart-sample.ts'
import type { RateCardVersion } from '../../../domain/workspace-api/deals.ts'
import type { MediaPlanAnswer } from '../../../domain/workspace-api/media-plan.ts'
import type { MediaPlanLedger } from '../../db/stores/media-plan-store.ts'
import { signedThroughApi } from '../../testing/deal-body.ts'
import { SITE, founderTokenFrom, workspaceHarness, type SignedIn, type WorkspaceHarness } from '../../testing/workspace-harness.ts'
import { mediaPlanWeeksHtml } from './media-plan-weeks.ts'

const harnesses: WorkspaceHarness[] = []
afterEach(async () => {
  while (harnesses.length) await harnesses.pop()!.dispose()
})

const json = async <T>(res: Response) => (await res.json()) as T
/** The «Semana a semana» part of a page, its tags gone and its spaces plain: what a person reads. */
const weeksText = (html: string) => {
  const start = html.indexOf('<h3 id="plan-semana-a-semana">')
  expect(start, 'the page has «Semana a semana»').toBeGreaterThanOrEqual(0)
  const end = html.indexOf('<div class="plan-month">', start)
  const part = html.slice(start, end >= 0 ? end : undefined)
  return part
    .replace(/<\/(li|p|h3)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}

async function linkOf(h: WorkspaceHarness, email: string) {
  const res = await h.app.request(`${SITE}/postulacion`, { method: 'POST', headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email }).toString() })
  expect(res.status).toBe(200)
  const mail = (await h.deliverMail()).find((m) => m.to === email && m.text.includes('/postulacion/'))
  return founderTokenFrom(mail!.text)
}

const post = async (h: WorkspaceHarness, as: SignedIn, id: string, what: 'lines' | 'entries', body: unknown) => {
  const res = await h.call('POST', `/applications/${id}/media-plan/${what}`, { as, body })
  expect(res.status, JSON.stringify(body)).toBe(201)
  return (await json<MediaPlanAnswer>(res)).plan!
}

describe('«Semana a semana» on the founder’s status page', () => {
  it('says each line week by week in plain words, today\'s week in Bogotá time; another founder sees none of it', async () => {
    const h = await workspaceHarness()
    harnesses.push(h)
    const admin = await h.signIn(await h.addMember({ role: 'admin' }))
    const created = await h.call('POST', '/rate-cards', {
      as: admin,
      body: { items: [{ outlet: 'tv_nacional', format: 'Spot 30" por franja', unitPriceCop: '12.000.000' }, { outlet: 'consultoria', format: 'Sesión estratégica', unitPriceCop: '5.000.000' }] },
    })
    const { version } = await json<{ version: RateCardVersion }>(created)
    expect((await h.call('POST', `/rate-cards/${version.id}/publish`, { as: admin, body: {} })).status).toBe(200)
    const one = await signedThroughApi(h, admin, { email: 'una@startup.example', rateCardVersionId: version.id })
    await signedThroughApi(h, admin, { email: 'otra@startup.example', rateCardVersionId: version.id })
    const tokens = { one: await linkOf(h, 'una@startup.example'), two: await linkOf(h, 'otra@startup.example') }
    // Monday 15 March 2027 at 03:00 UTC: still Sunday 14 March in Bogotá, the week of Monday 8 March.
    h.advance(new Date('2027-03-15T03:00:00.000Z').getTime() - h.now().getTime())
    const again = await h.signIn(admin.member)
    const plan = await post(h, again, one.id, 'lines', { outlet: 'tv_nacional', format: 'Spot 30" por franja', units: '10', flightFrom: '2027-02-01', flightTo: '2027-04-30', notes: 'Franja prime' })
    const tv = plan.lines[0]!.id
    const withSession = await post(h, again, one.id, 'lines', { outlet: 'consultoria', format: 'Sesión estratégica', units: '4', flightFrom: '2027-03-01', flightTo: '2027-06-30', notes: '' })
    const session = withSession.lines.find((l) => l.outlet === 'consultoria')!.id
    await post(h, again, one.id, 'entries', { lineId: tv, kind: 'ran', day: '2027-02-10', units: '3', proofUrl: 'https://canal.example.com/pauta/1' })
    const missed = await post(h, again, one.id, 'entries', { lineId: tv, kind: 'missed', day: '2027-02-17', units: '2', reason: 'Transmisión especial' })
    const miss = missed.entries.find((x) => x.kind === 'missed')!.id
    await post(h, again, one.id, 'entries', { lineId: tv, kind: 'make_good', day: '2027-02-24', units: '1', makeGoodFor: miss, proofUrl: 'https://canal.example.com/pauta/2' })
    await post(h, again, one.id, 'entries', { lineId: tv, kind: 'ran', day: '2027-03-09', units: '1', proofUrl: 'https://canal.example.com/pauta/3' })
    await post(h, again, one.id, 'entries', { lineId: tv, kind: 'booked', day: '2027-03-22', units: '2' })
    await post(h, again, one.id, 'entries', { lineId: session, kind: 'ran', day: '2027-03-03', units: '1', proofUrl: 'https://consultora.example.com/acta/1' })

    const res = await h.app.request(`${SITE}/postulacion/${tokens.one}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(weeksText(html)).toEqual([
      'Semana a semana',
      'Cada línea de tu plan, semana por semana (de lunes a domingo). Hoy: semana del 8 de marzo de 2027.',
      'TV nacional, Spot 30" por franja',
      'Planeado de la semana del 1 de febrero de 2027 a la del 26 de abril de 2027 (13 semanas).',
      'Semana del 8 de febrero de 2027: salió al aire (3 unidades).',
      'Semana del 15 de febrero de 2027: no salió al aire (2 unidades), falta reponer 1 unidad.',
      'Semana del 22 de febrero de 2027: reposición (1 unidad).',
      'Semana del 8 de marzo de 2027 (esta semana): salió al aire (1 unidad).',
      'Consultoría estratégica, Sesión estratégica',
      'Planeado de la semana del 1 de marzo de 2027 a la del 28 de junio de 2027 (18 semanas).',
      'Semana del 1 de marzo de 2027: se realizó (1 unidad).',
    ])
    // The booking of 22 March and the team's reason: not the founder's (ADR 0180).
    expect(html).not.toContain('Semana del 22 de marzo')
    expect(html).not.toContain('Transmisión especial')
    // Before the months.
    expect(html.indexOf('plan-semana-a-semana')).toBeLessThan(html.indexOf('<h3>Febrero de 2027</h3>'))

    const other = await (await h.app.request(`${SITE}/postulacion/${tokens.two}`)).text()
    expect(other).toContain('El equipo está preparando tu plan de medios.')
    expect(other).not.toContain('Semana a semana')
    expect(other).not.toContain('Semana del')
  })

  it('on a realistic plan leaves out voided entries, withdrawn lines and bookings, and says when a line has not started', () => {
    const ledger: MediaPlanLedger = {
      deal: { applicationId: 'app', reference: 'CAT-1', tradeName: 'X', ...SAMPLE_DEAL, rateCardVersionId: null, rateCardVersionNumber: null, ownerId: null, rateCard: [] },
      lines: SAMPLE_LINES.map((l) => ({ ...l, applicationId: 'app', createdBy: null, createdAt: new Date('2026-12-01T15:00:00Z') })),
      entries: SAMPLE_ENTRIES.map((x) => ({ ...x, applicationId: 'app', proofFileName: null, recordedBy: null, recordedAt: new Date('2027-02-01T15:00:00Z') })),
    }
    const text = weeksText(mediaPlanWeeksHtml(ledger, SAMPLE_TODAY))
    expect(text.slice(0, 2)).toEqual(['Semana a semana', 'Cada línea de tu plan, semana por semana (de lunes a domingo). Hoy: semana del 15 de febrero de 2027.'])
    const radio = text.slice(text.indexOf('Radio regional, Cuña 30" por región'), text.indexOf('Medio impreso y digital, Banner en portada'))
    expect(radio).toEqual([
      'Radio regional, Cuña 30" por región',
      'Planeado de la semana del 4 de enero de 2027 a la del 26 de abril de 2027 (17 semanas).',
      'Semana del 4 de enero de 2027: salió al aire (5 unidades).',
      'Semana del 11 de enero de 2027: salió al aire (5 unidades).',
      'Semana del 18 de enero de 2027: salió al aire (1 unidad); no salió al aire (4 unidades), falta reponer 2 unidades.',
      // The 9 recorded by mistake were voided: the 5 that ran.
      'Semana del 25 de enero de 2027: salió al aire (5 unidades).',
      'Semana del 1 de febrero de 2027: reposición (2 unidades).',
      'Semana del 8 de febrero de 2027: salió al aire (5 unidades).',
    ])
    expect(text).toContain('Semana del 1 de febrero de 2027: no se realizó (1 unidad), queda pendiente de reposición.')
    // Line 6 holds only a booking, ahead: it has not started.
    expect(text.slice(-3)).toEqual(['Radio regional, Mención en programa', 'Planeado de la semana del 1 de marzo de 2027 a la del 24 de mayo de 2027 (13 semanas).', 'Todavía no empieza: su primera semana es la del 1 de marzo de 2027.'])
    const all = text.join('\n')
    for (const hidden of ['Diario popular', 'Retirada', 'retirada', '9 unidades', 'Reservado', 'reserv', 'Movido']) expect(all).not.toContain(hidden)
  })
})
