/**
 * One write per submission (ADR 0189), the browser's half: a form
 * makes a key for each route it writes to when it first sends, keeps it
 * across retries of the same submission (a failure, a lost answer, a second
 * click while the first is on its way) and makes a new one after a success.
 * The server answers a repeated key with the first answer and writes nothing.
 *
 * The mutation hooks that write to the media plan, the deal, the rate card
 * and the panel hold the keys (`useSubmissionKeys`) and send through
 * `submitOnce`, so every form that uses them is covered without knowing it.
 */
import { useRef } from 'react'
import { newRequestKey } from '../../../domain/request-keys.ts'
import type { AnswerOf, AnyEndpoint } from '../../../domain/workspace-api/endpoint.ts'
import { call, endpointPath, type CallArgs } from './endpoints.ts'

export interface SubmissionKeys {
  /** The key of the submission in progress to `target` ("POST /path"), made on first use. */
  keyFor(target: string): string
  /** After a success: the next submission to `target` is another one. */
  renew(target: string): void
}

/** A form's keys, one per route it writes to; kept for as long as the form (the component) lives. */
export function useSubmissionKeys(): SubmissionKeys {
  const keys = useRef<Map<string, string> | null>(null)
  keys.current ??= new Map()
  const map = keys.current
  return {
    keyFor(target) {
      let key = map.get(target)
      if (!key) map.set(target, (key = newRequestKey()))
      return key
    },
    renew: (target) => void map.delete(target),
  }
}

/** `call` with the submission's key; the key renewed once the server answered with a success. */
export async function submitOnce<E extends AnyEndpoint>(keys: SubmissionKeys, endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<E>> {
  const [input] = args
  const target = `${endpoint.method} ${endpointPath(endpoint, ...args)}`
  const answer = await call(endpoint, ...([{ ...input, idempotencyKey: keys.keyFor(target) }] as CallArgs<E>))
  keys.renew(target)
  return answer
}
