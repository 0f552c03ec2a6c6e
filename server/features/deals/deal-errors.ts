/**
 * The 422 of a deal that readDeal refused (domain/deals.ts): each field's
 * Spanish message as an issue at `deal.<field>`, for the signature (review
 * routes) and the correction (deals routes) alike.
 */
import type { Context } from 'hono'
import { DEAL_INVALID, type DealField } from '../../../domain/deals.ts'
import { invalid } from '../../shared/http/json.ts'

export const dealInvalid = (c: Context, errors: Partial<Record<DealField, string>>) =>
  invalid(
    c,
    Object.entries(errors).map(([field, message]) => ({ path: `deal.${field}`, message: message! })),
    DEAL_INVALID,
  )
