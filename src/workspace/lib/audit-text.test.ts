import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS } from '../../../domain/audit.ts'
import { formatTime, formatWeekdayDateTime } from '../../../domain/format.ts'
import { ACTION_LABELS, actionLabel, auditActor, auditDetailText, viewsDetail, viewsLabel } from './audit-text.ts'

const BETO = '0193a2fe-6c00-7000-8000-00000000000b'

describe('the audit log in the workspace’s words', () => {
  it('names every action in Spanish; one it does not know is shown as it is', () => {
    for (const action of AUDIT_ACTIONS) expect(ACTION_LABELS[action], action).toMatch(/^[A-ZÁÉÍÓÚÑ]/)
    expect(actionLabel('stage.changed')).toBe('Cambió la etapa')
    expect(actionLabel('algo.nuevo')).toBe('algo.nuevo')
  })

  it('shows stages by the names the workspace gives them, never their keys', () => {
    const text = auditDetailText('stage.changed', { from: 'sesion_panel', to: 'no_seleccionada' })
    expect(text).toBe('De «Sesión con panel de expertos» a «No seleccionada»')
    expect(text).not.toContain('sesion_panel')
  })

  it('names the member a detail is about, and roles in Spanish', () => {
    expect(auditDetailText('member.role_changed', { memberId: BETO, from: 'reviewer', to: 'admin' }, { [BETO]: 'Beto Gómez' })).toBe(
      'Beto Gómez · De Evaluador a Administrador',
    )
    expect(auditDetailText('member.invited', { memberId: BETO, role: 'reviewer' }, {})).toBe('Un miembro que ya no está en el equipo · Rol: Evaluador')
  })

  it('says exports, documents, conflicts and sign-ins plainly, and leaves ids out', () => {
    expect(auditDetailText('applications.exported', { format: 'csv', count: 1, filtered: true })).toBe('Formato CSV · 1 postulación · con filtros')
    expect(auditDetailText('applications.exported', { format: 'xlsx', count: 2 })).toBe('Formato Excel (.xlsx) · 2 postulaciones')
    expect(auditDetailText('session.signed_in', { method: 'passkey' })).toBe('Con passkey')
    expect(auditDetailText('document.reviewed', { documentId: BETO, itemKey: 'rut', status: 'accepted' })).toMatch(/^RUT.* · Estado: aceptado$/)
    expect(auditDetailText('conflict.declared', { conflictId: BETO, kind: 'comercial', memberId: BETO }, { [BETO]: 'Beto' })).toBe('Beto · Tipo: Inversión o relación comercial')
    expect(auditDetailText('note.added', { noteId: BETO })).toBe('')
    // A key this build does not know: plainly, and still never an id.
    expect(auditDetailText('algo.nuevo', { motivo: 'faltan documentos', otro: BETO })).toBe('motivo: faltan documentos')
  })

  it('says the panel session plainly: counts, the session in Bogotá time, the team\'s «Motivo»; no ids, keys or ISO instants', () => {
    expect(auditDetailText('panel.offered', { times: 3, members: 2 })).toBe('3 horarios · 2 personas en el panel')
    const text = auditDetailText('panel.cancelled', {
      session: BETO,
      startsAt: '2026-12-03T15:00:00.000Z',
      sequence: 2,
      reason: 'El panel no puede ese día',
      offerClosed: true,
    })
    expect(text).toBe(`Sesión del ${formatWeekdayDateTime('2026-12-03T15:00:00.000Z')} (hora de Bogotá) · Se cerraron los horarios ofrecidos · Motivo: El panel no puede ese día`)
    expect(text).toContain('3 de diciembre de 2026')
    expect(text).not.toMatch(/startsAt|sequence|reason|2026-12-03T/)
  })

  it('says which stage a stage change that cancelled or kept the session moved to (ADR 0185), by its name', () => {
    const session = { session: BETO, startsAt: '2026-12-05T21:00:00.000Z', to: 'acuerdo_firmado' }
    expect(actionLabel('panel.kept')).toBe('Mantuvo la sesión con el panel al cambiar de etapa')
    expect(auditDetailText('panel.cancelled', { ...session, sequence: 1 })).toBe(
      `A «Acuerdo firmado» · Sesión del ${formatWeekdayDateTime('2026-12-05T21:00:00.000Z')} (hora de Bogotá)`,
    )
    expect(auditDetailText('panel.kept', { ...session, to: 'due_diligence' })).toBe(
      `A «Due diligence y acuerdo» · Sesión del ${formatWeekdayDateTime('2026-12-05T21:00:00.000Z')} (hora de Bogotá)`,
    )
  })
})

describe('the deal and the rate card in the audit log', () => {
  it('names the rate card version, the lines and the corrected fields in Spanish, never keys', () => {
    expect(auditDetailText('deal.recorded', { rateCardVersion: 2 })).toBe('Tarifario versión 2')
    expect(auditDetailText('deal.recorded', { rateCardVersion: null })).toBe('Sin tarifario publicado')
    expect(auditDetailText('deal.corrected', { fields: ['equityBp', 'windowMonths'] })).toBe('Cambió: participación, duración de la exposición')
    expect(auditDetailText('rate_card.created', { version: 3, lines: 1 })).toBe('Versión 3 · 1 línea')
    expect(actionLabel('rate_card.published')).toBe('Publicó una versión del tarifario')
  })
})

describe('who acted, and folded views (ADR 0201)', () => {
  it('names the member, the founder by name for their own actions, and «Sistema» for the rest', () => {
    expect(auditActor({ member: { id: BETO, name: 'Beto Gómez' }, founder: null })).toBe('Beto Gómez')
    expect(auditActor({ member: null, founder: { name: 'María José Ríos' } })).toBe('María José Ríos (persona fundadora)')
    // Erased or deleted since: still the founder, without a name.
    expect(auditActor({ member: null, founder: { name: null } })).toBe('La persona fundadora')
    expect(auditActor({ member: null, founder: null })).toBe('Sistema')
  })

  it('says what a folded line saw, how many times and from when to when that day (Bogotá)', () => {
    const views = { count: 5, firstAt: '2026-03-10T14:02:00.000Z', byAction: { 'application.viewed': 3, 'deal.viewed': 2 } }
    expect(viewsLabel(views)).toBe('Vio la postulación y el acuerdo')
    expect(viewsDetail(views, '2026-03-10T22:40:00.000Z')).toBe(
      `5 veces, de ${formatTime('2026-03-10T14:02:00.000Z')} a ${formatTime('2026-03-10T22:40:00.000Z')} · la postulación: 3, el acuerdo: 2`,
    )
    expect(viewsDetail(views, '2026-03-10T22:40:00.000Z')).toContain('9:02')
    // Two views within one minute: "a las", never "de 9:02 a. m. a 9:02 a. m.".
    const twice = { count: 2, firstAt: '2026-03-10T14:02:05.000Z', byAction: { 'application.viewed': 2 } }
    expect(viewsDetail(twice, '2026-03-10T14:02:40.000Z')).toBe(`2 veces, a las ${formatTime('2026-03-10T14:02:40.000Z')}`)
    const once = { count: 1, firstAt: '2026-03-10T14:02:00.000Z', byAction: { 'media_plan.viewed': 1 } }
    expect([viewsLabel(once), viewsDetail(once, once.firstAt)]).toEqual(['Vio el plan de medios', `Una vez, a las ${formatTime(once.firstAt)}`])
    expect(viewsLabel({ count: 3, firstAt: once.firstAt, byAction: { 'application.viewed': 1, 'deal.viewed': 1, 'follow_up.viewed': 1 } })).toBe(
      'Vio la postulación, el acuerdo y el seguimiento',
    )
  })
})
