/**
 * The sources (ADRs 0168-0170), written once for both engines
 * (ADR 0124): the list an admin keeps, the visits through each short path
 * counted per Bogotá day (one upsert, nothing per visitor), where each
 * application came from (written with it by the ApplicationStore's
 * saveSubmission, read here), and the overview's counts over a period.
 */
import { sql, type InferResult } from 'kysely'
import type { ApplicationOrigin, SourceFields, SourceOutlet } from '../../../domain/sources.ts'
import type { Funnel, SourceListItem, SourceOverview, SourceRecord } from '../../../domain/sources-records.ts'
import { db, firstOrNull, type Engine } from '../engine.ts'
import { fromRow, toBool, toNumber } from '../schema.ts'
import { auditWriter } from './audit-log.ts'
import { isUuid, timeOrderedId } from '../time-ordered-id.ts'

export type Source = SourceRecord

/** Where an application came from, as the list and the exports show it. */
export interface Attribution {
  source: { id: string; slug: string; name: string; outlet: SourceOutlet } | null
  heardFrom: SourceOutlet | null
}

/** An attribution as the team reads it (the application's page, the team's e-mail): nothing recorded is neither. */
export function originOf(found: Attribution | undefined): ApplicationOrigin {
  return {
    source: found?.source ? { name: found.source.name, slug: found.source.slug, outlet: found.source.outlet } : null,
    heardFrom: found?.heardFrom ?? null,
  }
}

export interface SourceStore {
  /** Every source, by name, with whether an application or a visit came through it (then it is never deleted). */
  listSources(): Promise<SourceListItem[]>
  source(id: string): Promise<Source | null>
  /** The source of a short path (the redirect), or null. */
  sourceBySlug(slug: string): Promise<Source | null>
  /** 'slug_taken': another source has that short path (the unique index decides, across instances). */
  createSource(fields: SourceFields, by: { memberId: string; at: Date }): Promise<Source | 'slug_taken'>
  /** The name and the outlet; the slug is written once (ADR 0170). */
  editSource(id: string, fields: Pick<SourceFields, 'name' | 'outlet'>, by: { memberId: string; at: Date }): Promise<Source | 'not_found'>
  /** Only a source no application and no visit came through ('in_use' otherwise): its figures stay whole. */
  deleteSource(id: string, by: { memberId: string; at: Date }): Promise<'deleted' | 'not_found' | 'in_use'>
  /** One visit through `slug`'s short path on `day` (Bogotá, AAAA-MM-DD). False: no such source, nothing counted. */
  countVisit(slug: string, day: string): Promise<boolean>
  /** Where each of `applicationIds` came from (those with nothing recorded are left out). */
  attributions(applicationIds: readonly string[]): Promise<Map<string, Attribution>>
  /** The counts of the applications received in [from, until) and the visits of the days fromDay..toDay. */
  overview(period: { from: Date; until: Date; fromDay: string; toDay: string }): Promise<SourceOverview>
}

const sources = () => db.selectFrom('sources').selectAll()
type SourceRow = InferResult<ReturnType<typeof sources>>[number]
const toSource = (r: SourceRow): Source => fromRow('sources', r)

const reached = (stages: readonly string[]) =>
  sql<number | string>`sum(case when exists (select 1 from stage_changes c where c.application_id = a.id and c.to_stage in (${sql.join(stages.map((s) => sql.lit(s)))})) then 1 else 0 end)`

export function openSourceStore(e: Engine): SourceStore {
  const insertAudit = auditWriter(e)
  const q = {
    all: e.prepare(() =>
      sources()
        .select((eb) =>
          eb
            .or([
              eb.exists(eb.selectFrom('application_sources as x').select('x.application_id').whereRef('x.source_id', '=', 'sources.id')),
              eb.exists(eb.selectFrom('source_visits as v').select('v.day').whereRef('v.source_id', '=', 'sources.id')),
            ])
            .as('in_use'),
        )
        .orderBy(e.textOrder('name'))
        .orderBy('id'),
    ),
    one: e.prepare((p: { id: string }) => sources().where('id', '=', p.id)),
    bySlug: e.prepare((p: { slug: string }) => sources().where('slug', '=', p.slug)),
    insert: e.prepare((p: SourceFields & { id: string; memberId: string; at: Date }) =>
      db.insertInto('sources').values({ id: p.id, slug: p.slug, name: p.name, outlet: p.outlet, created_by: p.memberId, created_at: p.at, updated_at: p.at }),
    ),
    lock: e.prepare((p: { id: string }) => sources().where('id', '=', p.id).$call(e.forUpdate)),
    edit: e.prepare((p: { id: string; name: string; outlet: SourceOutlet; at: Date }) =>
      db.updateTable('sources').set({ name: p.name, outlet: p.outlet, updated_at: p.at }).where('id', '=', p.id),
    ),
    used: e.prepare((p: { id: string }) =>
      db
        .selectNoFrom((eb) => [
          eb
            .or([
              eb.exists(db.selectFrom('application_sources').select('application_id').where('source_id', '=', p.id)),
              eb.exists(db.selectFrom('source_visits').select('day').where('source_id', '=', p.id)),
            ])
            .as('used'),
        ]),
    ),
    remove: e.prepare((p: { id: string }) => db.deleteFrom('sources').where('id', '=', p.id)),
    // One statement: the slug is looked up and its day's count raised, or nothing happens (an unknown slug).
    visit: e.prepare((p: { slug: string; day: string }) =>
      db
        .insertInto('source_visits')
        .columns(['source_id', 'day', 'visits'])
        .expression(db.selectFrom('sources').select(['id', sql<string>`${p.day}`.as('day'), sql<number>`1`.as('visits')]).where('slug', '=', p.slug))
        .onConflict((oc) => oc.columns(['source_id', 'day']).doUpdateSet({ visits: sql<number>`source_visits.visits + 1` })),
    ),
    attributions: e.prepare((p: { ids: string[] }) =>
      db
        .selectFrom('application_sources as x')
        .leftJoin('sources as s', 's.id', 'x.source_id')
        .select(['x.application_id', 'x.heard_from', 's.id', 's.slug', 's.name', 's.outlet'])
        .where(e.inList('x.application_id', p.ids)),
    ),
    visits: e.prepare((p: { fromDay: string; toDay: string }) =>
      db
        .selectFrom('source_visits')
        .select(['source_id', sql<number | string>`sum(visits)`.as('visits')])
        .where('day', '>=', p.fromDay)
        .where('day', '<=', p.toDay)
        .groupBy('source_id'),
    ),
    funnel: e.prepare((p: { from: Date; until: Date }) =>
      db
        .selectFrom('applications as a')
        .leftJoin('application_sources as x', 'x.application_id', 'a.id')
        .select([
          'x.source_id',
          'x.heard_from',
          sql<number | string>`count(*)`.as('applications'),
          reached(['sesion_panel', 'due_diligence', 'acuerdo_firmado']).as('panel'),
          reached(['due_diligence', 'acuerdo_firmado']).as('due_diligence'),
          reached(['acuerdo_firmado']).as('signed'),
        ])
        .where('a.created_at', '>=', p.from)
        .where('a.created_at', '<', p.until)
        .groupBy(['x.source_id', 'x.heard_from']),
    ),
  }

  const self: SourceStore = {
    async listSources() {
      return (await e.all(q.all({}))).map(({ in_use, ...row }) => ({ ...toSource(row), inUse: toBool(in_use) }))
    },

    async source(id) {
      if (!isUuid(id)) return null
      return firstOrNull(e, q.one({ id }), toSource)
    },

    async sourceBySlug(slug) {
      return firstOrNull(e, q.bySlug({ slug }), toSource)
    },

    async createSource(fields, { memberId, at }) {
      const id = timeOrderedId()
      try {
        await e.transaction(function* (tx) {
          yield* tx.run(q.insert({ ...fields, id, memberId, at }))
          yield* tx.run(insertAudit([{ at, memberId, action: 'source.created', applicationId: null, detail: { slug: fields.slug, outlet: fields.outlet } }]))
        })
      } catch (error) {
        if (e.isUniqueViolation(error)) return 'slug_taken'
        throw error
      }
      return (await self.source(id))!
    },

    async editSource(id, fields, { memberId, at }) {
      if (!isUuid(id)) return 'not_found'
      const done = await e.transaction(function* (tx) {
        const row = yield* tx.first(q.lock({ id }))
        if (!row) return false
        const changed = [...(row.name !== fields.name ? ['name'] : []), ...(row.outlet !== fields.outlet ? ['outlet'] : [])]
        if (changed.length === 0) return true
        yield* tx.run(q.edit({ id, name: fields.name, outlet: fields.outlet, at }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'source.edited', applicationId: null, detail: { slug: row.slug, fields: changed } }]))
        return true
      })
      return done ? (await self.source(id))! : 'not_found'
    },

    async deleteSource(id, { memberId, at }) {
      if (!isUuid(id)) return 'not_found'
      return e.transaction(function* (tx) {
        const row = yield* tx.first(q.lock({ id }))
        if (!row) return 'not_found' as const
        if (toBool((yield* tx.first(q.used({ id })))!.used)) return 'in_use' as const
        yield* tx.run(q.remove({ id }))
        yield* tx.run(insertAudit([{ at, memberId, action: 'source.deleted', applicationId: null, detail: { slug: row.slug } }]))
        return 'deleted' as const
      })
    },

    async countVisit(slug, day) {
      return (await e.run(q.visit({ slug, day }))) > 0
    },

    async attributions(applicationIds) {
      const ids = applicationIds.filter(isUuid)
      const found = new Map<string, Attribution>()
      if (ids.length === 0) return found
      for (const r of await e.all(q.attributions({ ids }))) {
        found.set(r.application_id, {
          source: r.id !== null && r.slug !== null && r.name !== null && r.outlet !== null ? { id: r.id, slug: r.slug, name: r.name, outlet: r.outlet } : null,
          heardFrom: r.heard_from,
        })
      }
      return found
    },

    async overview({ from, until, fromDay, toDay }) {
      const [visitRows, funnelRows] = await Promise.all([e.all(q.visits({ fromDay, toDay })), e.all(q.funnel({ from, until }))])
      const empty = (): Funnel => ({ applications: 0, panel: 0, dueDiligence: 0, signed: 0 })
      const add = (into: Funnel, r: (typeof funnelRows)[number]) => {
        into.applications += toNumber(r.applications)
        into.panel += toNumber(r.panel)
        into.dueDiligence += toNumber(r.due_diligence)
        into.signed += toNumber(r.signed)
      }
      const bySource = new Map<string | null, Funnel & { sourceId: string | null; visits: number }>()
      const row = (sourceId: string | null) => {
        let found = bySource.get(sourceId)
        if (!found) bySource.set(sourceId, (found = { sourceId, visits: 0, ...empty() }))
        return found
      }
      for (const r of visitRows) row(r.source_id).visits = toNumber(r.visits)
      const byHeardFrom = new Map<SourceOutlet | null, Funnel & { heardFrom: SourceOutlet | null }>()
      for (const r of funnelRows) {
        add(row(r.source_id), r)
        let h = byHeardFrom.get(r.heard_from)
        if (!h) byHeardFrom.set(r.heard_from, (h = { heardFrom: r.heard_from, ...empty() }))
        add(h, r)
      }
      return { from: fromDay, to: toDay, bySource: [...bySource.values()], byHeardFrom: [...byHeardFrom.values()] }
    },
  }
  return self
}
