/**
 * A realistic plan for the flowchart's tests and screenshots (ADR 0193): a six-month window from
 * Wednesday 9 December 2026, six lines and entries of every kind — bookings ahead, spots that ran, a miss
 * made good in part and one in full, a wrong entry voided, a line withdrawn, a move to another line —
 * with today, 17 February 2027, inside the window.
 */
import type { PlanEntry, PlanLine } from '../media-plan.ts'

export const SAMPLE_WINDOW = { start: '2026-12-09', end: '2027-06-08' } as const
export const SAMPLE_DEAL = { mediaValueCop: 600_000_000, windowStart: '2026-12-09', windowMonths: 6 } as const
export const SAMPLE_TODAY = '2027-02-17'

const line = (id: string, number: number, outlet: PlanLine['outlet'], format: string, units: number, unitPriceCop: number, flightFrom: string, flightTo: string): PlanLine => ({
  id, number, outlet, format, units, unitPriceCop, flightFrom, flightTo, notes: '',
})

export const SAMPLE_LINES: PlanLine[] = [
  line('tv', 1, 'tv_nacional', 'Spot 30" por franja', 12, 18_000_000, '2026-12-14', '2027-03-14'),
  line('radio', 2, 'radio_regional', 'Cuña 30" por región', 60, 800_000, '2027-01-04', '2027-04-30'),
  line('diario', 3, 'diario_popular', 'Página completa', 4, 9_000_000, '2027-02-01', '2027-02-28'),
  line('impreso', 4, 'medio_impreso_digital', 'Banner en portada', 8, 3_500_000, '2027-01-11', '2027-05-31'),
  line('consultoria', 5, 'consultoria', 'Sesión estratégica', 6, 5_000_000, '2027-01-18', '2027-06-07'),
  line('radio2', 6, 'radio_regional', 'Mención en programa', 10, 1_600_000, '2027-03-01', '2027-05-30'),
]

let n = 0
const entry = (x: Partial<PlanEntry> & Pick<PlanEntry, 'lineId' | 'kind' | 'day' | 'units'>): PlanEntry => ({
  id: `s${++n}`, proofUrl: null, proofDocumentId: null, reason: null, makeGoodFor: null, toLineId: null, voids: null, ...x,
})
const proof = (k: number) => `https://medios.example/pruebas/${k}`

export const SAMPLE_ENTRIES: PlanEntry[] = [
  // TV: booked for three weeks, two ran, one missed and made good in full.
  entry({ lineId: 'tv', kind: 'booked', day: '2026-12-15', units: 2 }),
  entry({ lineId: 'tv', kind: 'ran', day: '2026-12-16', units: 2, proofUrl: proof(1) }),
  entry({ id: 'tv-miss', lineId: 'tv', kind: 'missed', day: '2027-01-12', units: 1, reason: 'Transmisión especial' }),
  entry({ lineId: 'tv', kind: 'ran', day: '2027-01-13', units: 1, proofUrl: proof(2) }),
  entry({ lineId: 'tv', kind: 'make_good', day: '2027-01-27', units: 1, makeGoodFor: 'tv-miss', proofUrl: proof(3) }),
  entry({ lineId: 'tv', kind: 'ran', day: '2027-02-10', units: 2, proofUrl: proof(4) }),
  entry({ lineId: 'tv', kind: 'booked', day: '2027-02-24', units: 2 }),
  entry({ lineId: 'tv', kind: 'booked', day: '2027-03-03', units: 2 }),
  // Radio: weekly cuñas, a miss of 4 made good by 2 (2 still owed), a wrong entry voided.
  entry({ lineId: 'radio', kind: 'ran', day: '2027-01-05', units: 5, proofUrl: proof(5) }),
  entry({ lineId: 'radio', kind: 'ran', day: '2027-01-12', units: 5, proofUrl: proof(6) }),
  entry({ id: 'radio-miss', lineId: 'radio', kind: 'missed', day: '2027-01-19', units: 4, reason: 'Falla del transmisor' }),
  entry({ lineId: 'radio', kind: 'ran', day: '2027-01-19', units: 1, proofUrl: proof(7) }),
  entry({ id: 'radio-wrong', lineId: 'radio', kind: 'ran', day: '2027-01-26', units: 9, proofUrl: proof(8) }),
  entry({ lineId: 'radio', kind: 'void', day: '2027-01-27', units: 9, voids: 'radio-wrong', reason: 'Eran 5, no 9' }),
  entry({ lineId: 'radio', kind: 'ran', day: '2027-01-26', units: 5, proofUrl: proof(9) }),
  entry({ lineId: 'radio', kind: 'make_good', day: '2027-02-02', units: 2, makeGoodFor: 'radio-miss', proofUrl: proof(10) }),
  entry({ lineId: 'radio', kind: 'ran', day: '2027-02-09', units: 5, proofUrl: proof(11) }),
  entry({ lineId: 'radio', kind: 'booked', day: '2027-02-23', units: 5 }),
  // Diario: booked, then withdrawn before anything ran.
  entry({ lineId: 'diario', kind: 'booked', day: '2027-02-02', units: 1 }),
  entry({ lineId: 'diario', kind: 'void', day: '2027-01-25', units: 0, reason: 'El diario cerró la sección' }),
  // Impreso: ran, and part of its value moved to line 6.
  entry({ lineId: 'impreso', kind: 'ran', day: '2027-01-14', units: 2, proofUrl: proof(12) }),
  entry({ lineId: 'impreso', kind: 'moved', day: '2027-02-01', units: 2, toLineId: 'radio2' }),
  entry({ lineId: 'impreso', kind: 'ran', day: '2027-02-11', units: 1, proofUrl: proof(13) }),
  // Consultoría: a session held, one missed and still owed.
  entry({ lineId: 'consultoria', kind: 'ran', day: '2027-01-21', units: 1, proofUrl: proof(14) }),
  entry({ lineId: 'consultoria', kind: 'missed', day: '2027-02-04', units: 1, reason: 'El consultor enfermó' }),
  // Radio 2: booked ahead.
  entry({ lineId: 'radio2', kind: 'booked', day: '2027-03-02', units: 4 }),
]
