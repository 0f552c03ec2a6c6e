// @vitest-environment jsdom
/**
 * «Historial» and «Correos»: the panel's e-mails are one kind for an invitation and its cancellation, so the
 * calendar's method names a cancellation as one (a signature that cancelled the session reads so).
 */
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { EmailStatus, TimelineEntry } from '../../../../domain/workspace-api/review.ts'
import { EmailStatuses, Timeline } from './timeline.tsx'

afterEach(cleanup)

const sent = (kind: EmailStatus['kind'], calendarMethod?: 'REQUEST' | 'CANCEL'): EmailStatus => ({
  kind,
  status: 'sent',
  attempts: 1,
  createdAt: '2026-12-03T20:47:00.000Z',
  settledAt: '2026-12-03T20:47:05.000Z',
  lastError: null,
  ...(calendarMethod ? { calendarMethod } : {}),
})

describe('the e-mails of an application', () => {
  it('names a panel cancellation as a cancellation, and an invitation as an invitation', () => {
    render(<EmailStatuses emails={[sent('team_panel_invitation', 'REQUEST'), sent('team_panel_invitation', 'CANCEL'), sent('founder_status', 'CANCEL'), sent('founder_status')]} />)
    const names = screen.getAllByText(/./, { selector: 'p.font-semibold' }).map((p) => p.textContent)
    expect(names).toEqual([
      'Invitación del panel a la sesión',
      'Cancelación de la sesión, al panel',
      'Correo de etapa a la persona fundadora (retira la sesión con el panel)',
      'Correo de etapa a la persona fundadora',
    ])
  })

  it('says the same in «Historial»', () => {
    const entries: TimelineEntry[] = [
      { at: '2026-12-03T20:47:05.000Z', type: 'email_sent', member: null, detail: { kind: 'founder_panel_invitation', attempts: 1, calendarMethod: 'CANCEL' } },
    ] as TimelineEntry[]
    render(<Timeline entries={entries} />)
    expect(screen.getByText(/Cancelación de la sesión con el panel/)).toBeTruthy()
  })
})
