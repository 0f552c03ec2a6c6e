/**
 * The contract of SourceStore (ADRs 0168-0170) on each engine:
 * sources kept with unique, written-once short paths and audited changes;
 * a visit counted per source per day in one statement (an unknown slug
 * counts nothing); the attribution written with the application only for a
 * known source (an unknown slug is dropped, never stored as typed); the
 * overview's funnel over a period; and a source deleted only while no
 * application came from it.
 */
import { describe, expect, it } from 'vitest'
import { newSubmission } from '../../testing/fixtures.ts'
import { engineOf } from '../engine-of.ts'
import { insertMember } from '../testing/members.ts'
import { harnessPerTest, type TestDatabase } from '../testing/store-databases.ts'
import type { ApplicationStore } from './application-store.ts'
import { DEAL } from './deal-store-contract.ts'
import { openReviewStore } from './review-store.ts'
import { openSourceStore } from './source-store.ts'
import { withStageMoves } from '../testing/stage-moves.ts'

const T0 = new Date('2026-11-30T15:00:00.000Z')
const at = (days: number) => new Date(T0.getTime() + days * 86_400_000)

export function describeSourceStoreContract<S extends ApplicationStore>(name: string, open: () => Promise<TestDatabase<S>>): void {
  describe(`SourceStore contract: ${name}`, () => {
    const database = harnessPerTest(open)
    /** A fresh database, its source store and an admin (Ana). */
    async function setUp() {
      const db = await database()
      return { db, sources: openSourceStore(engineOf(db.store)), admin: await insertMember(db.store, 'admin', 'Ana') }
    }

    it('keeps sources with unique short paths, edits the name and outlet only, audits each change', async () => {
      const { db, sources, admin } = await setUp()
      expect(await sources.listSources()).toEqual([])
      const radio = await sources.createSource({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' }, { memberId: admin.id, at: T0 })
      if (radio === 'slug_taken') throw new Error('unexpected')
      expect(radio).toEqual({ id: radio.id, slug: 'radio-cali', name: 'Radio Cali', outlet: 'radio', createdBy: admin.id, createdAt: T0, updatedAt: T0 })
      // The unique index decides, whatever the caller checked before.
      expect(await sources.createSource({ name: 'Otra', outlet: 'tv', slug: 'radio-cali' }, { memberId: admin.id, at: T0 })).toBe('slug_taken')
      const tv = await sources.createSource({ name: 'Arroba TV', outlet: 'tv', slug: 'tv' }, { memberId: admin.id, at: T0 })
      expect((await sources.listSources()).map((s) => s.slug)).toEqual(['tv', 'radio-cali'])
      expect(await sources.sourceBySlug('radio-cali')).toEqual(radio)
      expect(await sources.sourceBySlug('radio')).toBeNull()

      const edited = await sources.editSource(radio.id, { name: 'Radio Cali mañana', outlet: 'otro' }, { memberId: admin.id, at: at(1) })
      expect(edited).toMatchObject({ slug: 'radio-cali', name: 'Radio Cali mañana', outlet: 'otro', createdAt: T0, updatedAt: at(1) })
      expect(await sources.editSource(crypto.randomUUID(), { name: 'x', outlet: 'tv' }, { memberId: admin.id, at: at(1) })).toBe('not_found')
      expect(await sources.editSource('not-a-uuid', { name: 'x', outlet: 'tv' }, { memberId: admin.id, at: at(1) })).toBe('not_found')
      // The database refuses an outlet the rules refuse.
      await expect(sources.createSource({ name: 'X', outlet: 'podcast' as 'tv', slug: 'podcast' }, { memberId: admin.id, at: T0 })).rejects.toThrow()

      const audit = await db.all(`SELECT action, detail FROM audit_log ORDER BY id`)
      expect(audit.map((a) => a.action)).toEqual(['source.created', 'source.created', 'source.edited'])
      const detail = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)
      expect(detail(audit[2]!.detail)).toEqual({ slug: 'radio-cali', fields: ['name', 'outlet'] })
      expect(tv).not.toBe('slug_taken')
    })

    it('counts visits per source per day in one statement; an unknown slug counts nothing', async () => {
      const { db, sources, admin } = await setUp()
      await sources.createSource({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' }, { memberId: admin.id, at: T0 })
      await Promise.all([1, 2, 3].map(() => sources.countVisit('radio-cali', '2026-11-30')))
      expect(await sources.countVisit('radio-cali', '2026-12-01')).toBe(true)
      expect(await sources.countVisit('nadie', '2026-11-30')).toBe(false)
      const rows = await db.all(`SELECT day, visits FROM source_visits ORDER BY day`)
      expect(rows.map((r) => ({ day: r.day, visits: Number(r.visits) }))).toEqual([
        { day: '2026-11-30', visits: 3 },
        { day: '2026-12-01', visits: 1 },
      ])
      // Nothing about the visitor: the table has the source, the day and the count, no more.
      expect(Object.keys(rows[0]!).sort()).toEqual(['day', 'visits'])
      expect(await db.count('source_visits')).toBe(2)
    })

    it('writes the attribution with the application: a known source and the answer; an unknown slug is dropped, never stored as typed', async () => {
      const { db, sources, admin } = await setUp()
      const radio = await sources.createSource({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' }, { memberId: admin.id, at: T0 })
      if (radio === 'slug_taken') throw new Error('unexpected')
      const known = newSubmission({ createdAt: T0 })
      const unknown = newSubmission({ createdAt: T0 })
      const answered = newSubmission({ createdAt: T0 })
      const none = newSubmission({ createdAt: T0 })
      await db.store.saveSubmission({ ...known, attribution: { sourceSlug: 'radio-cali', heardFrom: 'tv' } })
      await db.store.saveSubmission({ ...unknown, attribution: { sourceSlug: 'radio-inventada', heardFrom: null } })
      await db.store.saveSubmission({ ...answered, attribution: { sourceSlug: 'radio-inventada', heardFrom: 'diario' } })
      await db.store.saveSubmission({ ...none, attribution: { sourceSlug: null, heardFrom: null } })
      expect(await db.count('applications')).toBe(4)
      const found = await sources.attributions([known, unknown, answered, none].map((s) => s.application.id))
      expect(found.get(known.application.id)).toEqual({ source: { id: radio.id, slug: 'radio-cali', name: 'Radio Cali', outlet: 'radio' }, heardFrom: 'tv' })
      expect(found.get(answered.application.id)).toEqual({ source: null, heardFrom: 'diario' })
      expect(found.has(unknown.application.id)).toBe(false)
      expect(found.has(none.application.id)).toBe(false)
      expect(await db.count('application_sources')).toBe(2)
      const stored = JSON.stringify(await db.all(`SELECT * FROM application_sources`))
      expect(stored).not.toContain('radio-inventada')

      // A source some application came from stays (its figures would no longer add up).
      expect(await sources.deleteSource(radio.id, { memberId: admin.id, at: at(1) })).toBe('in_use')

      // Deleted with the application (a founder's deletion request).
      await db.store.deleteByEmail(known.application.formData.email)
      expect((await sources.attributions([known.application.id])).size).toBe(0)
    })

    it('deletes only a source nothing came through: neither an application nor a visit; the list says which are in use (issue 32)', async () => {
      const { db, sources, admin } = await setUp()
      const by = { memberId: admin.id, at: at(1) }
      const made = async (slug: string) => {
        const s = await sources.createSource({ name: slug, outlet: 'radio', slug }, { memberId: admin.id, at: T0 })
        if (s === 'slug_taken') throw new Error('unexpected')
        return s
      }
      const visited = await made('visitada')
      const applied = await made('con-postulacion')
      const answeredOnly = await made('sin-uso')
      await sources.countVisit('visitada', '2026-11-30')
      await db.store.saveSubmission({ ...newSubmission({ createdAt: T0 }), attribution: { sourceSlug: 'con-postulacion', heardFrom: null } })
      // An answer to «¿Dónde nos conociste?» alone uses no source.
      await db.store.saveSubmission({ ...newSubmission({ createdAt: T0 }), attribution: { sourceSlug: null, heardFrom: 'radio' } })
      expect(Object.fromEntries((await sources.listSources()).map((s) => [s.slug, s.inUse]))).toEqual({ 'con-postulacion': true, 'sin-uso': false, visitada: true })
      expect(await sources.deleteSource(visited.id, by)).toBe('in_use')
      expect(await sources.deleteSource(applied.id, by)).toBe('in_use')
      expect(await db.count('source_visits')).toBe(1)
      expect(await sources.deleteSource(answeredOnly.id, by)).toBe('deleted')
      expect(await sources.deleteSource(answeredOnly.id, by)).toBe('not_found')
      expect((await sources.listSources()).map((s) => s.slug)).toEqual(['con-postulacion', 'visitada'])
      const audit = await db.all(`SELECT action FROM audit_log WHERE action = 'source.deleted'`)
      expect(audit).toHaveLength(1)
    })

    it('counts, over a period, each source’s visits, applications and how far they went, and the answers', async () => {
      const { db, sources, admin } = await setUp()
      const reviews = withStageMoves(openReviewStore(engineOf(db.store)), engineOf(db.store))
      const radio = await sources.createSource({ name: 'Radio Cali', outlet: 'radio', slug: 'radio-cali' }, { memberId: admin.id, at: T0 })
      const tv = await sources.createSource({ name: 'TV', outlet: 'tv', slug: 'tv' }, { memberId: admin.id, at: T0 })
      if (radio === 'slug_taken' || tv === 'slug_taken') throw new Error('unexpected')
      await sources.countVisit('radio-cali', '2026-11-30')
      await sources.countVisit('radio-cali', '2026-12-01')
      await sources.countVisit('radio-cali', '2026-12-20')
      await sources.countVisit('tv', '2026-12-01')

      const save = async (slug: string | null, heardFrom: 'radio' | 'tv' | null, createdAt: Date) => {
        const s = newSubmission({ createdAt })
        await db.store.saveSubmission({ ...s, attribution: { sourceSlug: slug, heardFrom } })
        return s.application.id
      }
      const move = async (id: string, path: readonly ('validacion_preliminar' | 'sesion_panel' | 'due_diligence' | 'acuerdo_firmado' | 'no_seleccionada')[]) => {
        let from: string = 'recibida'
        for (const [i, to] of path.entries()) {
          const outcome = await reviews.transition(id, {
            from: from as 'recibida',
            to,
            reason: to === 'no_seleccionada' ? 'No encaja' : null,
            memberId: admin.id,
            at: at(2 + i),
            ...(to === 'acuerdo_firmado' ? { deal: DEAL } : {}),
          })
          expect(outcome).toMatchObject({ status: 'moved' })
          from = to
        }
      }
      const signed = await save('radio-cali', null, at(0))
      const panelThenNo = await save('radio-cali', 'radio', at(1))
      await save('radio-cali', null, at(1))
      const direct = await save(null, 'radio', at(1))
      await save('tv', null, at(30))
      await move(signed, ['validacion_preliminar', 'sesion_panel', 'due_diligence', 'acuerdo_firmado'])
      await move(panelThenNo, ['validacion_preliminar', 'sesion_panel', 'no_seleccionada'])
      await move(direct, ['validacion_preliminar'])

      const overview = await sources.overview({ from: new Date('2026-11-30T05:00:00Z'), until: new Date('2026-12-02T05:00:00Z'), fromDay: '2026-11-30', toDay: '2026-12-01' })
      const bySource = Object.fromEntries(overview.bySource.map((r) => [r.sourceId ?? 'none', r]))
      expect(bySource[radio.id]).toEqual({ sourceId: radio.id, visits: 2, applications: 3, panel: 2, dueDiligence: 1, signed: 1 })
      // Visits in the period, no application in it.
      expect(bySource[tv.id]).toEqual({ sourceId: tv.id, visits: 1, applications: 0, panel: 0, dueDiligence: 0, signed: 0 })
      expect(bySource['none']).toEqual({ sourceId: null, visits: 0, applications: 1, panel: 0, dueDiligence: 0, signed: 0 })
      const byAnswer = Object.fromEntries(overview.byHeardFrom.map((r) => [r.heardFrom ?? 'none', r]))
      expect(byAnswer['radio']).toEqual({ heardFrom: 'radio', applications: 2, panel: 1, dueDiligence: 0, signed: 0 })
      expect(byAnswer['none']).toEqual({ heardFrom: null, applications: 2, panel: 1, dueDiligence: 1, signed: 1 })
      expect(overview).toMatchObject({ from: '2026-11-30', to: '2026-12-01' })

      // The list's filter by source (the review store's query, on this engine).
      const list = (source: string) =>
        reviews.listApplications({ source, sort: 'received_desc', page: 1, pageSize: 50, now: at(40), viewer: { memberId: admin.id, isAdmin: true } })
      expect((await list(radio.id)).total).toBe(3)
      expect((await list(tv.id)).items.map((i) => i.id)).toHaveLength(1)
      expect((await list('none')).items.map((i) => i.id)).toEqual([direct])
    })
  })
}
