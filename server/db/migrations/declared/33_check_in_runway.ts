/**
 * The check-in's runway ("Meses de caja"): how many months the startup's cash lasts at its current
 * burn, as the founder reports it; null when not given. A holding with a runway under six months is
 * flagged for an impairment review.
 */
import { column, type Int64 } from '../../columns.ts'
import { addColumn, check, declareMigration } from '../../declare/declare.ts'

export const CHECK_IN_RUNWAY = { columns: { runway_months: column<Int64<null>>('int64?') } } as const

export const MIGRATION = declareMigration({
  sqlite: 33,
  postgres: '20261204130000',
  name: 'check_in_runway',
  title: "The check-in's runway in months",
  steps: [
    addColumn('check_ins', 'runway_months', CHECK_IN_RUNWAY.columns.runway_months, {
      check: check('runway_months >= 0'),
      comment: "Months the cash lasts at the current burn, as the founder reports it; null when not given.",
    }),
  ],
})
