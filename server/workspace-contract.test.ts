/**
 * The workspace API's contract (domain/workspace-api/, ADR 0127) against
 * what the server really sends. Type-level: `npm run typecheck` runs these
 * (vitest only sees them pass). Each handler already checks its answer with
 * `satisfies`, which catches a field missing or of the wrong type; these
 * add what `satisfies` cannot see: a store row passed through whole (spread
 * into an answer) that gained a field the contract does not name.
 */
import type { PublicKeyCredentialCreationOptionsJSON as BrowserCreationOptions } from '@simplewebauthn/browser'
import type { PublicKeyCredentialRequestOptionsJSON as BrowserRequestOptions } from '@simplewebauthn/browser'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { describe, expectTypeOf, it } from 'vitest'
import type { DueState } from '../domain/pipeline.ts'
import type { PendingItem } from '../domain/workspace-api/clock.ts'
import type { Conflict } from '../domain/workspace-api/conflicts.ts'
import type { FounderDraft } from '../domain/workspace-api/founder-mail.ts'
import type { ApplicationListItem, AuditEntry, Note, Overview, Review } from '../domain/workspace-api/review.ts'
import type { Assignment } from '../domain/workspace-api/scoring.ts'
import { wire, type Wire } from '../domain/workspace-api/wire.ts'
import type { PendingItem as StorePendingItem } from './db/stores/clock-store.ts'
import type { Conflict as StoreConflict } from './db/stores/conflict-store.ts'
import type { FounderDraft as StoreFounderDraft } from './db/stores/founder-store.ts'
import type {
  ApplicationListRow,
  AuditEntry as StoreAuditEntry,
  Note as StoreNote,
  Overview as StoreOverview,
  Review as StoreReview,
} from './db/stores/review-store.ts'
import type { Assignment as StoreAssignment } from './db/stores/scoring-store.ts'

describe('the workspace API contract', () => {
  it('carries Dates as ISO strings, at any depth, and leaves the rest as it is', () => {
    expectTypeOf<Wire<{ at: Date; maybe: Date | null; list: { at: Date }[]; fixed: readonly Date[]; n: number; free: unknown }>>().toEqualTypeOf<{
      at: string
      maybe: string | null
      list: { at: string }[]
      fixed: readonly string[]
      n: number
      free: unknown
    }>()
  })

  it('names every field of the store rows the answers pass through whole', () => {
    expectTypeOf<Wire<StoreConflict>>().toEqualTypeOf<Conflict>()
    expectTypeOf<Wire<StoreReview>>().toEqualTypeOf<Review>()
    expectTypeOf<Wire<StoreNote>>().toEqualTypeOf<Note>()
    expectTypeOf<Wire<StoreAuditEntry>>().toEqualTypeOf<AuditEntry>()
    expectTypeOf<Wire<StoreAssignment>>().toEqualTypeOf<Assignment>()
    expectTypeOf<StoreOverview>().toEqualTypeOf<Overview>()
    // GET /me/pending and GET /applications spread each row and add what the route computes.
    expectTypeOf<Wire<StorePendingItem & { dueState: DueState }>>().toEqualTypeOf<PendingItem>()
    expectTypeOf<
      Wire<ApplicationListRow & { conflicted: false; dueState: DueState; normalised: number | null; discussion: boolean }>
    >().toEqualTypeOf<ApplicationListItem>()
    // The drafts are picked field by field: all but who settled it, plus the sentence saying one was replaced.
    expectTypeOf<Omit<Wire<StoreFounderDraft>, 'settledBy'>>().toMatchTypeOf<Omit<FounderDraft, 'kindLabel' | 'supersededNote'>>()
  })

  it('hands the browser the WebAuthn options its own library reads', () => {
    expectTypeOf<PublicKeyCredentialCreationOptionsJSON>().toMatchTypeOf<BrowserCreationOptions>()
    expectTypeOf<PublicKeyCredentialRequestOptionsJSON>().toMatchTypeOf<BrowserRequestOptions>()
  })

  it('refuses an answer that lost a field, and a read of a field the answer lacks', () => {
    const row: StorePendingItem = {
      id: 'a',
      reference: 'CAT-2026-AAAAAA',
      companyName: 'Andina S.A.S.',
      tradeName: 'Andina',
      stage: 'recibida',
      stageDueAt: null,
      assignedAt: new Date(0),
      waitingForMe: true,
    }
    // @ts-expect-error the route forgot dueState: its answer is not a PendingItem
    expectTypeOf(wire(row)).toMatchTypeOf<PendingItem>()
    expectTypeOf(wire({ ...row, dueState: 'on_time' as const })).toMatchTypeOf<PendingItem>()
    // @ts-expect-error the browser cannot read what the contract does not name
    expectTypeOf<PendingItem>().toHaveProperty('dueAt')
  })
})
