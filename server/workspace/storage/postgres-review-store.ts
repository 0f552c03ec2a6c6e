/**
 * The ReviewStore on PostgreSQL, on the ApplicationStore's pool. A
 * transition locks the application's row (select … for update) so that two
 * members moving it at once cannot both succeed; the stage change and its
 * audit entry commit in the same transaction.
 *
 * No node: imports: like the PostgreSQL ApplicationStore it could run on Deno.
 */
import type { Sql, TransactionSql } from 'postgres'
import type { Application } from '../../../domain/application.ts'
import { DUE_SOON_DAYS, STAGES, canTransition, stageDueAt, type Stage } from '../../../domain/pipeline.ts'
import { searchKey } from '../../../domain/search.ts'
import type { PostgresStore } from '../../storage/postgres-store.ts'
import { insertAuditPostgres } from './audit-writes.ts'
import {
  COUNTED_REVIEW_SQL,
  REVIEW_MEAN_SQL,
  auditFromRow,
  inOrder,
  listItemFromRow,
  noteFromRow,
  recordFromRow,
  reviewFromRow,
  stageChangeFromRow,
  storedComments,
  type AuditRow,
  type ListRow,
  type NoteRow,
  type RecordRow,
  type ReviewRow,
  type StageChangeRow,
} from './review-rows.ts'
import {
  isFiltered,
  isUuid,
  mediansByStage,
  type ApplicationListQuery,
  type ApplicationSort,
  type ReviewStore,
  type TransitionOutcome,
} from './review-store.ts'
import { timeOrderedId } from './time-ordered-id.ts'
import { writeFounderMailsPostgres } from '../../founder/postgres-founder-store.ts'

const asIs = <T>(value: T): T => value
type Row = RecordRow<Date, Application>
const toRecord = (row: Row) => recordFromRow(row, asIs, asIs)
const DAY_MS = 24 * 60 * 60 * 1000

const ORDER_BY: Record<Exclude<ApplicationSort, 'score_desc'>, string> = {
  received_desc: 'a.created_at desc, a.id desc',
  received_asc: 'a.created_at, a.id',
  due_asc: 'a.stage_due_at nulls last, a.created_at, a.id',
  // The search key starts with the company's name; "C" so both stores order alike,
  // and the columns of the applications_search_order index, so no sort is needed.
  company_asc: 'a.search_text collate "C", a.created_at, a.id',
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export function openPostgresReviewStore(store: PostgresStore): ReviewStore {
  const sql: Sql = store.sql

  const audit = insertAuditPostgres

  const reviewOf = async (tx: TransactionSql, applicationId: string, memberId: string) => {
    const [row] = await tx<ReviewRow<Date, unknown>[]>`
      select v.*, m.name as member_name from application_reviews v join team_members m on m.id = v.member_id
      where v.application_id = ${applicationId} and v.member_id = ${memberId}
    `
    return reviewFromRow(row!, asIs, asIs)
  }

  /** The filter as SQL text with $n placeholders, and its parameters. */
  function where(query: ApplicationListQuery, masked: readonly string[]) {
    const params: unknown[] = [query.viewer.memberId]
    const p = (value: unknown) => `$${params.push(value)}`
    const conditions: string[] = []
    // Masked rows are listed apart (maskedTail) and never match any filter; most members have none,
    // and then the queries are those without conflicts.
    if (masked.length > 0) conditions.push(`a.id <> all(${p(masked)}::uuid[])`)
    const q = query.q === undefined ? '' : searchKey(query.q)
    // LIKE rather than strpos: the trigram index (applications_search_trgm) serves it.
    if (q !== '') conditions.push(`a.search_text like ${p(containing(q))}`)
    if (query.stage) conditions.push(`a.stage = ${p(query.stage)}`)
    if (query.productStage) conditions.push(`a.form_data->>'productStage' = ${p(query.productStage)}`)
    if (query.due === 'overdue') conditions.push(`a.stage_due_at < ${p(query.now)}::timestamptz`)
    else if (query.due === 'due_soon') {
      const soon = new Date(query.now.getTime() + DUE_SOON_DAYS * DAY_MS)
      conditions.push(`a.stage_due_at >= ${p(query.now)}::timestamptz and a.stage_due_at <= ${p(soon)}::timestamptz`)
    }
    if (query.unreviewed) {
      conditions.push('not exists (select 1 from application_reviews u where u.application_id = a.id and u.member_id = $1::uuid)')
    }
    if (query.assignedToMe) {
      conditions.push('exists (select 1 from assignments s where s.application_id = a.id and s.member_id = $1::uuid)')
    }
    return { sql: conditions.length ? `where ${conditions.join(' and ')}` : '', params, p }
  }

  /** The applications the viewer has an active conflict with (ADR 0107). */
  const maskedFor = async (viewer: string) =>
    (await sql<{ id: string }[]>`select application_id as id from conflicts where member_id = ${viewer} and lifted_at is null`).map((r) => r.id)

  /** The viewer's masked rows after the others (ADR 0107): their total and the ids the page still has room for. */
  async function maskedTail(query: ApplicationListQuery, masked: readonly string[], othersTotal: number, room: number) {
    if ((query.masked ?? 'left_out') === 'left_out' || isFiltered(query) || masked.length === 0) return { total: 0, ids: [] as string[] }
    if (room <= 0) return { total: masked.length, ids: [] }
    const skip = Math.max(0, (query.page - 1) * query.pageSize - othersTotal)
    const rows = await sql<{ id: string }[]>`
      select id from applications where id = any(${sql.array([...masked])}::uuid[])
      order by reference collate "C", id limit ${room} offset ${skip}
    `
    return { total: masked.length, ids: rows.map((r) => r.id) }
  }

  const self: ReviewStore = {
    async listApplications(query) {
      const masked = isUuid(query.viewer.memberId) ? await maskedFor(query.viewer.memberId) : []
      const filter = where(query, masked)
      const params = filter.params as never[]
      // $1 (the viewer) is referenced only by some filters; the cast keeps its type known either way.
      const whereSql = `${filter.sql || 'where true'} and $1::uuid is not null`
      const and = (condition: string) => `${whereSql} and ${condition}`
      const count = async (from: string, where_: string) =>
        Number((await sql.unsafe<{ n: string }[]>(`select count(*) as n from ${from} ${where_}`, params, { prepare: true }))[0]!.n)
      const offset = query.pageSize * (query.page - 1)
      const page = async (text: string, limit: number, skip: number) => {
        if (limit <= 0) return []
        return sql.unsafe<{ id: string; n?: string }[]>(`${text} limit ${Math.trunc(limit)} offset ${Math.trunc(skip)}`, params, {
          prepare: true,
        })
      }
      let ids: string[]
      let total: number
      if (query.sort === 'score_desc') {
        // Two ordered runs instead of one sort of every row with its aggregate: first the
        // applications whose average the viewer may see, read from the reviews' side
        // (highest first), then the others (newest first) off the created_at index. A
        // hidden average sorts as none, so the order cannot give it away.
        total = await count('applications a', whereSql)
        const scoredFrom = query.viewer.isAdmin
          ? '(select distinct application_id from application_reviews) r join applications a on a.id = r.application_id'
          : 'application_reviews r join applications a on a.id = r.application_id and r.member_id = $1::uuid'
        const scored = `exists (select 1 from application_reviews s where s.application_id = a.id${query.viewer.isAdmin ? '' : ' and s.member_id = $1::uuid'})`
        const first = await page(
          `select a.id, count(*) over () as n from ${scoredFrom} ${whereSql}
           order by (select avg(${REVIEW_MEAN_SQL}) from application_reviews v where v.application_id = a.id and ${COUNTED_REVIEW_SQL}) desc,
                    a.created_at desc, a.id desc`,
          query.pageSize,
          offset,
        )
        const scoredTotal = first.length > 0 ? Number(first[0]!.n) : await count(scoredFrom, whereSql)
        const rest = await page(
          `select a.id from applications a ${and(`not ${scored}`)} order by a.created_at desc, a.id desc`,
          query.pageSize - first.length,
          Math.max(0, offset - scoredTotal),
        )
        ids = [...first, ...rest].map((r) => r.id)
      } else if (query.q !== undefined && searchKey(query.q) !== '') {
        // One pass over the search index gives both the page and the total.
        const rows = await page(
          `select a.id, count(*) over () as n from applications a ${whereSql} order by ${ORDER_BY[query.sort]}`,
          query.pageSize,
          offset,
        )
        total = rows.length > 0 ? Number(rows[0]!.n) : offset === 0 ? 0 : await count('applications a', whereSql)
        ids = rows.map((r) => r.id)
      } else {
        total = await count('applications a', whereSql)
        ids = (await page(`select a.id from applications a ${whereSql} order by ${ORDER_BY[query.sort]}`, query.pageSize, offset)).map(
          (r) => r.id,
        )
      }
      const tail = await maskedTail(query, masked, total, query.pageSize - ids.length)
      ids = [...ids, ...tail.ids]
      total += tail.total
      if (ids.length === 0) return { items: [], total }
      const rows = await sql<ListRow<Date>[]>`
        select a.id, a.reference, a.created_at, a.stage, a.stage_due_at,
               a.form_data->>'companyName' as company_name, a.form_data->>'tradeName' as trade_name,
               a.form_data->>'founderName' as founder_name, a.form_data->>'city' as city,
               a.form_data->>'productStage' as product_stage,
               count(v.member_id) as review_count,
               avg(${sql.unsafe(REVIEW_MEAN_SQL)})::float8 as average,
               (max(${sql.unsafe(REVIEW_MEAN_SQL)}) - min(${sql.unsafe(REVIEW_MEAN_SQL)}))::float8 as spread,
               coalesce(bool_or(v.member_id = ${query.viewer.memberId}::uuid), false) as mine
        from applications a left join application_reviews v on v.application_id = a.id and ${sql.unsafe(COUNTED_REVIEW_SQL)}
        where a.id = any(${sql.array(ids)}::uuid[])
        group by a.id
      `
      return { items: inOrder(ids, rows).map((r) => listItemFromRow(r, asIs, query.viewer)), total }
    },

    async getApplication(id) {
      if (!isUuid(id)) return null
      const [row] = await sql<Row[]>`select * from applications where id = ${id}`
      return row ? toRecord(row) : null
    },

    async transition(applicationId, request) {
      // One path for one move and many (ADR 0108): the same lock, compare-and-set and writes.
      return (await self.transitionMany([{ ...request, applicationId }]))[0]!
    },

    async transitionMany(moves) {
      const ids = [...new Set(moves.map((m) => m.applicationId).filter(isUuid))]
      if (ids.length === 0) return moves.map(() => ({ status: 'not_found' as const }))
      return sql.begin(async (tx): Promise<TransitionOutcome[]> => {
        // Locked in id order, so two bulk moves over the same rows cannot deadlock.
        const locked = await tx<{ id: string; stage: Stage; created_at: Date }[]>`
          select id, stage, created_at from applications where id = any(${sql.array(ids)}::uuid[]) order by id for update
        `
        const current = new Map(locked.map((r) => [r.id, r]))
        const updates: { id: string; stage: Stage; at: Date; due: Date | null }[] = []
        const changes: Record<string, unknown>[] = []
        const audits: Record<string, unknown>[] = []
        const mails: Parameters<typeof writeFounderMailsPostgres>[1][number][] = []
        // Each move's compare-and-set against the stage as the moves before it left it.
        const outcomes = moves.map((m): TransitionOutcome => {
          const row = isUuid(m.applicationId) ? current.get(m.applicationId) : undefined
          if (!row) return { status: 'not_found' }
          const { from, to, at } = m
          if (row.stage !== from || !canTransition(from, to)) return { status: 'conflict', stage: row.stage }
          const dueAt = stageDueAt(to, at, row.created_at)
          row.stage = to
          updates.push({ id: m.applicationId, stage: to, at, due: dueAt })
          changes.push({ id: timeOrderedId(), application_id: m.applicationId, from_stage: from, to_stage: to, reason: m.reason, member_id: m.memberId, at })
          // The reason is free text and may quote the founder: the trail keeps only the stages.
          audits.push({
            id: timeOrderedId(),
            at,
            member_id: m.memberId,
            action: 'stage.changed',
            application_id: m.applicationId,
            detail: sql.json({ from, to }),
          })
          if (m.founderMail) mails.push({ applicationId: m.applicationId, write: m.founderMail, at })
          return { status: 'moved', stage: to, stageEnteredAt: at, stageDueAt: dueAt }
        })
        if (updates.length === 0) return outcomes
        // postgres.js sends a Date in an array as its toString(): ISO text instead.
        // The last move of each application wins (an application named twice moved through both).
        const last = [...new Map(updates.map((u) => [u.id, u])).values()]
        await tx`
          update applications a set stage = u.stage, stage_entered_at = u.at, stage_due_at = u.due
          from unnest(${sql.array(last.map((u) => u.id))}::uuid[], ${sql.array(last.map((u) => u.stage))}::text[],
                      ${sql.array(last.map((u) => u.at.toISOString()))}::timestamptz[], ${sql.array(last.map((u) => u.due?.toISOString() ?? null))}::timestamptz[])
               as u(id, stage, at, due)
          where a.id = u.id
        `
        await tx`insert into stage_changes ${tx(changes)}`
        await tx`insert into audit_log ${tx(audits)}`
        await writeFounderMailsPostgres(tx, mails)
        return outcomes
      })
    },

    async getApplications(ids) {
      const valid = ids.filter(isUuid)
      if (valid.length === 0) return []
      const rows = await sql<Row[]>`select * from applications where id = any(${sql.array(valid)}::uuid[])`
      return rows.map(toRecord)
    },

    async upsertReview(applicationId, memberId, input, at) {
      if (!isUuid(applicationId)) return null
      return sql.begin(async (tx) => {
        const [app] = await tx`select 1 from applications where id = ${applicationId} for share`
        if (!app) return null
        const s = input.scores
        const [written] = await tx<{ inserted: boolean }[]>`
          insert into application_reviews (application_id, member_id, producto_validado, primeros_clientes, modelo_escalable,
            founders_comprometidos, apertura_participacion, comments, recommendation, overall_comment, created_at, updated_at)
          values (${applicationId}, ${memberId}, ${s.productoValidado}, ${s.primerosClientes}, ${s.modeloEscalable},
            ${s.foundersComprometidos}, ${s.aperturaParticipacion}, ${tx.json(storedComments(input.comments))},
            ${input.recommendation}, ${input.overallComment}, ${at}, ${at})
          on conflict (application_id, member_id) do update set
            producto_validado = excluded.producto_validado, primeros_clientes = excluded.primeros_clientes,
            modelo_escalable = excluded.modelo_escalable, founders_comprometidos = excluded.founders_comprometidos,
            apertura_participacion = excluded.apertura_participacion, comments = excluded.comments,
            recommendation = excluded.recommendation, overall_comment = excluded.overall_comment,
            updated_at = excluded.updated_at
          returning (xmax = 0) as inserted
        `
        await audit(tx, { at, memberId, action: 'review.submitted', applicationId, detail: { updated: !written!.inserted } })
        return reviewOf(tx, applicationId, memberId)
      })
    },

    async addNote(applicationId, memberId, body, at) {
      if (!isUuid(applicationId)) return null
      return sql.begin(async (tx) => {
        const [app] = await tx`select 1 from applications where id = ${applicationId} for share`
        if (!app) return null
        const id = timeOrderedId()
        await tx`
          insert into application_notes (id, application_id, member_id, body, created_at)
          values (${id}, ${applicationId}, ${memberId}, ${body}, ${at})
        `
        await audit(tx, { at, memberId, action: 'note.added', applicationId, detail: { noteId: id } })
        const [row] = await tx<NoteRow<Date>[]>`
          select n.*, m.name as member_name from application_notes n join team_members m on m.id = n.member_id where n.id = ${id}
        `
        return noteFromRow(row!, asIs)
      })
    },

    async listReviews(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await sql<ReviewRow<Date, unknown>[]>`
        select v.*, m.name as member_name from application_reviews v join team_members m on m.id = v.member_id
        where v.application_id = ${applicationId} order by v.created_at, v.member_id
      `
      return rows.map((r) => reviewFromRow(r, asIs, asIs))
    },

    async listNotes(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await sql<NoteRow<Date>[]>`
        select n.*, m.name as member_name from application_notes n join team_members m on m.id = n.member_id
        where n.application_id = ${applicationId} order by n.created_at, n.id
      `
      return rows.map((r) => noteFromRow(r, asIs))
    },

    async listStageChanges(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = await sql<StageChangeRow<Date>[]>`
        select c.*, m.name as member_name from stage_changes c left join team_members m on m.id = c.member_id
        where c.application_id = ${applicationId} order by c.at, c.id
      `
      return rows.map((r) => stageChangeFromRow(r, asIs))
    },

    async overview({ now, weekStart, monthStart }) {
      const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
      for (const r of await sql<{ stage: Stage; n: string }[]>`select stage, count(*) as n from applications group by stage`) {
        byStage[r.stage] = Number(r.n)
      }
      const soon = new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS)
      const [counts] = await sql<{ overdue: string; due_soon: string; week: string; month: string }[]>`
        select
          count(*) filter (where stage_due_at < ${now}) as overdue,
          count(*) filter (where stage_due_at >= ${now} and stage_due_at <= ${soon}) as due_soon,
          count(*) filter (where created_at >= ${weekStart}) as week,
          count(*) filter (where created_at >= ${monthStart}) as month
        from applications
      `
      const stays = await sql<{ stage: Stage; left_at: Date; entered_at: Date }[]>`
        select c.from_stage as stage, c.at as left_at,
               coalesce(lag(c.at) over (partition by c.application_id order by c.at, c.id), a.created_at) as entered_at
        from stage_changes c join applications a on a.id = c.application_id
      `
      return {
        byStage,
        overdue: Number(counts!.overdue),
        dueSoon: Number(counts!.due_soon),
        receivedThisWeek: Number(counts!.week),
        receivedThisMonth: Number(counts!.month),
        medianDaysInStage: mediansByStage(stays.map((s) => ({ stage: s.stage, ms: s.left_at.getTime() - s.entered_at.getTime() }))),
      }
    },

    async appendAudit(entry) {
      await audit(sql, entry)
    },

    async listAudit(page, pageSize) {
      const [count] = await sql<{ n: string }[]>`select count(*) as n from audit_log`
      const rows = await sql<AuditRow<Date, unknown>[]>`
        select l.*, m.name as member_name from audit_log l left join team_members m on m.id = l.member_id
        order by l.at desc, l.id desc limit ${pageSize} offset ${(page - 1) * pageSize}
      `
      return { items: rows.map((r) => auditFromRow(r, asIs, asIs)), total: Number(count!.n) }
    },
  }
  return self
}
