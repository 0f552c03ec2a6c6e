/**
 * The personal-data notice and policy version (Ley 1581 de 2012, Decreto 1377
 * de 2013). Bump the version whenever the text of the notice or the policy
 * changes: each application stores the version its founder agreed to.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-23'

/**
 * Months after an application is closed as not selected or withdrawn when its
 * personal data is deleted (server/jobs/retention.ts). The policy text states
 * this number; RETENTION_MONTHS overrides it on the server, so an operator who
 * changes one changes the other and bumps the version.
 */
export const RETENTION_MONTHS_DEFAULT = 12
