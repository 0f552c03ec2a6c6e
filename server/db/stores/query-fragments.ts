/**
 * Query fragments several stores share. The company's names as columns of a query that joins the
 * applications as `a`, read from the form (->> reads a field alike from PostgreSQL's jsonb and from
 * SQLite's JSON text), not the whole form: the lists of the workspace («Seguimiento», «Mis
 * pendientes», the failed e-mails) show them.
 */
import { sql, type SqlBool } from 'kysely'
import { db } from '../engine.ts'
import type { TimeText } from '../schema.ts'

export const tradeNameColumn = sql<string | null>`a.form_data ->> 'tradeName'`.as('trade_name')
export const companyNameColumn = sql<string | null>`a.form_data ->> 'companyName'`.as('company_name')
/** Both, company name first. */
export const companyNameColumns = [companyNameColumn, tradeNameColumn] as const

/**
 * Every completed stay in a stage, from stage_changes (`c`, joined to its application `a`): the
 * stage, when it was left, and when it was entered (the change before, or the application's arrival).
 */
export const stageStays = () =>
  db
    .selectFrom('stage_changes as c')
    .innerJoin('applications as a', 'a.id', 'c.application_id')
    .select([
      'c.from_stage as stage',
      'c.at as left_at',
      sql<Date | TimeText>`coalesce(lag(c.at) over (partition by c.application_id order by c.at, c.id), a.created_at)`.as('entered_at'),
    ])

/** The member and the application (each a column or a value) have no active conflict of interest (ADR 0101). */
export const noActiveConflict = (member: unknown, application: unknown) =>
  sql<SqlBool>`not exists (select c.id from conflicts as c where c.member_id = ${member} and c.application_id = ${application} and c.lifted_at is null)`
