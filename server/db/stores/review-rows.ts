/**
 * What the stores that read the review tables share: the ReviewStore
 * (server/db/stores/review-store.ts) and the ScoringStore (scoring-store.ts).
 * Apart from both, so neither store imports the other. The SQL is the same
 * text on both engines.
 */
import type { CriterionKey } from '../../../domain/programme.ts'
import type { CriterionScores } from '../../../domain/review.ts'

/** A criterion's weight in SQL: its criterion_weights row, 1 without one (domain/scoring.ts DEFAULT_WEIGHT); 1.0 so SQLite never divides integers. */
const weightSql = (key: CriterionKey) => `coalesce((select weight from criterion_weights where criterion = '${key}'), 1.0)`

const WEIGHTED_COLUMNS: [CriterionKey, string][] = [
  ['productoValidado', 'producto_validado'],
  ['primerosClientes', 'primeros_clientes'],
  ['modeloEscalable', 'modelo_escalable'],
  ['foundersComprometidos', 'founders_comprometidos'],
  ['aperturaParticipacion', 'apertura_participacion'],
]

/**
 * One review's score, in SQL, over the table aliased `v`: the weighted mean
 * of its five criteria (domain/scoring.ts weightedMean), computed at read
 * time so a changed weight changes every score at once (ADR 0105). The
 * weights are uncorrelated subqueries: both databases evaluate them once
 * per statement.
 */
export const REVIEW_MEAN_SQL = `((${WEIGHTED_COLUMNS.map(([key, column]) => `v.${column} * ${weightSql(key)}`).join(' + ')}) / (${WEIGHTED_COLUMNS.map(([key]) => weightSql(key)).join(' + ')}))`

/**
 * The review aliased `v` counts: its author has no active conflict of
 * interest with the application (a conflicted member's review is
 * left out of every average). Same SQL on both stores.
 */
export const COUNTED_REVIEW_SQL =
  'NOT EXISTS (SELECT 1 FROM conflicts k WHERE k.application_id = v.application_id AND k.member_id = v.member_id AND k.lifted_at IS NULL)'

/** The five criteria's columns of application_reviews, in WEIGHTED_COLUMNS's order. */
export const SCORE_COLUMNS = ['producto_validado', 'primeros_clientes', 'modelo_escalable', 'founders_comprometidos', 'apertura_participacion'] as const
export type ScoreColumns = Record<(typeof SCORE_COLUMNS)[number], number>

export const scoresFromRow = (r: ScoreColumns): CriterionScores =>
  Object.fromEntries(WEIGHTED_COLUMNS.map(([key, column]) => [key, r[column as keyof ScoreColumns]])) as CriterionScores
