/**
 * The panel session's invitations read as a calendar reads them (ADR
 * 0153): every file parsed with ical.js, never matched as a string —
 * METHOD, one UID across request, change and cancel, SEQUENCE rising, DTSTART
 * in UTC at the chosen Bogotá time, ORGANIZER the sending mailbox, every
 * attendee with RSVP=TRUE — and the e-mail's text/calendar part, parsed with
 * postal-mime from the .eml file and from what a real SMTP server received,
 * whose method= is the file's METHOD.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ICAL from 'ical.js'
import PostalMime from 'postal-mime'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { PERSONAL_LINK_PLACEHOLDER } from '../../../domain/personal-link.ts'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import type { PanelSession, SessionMail, SessionMessage } from '../../db/stores/panel-store.ts'
import { createFileSender } from '../../shared/mail/file-sender.ts'
import { createSmtpSender } from '../../shared/mail/smtp-sender.ts'
import { startSmtpSink } from '../../testing/smtp-sink.ts'
import { mailboxParts } from '../../shared/mail/mail-options.ts'
import { composeLeaveMail, composePanelMail, type PanelMailKind } from './panel-session.ts'

const FROM = 'Catalítico Media for Equity <postulaciones@catalitico.example>'
const config = {
  founders: { from: FROM, replyTo: 'hola@catalitico.example', company: DEFAULT_COMPANY, siteOrigin: 'https://catalitico.example' },
  cutoffHours: 24,
}

// 10:00 a. m. in Bogotá (UTC−5) on 3 December 2026 is 15:00 UTC.
const START = new Date('2026-12-03T15:00:00.000Z')
const base: PanelSession = {
  id: crypto.randomUUID(),
  applicationId: crypto.randomUUID(),
  uid: 'panel-1@catalitico.example',
  sequence: 0,
  status: 'booked',
  startsAt: START,
  endsAt: new Date(START.getTime() + 60 * 60_000),
  placeKind: 'video',
  place: 'https://meet.example/abc-defg',
  bookedBy: 'founder',
  bookedAt: new Date('2026-11-30T12:00:00.000Z'),
  changedBy: null,
  changedAt: null,
  cancelledAt: null,
  cancelReason: null,
  keptBy: null,
  keptAt: null,
  remindedAt: null,
  members: [
    { id: crypto.randomUUID(), name: 'Ana Pérez', email: 'ana@catalitico.example' },
    { id: crypto.randomUUID(), name: 'Beto Ruiz', email: 'beto@catalitico.example' },
  ],
}
const mailOf = (session: PanelSession, method: SessionMail['method']): SessionMail => ({
  method,
  session,
  reference: 'CAT-2026-7KQ3XZ',
  founder: { name: 'Luz Gómez', email: 'luz@startup.example', companyName: 'Startup S.A.S.', tradeName: 'Startup' },
})

interface ParsedEvent {
  method: string
  uid: string
  sequence: number
  start: ICAL.Time
  end: ICAL.Time
  status: string
  organizer: string
  attendees: { email: string; rsvp: string; name: string }[]
}

function parse(calendar: string): ParsedEvent {
  const vcalendar = new ICAL.Component(ICAL.parse(calendar))
  const vevents = vcalendar.getAllSubcomponents('vevent')
  expect(vevents).toHaveLength(1)
  const vevent = vevents[0]!
  const event = new ICAL.Event(vevent)
  return {
    method: String(vcalendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate,
    end: event.endDate,
    status: String(vevent.getFirstPropertyValue('status')),
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendees: event.attendees.map((a) => ({
      email: String(a.getFirstValue()).replace(/^mailto:/i, ''),
      rsvp: String(a.getParameter('rsvp')),
      name: String(a.getParameter('cn')),
    })),
  }
}

function compose(kind: PanelMailKind, session: PanelSession, method: SessionMail['method']): SessionMessage[] {
  return composePanelMail(config, kind)(mailOf(session, method))
}

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
})

const asOutbox = (m: SessionMessage): OutboxMessage => ({
  ...m,
  applicationId: base.applicationId,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: START,
  claimedBy: null,
  leaseUntil: null,
  lastError: null,
  createdAt: new Date('2026-11-30T12:00:00.000Z'),
  settledAt: null,
})

describe('panel invitations (iCalendar, RFC 5545/5546)', () => {
  it('request, change and cancellation: one UID, SEQUENCE rising, METHOD right, UTC times at the Bogotá hour, organiser and RSVP attendees', () => {
    const booked = compose('booked', base, 'REQUEST')
    const moved = { ...base, sequence: 1, startsAt: new Date('2026-12-04T19:30:00.000Z'), endsAt: new Date('2026-12-04T20:30:00.000Z'), changedAt: new Date('2026-12-01T12:00:00.000Z'), changedBy: 'founder' }
    const changed = compose('changed', moved, 'REQUEST')
    const cancelled = compose('cancelled', { ...moved, sequence: 2, status: 'cancelled', cancelledAt: new Date('2026-12-02T12:00:00.000Z'), changedAt: new Date('2026-12-02T12:00:00.000Z') }, 'CANCEL')

    // One e-mail per panel member and one to the founder, each carrying the same file.
    for (const batch of [booked, changed, cancelled]) {
      expect(batch.map((m) => m.to)).toEqual(['ana@catalitico.example', 'beto@catalitico.example', 'luz@startup.example'])
      expect(new Set(batch.map((m) => m.calendar)).size).toBe(1)
    }
    const [request, update, cancel] = [booked, changed, cancelled].map((batch) => parse(batch[0]!.calendar!))

    expect([request!.method, update!.method, cancel!.method]).toEqual(['REQUEST', 'REQUEST', 'CANCEL'])
    expect(new Set([request!.uid, update!.uid, cancel!.uid])).toEqual(new Set(['panel-1@catalitico.example']))
    expect([request!.sequence, update!.sequence, cancel!.sequence]).toEqual([0, 1, 2])
    expect([request!.status, update!.status, cancel!.status]).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED'])

    // UTC ("Z"), and the instant is 10:00 in Bogotá; the change's 2:30 p. m. likewise.
    expect(request!.start.zone?.tzid).toBe('UTC')
    expect(request!.start.toJSDate().toISOString()).toBe('2026-12-03T15:00:00.000Z')
    expect(request!.end.toJSDate().toISOString()).toBe('2026-12-03T16:00:00.000Z')
    expect(update!.start.zone?.tzid).toBe('UTC')
    expect(update!.start.toJSDate().toISOString()).toBe('2026-12-04T19:30:00.000Z')

    for (const event of [request!, update!, cancel!]) {
      expect(event.organizer.replace(/^mailto:/i, '')).toBe(mailboxParts(FROM).email)
      expect(event.attendees.map((a) => [a.email, a.rsvp])).toEqual([
        ['ana@catalitico.example', 'TRUE'],
        ['beto@catalitico.example', 'TRUE'],
        ['luz@startup.example', 'TRUE'],
      ])
    }
  })

  it('writes the Bogotá time in the Spanish text; the founder gets the placeholder of the personal link, never a link; the file holds none', () => {
    const [ana, , founder] = compose('booked', base, 'REQUEST')
    expect(founder!.kind).toBe('founder_panel_invitation')
    expect(founder!.text).toContain('jueves 3 de diciembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá), 60 minutos')
    expect(founder!.text).toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(founder!.text).toContain('hasta 24 horas antes')
    expect(ana!.kind).toBe('team_panel_invitation')
    expect(ana!.text).toContain('jueves 3 de diciembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá), 60 minutos.')
    expect(ana!.text).not.toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(founder!.calendar).not.toContain(PERSONAL_LINK_PLACEHOLDER)
    expect(founder!.calendar).not.toContain('/postulacion/')
    // A reminder carries no calendar (it would be a second copy of the same invitation).
    const reminders = compose('reminder', base, 'REQUEST')
    expect(reminders.map((m) => [m.kind, m.calendar])).toEqual([
      ['team_panel_reminder', undefined],
      ['team_panel_reminder', undefined],
      ['founder_panel_reminder', undefined],
    ])
  })

  it("the .eml file's text/calendar part says method= as the file's METHOD, for a request and a cancellation", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'panel-eml-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const sender = createFileSender(dir)
    const request = compose('booked', base, 'REQUEST')[2]!
    const cancel = compose('cancelled', { ...base, sequence: 1, status: 'cancelled' }, 'CANCEL')[2]!
    await sender.send(asOutbox(request))
    await sender.send(asOutbox(cancel))
    await sender.close()
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'))
    expect(files).toHaveLength(2)
    const methods: string[] = []
    for (const file of files) {
      const email = await PostalMime.parse(readFileSync(join(dir, file), 'utf8'))
      const parts = email.attachments.filter((a) => a.mimeType === 'text/calendar')
      expect(parts).toHaveLength(1)
      const part = parts[0]!
      const content = typeof part.content === 'string' ? part.content : new TextDecoder().decode(part.content)
      const fileMethod = parse(content).method
      expect(part.method?.toUpperCase()).toBe(fileMethod)
      methods.push(fileMethod)
    }
    expect(methods.sort()).toEqual(['CANCEL', 'REQUEST'])
  })

  it('over SMTP the calendar part arrives with the same method', async () => {
    const sink = await startSmtpSink()
    cleanups.push(() => sink.close())
    const sender = createSmtpSender(sink.url, { timeoutSeconds: 5 })
    cleanups.push(() => sender.close())
    const cancel = compose('cancelled', { ...base, sequence: 3, status: 'cancelled' }, 'CANCEL')[0]!
    await sender.send(asOutbox(cancel))
    expect(sink.received).toHaveLength(1)
    const part = sink.received[0]!.parsed.attachments.find((a) => a.mimeType === 'text/calendar')!
    const content = typeof part.content === 'string' ? part.content : new TextDecoder().decode(part.content)
    const event = parse(content)
    expect([event.method, event.uid, event.sequence]).toEqual(['CANCEL', 'panel-1@catalitico.example', 3])
    expect(part.method?.toUpperCase()).toBe('CANCEL')
  })

  it('a member who leaves the panel (a conflict declared after the booking) gets the CANCEL alone: same UID, the raised SEQUENCE, only them as attendee, only the reference', () => {
    const [ana, beto] = base.members
    // After the store raised the SEQUENCE; the panel as it now stands has Beto alone.
    const after: PanelSession = { ...base, sequence: 1, members: [beto!], changedBy: ana!.id, changedAt: new Date('2026-12-01T12:00:00.000Z') }
    const messages = composeLeaveMail(config)({ ...mailOf(after, 'CANCEL'), leaving: ana! })
    expect(messages.map((m) => [m.kind, m.to, m.memberId])).toEqual([['team_panel_invitation', ana!.email, ana!.id]])
    const event = parse(messages[0]!.calendar!)
    expect([event.method, event.uid, event.sequence, event.status]).toEqual(['CANCEL', base.uid, 1, 'CANCELLED'])
    expect(event.attendees.map((a) => a.email)).toEqual([ana!.email])
    expect(event.start.toJSDate().toISOString()).toBe(START.toISOString())
    const vevent = new ICAL.Component(ICAL.parse(messages[0]!.calendar!)).getFirstSubcomponent('vevent')!
    expect(String(vevent.getFirstPropertyValue('summary'))).toBe('Sesión con el panel de expertos (CAT-2026-7KQ3XZ)')
    for (const part of [messages[0]!.text, messages[0]!.html, messages[0]!.subject, messages[0]!.calendar!]) {
      expect(part).not.toContain('Startup')
      expect(part).not.toContain('luz@startup.example')
    }
    expect(messages[0]!.text).toContain('ya no participas en su sesión con el panel del jueves 3 de diciembre de 2026, 10:00\u00a0a.\u00a0m. (hora de Bogotá)')
  })
})
