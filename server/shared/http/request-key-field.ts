/**
 * The hidden field of a founder's form that makes it one write per submission (ADR 0189): a new
 * key each time the page is drawn, so the same form sent twice carries the same key, and the page drawn
 * again after it (a success's redirect, a refusal) carries a new one.
 */
import { REQUEST_KEY_FIELD, newRequestKey } from '../../../domain/request-keys.ts'

export const requestKeyInput = (): string => `<input type="hidden" name="${REQUEST_KEY_FIELD}" value="${newRequestKey()}">`
