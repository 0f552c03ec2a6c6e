import { useSyncExternalStore } from 'react'
import { loadDraft, type Draft } from './draft-storage.ts'

// Read once per page load: the draft found when the page opened. Later saves
// do not change it, so the snapshot is stable.
let initial: Draft | null | undefined
function initialDraft(): Draft | null {
  if (initial === undefined) initial = loadDraft()
  return initial
}

const noSubscription = () => () => {}

/**
 * The draft saved by an earlier visit, or null. The prerendered HTML is the
 * empty form (the server snapshot is null), so hydration matches; React then
 * re-renders with the browser's snapshot.
 */
export function useRestoredDraft(): Draft | null {
  return useSyncExternalStore(noSubscription, initialDraft, () => null)
}
