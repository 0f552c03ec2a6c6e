/**
 * The personal-data notice and policy version (Ley 1581 de 2012, Decreto 1377
 * de 2013). Bump the version whenever the text of the notice or the policy
 * changes: each application stores the version its founder agreed to. The
 * version is the date the text took effect, with `.2`, `.3`… for a later
 * revision on the same day (never a future date).
 */
export const PRIVACY_POLICY_VERSION = '2026-11-28'

/**
 * Months after an application is closed as not selected or withdrawn when its
 * personal data is deleted (server/features/retention/retention.ts). The policy text states
 * this number; RETENTION_MONTHS overrides it on the server, so an operator who
 * changes one changes the other and bumps the version.
 */
export const RETENTION_MONTHS_DEFAULT = 12

/**
 * The scheduled backups (server/features/backup/): one every BACKUP_INTERVAL_HOURS,
 * the newest BACKUP_KEEP kept, so deleted data leaves the last backup within
 * BACKUP_KEEP × BACKUP_INTERVAL_HOURS. The policy text states that time; an
 * operator who changes either variable changes the text and bumps the version.
 */
export const BACKUP_INTERVAL_HOURS_DEFAULT = 24
export const BACKUP_KEEP_DEFAULT = 14
export const BACKUP_RETENTION_DAYS_DEFAULT = Math.ceil((BACKUP_KEEP_DEFAULT * BACKUP_INTERVAL_HOURS_DEFAULT) / 24)

/**
 * A signed agreement (ADR 0178): its data is kept while the agreement and its twelve months of
 * follow-up run, then for the period Colombian law requires the papers of a merchant to be kept
 * (Código de Comercio art. 60, as Ley 962 de 2005 art. 28 left it: ten years from the last entry or
 * document). The policy text states both numbers.
 */
export const COMMERCIAL_PAPERS_YEARS = 10

/**
 * What the founder wrote in each monthly check-in (what went well, what went badly, what they need) is
 * no commercial paper and serves only the follow-up: it is emptied this many months after the
 * follow-up closes (server/features/retention/retention.ts; domain/follow-up.ts checkInTextsKeptUntil).
 * The figures stay with the agreement.
 */
export const CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP = 12
