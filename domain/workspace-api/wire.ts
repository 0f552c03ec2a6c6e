/**
 * The workspace API's contract (docs/decisions/0127-workspace-api-contract.md):
 * every request and answer between the workspace's browser
 * (src/workspace/api/) and its server (server/features/workspace/,
 * server/features/documents/team-routes.ts) is defined once, in the files of
 * this folder. The server checks each answer against it (`satisfies`), the
 * browser reads it: a change on one side the other has not followed does not
 * compile. Types, and the valibot schemas of the request bodies (the browser
 * imports their types only).
 */

/**
 * `T` as JSON carries it: a Date becomes its ISO string (Date#toJSON is
 * toISOString), arrays and objects keep their shape. What the browser reads.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends readonly (infer U)[]
      ? readonly Wire<U>[]
      : T extends object
        ? { [K in keyof T]: Wire<T[K]> }
        : T

/**
 * `value` typed as JSON will carry it, to hand to `c.json` and check against
 * the contract. Nothing is converted: JSON.stringify writes each Date as its
 * toISOString(), so the answer's bytes are the ones c.json always wrote. At
 * run time the Dates are still Dates: use the result for c.json only.
 */
export const wire = <T>(value: T): Wire<T> => value as Wire<T>

/**
 * A refusal (4xx, 5xx): a code the browser may test (`member_exists`,
 * `conflict_of_interest`…) and, mostly, a Spanish message for the member;
 * some add details (a 422's `issues`, a 409's current state).
 */
export interface ErrorAnswer {
  error: string
  message?: string
}
