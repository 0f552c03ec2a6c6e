/**
 * Where the application form sends its one call, baked in at build time.
 *
 * VITE_BACKEND_URL: the origin that serves `/functions/v1/*`. Unset, the page's
 * own origin is used, so the same build works behind our server on any host.
 * Set it to a Supabase project URL (https://<ref>.supabase.co) to call the
 * edge function there instead.
 *
 * VITE_SUPABASE_ANON_KEY: the public anonymous key sent as `apikey` and
 * `Authorization: Bearer`. It is public by design (it ships in the page).
 * Our server compares it with its PUBLIC_ANON_KEY (same default); a Supabase
 * project requires its own anon key.
 */
import { DEFAULT_ANON_KEY } from '../../domain/submission.ts'

declare global {
  interface ImportMetaEnv {
    readonly VITE_BACKEND_URL?: string
    readonly VITE_SUPABASE_ANON_KEY?: string
  }
}


export interface BackendConfig {
  /** Base URL of the functions, e.g. https://example.org/functions/v1 */
  functionsUrl: string
  anonKey: string
}

/**
 * Read at call time, not at import time: during prerendering there is no
 * window, and the page's origin is only known in the browser.
 */
export function backendConfig(): BackendConfig {
  const configured = import.meta.env.VITE_BACKEND_URL?.trim()
  const base = (configured || window.location.origin).replace(/\/+$/, '')
  return {
    functionsUrl: `${base}/functions/v1`,
    anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY?.trim() || DEFAULT_ANON_KEY,
  }
}
