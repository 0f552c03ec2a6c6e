/**
 * The one way the workspace talks to its API (docs/workspace.md): JSON over
 * fetch, same-origin cookies, and the session's CSRF token on every
 * state-changing request. A 401 anywhere sends the member to the sign-in
 * page (`onUnauthenticated`).
 */
import { REQUEST_KEY_HEADER } from '../../../domain/request-keys.ts'
import type { ErrorAnswer } from '../../../domain/workspace-api/wire.ts'

export const API_BASE = '/equipo/api'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

let csrfToken: string | null = null
let unauthenticatedHandler: () => void = () => {}

/** The token GET /session gave; sent as X-CSRF-Token. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token
}

/** Called once per 401 (not for the public sign-in routes, whose refusals are answers). */
export function onUnauthenticated(handler: () => void): void {
  unauthenticatedHandler = handler
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: Method
  body?: unknown
  signal?: AbortSignal
  /** Public routes (sign-in): a 401 there is not a lost session. */
  public?: boolean
  /** The form's key for this submission (ADR 0189), sent as Idempotency-Key: see submission-key.ts. */
  idempotencyKey?: string
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { Accept: 'application/json' }
  // A FormData body (a file) carries its own multipart type.
  const form = options.body instanceof FormData
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json'
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken
  if (options.idempotencyKey) headers[REQUEST_KEY_HEADER] = options.idempotencyKey
  try {
    return await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new ApiError(0, 'network', 'No pudimos conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.', null)
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown = null
  try {
    body = await res.json()
  } catch {
    /* not JSON: keep the status */
  }
  // Usually an ErrorAnswer; a proxy's page or an empty body leaves only the status.
  const { error, message } = (body ?? {}) as Partial<ErrorAnswer>
  return new ApiError(res.status, error ?? `http_${res.status}`, message ?? defaultMessage(res.status, error), body)
}

function defaultMessage(status: number, code: string | undefined): string {
  if (status === 401) return 'Tu sesión terminó. Vuelve a entrar.'
  if (code === 'csrf') return 'La página estaba desactualizada. Recárgala e inténtalo de nuevo.'
  if (status === 403) return 'No tienes permiso para hacer esto.'
  if (status === 404) return 'No encontramos lo que buscas.'
  if (status === 409) return 'Alguien más lo cambió mientras lo veías. Recarga para ver el estado actual.'
  if (status === 422) return 'Revisa los datos: hay campos con errores.'
  if (status === 429) return 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.'
  return 'Algo salió mal en el servidor. Inténtalo de nuevo en unos minutos.'
}

/** A request whose answer is a file (exports), or nothing (204). */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const res = await send(path, options)
  if (res.ok) return res
  const error = await errorFrom(res)
  if (res.status === 401 && !options.public) unauthenticatedHandler()
  throw error
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await request(path, options)
  if (res.status === 204) return undefined as T
  return (await res.json()) as T
}

/** Save a file answer (a POST export) under the name the server gave. */
export async function download(res: Response, fallbackName: string): Promise<void> {
  const disposition = res.headers.get('Content-Disposition') ?? ''
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = decodeURIComponent(name)
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
