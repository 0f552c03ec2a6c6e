/**
 * Who reads what the team types: every workspace field whose text leaves for the founder says so in
 * its label, and every field only the team reads says it is internal, in these two phrases and no others. A
 * member must never learn from the founder's e-mail that a «Motivo» went out word for word.
 *
 * - The founder reads it: the panel cancellation's «Motivo» (its e-mail and status page), what the team tells
 *   the founder when an application is not selected, a document's new-version request, a draft's subject and
 *   text in «Correos por enviar», a media-plan line's notes and an entry's reason (the founder's copy of their
 *   data, Ley 1581), a proof-of-airing link (their «Tu plan de medios»).
 * - Internal: a stage change's reason, the notes, the reviews' comments, a conflict's note and the lifting's
 *   reason, why a deal is signed without documents, a follow-up review's or closing note.
 */

/** The founder reads this field's text, word for word. */
export const FOUNDER_READS = 'lo verá la persona fundadora'

/** Only the team reads this field's text. */
export const INTERNAL = 'interno: la persona fundadora no lo ve'

/** "Motivo (lo verá la persona fundadora)"; `optional`: "Nota (opcional; lo verá la persona fundadora)". */
export const forFounder = (label: string, { optional = false }: { optional?: boolean } = {}): string =>
  `${label} (${optional ? 'opcional; ' : ''}${FOUNDER_READS})`

/** "Nueva nota (interno: la persona fundadora no lo ve)"; `optional` as forFounder's. */
export const internal = (label: string, { optional = false }: { optional?: boolean } = {}): string =>
  `${label} (${optional ? 'opcional; ' : ''}${INTERNAL})`
