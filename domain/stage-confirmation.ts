/**
 * What the team is told before a stage change, read from what the change
 * entails (domain/pipeline.ts STAGE_ENTAILS, ADRs 0185 and 0208): the detail
 * page's confirmation and the bulk move's, so what the team is told is what
 * happens. Also where a booked session stands (ahead, under way, held) and how
 * a held one is named.
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import { formatWeekdayDateTime } from './format.ts'
import { FOUNDER_MAIL_LABELS, isStatusMailKind, type FounderMailKind } from './founder-mail.ts'
import { STAGE_ENTAILS, STAGE_LABELS, mayKeepSession, sessionStep, type Stage } from './pipeline.ts'

/** Where a booked session stands at `now`. */
export type SessionTense = 'ahead' | 'under_way' | 'held'

export function sessionTense(session: { startsAt: Date; endsAt: Date }, now: Date): SessionTense {
  if (session.startsAt.getTime() > now.getTime()) return 'ahead'
  return session.endsAt.getTime() > now.getTime() ? 'under_way' : 'held'
}

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
  if (STAGE_ENTAILS[to].followUp) {
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
  if (STAGE_ENTAILS[to].session !== 'none' && facts.sessionsAhead > 0) {
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
