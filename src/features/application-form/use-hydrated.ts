import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the prerendered HTML and during hydration, true once React runs
 * the page. The server snapshot keeps hydration free of mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
