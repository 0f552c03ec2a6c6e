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

/** Every transition the server accepts: the forward move, and closing from any open state. */
export function allowedTransitions(from: Stage): Stage[] {
  if (!isOpenStage(from)) return []
  return [NEXT_STAGE[from], 'no_seleccionada', 'retirada']
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
