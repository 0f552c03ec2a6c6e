/**
 * The ReviewStore on the SQLite file of the ApplicationStore: reads on its
 * connection, every change through its group commit (SqliteStore.write), so
 * a transition and its audit entry commit together and are durable when the
 * promise resolves.
 */
import type Database from 'better-sqlite3'
import type { Application } from '../../../domain/application.ts'
import { DUE_SOON_DAYS, STAGES, canTransition, stageDueAt, type Stage } from '../../../domain/pipeline.ts'
import { searchKey } from '../../../domain/search.ts'
import type { SqliteStore } from '../../storage/sqlite-store.ts'
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
  type TransitionRequest,
} from './review-store.ts'
import { timeOrderedId } from './time-ordered-id.ts'
import { writeFounderMailSqlite } from '../../founder/sqlite-founder-store.ts'
import { statementCache } from '../../storage/sqlite-statements.ts'
import { sqliteAuditWriter } from './audit-writes.ts'

const iso = (d: Date) => d.toISOString()
type Row = RecordRow<string, string>
const toRecord = (row: Row) => recordFromRow(row, date, (v) => JSON.parse(v) as Application)
const date = (s: string) => new Date(s)
const json = (s: string) => JSON.parse(s) as unknown
const DAY_MS = 24 * 60 * 60 * 1000

const ORDER_BY: Record<Exclude<ApplicationSort, 'score_desc'>, string> = {
  received_desc: 'a.created_at DESC, a.id DESC',
  received_asc: 'a.created_at, a.id',
  due_asc: 'a.stage_due_at IS NULL, a.stage_due_at, a.created_at, a.id',
  // The search key starts with the company's name, lower case and without accents;
  // the columns of the applications_search_order index, so no sort is needed.
  company_asc: 'a.search_text, a.created_at, a.id',
}

export function openSqliteReviewStore(store: SqliteStore): ReviewStore {
  const db: Database.Database = store.db
  const stmt = statementCache(db)

  const audit = sqliteAuditWriter(stmt)

  const exists = (id: string) => isUuid(id) && stmt('SELECT 1 FROM applications WHERE id = ?').get(id) !== undefined

  const reviewSelect = `SELECT v.*, m.name AS member_name FROM application_reviews v JOIN team_members m ON m.id = v.member_id`
  const toReview = (row: ReviewRow<string, string>) => reviewFromRow(row, date, json)

  function where(query: ApplicationListQuery, masked: readonly string[]) {
    const conditions: string[] = []
    const params: Record<string, unknown> = { viewer: query.viewer.memberId }
    // Masked rows are listed apart (maskedTail) and never match any filter; most members have none,
    // and then the queries are those without conflicts.
    if (masked.length > 0) {
      conditions.push('a.id NOT IN (SELECT value FROM json_each(@masked))')
      params.masked = JSON.stringify(masked)
    }
    const q = query.q === undefined ? '' : searchKey(query.q)
    if (q !== '') {
      // Matched on the applications_search_order index alone (covering), never on the wide rows.
      conditions.push('a.rowid IN (SELECT rowid FROM applications WHERE instr(search_text, @q) > 0)')
      params.q = q
    }
    if (query.stage) {
      conditions.push('a.stage = @stage')
      params.stage = query.stage
    }
    if (query.productStage) {
      conditions.push(`json_extract(a.form_data, '$.productStage') = @productStage`)
      params.productStage = query.productStage
    }
    if (query.due === 'overdue') {
      conditions.push('a.stage_due_at < @now')
      params.now = iso(query.now)
    } else if (query.due === 'due_soon') {
      conditions.push('a.stage_due_at >= @now AND a.stage_due_at <= @soon')
      params.now = iso(query.now)
      params.soon = iso(new Date(query.now.getTime() + DUE_SOON_DAYS * DAY_MS))
    }
    if (query.unreviewed) {
      conditions.push('NOT EXISTS (SELECT 1 FROM application_reviews u WHERE u.application_id = a.id AND u.member_id = @viewer)')
    }
    if (query.assignedToMe) {
      conditions.push('EXISTS (SELECT 1 FROM assignments s WHERE s.application_id = a.id AND s.member_id = @viewer)')
    }
    return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params }
  }

  /** The applications the viewer has an active conflict with (ADR 0107). */
  const maskedFor = (viewer: string) =>
    stmt('SELECT application_id FROM conflicts WHERE member_id = ? AND lifted_at IS NULL').pluck().all(viewer) as string[]

  /** The viewer's masked rows after the others (ADR 0107): their total and the ids the page still has room for. */
  function maskedTail(query: ApplicationListQuery, masked: readonly string[], othersTotal: number, room: number) {
    if ((query.masked ?? 'left_out') === 'left_out' || isFiltered(query) || masked.length === 0) return { total: 0, ids: [] as string[] }
    if (room <= 0) return { total: masked.length, ids: [] }
    const skip = Math.max(0, (query.page - 1) * query.pageSize - othersTotal)
    const ids = stmt('SELECT id FROM applications WHERE id IN (SELECT value FROM json_each(?)) ORDER BY reference, id LIMIT ? OFFSET ?')
      .pluck()
      .all(JSON.stringify(masked), room, skip) as string[]
    return { total: masked.length, ids }
  }

  /** A transition inside the caller's write (transaction): compare-and-set, stage change, audit entry, founder e-mail. */
  function transitionNow(applicationId: string, request: TransitionRequest): TransitionOutcome {
    const { from, to, reason, memberId, at } = request
    if (!isUuid(applicationId)) return { status: 'not_found' }
    const row = stmt('SELECT stage, created_at FROM applications WHERE id = ?').get(applicationId) as
      | { stage: Stage; created_at: string }
      | undefined
    if (!row) return { status: 'not_found' }
    if (row.stage !== from || !canTransition(from, to)) return { status: 'conflict', stage: row.stage }
    const dueAt = stageDueAt(to, at, date(row.created_at))
    stmt('UPDATE applications SET stage = ?, stage_entered_at = ?, stage_due_at = ? WHERE id = ? AND stage = ?').run(
      to,
      iso(at),
      dueAt && iso(dueAt),
      applicationId,
      from,
    )
    stmt('INSERT INTO stage_changes (id, application_id, from_stage, to_stage, reason, member_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      timeOrderedId(),
      applicationId,
      from,
      to,
      reason,
      memberId,
      iso(at),
    )
    // The reason is free text and may quote the founder: the trail keeps only the stages.
    audit({ at, memberId, action: 'stage.changed', applicationId, detail: { from, to } })
    if (request.founderMail) writeFounderMailSqlite(stmt, applicationId, request.founderMail, at)
    return { status: 'moved', stage: to, stageEnteredAt: at, stageDueAt: dueAt }
  }

  return {
    async listApplications(query) {
      const masked = maskedFor(query.viewer.memberId)
      const filter = where(query, masked)
      const offset = (query.page - 1) * query.pageSize
      const and = (condition: string) => (filter.sql ? `${filter.sql} AND ${condition}` : `WHERE ${condition}`)
      const count = (from: string, whereSql: string) =>
        (stmt(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(filter.params) as { n: number }).n
      const page = (sql: string, limit: number, skip: number) =>
        limit <= 0 ? [] : (stmt(`${sql} LIMIT @limit OFFSET @offset`).all({ ...filter.params, limit, offset: skip }) as { id: string; n: number }[])
      let ids: string[]
      let total: number
      if (query.sort === 'score_desc') {
        // Two ordered runs instead of one sort of every row with its aggregate: first the
        // applications whose average the viewer may see, read from the reviews' side
        // (highest first), then the others (newest first) straight off the created_at
        // index. A hidden average sorts as none, so the order cannot give it away.
        total = count('applications a', filter.sql)
        const scoredFrom = query.viewer.isAdmin
          ? '(SELECT DISTINCT application_id FROM application_reviews) r JOIN applications a ON a.id = r.application_id'
          : 'application_reviews r JOIN applications a ON a.id = r.application_id AND r.member_id = @viewer'
        const scored = `EXISTS (SELECT 1 FROM application_reviews s WHERE s.application_id = a.id${query.viewer.isAdmin ? '' : ' AND s.member_id = @viewer'})`
        const first = page(
          `SELECT a.id, count(*) OVER () AS n FROM ${scoredFrom} ${filter.sql}
           ORDER BY (SELECT avg(${REVIEW_MEAN_SQL}) FROM application_reviews v WHERE v.application_id = a.id AND ${COUNTED_REVIEW_SQL}) DESC,
                    a.created_at DESC, a.id DESC`,
          query.pageSize,
          offset,
        )
        const scoredTotal = first.length > 0 ? first[0]!.n : count(scoredFrom, filter.sql)
        const rest = page(
          `SELECT a.id FROM applications a ${and(`NOT ${scored}`)} ORDER BY a.created_at DESC, a.id DESC`,
          query.pageSize - first.length,
          Math.max(0, offset - scoredTotal),
        )
        ids = [...first, ...rest].map((r) => r.id)
      } else if (filter.params.q !== undefined) {
        // One pass over the search index gives both the page and the total.
        const rows = page(`SELECT a.id, count(*) OVER () AS n FROM applications a ${filter.sql} ORDER BY ${ORDER_BY[query.sort]}`, query.pageSize, offset)
        total = rows.length > 0 ? rows[0]!.n : offset === 0 ? 0 : count('applications a', filter.sql)
        ids = rows.map((r) => r.id)
      } else {
        total = count('applications a', filter.sql)
        ids = page(`SELECT a.id FROM applications a ${filter.sql} ORDER BY ${ORDER_BY[query.sort]}`, query.pageSize, offset).map((r) => r.id)
      }
      const tail = maskedTail(query, masked, total, query.pageSize - ids.length)
      ids = [...ids, ...tail.ids]
      total += tail.total
      if (ids.length === 0) return { items: [], total }
      // The page's own columns, read only for its rows: json_extract over every row would cost more than the sort.
      const rows = stmt(
        `SELECT a.id, a.reference, a.created_at, a.stage, a.stage_due_at,
                json_extract(a.form_data, '$.companyName') AS company_name,
                json_extract(a.form_data, '$.tradeName') AS trade_name,
                json_extract(a.form_data, '$.founderName') AS founder_name,
                json_extract(a.form_data, '$.city') AS city,
                json_extract(a.form_data, '$.productStage') AS product_stage,
                count(v.member_id) AS review_count,
                avg(${REVIEW_MEAN_SQL}) AS average,
                max(${REVIEW_MEAN_SQL}) - min(${REVIEW_MEAN_SQL}) AS spread,
                coalesce(max(v.member_id = @viewer), 0) AS mine
         FROM applications a LEFT JOIN application_reviews v ON v.application_id = a.id AND ${COUNTED_REVIEW_SQL}
         WHERE a.id IN (SELECT value FROM json_each(@ids))
         GROUP BY a.id`,
      ).all({ viewer: query.viewer.memberId, ids: JSON.stringify(ids) }) as ListRow<string>[]
      return { items: inOrder(ids, rows).map((r) => listItemFromRow(r, date, query.viewer)), total }
    },

    async getApplication(id) {
      if (!isUuid(id)) return null
      const row = stmt('SELECT * FROM applications WHERE id = ?').get(id) as Row | undefined
      return row ? toRecord(row) : null
    },

    transition(applicationId, request) {
      return store.write(() => transitionNow(applicationId, request))
    },

    transitionMany(moves) {
      // One group commit for them all: SQLite's cost is the fsync, not the statements.
      return store.write(() => moves.map((m) => transitionNow(m.applicationId, m)))
    },

    async getApplications(ids) {
      const valid = ids.filter(isUuid)
      if (valid.length === 0) return []
      const rows = stmt('SELECT * FROM applications WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(valid)) as Row[]
      return rows.map(toRecord)
    },

    upsertReview(applicationId, memberId, input, at) {
      return store.write(() => {
        if (!exists(applicationId)) return null
        const s = input.scores
        const updated =
          stmt('SELECT 1 FROM application_reviews WHERE application_id = ? AND member_id = ?').get(applicationId, memberId) !== undefined
        stmt(
          `INSERT INTO application_reviews (application_id, member_id, producto_validado, primeros_clientes, modelo_escalable,
             founders_comprometidos, apertura_participacion, comments, recommendation, overall_comment, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (application_id, member_id) DO UPDATE SET
             producto_validado = excluded.producto_validado, primeros_clientes = excluded.primeros_clientes,
             modelo_escalable = excluded.modelo_escalable, founders_comprometidos = excluded.founders_comprometidos,
             apertura_participacion = excluded.apertura_participacion, comments = excluded.comments,
             recommendation = excluded.recommendation, overall_comment = excluded.overall_comment,
             updated_at = excluded.updated_at`,
        ).run(
          applicationId,
          memberId,
          s.productoValidado,
          s.primerosClientes,
          s.modeloEscalable,
          s.foundersComprometidos,
          s.aperturaParticipacion,
          JSON.stringify(storedComments(input.comments)),
          input.recommendation,
          input.overallComment,
          iso(at),
          iso(at),
        )
        audit({ at, memberId, action: 'review.submitted', applicationId, detail: { updated } })
        return toReview(
          stmt(`${reviewSelect} WHERE v.application_id = ? AND v.member_id = ?`).get(applicationId, memberId) as ReviewRow<string, string>,
        )
      })
    },

    addNote(applicationId, memberId, body, at) {
      return store.write(() => {
        if (!exists(applicationId)) return null
        const id = timeOrderedId()
        stmt('INSERT INTO application_notes (id, application_id, member_id, body, created_at) VALUES (?, ?, ?, ?, ?)').run(
          id,
          applicationId,
          memberId,
          body,
          iso(at),
        )
        audit({ at, memberId, action: 'note.added', applicationId, detail: { noteId: id } })
        const row = stmt(
          'SELECT n.*, m.name AS member_name FROM application_notes n JOIN team_members m ON m.id = n.member_id WHERE n.id = ?',
        ).get(id) as NoteRow<string>
        return noteFromRow(row, date)
      })
    },

    async listReviews(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = stmt(`${reviewSelect} WHERE v.application_id = ? ORDER BY v.created_at, v.member_id`).all(applicationId)
      return (rows as ReviewRow<string, string>[]).map(toReview)
    },

    async listNotes(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = stmt(
        `SELECT n.*, m.name AS member_name FROM application_notes n JOIN team_members m ON m.id = n.member_id
         WHERE n.application_id = ? ORDER BY n.created_at, n.id`,
      ).all(applicationId) as NoteRow<string>[]
      return rows.map((r) => noteFromRow(r, date))
    },

    async listStageChanges(applicationId) {
      if (!isUuid(applicationId)) return []
      const rows = stmt(
        `SELECT c.*, m.name AS member_name FROM stage_changes c LEFT JOIN team_members m ON m.id = c.member_id
         WHERE c.application_id = ? ORDER BY c.at, c.id`,
      ).all(applicationId) as StageChangeRow<string>[]
      return rows.map((r) => stageChangeFromRow(r, date))
    },

    async overview({ now, weekStart, monthStart }) {
      const byStage = Object.fromEntries(STAGES.map((s) => [s, 0])) as Record<Stage, number>
      for (const r of stmt('SELECT stage, count(*) AS n FROM applications GROUP BY stage').all() as { stage: Stage; n: number }[]) {
        byStage[r.stage] = r.n
      }
      const counts = stmt(
        `SELECT
           (SELECT count(*) FROM applications WHERE stage_due_at < @now) AS overdue,
           (SELECT count(*) FROM applications WHERE stage_due_at >= @now AND stage_due_at <= @soon) AS due_soon,
           (SELECT count(*) FROM applications WHERE created_at >= @week) AS week,
           (SELECT count(*) FROM applications WHERE created_at >= @month) AS month`,
      ).get({
        now: iso(now),
        soon: iso(new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS)),
        week: iso(weekStart),
        month: iso(monthStart),
      }) as { overdue: number; due_soon: number; week: number; month: number }
      const stays = stmt(
        `SELECT c.from_stage AS stage, c.at AS left_at,
                coalesce(lag(c.at) OVER (PARTITION BY c.application_id ORDER BY c.at, c.id), a.created_at) AS entered_at
         FROM stage_changes c JOIN applications a ON a.id = c.application_id`,
      ).all() as { stage: Stage; left_at: string; entered_at: string }[]
      return {
        byStage,
        overdue: counts.overdue,
        dueSoon: counts.due_soon,
        receivedThisWeek: counts.week,
        receivedThisMonth: counts.month,
        medianDaysInStage: mediansByStage(stays.map((s) => ({ stage: s.stage, ms: date(s.left_at).getTime() - date(s.entered_at).getTime() }))),
      }
    },

    async appendAudit(entry) {
      await store.write(() => audit(entry))
    },

    async listAudit(page, pageSize) {
      const total = (stmt('SELECT count(*) AS n FROM audit_log').get() as { n: number }).n
      const rows = stmt(
        `SELECT l.*, m.name AS member_name FROM audit_log l LEFT JOIN team_members m ON m.id = l.member_id
         ORDER BY l.at DESC, l.id DESC LIMIT ? OFFSET ?`,
      ).all(pageSize, (page - 1) * pageSize) as AuditRow<string, string>[]
      return { items: rows.map((r) => auditFromRow(r, date, json)), total }
    },
  }
}
