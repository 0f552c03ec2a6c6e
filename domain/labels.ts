/**
 * The kinds of a thing written once, with their Spanish labels: a label table
 * `{ key: 'Etiqueta', … } satisfies Record<string, string>` is the one place
 * the kinds are spelled, and `keysOf` gives the list, in the order written
 * (an object keeps its keys in insertion order when none is an integer).
 *
 * No React, DOM or Node APIs: Vite, Node and Deno all load this module.
 */

/** The table's keys, in the order written. */
export function keysOf<K extends string>(table: Readonly<Record<K, unknown>>): readonly K[] {
  return Object.keys(table) as K[]
}

/** Whether a value is one of a list's kinds. */
export function isOneOf<K extends string>(kinds: readonly K[], value: unknown): value is K {
  return typeof value === 'string' && (kinds as readonly string[]).includes(value)
}
