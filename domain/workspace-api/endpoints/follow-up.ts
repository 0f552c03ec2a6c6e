/** The twelve months after the signature (docs/workspace.md "Follow-up"): admins only. */
import { firstIssue, get, post, put } from '../endpoint.ts'
import { ClosingSchema, MilestoneSchema, type FollowUpAnswer, type FollowUpPortfolio } from '../follow-up.ts'

export const followUpEndpoints = {
  portfolio: get<FollowUpPortfolio>()('/follow-up', { admin: true }),
  followUp: get<FollowUpAnswer>()('/applications/:id/follow-up', { admin: true }),
  milestone: put<FollowUpAnswer>()('/applications/:id/follow-up/milestones/:month', { body: MilestoneSchema, invalid: firstIssue, admin: true }),
  closing: post<FollowUpAnswer>()('/applications/:id/follow-up/closing', { body: ClosingSchema, invalid: firstIssue, admin: true }),
} as const
