/**
 * The only reader of process.env. Configuration is read and validated once,
 * at start-up; a wrong value stops the process with a one-line error naming
 * the variable. Every variable is documented in .env.example.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import * as v from 'valibot'
import { DEFAULT_COMPANY } from '../../domain/company.ts'
import { isEmail } from '../../domain/email.ts'
import { BACKUP_INTERVAL_HOURS_DEFAULT, BACKUP_KEEP_DEFAULT, RETENTION_MONTHS_DEFAULT } from '../../domain/privacy.ts'
import { PROGRAMME_NAME } from '../../domain/programme.ts'
import { DEFAULT_ANON_KEY } from '../../domain/submission.ts'

const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be ${min}-${max}`),
    v.maxValue(max, `must be ${min}-${max}`),
  )

const port = wholeNumber(0, 65535)

const isUrl = (s: string, protocols: readonly string[]) => {
  try {
    return protocols.includes(new URL(s).protocol)
  } catch {
    return false
  }
}

/** An absolute URL of one of `protocols`. */
const urlOf = (protocols: readonly string[], message: string) => v.pipe(v.string(), v.check((s) => isUrl(s, protocols), message))
const httpUrl = urlOf(['http:', 'https:'], 'must be an absolute http(s) URL')

// One mailbox under the one e-mail rule (domain/email.ts), with nothing around it: it ends up in e-mail headers.
const isAddress = (s: string) => s === s.trim() && isEmail(s)
const email = v.pipe(v.string(), v.check(isAddress, 'must be one e-mail address, e.g. equipo@example.co'))

/** `Name <address>` or a bare address, on one line. */
const mailbox = v.pipe(
  v.string(),
  // eslint-disable-next-line no-control-regex
  v.check((s) => !/[\u0000-\u001F\u007F]/.test(s), 'must be on one line'),
  v.check((s) => isAddress(s) || isAddress(/^[^<>]*<([^<>]*)>$/.exec(s)?.[1] ?? ''), 'must be "Name <address>" or an address'),
)

const origins = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  ),
  v.check(
    (list) => list.every((o) => isUrl(o, ['http:', 'https:']) && new URL(o).origin === o),
    'must be a comma-separated list of origins like https://catalitico.co',
  ),
)

/** Where applications are stored. Unset: the embedded SQLite file in DATA_DIR. */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }

const databaseUrl = v.pipe(
  v.string(),
  v.check(
    (s) => /^(sqlite|file):.+/.test(s) || isUrl(s, ['postgres:', 'postgresql:']),
    'must be sqlite:<path>, file:<path> or postgres://user@host:port/database',
  ),
)

const trustProxy = v.pipe(
  v.string(),
  v.regex(/^(true|false|\d{1,2})$/, 'must be true, false or the number of proxies in front of the server'),
  v.transform((s) => (s === 'true' ? 1 : s === 'false' ? 0 : Number(s))),
)

const EnvSchema = v.object({
  PORT: v.optional(port, '3000'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '0.0.0.0'),
  /** Where `npm run build` put the site; the server serves DIST_DIR/client. */
  DIST_DIR: v.optional(v.string(), 'dist'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(databaseUrl),
  /** Largest due-diligence document a founder may upload, in MB (ADR 0096). */
  DOCUMENT_MAX_MB: v.optional(wholeNumber(1, 1024), '25'),
  /** Where finished documents' bytes live: disk (DATA_DIR/documents) or database (document_blobs; ADR 0095). */
  DOCUMENT_STORAGE: v.optional(v.picklist(['disk', 'database'], 'must be disk or database'), 'disk'),
  SMTP_URL: v.optional(urlOf(['smtp:', 'smtps:'], 'must be smtp://user:pass@host:port or smtps://…')),
  /**
   * The programme's certificate for the agreements' PDF signatures (docs/decisions/0213): SIGNING_CERT a PEM
   * file and SIGNING_KEY its PEM key, or SIGNING_KEY alone a PKCS#12 (.p12/.pfx) file; SIGNING_KEY_PASSPHRASE
   * when the key is encrypted. Unset: a self-signed certificate generated in DATA_DIR/signing at first start.
   */
  SIGNING_CERT: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  SIGNING_KEY: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  SIGNING_KEY_PASSPHRASE: v.optional(v.string()),
  /** An RFC 3161 timestamp authority's URL: each signature then carries a trusted timestamp. */
  SIGNING_TSA_URL: v.optional(urlOf(['http:', 'https:'], 'must be an http:// or https:// URL of an RFC 3161 timestamp authority')),
  MAIL_FROM: v.optional(mailbox, `${PROGRAMME_NAME} <${DEFAULT_COMPANY.contactEmail}>`),
  TEAM_EMAIL: v.optional(email, DEFAULT_COMPANY.contactEmail),
  ALLOWED_ORIGINS: v.optional(origins, ''),
  PUBLIC_ANON_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[\x21-\x7E]{16,2048}$/, 'must be 16+ printable characters without spaces')),
    DEFAULT_ANON_KEY,
  ),
  RATE_LIMIT_MAX: v.optional(wholeNumber(1, 1_000_000), '10'),
  RATE_LIMIT_WINDOW_SECONDS: v.optional(wholeNumber(1, 86_400), '600'),
  OUTBOX_MAX_ATTEMPTS: v.optional(wholeNumber(1, 100), '8'),
  /** How long a worker holds the e-mails it claimed; a dead instance's e-mails wait this long (ADR 0032). */
  OUTBOX_LEASE_SECONDS: v.optional(wholeNumber(1, 3600), '120'),
  COMPANY_LEGAL_NAME: v.optional(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')), DEFAULT_COMPANY.legalName),
  COMPANY_WEBSITE: v.optional(httpUrl, DEFAULT_COMPANY.website),
  COMPANY_CONTACT_EMAIL: v.optional(email, DEFAULT_COMPANY.contactEmail),
  TRUST_PROXY: v.optional(trustProxy, 'false'),
  /** A workspace session ends after this many hours without a request (docs/workspace.md). */
  SESSION_IDLE_HOURS: v.optional(wholeNumber(1, 720), '12'),
  /** A workspace session ends this many days after sign-in, however active. */
  SESSION_MAX_DAYS: v.optional(wholeNumber(1, 90), '7'),
  /** How often each worker checks whether today's reminders and the founders' check-in e-mails are due (each goes out once, from 07:00 in Bogotá). */
  REMINDER_TICK_SECONDS: v.optional(wholeNumber(1, 3600), '60'),
  /** A founder may change or cancel the panel session from the status page until this many hours before it. */
  PANEL_CHANGE_CUTOFF_HOURS: v.optional(wholeNumber(0, 336), '24'),
  /**
   * TEST ONLY: milliseconds added to the clock of the worker's daily
   * reminders and check-in e-mails (e2e runs them "at 07:00 in Bogotá"
   * whatever the time) and of its scheduled backups. Never set in production.
   */
  WORKER_CLOCK_OFFSET_MS: v.optional(
    v.pipe(v.string(), v.regex(/^-?\d{1,13}$/, 'must be a whole number of milliseconds'), v.transform(Number)),
    '0',
  ),
  /**
   * Turns /metrics on (docs/operations.md "Metrics"): Prometheus must send it as
   * `Authorization: Bearer <token>`. Unset: /metrics answers 404.
   */
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\x21-\x7E]{32,1024}$/, 'must be at least 32 printable characters without spaces (e.g. openssl rand -hex 32)'),
    ),
  ),
  /** Months after closing (no seleccionada, retirada) when an application's personal data is deleted (docs/decisions/0092). */
  RETENTION_MONTHS: v.optional(wholeNumber(1, 120), String(RETENTION_MONTHS_DEFAULT)),
  /** Hours between the worker's backups (server/features/backup/); the privacy policy states BACKUP_KEEP × this. */
  BACKUP_INTERVAL_HOURS: v.optional(wholeNumber(1, 8760), String(BACKUP_INTERVAL_HOURS_DEFAULT)),
  /** Backups kept in BACKUP_DIR; older ones are deleted after each new one. */
  BACKUP_KEEP: v.optional(wholeNumber(1, 1000), String(BACKUP_KEEP_DEFAULT)),
  /** Where the worker writes backups; default DATA_DIR/backups. */
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty'))),
  /**
   * age key the backups are encrypted for (docs/decisions/0111): the secret key
   * AGE-SECRET-KEY-1… (backs up and restores) or only its public recipient
   * age1… (backs up; restoring then needs the secret key). Keep it apart from
   * the backups (docs/operations.md).
   */
  BACKUP_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(AGE-SECRET-KEY-1[0-9A-Z]{58}|age1[0-9a-z]{58})$/, 'must be an age secret key (AGE-SECRET-KEY-1…) or recipient (age1…), e.g. from npx age-encryption keygen'),
    ),
  ),
  /**
   * Build-time variable of the site (src/config/backend.ts): when the form
   * calls a function on another origin, the page's CSP must allow it.
   */
  VITE_BACKEND_URL: v.optional(httpUrl),
  /**
   * The site's public URL, as the build bakes it into the page. The server
   * uses it for links in e-mails (sign-in links, invitations, the founder's
   * link), and sends HSTS and Secure cookies when it is https (TLS ends at a
   * proxy in front). Unset: http://localhost:<PORT>, the port the server
   * listens on (and the one the CLI reads), see defaultSiteUrl.
   */
  VITE_SITE_URL: v.optional(httpUrl),
})

/** Every variable the server reads; each is documented in .env.example. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.entries)

type RawConfig = v.InferOutput<typeof EnvSchema>
export type Config = Omit<RawConfig, 'DATABASE_URL' | 'VITE_SITE_URL'> & { database: DatabaseConfig; VITE_SITE_URL: string }

/**
 * The site's URL when VITE_SITE_URL is unset: this machine, on the port the
 * server listens on, so `PORT=4000 npm start` e-mails links to :4000.
 */
export function defaultSiteUrl(port: number): string {
  return `http://localhost:${port}`
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parse a configuration from an environment (process.env by default). */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const result = v.safeParse(EnvSchema, present)
  if (!result.success) {
    const issue = result.issues[0]
    const name = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment'
    // Never echo a URL that may hold a password, nor a secret token or key.
    const shown = /(URL|TOKEN|KEY)$/.test(name) && name !== 'PUBLIC_ANON_KEY' ? '(value hidden)' : `(got ${JSON.stringify(issue.input)})`
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} ${shown}`)
  }
  const { DATABASE_URL, VITE_SITE_URL, ...rest } = result.output
  return { ...rest, VITE_SITE_URL: VITE_SITE_URL ?? defaultSiteUrl(rest.PORT), database: parseDatabaseUrl(DATABASE_URL, rest.DATA_DIR) }
}

function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', path: resolve(dataDir, 'catalitico.sqlite') }
  const sqlite = /^(?:sqlite|file):(?:\/\/)?(.+)$/.exec(url)
  if (sqlite) return { kind: 'sqlite', path: resolve(sqlite[1]!) }
  return { kind: 'postgres', url }
}

/** Load ./.env into process.env if it exists (variables already set win). */
export function loadDotEnv(dir = process.cwd()): void {
  const path = join(dir, '.env')
  if (existsSync(path)) process.loadEnvFile(path)
}

/** Origins the page may call besides its own (CSP connect-src). */
export function connectSources(config: Config): string[] {
  return config.VITE_BACKEND_URL ? [new URL(config.VITE_BACKEND_URL).origin] : []
}

/** The site's public origin (scheme, host and port), e.g. https://catalitico.co. */
export function siteOrigin(config: Config): string {
  return new URL(config.VITE_SITE_URL).origin
}

/** Whether the public site is served over HTTPS (behind a TLS proxy): HSTS and Secure cookies. */
export function servedOverHttps(config: Config): boolean {
  return new URL(config.VITE_SITE_URL).protocol === 'https:'
}

/** Where due-diligence documents live: incoming/ (uploads in progress) and files/ (docs/operations.md). */
export function documentsDir(config: Config): string {
  return resolve(config.DATA_DIR, 'documents')
}

/** Where the file outbox writes .eml files when SMTP_URL is unset. */
export function outboxDir(config: Config): string {
  return resolve(config.DATA_DIR, 'outbox')
}

/** Where the worker's scheduled backups go (BACKUP_DIR, else DATA_DIR/backups). */
export function backupDir(config: Config): string {
  return resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'))
}
