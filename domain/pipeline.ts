/**
 * The review pipeline: the one state machine of an application, used by the
 * server (which accepts only these transitions) and by the browser (which
 * offers only these). SPEC §1 and §9 give the three stages and their
 * durations; the states around them are the programme's own.
 *
 *   recibida → validacion_preliminar (Etapa 1) → sesion_panel (Etapa 2)
 *            → due_diligence (Etapa 3) → acuerdo_firmado
 *   any open state → no_seleccionada | retirada
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */
import { isOneOf, keysOf } from './labels.ts'

/** Spanish labels, as the team and the founder read them; STAGES is its keys, in the pipeline's order. */
export const STAGE_LABELS = {
  recibida: 'Recibida',
  validacion_preliminar: 'Validación preliminar',
  sesion_panel: 'Sesión con panel de expertos',
  due_diligence: 'Due diligence y acuerdo',
  acuerdo_firmado: 'Acuerdo firmado',
  no_seleccionada: 'No seleccionada',
  retirada: 'Retirada',
} satisfies Record<string, string>
export const STAGES = keysOf(STAGE_LABELS)
export type Stage = (typeof STAGES)[number]

/** The states an application can still move on from. */
export const OPEN_STAGES = ['recibida', 'validacion_preliminar', 'sesion_panel', 'due_diligence'] as const satisfies readonly Stage[]
export type OpenStage = (typeof OPEN_STAGES)[number]

export const CLOSED_STAGES = ['acuerdo_firmado', 'no_seleccionada', 'retirada'] as const satisfies readonly Stage[]

export function isStage(value: unknown): value is Stage {
  return isOneOf(STAGES, value)
}

export function isOpenStage(stage: Stage): stage is OpenStage {
  return (OPEN_STAGES as readonly string[]).includes(stage)
}

/** Which of the page's three stages (PROCESS_STAGES in programme.ts) a state belongs to; null once closed. */
export const STAGE_STEP: Record<Stage, 1 | 2 | 3 | null> = {
  recibida: 1,
  validacion_preliminar: 1,
  sesion_panel: 2,
  due_diligence: 3,
  acuerdo_firmado: null,
  no_seleccionada: null,
  retirada: null,
}

/** The forward move of each open state (the "next stage" button). */
export const NEXT_STAGE: Record<OpenStage, Stage> = {
  recibida: 'validacion_preliminar',
  validacion_preliminar: 'sesion_panel',
  sesion_panel: 'due_diligence',
  due_diligence: 'acuerdo_firmado',
}

/** Every transition the server accepts: the forward move, and closing without a signature from any open state. */
export function allowedTransitions(from: Stage): Stage[] {
  if (!isOpenStage(from)) return []
  return [NEXT_STAGE[from], ...CLOSED_WITHOUT_SIGNATURE]
}

export function canTransition(from: Stage, to: Stage): boolean {
  return allowedTransitions(from).includes(to)
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Days each page stage is promised to take (SPEC §9: 2 weeks, 1 week, up to
 * 2 weeks). Stage 1 covers both `recibida` and `validacion_preliminar`, and
 * its clock starts when the application arrives.
 */
export const STEP_DAYS: Record<1 | 2 | 3, number> = { 1: 14, 2: 7, 3: 14 }

/**
 * When the current stage is due. `enteredAt` is when the application entered
 * `stage`; `receivedAt` when it arrived. Closed states have no due date.
 */
export function stageDueAt(stage: Stage, enteredAt: Date, receivedAt: Date): Date | null {
  const step = STAGE_STEP[stage]
  if (step === null) return null
  const start = step === 1 ? receivedAt : enteredAt
  return new Date(start.getTime() + STEP_DAYS[step] * DAY_MS)
}

/** "Vence pronto": due within this many days from now. */
export const DUE_SOON_DAYS = 3

export type DueState = 'overdue' | 'due_soon' | 'on_time' | 'closed'

export function dueState(dueAt: Date | null, now: Date): DueState {
  if (dueAt === null) return 'closed'
  if (dueAt.getTime() < now.getTime()) return 'overdue'
  if (dueAt.getTime() - now.getTime() <= DUE_SOON_DAYS * DAY_MS) return 'due_soon'
  return 'on_time'
}

/** Longest reason a member may give for a transition. */
export const TRANSITION_REASON_MAX = 2000

// ---------------------------------------------------------------------------
// What a stage change entails (ADRs 0185, 0208)
// ---------------------------------------------------------------------------

/**
 * What a move to a stage does to the application's panel session still ahead:
 * - none: no session can be ahead (the stages up to the panel's own);
 * - cancel: it is cancelled, always (the application closes without a signature);
 * - cancel_unless_kept: it is cancelled, unless an admin keeps it on purpose in the confirmation.
 *
 * A panel session is "ahead" while it has not started, "under way" while it runs, "held" once it
 * has ended (a booked session in the past is shown as held: «Realizada»). Only a session ahead is
 * ever cancelled or kept.
 */
export type SessionRule = 'none' | 'cancel' | 'cancel_unless_kept'

/**
 * What a move to a stage entails besides changing the stage. The server does what this says
 * (server/features/review/pipeline.ts, in one transaction) and the confirmations tell it
 * (domain/stage-confirmation.ts), so what the team is told is what happens.
 */
export interface StageEntailment {
  /** How the move closes the application: with the signature, without one, or not at all. */
  closes: 'signed' | 'without_signature' | null
  /** The application's panel session still ahead. */
  session: SessionRule
  /** The move records the deal (admins only, with its figures; ADR 0159). */
  deal: boolean
  /** The founder's stage e-mails still waiting in «Correos por enviar» are replaced (ADR 0138): every move. */
  supersedesDrafts: true
  /**
   * The founder is written the e-mail of this stage (domain/founder-mail.ts STATUS_MAIL_KINDS, held to
   * this table), to «Correos por enviar» or straight away (the kind's setting).
   */
  founderMail: boolean
  /** The 12-month follow-up starts: its monthly reports begin after the stage's e-mail, never before (ADR 0159). */
  followUp: boolean
}

/** Closing without a signature (not selected, withdrawn): written once, for both stages that do it. */
const WITHOUT_SIGNATURE = { closes: 'without_signature', session: 'cancel', deal: false, supersedesDrafts: true, founderMail: true, followUp: false } as const

/** The table, per stage moved to. */
export const STAGE_ENTAILS = {
  recibida: { closes: null, session: 'none', deal: false, supersedesDrafts: true, founderMail: false, followUp: false },
  validacion_preliminar: { closes: null, session: 'none', deal: false, supersedesDrafts: true, founderMail: false, followUp: false },
  sesion_panel: { closes: null, session: 'none', deal: false, supersedesDrafts: true, founderMail: true, followUp: false },
  due_diligence: { closes: null, session: 'cancel_unless_kept', deal: false, supersedesDrafts: true, founderMail: true, followUp: false },
  acuerdo_firmado: { closes: 'signed', session: 'cancel_unless_kept', deal: true, supersedesDrafts: true, founderMail: true, followUp: true },
  no_seleccionada: WITHOUT_SIGNATURE,
  retirada: WITHOUT_SIGNATURE,
} as const satisfies Record<Stage, StageEntailment>

/** The stages that close an application without a signature, read from the table. */
export const CLOSED_WITHOUT_SIGNATURE: readonly Stage[] = STAGES.filter((s) => STAGE_ENTAILS[s].closes === 'without_signature')

/** The stage whose move signs: it records the deal and starts the follow-up. */
export const SIGNING_STAGE = 'acuerdo_firmado' satisfies { [S in Stage]: (typeof STAGE_ENTAILS)[S]['closes'] extends 'signed' ? S : never }[Stage]

/** Whether a move to `to` may keep the session ahead (an admin's explicit choice). */
export const mayKeepSession = (to: Stage): boolean => STAGE_ENTAILS[to].session === 'cancel_unless_kept'

/** The refusals of a request to keep the session. */
export const KEEP_SESSION_MESSAGES = {
  adminOnly: 'Solo un administrador puede mantener la sesión con el panel al cambiar de etapa.',
  notHere: (to: Stage) => `Al pasar a «${STAGE_LABELS[to]}» la sesión con el panel no se mantiene: ${STAGE_ENTAILS[to].session === 'cancel' ? 'se cancela siempre' : 'no hay sesión que mantener'}.`,
} as const

/** What the move does to a session still ahead: cancel it, keep it, or nothing (the stage has no rule for it). */
export type SessionStep = 'cancel' | 'keep' | null

/** The step of a move to `to`, `keep` being the admin's choice (only where the table allows it; else ignored). */
export function sessionStep(to: Stage, keep: boolean): SessionStep {
  const rule = STAGE_ENTAILS[to].session
  if (rule === 'none') return null
  return rule === 'cancel_unless_kept' && keep ? 'keep' : 'cancel'
}

/**
 * What a stage change did to the session, as the founder's stage e-mail says it (and the panel store reports it):
 * none (no session booked), held (before the move: in the past or under way), cancelled or kept (it was ahead).
 */
export type StageSessionFacts = { state: 'none' } | { state: 'held' | 'cancelled' | 'kept'; startsAt: Date }
