/**
 * A form field's value as a person reads it, the same in the e-mails and the workspace: enumeration
 * labels, the revenue as money ("US$ 85.000"), the equity as a percentage ("7,5 %"), counts grouped
 * ("12.000"). A value that is not a plain number is shown as typed: never turned into another number.
 */
import { REVENUE_CURRENCY, optionLabel, type ApplicationField } from './application.ts'
import { EMPTY, formatCount, formatMoney, formatPercent, numberFromText } from './format.ts'

export function fieldValueText(field: ApplicationField, value: string): string {
  const raw = value.trim()
  if (raw === '') return EMPTY
  switch (field) {
    case 'revenue': {
      const amount = numberFromText(raw)
      return amount === undefined ? `${raw} ${REVENUE_CURRENCY}` : formatMoney(amount, REVENUE_CURRENCY)
    }
    case 'equityPercentage': {
      const share = numberFromText(raw)
      return share === undefined ? `${raw} %` : formatPercent(share)
    }
    case 'activeUsers': {
      const users = numberFromText(raw)
      return users === undefined ? raw : formatCount(users)
    }
    default:
      return optionLabel(field, raw)
  }
}
