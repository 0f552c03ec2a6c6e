/**
 * The monthly check-in's e-mail as the follow-up store queues it (ADR 0165):
 * the invitation on the month's opening day, the reminder before the due
 * day, the one after it. It goes at once (no draft: the code writes it, there
 * are no words of the team to review) and holds the personal link's
 * placeholder followed by /seguimiento, which the outbox worker fills as it
 * leaves (ADR 0117): stored, it opens nothing. Pure: it runs inside the
 * store's transaction.
 */
import { formatDay } from '../../../domain/deals.ts'
import { METRICS, METRIC_KEYS } from '../../../domain/follow-up.ts'
import { formatMonth } from '../../../domain/format.ts'
import type { ComposeCheckInMail } from '../../db/stores/follow-up-store.ts'
import { renderCheckInMail } from '../../shared/mail/founder-templates.ts'
import { founderMailContext, outboxMessage, type FounderMailConfig } from '../../shared/mail/status-mail.ts'

/** Where the check-in lives under the founder's personal link. */
export const CHECK_IN_PATH = 'seguimiento'

export function composeCheckInMail(config: FounderMailConfig): ComposeCheckInMail {
  return (facts) => {
    if (!facts.email) return null
    const rendered = renderCheckInMail(
      founderMailContext({ reference: facts.reference, founderName: facts.founderName, tradeName: facts.tradeName }, config, `/${CHECK_IN_PATH}`),
      {
        kind: facts.kind,
        month: formatMonth(facts.month.period),
        number: facts.month.number,
        dueOn: formatDay(facts.month.dueOn),
        closesOn: formatDay(facts.month.closesOn),
        metrics: METRIC_KEYS.map((k) => METRICS[k].label + (METRICS[k].optional ? ' (si lo mides)' : '')),
      },
    )
    return outboxMessage('founder_check_in', facts.email, rendered, config)
  }
}
