/**
 * The personal-data notice and policy version (Ley 1581 de 2012, Decreto 1377
 * de 2013). Bump the version whenever the text of the notice or the policy
 * changes: each application stores the version its founder agreed to.
 */
export const PRIVACY_POLICY_VERSION = '2026-11-22'
