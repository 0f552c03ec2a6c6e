/**
 * The migrations declared once for both engines (server/db/declare/), in
 * order: one file each under declared/, listed here. The SQLite runner
 * renders them after the published ones of sqlite.ts; PostgreSQL applies the
 * files `npm run migrations:generate` writes from them into
 * supabase/migrations/. See docs/stores.md, "Adding a table / a migration",
 * and docs/decisions/0207-each-table-declared-once.md.
 *
 * Runtime-agnostic: the declarations are plain values.
 */
import type { DeclaredMigration } from '../declare/declare.ts'
import { MIGRATION as AGREEMENTS } from './declared/31_agreements.ts'
import { MIGRATION as HOLDINGS } from './declared/32_holdings.ts'
import { MIGRATION as CHECK_IN_RUNWAY } from './declared/33_check_in_runway.ts'

/** The last migrations written by hand, each engine's own SQL: published, frozen (sqlite.ts; supabase/migrations/). */
export const LAST_HANDWRITTEN = { sqlite: 30, postgres: '20261203100000' } as const

/** Append only: a published declaration is never edited (its generated files are checked in and tested). */
export const DECLARED_MIGRATIONS: readonly DeclaredMigration[] = [AGREEMENTS, HOLDINGS, CHECK_IN_RUNWAY]
