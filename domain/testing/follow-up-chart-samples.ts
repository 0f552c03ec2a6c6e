/**
 * Follow-up charts to draw in tests and the dev fixture (ADR 0176): the months of a deal signed in
 * January 2027, figures with gaps, the media of a plan (a flight, single spots, a flight across months).
 */
import { monthsFrom, type DayInterval, type FollowUpChartInput, type MonthValue } from '../follow-up-chart.ts'

export const sampleMonths = (values: readonly (number | null)[], first = '2027-01'): MonthValue[] =>
  monthsFrom(first, values.length).map((period, i) => ({ period, value: values[i] ?? null }))

export const SAMPLE_MEDIA: DayInterval[] = [
  { from: '2027-02-03', to: '2027-02-20' },
  { from: '2027-05-05', to: '2027-05-05' },
  { from: '2027-05-19', to: '2027-05-19' },
  { from: '2027-06-28', to: '2027-07-09' },
  { from: '2027-10-12', to: '2027-10-12' },
]

/** The six metrics of the check-in (domain/follow-up.ts METRICS), twelve months with a few gaps. */
export const SAMPLE_CHARTS: Omit<FollowUpChartInput, 'width' | 'height'>[] = [
  { title: 'Ventas del mes en USD', unit: 'usd_cents', points: sampleMonths([120_000, 150_000, null, 210_050, 260_000, 250_000, 400_000, 380_000, null, 520_000, 480_000, 610_000]), mediaDays: SAMPLE_MEDIA },
  { title: 'Clientes o usuarios activos', unit: 'count', points: sampleMonths([310, 340, 420, 415, 480, 530, 700, 690, 720, 810, 805, 900]), mediaDays: SAMPLE_MEDIA },
  { title: 'Clientes nuevos', unit: 'count', points: sampleMonths([25, 40, 90, 20, 70, 60, 180, 40, 35, 120, 30, 95]), mediaDays: SAMPLE_MEDIA },
  { title: 'Visitas al sitio', unit: 'count', points: sampleMonths([4_200, 9_800, 5_100, 4_900, 8_700, 6_000, 15_400, 7_200, null, 11_900, null, null]), mediaDays: SAMPLE_MEDIA },
  { title: 'Leads', unit: 'count', points: sampleMonths([null, null, null, null, null, null, null, null, null, null, null, null]), mediaDays: SAMPLE_MEDIA },
  { title: 'Personas en el equipo', unit: 'count', points: sampleMonths([3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7]), mediaDays: [] },
]
