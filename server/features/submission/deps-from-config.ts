/**
 * The function's dependencies as the configuration describes them, for every
 * runtime: the Node server (server/compose.ts) and the Supabase Edge Function
 * (server/edge/supabase-function.ts) differ only in the store, how they find
 * the client IP and what happens after a commit. No Node-only imports here.
 */
import type { Config } from '../../shared/env.ts'
import type { MailConfig } from './mails.ts'
import type { ApplicationStore } from '../../db/stores/application-store.ts'
import { createRateLimiter } from './rate-limiter.ts'
import type { SendApplicationEmailDeps } from './send-application-email.ts'

export function mailConfigFrom(config: Config): MailConfig {
  return {
    from: config.MAIL_FROM,
    teamEmail: config.TEAM_EMAIL,
    company: {
      legalName: config.COMPANY_LEGAL_NAME,
      website: config.COMPANY_WEBSITE,
      contactEmail: config.COMPANY_CONTACT_EMAIL,
    },
  }
}

export function functionDepsFromConfig(
  config: Config,
  store: ApplicationStore,
  runtime: Pick<SendApplicationEmailDeps, 'clientKey'> &
    Partial<Pick<SendApplicationEmailDeps, 'onCommitted' | 'log' | 'clock' | 'bodyReadTimeoutMs'>>,
): SendApplicationEmailDeps {
  return {
    store,
    rateLimiter: createRateLimiter({ max: config.RATE_LIMIT_MAX, windowMs: config.RATE_LIMIT_WINDOW_SECONDS * 1000 }),
    mail: mailConfigFrom(config),
    anonKey: config.PUBLIC_ANON_KEY,
    // The public site calls from its own origin even when TLS ends at a proxy
    // and the request reaches us as plain http.
    allowedOrigins: [new URL(config.VITE_SITE_URL).origin, ...config.ALLOWED_ORIGINS],
    ...runtime,
  }
}
