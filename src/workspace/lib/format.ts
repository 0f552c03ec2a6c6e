/** Dates and numbers as a Colombian reader expects them (es-CO, Bogotá time). */
const TIME_ZONE = 'America/Bogota'

const dateFormat = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'short', year: 'numeric', timeZone: TIME_ZONE })
const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
})
const oneDecimal = new Intl.NumberFormat('es-CO', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const integer = new Intl.NumberFormat('es-CO')

export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : '—'
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : '—'
}

export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : oneDecimal.format(value)
}

export function formatCount(value: number): string {
  return integer.format(value)
}

/** "1 postulación abierta", "3 postulaciones abiertas": the count with the phrase agreeing with it. */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${integer.format(value)} ${value === 1 ? one : many}`
}

export function formatDays(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—'
  return `${oneDecimal.format(value)} ${value === 1 ? 'día' : 'días'}`
}
