/**
 * The two engines keep what the stores count on (ADR 0124): one SQL text per
 * query whatever a list's length, values written and read back alike, a
 * transaction that is one savepoint of SQLite's group commit, PostgreSQL's row
 * locks, and the upsert's "was it inserted". Real SQLite files and the real
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { requirePostgres } from './testing/postgres-test-database.ts'
import type { ApplicationStore } from './stores/application-store.ts'
import type { SqliteStore } from './sqlite-store.ts'
import type { PostgresStore } from './postgres-store.ts'
import { freshPostgresDatabase, freshSqliteDatabase, harnessPerTest, type TestDatabase } from './testing/store-databases.ts'
import { sql } from 'kysely'
import { db, prepareByShape, type Engine, type Runnable } from './engine.ts'
import { postgresEngine } from './postgres.ts'
import { fromJson, toBool, toDate } from './schema.ts'
import { sqliteEngine } from './sqlite.ts'

const available = await requirePostgres()

const T0 = new Date('2026-03-02T15:00:00.123Z')
/** The advisory lock a held-open transaction waits on (heldOpen). */
const GATE = 180_134

interface MemberRow {
  id: string
  email: string
  name: string
  role: 'admin' | 'reviewer'
  active: boolean
  created_at: Date
}
const member = (n: number, active = true): MemberRow => ({
  id: crypto.randomUUID(),
  email: `m${n}@catalitico.example`,
  name: `Miembro ${n}`,
  role: 'reviewer',
  active,
  created_at: new Date(T0.getTime() + n),
})

const insertMembers = (e: Engine, rows: MemberRow[]) =>
  db
    .insertInto('team_members')
    .columns(['id', 'email', 'name', 'role', 'active', 'created_at'])
    .expression(
      db
        .selectFrom(e.rows({ id: 'uuid', email: 'text', name: 'text', role: 'text', active: 'boolean', created_at: 'timestamptz' }, rows).as('r'))
        .select(['r.id', 'r.email', 'r.name', 'r.role', 'r.active', 'r.created_at']),
    )

const membersIn = (e: Engine, ids: string[]) =>
  db.selectFrom('team_members').select(['id', 'active', 'created_at']).where(e.inList('id', ids)).orderBy('created_at')

function describeEngine<S extends ApplicationStore>(name: string, fresh: () => Promise<TestDatabase<S>>, open: (store: S) => Engine) {
  describe(`the ${name} engine`, () => {
    const database = harnessPerTest(fresh)

    it('writes a batch of rows and reads a list with one SQL text, whatever their number', async () => {
      const d = await database()
      const e = open(d.store)
      const one = [member(1)]
      const three = [member(2, false), member(3), member(4)]
      expect(e.compile(insertMembers(e, one)).sql).toBe(e.compile(insertMembers(e, three)).sql)
      expect(e.compile(membersIn(e, [one[0]!.id])).sql).toBe(e.compile(membersIn(e, three.map((m) => m.id))).sql)
      await e.transaction(function* (tx) {
        yield* tx.run(insertMembers(e, one))
        yield* tx.run(insertMembers(e, three))
      })
      const rows = await e.all(membersIn(e, three.map((m) => m.id)))
      expect(rows.map((r) => ({ id: r.id, active: toBool(r.active), created_at: toDate(r.created_at) }))).toEqual(
        three.map((m) => ({ id: m.id, active: m.active, created_at: m.created_at })),
      )
      expect(await e.all(membersIn(e, []))).toEqual([])
    })

    it('stores JSON, times and nulls as the app holds them, through rows() and through plain values', async () => {
      const d = await database()
      const e = open(d.store)
      const entries = [
        { id: crypto.randomUUID(), at: T0, member_id: null, action: 'stage.changed', application_id: null, detail: { from: 'recibida', to: 'retirada', n: 2 } },
      ]
      await e.run(
        db
          .insertInto('audit_log')
          .columns(['id', 'at', 'member_id', 'action', 'application_id', 'detail'])
          .expression(
            db
              .selectFrom(e.rows({ id: 'uuid', at: 'timestamptz', member_id: 'uuid', action: 'text', application_id: 'uuid', detail: 'jsonb' }, entries).as('r'))
              .selectAll('r'),
          ),
      )
      await e.run(db.insertInto('audit_log').values({ id: crypto.randomUUID(), at: T0, member_id: null, action: 'note.added', application_id: null, detail: { noteId: 'x' } }))
      const rows = await e.all(db.selectFrom('audit_log').selectAll().orderBy('action'))
      expect(rows.map((r) => ({ action: r.action, at: toDate(r.at), member: r.member_id, detail: fromJson(r.detail) }))).toEqual([
        { action: 'note.added', at: T0, member: null, detail: { noteId: 'x' } },
        { action: 'stage.changed', at: T0, member: null, detail: { from: 'recibida', to: 'retirada', n: 2 } },
      ])
      // Compared as the engine compares them: the same instant, either way it is stored.
      expect(await e.all(db.selectFrom('audit_log').select('action').where('at', '>=', T0).where('at', '<', new Date(T0.getTime() + 1)))).toHaveLength(2)
    })

    it('prepares a query once and binds each call its own values, lists and batches included', async () => {
      const d = await database()
      const e = open(d.store)
      let built = 0
      const add = e.prepare((p: { rows: MemberRow[] }) => (built++, insertMembers(e, p.rows)))
      const find = e.prepare((p: { ids: string[]; since: Date }) => (built++, membersIn(e, p.ids).where('created_at', '>=', p.since)))
      const [a, b, c] = [member(1), member(2, false), member(3)]
      await e.run(add({ rows: [a] }))
      await e.transaction(function* (tx) {
        yield* tx.run(add({ rows: [b, c] }))
      })
      expect(e.compile(find({ ids: [a.id], since: T0 })).sql).toBe(e.compile(find({ ids: [a.id, b.id, c.id], since: T0 })).sql)
      const found = await e.all(find({ ids: [a.id, b.id, c.id], since: b.created_at }))
      expect(found.map((r) => ({ id: r.id, active: toBool(r.active) }))).toEqual([
        { id: b.id, active: false },
        { id: c.id, active: true },
      ])
      expect(await e.all(find({ ids: [], since: T0 }))).toEqual([])
      expect(built).toBe(2)
    })

    it('prepares one query per shape when the SQL depends on which values are given', async () => {
      const d = await database()
      const e = open(d.store)
      let built = 0
      const find = prepareByShape(e, (shape: { active: boolean }, p: { ids: string[]; active: boolean }) => {
        built++
        const query = membersIn(e, p.ids)
        return shape.active ? query.where('active', '=', p.active) : query
      })
      const [a, b] = [member(1), member(2, false)]
      await e.run(insertMembers(e, [a, b]))
      const ids = [a.id, b.id]
      expect((await e.all(find({ active: false }, { ids, active: true }))).map((r) => r.id)).toEqual(ids)
      expect((await e.all(find({ active: true }, { ids, active: false }))).map((r) => r.id)).toEqual([b.id])
      expect((await e.all(find({ active: true }, { ids, active: true }))).map((r) => r.id)).toEqual([a.id])
      expect(built).toBe(2)
    })

    it('tells an upsert that inserted from one that updated', async () => {
      const d = await database()
      const e = open(d.store)
      const m = member(1)
      await e.run(insertMembers(e, [m]))
      const upsert = (name: string) =>
        e.transaction(function* (tx) {
          return yield* tx.upsert(
            db
              .insertInto('criterion_weights')
              .values({ criterion: 'productoValidado', weight: name === 'first' ? 2 : 3, updated_by: m.id, updated_at: T0 })
              .onConflict((c) => c.column('criterion').doUpdateSet((eb) => ({ weight: eb.ref('excluded.weight') })))
              .$call(e.reportInserted),
            db.selectFrom('criterion_weights').select('criterion').where('criterion', '=', 'productoValidado'),
          )
        })
      expect(await upsert('first')).toBe(true)
      expect(await upsert('second')).toBe(false)
      expect(await e.all(db.selectFrom('criterion_weights').select('weight'))).toEqual([{ weight: 3 }])
    })

    it('rolls a failing transaction back whole, and the error reaches the caller', async () => {
      const d = await database()
      const e = open(d.store)
      const m = member(1)
      await expect(
        e.transaction(function* (tx) {
          yield* tx.run(insertMembers(e, [m]))
          yield* tx.run(insertMembers(e, [m])) // the same id again
        }),
      ).rejects.toThrow(/unique|duplicate|primary/i)
      expect(await e.all(membersIn(e, [m.id]))).toEqual([])
    })

    it('returns the rows of a single write (runReturning)', async () => {
      const d = await database()
      const e = open(d.store)
      const [a, b] = [member(1), member(2)]
      await e.run(insertMembers(e, [a, b]))
      const renamed = await e.runReturning(db.updateTable('team_members').set({ name: 'Otro' }).where('id', '=', a.id).returning(['id', 'name']))
      expect(renamed).toEqual([{ id: a.id, name: 'Otro' }])
      expect(await e.all(db.selectFrom('team_members').select('name').orderBy('created_at'))).toEqual([{ name: 'Otro' }, { name: b.name }])
    })

    it('tells a unique violation from other failures', async () => {
      const d = await database()
      const e = open(d.store)
      const m = member(1)
      await e.run(insertMembers(e, [m]))
      const failure = (query: Parameters<Engine['run']>[0]) => e.run(query).then(() => undefined, (error: unknown) => error)
      const again = await failure(insertMembers(e, [m])) // the same id
      const sameEmail = await failure(insertMembers(e, [{ ...member(2), email: m.email }]))
      const noMember = await failure(db.insertInto('application_notes').values({ id: crypto.randomUUID(), application_id: crypto.randomUUID(), member_id: m.id, body: 'x', created_at: T0 }))
      expect([again, sameEmail, noMember].map((error) => e.isUniqueViolation(error))).toEqual([true, true, false])
      expect(noMember).toBeInstanceOf(Error)
      expect(e.isUniqueViolation(new Error('UNIQUE constraint failed'))).toBe(false)
    })

    it('inserts into several tables as one write (insertAll): all of them, or none when one fails', async () => {
      const d = await database()
      const e = open(d.store)
      const [a, b, c] = [member(1), member(2), member(3)]
      const session = (m: MemberRow, id: string) =>
        db.insertInto('team_sessions').values({ id, member_id: m.id, csrf_token: 'csrf', auth_method: 'link', created_at: T0, last_seen_at: T0, idle_expires_at: T0, expires_at: T0 })
      // The session names a member inserted by the same write.
      expect(await e.insertAll([insertMembers(e, [a, b]), session(a, 'session-a')])).toEqual([2, 1])
      const failed = await e.insertAll([insertMembers(e, [c]), session(c, 'session-c'), insertMembers(e, [a])]).catch((error: unknown) => error)
      expect(e.isUniqueViolation(failed)).toBe(true)
      expect((await e.all(membersIn(e, [a.id, b.id, c.id]))).map((r) => r.id)).toEqual([a.id, b.id])
      expect(await e.all(db.selectFrom('team_sessions').select('id'))).toEqual([{ id: 'session-a' }])
      // Prepared, and again with other values: the same statement.
      const add = e.prepare((p: { rows: MemberRow[] }) => insertMembers(e, p.rows))
      expect(await e.insertAll([add({ rows: [c] })])).toEqual([1])
      expect(await e.insertAll([add({ rows: [member(4), member(5)] }), session(c, 'session-c')])).toEqual([2, 1])
      expect(await e.all(membersIn(e, [c.id]))).toHaveLength(1)
      await expect(e.insertAll([db.updateTable('team_members').set({ name: 'Otro' })])).rejects.toThrow(/inserts/)
      await expect(e.insertAll([insertMembers(e, [member(6)]).returning('id')])).rejects.toThrow(/inserts/)
    })

    it('writes the database’s own clock as the engine writes any time: read back, compared and ordered alike', async () => {
      const d = await database()
      const e = open(d.store)
      const m = member(1)
      const before = new Date(Date.now() - 60_000)
      await e.run(insertMembers(e, [m]))
      await e.run(db.updateTable('team_members').set({ created_at: e.now() }).where('id', '=', m.id))
      const after = new Date(Date.now() + 60_000)
      const [row] = await e.all(db.selectFrom('team_members').select('created_at').where('id', '=', m.id))
      // SQLite holds ISO-8601 text with milliseconds, as toISOString writes it, so text order is time order.
      if (e.kind === 'sqlite') expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      const written = toDate(row!.created_at)
      expect(written.getTime()).toBeGreaterThan(before.getTime())
      expect(written.getTime()).toBeLessThan(after.getTime())
      const between = db.selectFrom('team_members').select('id').where('created_at', '>', before).where('created_at', '<', after)
      expect(await e.all(between)).toEqual([{ id: m.id }])
    })

    it('reads the Bogotá day of a time: midnight in Bogotá is 05:00 UTC', async () => {
      const d = await database()
      const e = open(d.store)
      const rows = [member(1), member(2), member(3)]
      rows[0]!.created_at = new Date('2026-03-10T04:59:59.999Z')
      rows[1]!.created_at = new Date('2026-03-10T05:00:00.000Z')
      rows[2]!.created_at = new Date('2027-01-01T04:00:00.000Z')
      await e.run(insertMembers(e, rows))
      const days = await e.all(db.selectFrom('team_members').select(['name', e.bogotaDay('created_at').as('day')]).orderBy('created_at'))
      expect(days.map((r) => r.day)).toEqual(['2026-03-09', '2026-03-10', '2026-12-31'])
    })

    it('refuses to run a query through Kysely itself, where it would silently return nothing', async () => {
      await expect(db.selectFrom('team_members').selectAll().execute()).rejects.toThrow(/through an Engine/)
    })
  })
}

describeEngine('SQLite', freshSqliteDatabase, sqliteEngine)

describe('the SQLite engine, in the group commit', () => {
  const database = harnessPerTest(freshSqliteDatabase)

  it('runs concurrent transactions in one group commit, each body synchronously, and single writes in one too', async () => {
    const d = await database()
    const store: SqliteStore = d.store
    const e = sqliteEngine(store)
    const members = [1, 2, 3, 4, 5].map((n) => member(n))
    const order: string[] = []
    let before = store.commits()
    await Promise.all(
      members.slice(0, 3).map((m) =>
        e.transaction(function* (tx) {
          order.push(`start ${m.name}`)
          yield* tx.run(insertMembers(e, [m]))
          const [row] = yield* tx.all(membersIn(e, [m.id]))
          order.push(`end ${m.name}`)
          return row
        }),
      ),
    )
    expect(store.commits() - before).toBe(1)
    // No body interleaves with another: each ran from start to end at once.
    expect(order).toEqual(members.slice(0, 3).flatMap((m) => [`start ${m.name}`, `end ${m.name}`]))
    before = store.commits()
    await Promise.all(members.slice(3).map((m) => e.run(insertMembers(e, [m]))))
    expect(store.commits() - before).toBe(1)
    before = store.commits()
    const renamed = await Promise.all(members.slice(0, 2).map((m) => e.runReturning(db.updateTable('team_members').set({ name: 'Otro' }).where('id', '=', m.id).returning('id'))))
    expect(store.commits() - before).toBe(1)
    expect(renamed).toEqual(members.slice(0, 2).map((m) => [{ id: m.id }]))
    expect(await e.all(membersIn(e, members.map((m) => m.id)))).toHaveLength(5)
  })

  it('runs insertAll in the group commit too, each call in its own savepoint', async () => {
    const d = await database()
    const store: SqliteStore = d.store
    const e = sqliteEngine(store)
    const [a, b, c] = [member(1), member(2), member(3)]
    await e.run(insertMembers(e, [a]))
    const before = store.commits()
    const outcomes = await Promise.allSettled([e.insertAll([insertMembers(e, [b])]), e.insertAll([insertMembers(e, [c]), insertMembers(e, [a])])])
    expect(store.commits() - before).toBe(1)
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected'])
    expect((await e.all(membersIn(e, [a.id, b.id, c.id]))).map((r) => r.id)).toEqual([a.id, b.id])
  })

  it('is the same engine, with one statement cache, for every store on a connection', async () => {
    const d = await database()
    expect(sqliteEngine(d.store)).toBe(sqliteEngine(d.store))
  })
})

describe.skipIf(!available)('PostgreSQL (the real server; one database per test)', () => {
  describeEngine('PostgreSQL', freshPostgresDatabase, postgresEngine)

  describe('row locks', () => {
    const database = harnessPerTest(() => freshPostgresDatabase())

    /**
     * An engine transaction that takes `lock`, then waits, its locks held, until `release()`;
     * `after` runs in it once released. It waits on an advisory lock the test holds on a
     * connection of its own.
     */
    async function heldOpen(store: PostgresStore, lock: Runnable<unknown>, after: Runnable<unknown>[] = []) {
      const e = postgresEngine(store)
      const gate = await store.sql.reserve()
      await gate`select pg_advisory_lock(${GATE})`
      const done = e.transaction(function* (tx) {
        yield* tx.all(lock)
        yield* tx.all(db.selectNoFrom(sql`pg_advisory_xact_lock(${GATE})`.as('gate')))
        for (const query of after) yield* tx.run(query)
      })
      // Once it queues for the gate, it holds `lock`.
      const waiting = () =>
        gate`select 1 from pg_locks where locktype = 'advisory' and objid = ${GATE} and not granted
             and database = (select oid from pg_database where datname = current_database())`
      while ((await waiting()).length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      return async () => {
        await gate`select pg_advisory_unlock(${GATE})`
        gate.release()
        await done
      }
    }

    async function twoMembers() {
      const store: PostgresStore = (await database()).store
      const e = postgresEngine(store)
      const [a, b] = [member(1), member(2)]
      await e.run(insertMembers(e, [a, b]))
      return { store, e, a, b }
    }

    it('holds forUpdate until commit: another transaction skips the locked row (skipLocked)', async () => {
      const { store, e, a, b } = await twoMembers()
      const release = await heldOpen(store, membersIn(e, [a.id]).$call(e.forUpdate), [
        db.updateTable('team_members').set({ name: 'Primero' }).where('id', '=', a.id),
      ])
      const free = await e.transaction(function* (tx) {
        return yield* tx.all(membersIn(e, [a.id, b.id]).$call(e.forUpdateSkipLocked))
      })
      expect(free.map((r) => r.id)).toEqual([b.id])
      await release()
      expect(await e.all(db.selectFrom('team_members').select('name').where('id', '=', a.id))).toEqual([{ name: 'Primero' }])
    })

    it('holds forNoKeyUpdate against other lockers, but not against a foreign key naming the row', async () => {
      const { store, e, a, b } = await twoMembers()
      const release = await heldOpen(store, membersIn(e, [a.id]).$call(e.forNoKeyUpdate))
      const free = await e.transaction(function* (tx) {
        return yield* tx.all(membersIn(e, [a.id, b.id]).$call(e.forUpdateSkipLocked))
      })
      expect(free.map((r) => r.id)).toEqual([b.id])
      // A row that references the locked one goes in while the lock is held (under forUpdate it would wait for it).
      const session = { id: 'hash-of-a-session', member_id: a.id, csrf_token: 'csrf', auth_method: 'link' as const, created_at: T0, last_seen_at: T0, idle_expires_at: T0, expires_at: T0 }
      expect(await e.run(db.insertInto('team_sessions').values(session))).toBe(1)
      await release()
    })
  })
})
