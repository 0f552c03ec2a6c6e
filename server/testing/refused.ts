/**
 * The authorization tests' one assertion: a call is refused with `status`
 * and `error`, answered no-store, and changed nothing (no row, no e-mail).
 */
import { expect } from 'vitest'
import type { CallOptions, SignedIn, WorkspaceHarness } from './workspace-harness.ts'

export interface Endpoint {
  method: string
  path: string
  body?: unknown
  /** Admin-only: a reviewer is refused 403 forbidden. */
  admin?: boolean
}

export async function expectRefused(
  h: WorkspaceHarness,
  e: Endpoint,
  as: SignedIn | null,
  status: number,
  error: string,
  extra: Omit<CallOptions, 'as' | 'body'> = {},
): Promise<void> {
  const before = h.snapshot()
  const mails = h.mailsQueued
  const res = await h.call(e.method, e.path, { body: e.body, as, ...extra })
  const endpoint = `${e.method} ${e.path}`
  expect({ endpoint, status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({ endpoint, status, error })
  expect(res.headers.get('cache-control'), endpoint).toBe('no-store')
  expect(h.snapshot(), endpoint).toEqual(before)
  expect(h.mailsQueued, endpoint).toBe(mails)
}

/** The admin-only endpoints of `list` (there must be `count` of them, so none is dropped unseen): each refused to `reviewer` with 403 forbidden. */
export async function expectAdminOnlyRefused(h: WorkspaceHarness, list: readonly Endpoint[], reviewer: SignedIn, count: number): Promise<void> {
  const adminOnly = list.filter((e) => e.admin)
  expect(adminOnly).toHaveLength(count)
  for (const e of adminOnly) await expectRefused(h, e, reviewer, 403, 'forbidden')
}
