/**
 * What a stage change does besides changing the stage (ADR 0185):
 * one table, per stage moved to, that the server executes
 * (server/shared/pipeline/change-stage.ts decides from it, the review store
 * does what it decided) and that the confirmation reads (the detail page's
 * dialog, the bulk move's), so what the team is told is what happens.
 *
 * Every move also replaces the founder's stage e-mails still waiting in
 * «Correos por enviar» (ADR 0138) and writes the founder the e-mail of its
 * stage when it has one (domain/founder-mail.ts STATUS_MAIL_KINDS), to
 * «Correos por enviar» or straight away (the kind's setting).
 *
 * A panel session is "ahead" while it has not started, "under way" while it
 * runs, "held" once it has ended (a booked session in the past is shown as
 * held: «Realizada»). Only a session ahead is ever cancelled or kept.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import { formatWeekdayDateTime } from './format.ts'
import { FOUNDER_MAIL_LABELS, isStatusMailKind, type FounderMailKind } from './founder-mail.ts'
import { STAGE_LABELS, type Stage } from './pipeline.ts'

/**
 * What a move to a stage does to the application's panel session still ahead:
 * - none: no session can be ahead (the stages up to the panel's own);
 * - cancel: it is cancelled, always (the application closes without a signature);
 * - cancel_unless_kept: it is cancelled, unless an admin keeps it on purpose in the confirmation.
 */
export type SessionRule = 'none' | 'cancel' | 'cancel_unless_kept'

export interface StageEffect {
  session: SessionRule
  /** The move records the deal (admins only, with its figures; ADR 0159) and starts the 12-month follow-up. */
  signs: boolean
}

/** The rule per stage moved to. */
export const STAGE_EFFECTS: Record<Stage, StageEffect> = {
  recibida: { session: 'none', signs: false },
  validacion_preliminar: { session: 'none', signs: false },
  sesion_panel: { session: 'none', signs: false },
  due_diligence: { session: 'cancel_unless_kept', signs: false },
  acuerdo_firmado: { session: 'cancel_unless_kept', signs: true },
  no_seleccionada: { session: 'cancel', signs: false },
  retirada: { session: 'cancel', signs: false },
}

/** Whether a move to `to` may keep the session ahead (an admin's explicit choice). */
export const mayKeepSession = (to: Stage): boolean => STAGE_EFFECTS[to].session === 'cancel_unless_kept'

/** The refusals of a request to keep the session. */
export const KEEP_SESSION_MESSAGES = {
  adminOnly: 'Solo un administrador puede mantener la sesión con el panel al cambiar de etapa.',
  notHere: (to: Stage) => `Al pasar a «${STAGE_LABELS[to]}» la sesión con el panel no se mantiene: ${STAGE_EFFECTS[to].session === 'cancel' ? 'se cancela siempre' : 'no hay sesión que mantener'}.`,
} as const

/** What the move does to a session still ahead: cancel it, keep it, or nothing (the stage has no rule for it). */
export type SessionStep = 'cancel' | 'keep' | null

/** The step of a move to `to`, `keep` being the admin's choice (only where the table allows it; else ignored). */
export function sessionStep(to: Stage, keep: boolean): SessionStep {
  const rule = STAGE_EFFECTS[to].session
  if (rule === 'none') return null
  return rule === 'cancel_unless_kept' && keep ? 'keep' : 'cancel'
}

/** Where a booked session stands at `now`. */
export type SessionTense = 'ahead' | 'under_way' | 'held'

export function sessionTense(session: { startsAt: Date; endsAt: Date }, now: Date): SessionTense {
  if (session.startsAt.getTime() > now.getTime()) return 'ahead'
  return session.endsAt.getTime() > now.getTime() ? 'under_way' : 'held'
}

/**
 * What a stage change did to the session, as the founder's stage e-mail says it (and the store reports it):
 * none (no session booked), held (before the move: in the past or under way), cancelled or kept (it was ahead).
 */
export type StageSessionFacts = { state: 'none' } | { state: 'held' | 'cancelled' | 'kept'; startsAt: Date }

/** The Spanish label of a booked session that already took place (the team's panel section, the founder's page). */
export const HELD_LABEL = 'Realizada'
export const heldText = (startsAt: Date): string => `${HELD_LABEL} el ${formatWeekdayDateTime(startsAt)} (hora de Bogotá).`

/** What the confirmation knows of one application when it asks. */
export interface StageChangeFacts {
  /** The booked session (null: none), and where it stands now. */
  session: { startsAt: Date; tense: SessionTense } | null
  /** The admin's choice in the dialog (only offered where mayKeepSession). */
  keep: boolean
  /** The founder's stage e-mails still waiting in «Correos por enviar» (their kinds). */
  waitingDrafts: readonly FounderMailKind[]
  /** The e-mail of the stage moved to goes straight away (the kind's setting), instead of waiting as a draft. */
  sendsNow: boolean
}

const when = (d: Date) => `${formatWeekdayDateTime(d)} (hora de Bogotá)`

/** The sentences of a single move's confirmation: the session, the waiting e-mails, the founder's e-mail. */
export function stageChangeSummary(to: Stage, facts: StageChangeFacts): string[] {
  const lines: string[] = []
  const step = sessionStep(to, facts.keep)
  const s = facts.session
  if (s && step !== null) {
    if (s.tense === 'ahead') {
      lines.push(
        step === 'keep'
          ? `La sesión con el panel del ${when(s.startsAt)} se mantiene: sigue en el calendario de todos, con su recordatorio el día antes, y queda en la auditoría que la mantuviste.`
          : `La sesión con el panel del ${when(s.startsAt)} se cancela: el panel recibe ahora la cancelación para su calendario; la persona fundadora, dentro del correo de esta etapa.`,
      )
    } else if (s.tense === 'under_way') {
      lines.push(`La sesión con el panel (${when(s.startsAt)}) está en curso: no se cancela.`)
    } else {
      lines.push(`La sesión con el panel del ${when(s.startsAt)} ya pasó: queda como realizada.`)
    }
  }
  const waiting = facts.waitingDrafts.filter(isStatusMailKind)
  if (waiting.length > 0) {
    const names = waiting.map((k) => `«${FOUNDER_MAIL_LABELS[k]}»`).join(', ')
    lines.push(
      waiting.length === 1
        ? `El correo que espera en «Correos por enviar» (${names}) se reemplaza y no saldrá.`
        : `Los ${waiting.length} correos que esperan en «Correos por enviar» (${names}) se reemplazan y no saldrán.`,
    )
  }
  if (isStatusMailKind(to)) {
    lines.push(
      facts.sendsNow
        ? `El correo de «${STAGE_LABELS[to]}» a la persona fundadora sale de inmediato (envío automático activado para este tipo).`
        : `El correo de «${STAGE_LABELS[to]}» a la persona fundadora queda en «Correos por enviar» para revisarlo antes de que salga.`,
    )
  } else {
    lines.push('Este cambio no le escribe a la persona fundadora.')
  }
  if (STAGE_EFFECTS[to].signs) {
    lines.push('Los reportes mensuales del seguimiento empiezan después de ese correo, nunca antes.')
  }
  return lines
}

/** What a bulk move's preview counts of the applications it will move. */
export interface BulkStageChangeFacts {
  /** How many have a session still ahead (a bulk move never keeps one). */
  sessionsAhead: number
  /** How many have a stage e-mail waiting in «Correos por enviar», which the move replaces. */
  waitingDrafts: number
  founderMail: boolean
  sendsNow: boolean
}

/** The sentences of a bulk move's confirmation; `count` is how many it moves. */
export function bulkStageChangeSummary(to: Stage, facts: BulkStageChangeFacts): string[] {
  const lines: string[] = []
  if (STAGE_EFFECTS[to].session !== 'none' && facts.sessionsAhead > 0) {
    lines.push(
      `${facts.sessionsAhead === 1 ? 'Una tiene' : `${facts.sessionsAhead} tienen`} una sesión con el panel por delante: se cancela${facts.sessionsAhead === 1 ? '' : 'n'} (el panel recibe la cancelación ahora; cada persona fundadora, dentro del correo de su etapa).${
        mayKeepSession(to) ? ' Para mantener una, mueve esa postulación sola desde su página.' : ''
      }`,
    )
  }
  if (facts.waitingDrafts > 0) {
    lines.push(
      facts.waitingDrafts === 1
        ? 'Una tiene un correo esperando en «Correos por enviar»: se reemplaza y no saldrá.'
        : `${facts.waitingDrafts} tienen un correo esperando en «Correos por enviar»: se reemplazan y no saldrán.`,
    )
  }
  if (facts.founderMail) {
    lines.push(
      facts.sendsNow
        ? 'Cada persona fundadora recibe su propio correo de inmediato (envío automático activado para este tipo).'
        : 'Cada persona fundadora tendrá su propio correo en «Correos por enviar» para revisarlo antes de que salga.',
    )
  } else {
    lines.push('Este cambio no le escribe a ninguna persona fundadora.')
  }
  return lines
}
