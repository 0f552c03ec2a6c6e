import { describe, expect, it } from 'vitest'
import type { PendingItem } from '../../db/stores/clock-store.ts'
import { bogotaMoment, isWeekend } from '../../shared/jobs/bogota-day.ts'
import { reminderMessage, reminderSections } from './reminder-message.ts'

const NOW = new Date('2026-03-10T12:00:00.000Z') // 07:00 in Bogotá, a Tuesday
const DAY = 24 * 60 * 60 * 1000
const MAIL = { from: 'Catalítico <equipo@catalitico.example>', siteOrigin: 'https://catalitico.example' }

const item = (n: number, dueInDays: number | null, waitingForMe: boolean): PendingItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  reference: `CAT-2026-000${n}`,
  companyName: `Empresa ${n} S.A.S.`,
  tradeName: n === 2 ? 'Dos' : '',
  stage: 'recibida',
  stageDueAt: dueInDays === null ? null : new Date(NOW.getTime() + dueInDays * DAY),
  assignedAt: NOW,
  waitingForMe,
})

describe('the reminder e-mail', () => {
  it('puts each item once under its most urgent heading; reviewed and not due soon is not pending', () => {
    const s = reminderSections([item(1, -1, false), item(2, 2, true), item(3, 10, true), item(4, 10, false)], NOW)
    expect([s.overdue, s.dueSoon, s.waiting].map((l) => l.map((i) => i.reference))).toEqual([['CAT-2026-0001'], ['CAT-2026-0002'], ['CAT-2026-0003']])
  })

  it('is null when there is nothing to say', () => {
    expect(reminderMessage(MAIL, { email: 'ana@catalitico.example', name: 'Ana' }, [item(4, 10, false)], NOW)).toBeNull()
  })

  it('lists references, company names and links, says how many more there are, and is a team_reminder to the member', () => {
    const m = reminderMessage(MAIL, { email: 'ana@catalitico.example', name: 'Ana' }, [item(1, -1, true), item(2, 2, true)], NOW, 5)!
    expect(m).toMatchObject({ kind: 'team_reminder', to: 'ana@catalitico.example', subject: 'Tus pendientes en Catalítico Media for Equity: 5 postulaciones' })
    expect(m.text).toContain('Vencidas:\n- CAT-2026-0001 · Empresa 1 S.A.S. — ')
    expect(m.text).toContain('https://catalitico.example/equipo/postulaciones/00000000-0000-4000-8000-000000000001')
    expect(m.text).toContain('Y 3 más en Mis pendientes: https://catalitico.example/equipo/pendientes')
    expect(m.html).toContain('href="https://catalitico.example/equipo/postulaciones/00000000-0000-4000-8000-000000000002"')
    // By trade name, as the workspace names them; the legal name when there is none.
    expect(m.text).toContain('- CAT-2026-0002 · Dos — ')
    expect(m.text).not.toContain('Empresa 2 S.A.S.')
  })
})

describe("the reminder's «Acuerdos atrasados» (ADR 0162)", () => {
  const DEAL = { id: '00000000-0000-4000-8000-0000000000d1', reference: 'CAT-2026-00D1', tradeName: 'Pauta Viva', pacing: 'Va al 20\u00a0% del valor con el 62\u00a0% de la ventana' }

  it('is sent for a behind deal alone, named in the subject, with its pacing and its link', () => {
    const m = reminderMessage(MAIL, { email: 'ana@catalitico.example', name: 'Ana' }, [], NOW, 0, [DEAL])!
    expect(m.subject).toBe('Tus pendientes en Catalítico Media for Equity: 1 acuerdo atrasado')
    expect(m.text).toContain('Acuerdos atrasados en su plan de medios (eres responsable):\n- CAT-2026-00D1 · Pauta Viva — Va al 20\u00a0% del valor con el 62\u00a0% de la ventana\n  https://catalitico.example/equipo/postulaciones/00000000-0000-4000-8000-0000000000d1')
    expect(m.html).toContain('href="https://catalitico.example/equipo/postulaciones/00000000-0000-4000-8000-0000000000d1"')
  })

  it('joins the applications and the deals in the subject', () => {
    const m = reminderMessage(MAIL, { email: 'ana@catalitico.example', name: 'Ana' }, [item(1, -1, true)], NOW, 1, [DEAL])!
    expect(m.subject).toBe('Tus pendientes en Catalítico Media for Equity: 1 postulación y 1 acuerdo atrasado')
  })
})

describe('the Bogotá day', () => {
  it('is UTC−5: 04:59 UTC is still the previous day, and weekends are Saturday and Sunday there', () => {
    expect(bogotaMoment(new Date('2026-03-10T04:59:00.000Z'))).toEqual({ day: '2026-03-09', hour: 23, weekday: 1 })
    expect(bogotaMoment(NOW)).toEqual({ day: '2026-03-10', hour: 7, weekday: 2 })
    expect(isWeekend(bogotaMoment(new Date('2026-03-08T04:00:00.000Z')))).toBe(true) // Saturday 23:00 in Bogotá
    expect(isWeekend(bogotaMoment(new Date('2026-03-09T05:00:00.000Z')))).toBe(false) // Monday 00:00
  })
})
