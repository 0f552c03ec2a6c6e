/**
 * What every form of the founder's pages passes before its handler (the
 * status page's, the monthly check-in's): it comes from our own page (a form
 * from another site, CSRF, never acts: the link alone must not be enough), it
 * is small (counted as read: a chunked body declares no length, ADR 0118),
 * and it is well formed. Each refusal is a Spanish page; nothing changes.
 */
import type { Context, MiddlewareHandler } from 'hono'
import { REQUEST_KEY_MESSAGES } from '../../../domain/request-keys.ts'
import { bodyLimit } from 'hono/body-limit'
import { allowedOrigin } from '../auth/origin.ts'
import { resolveFounderToken } from '../auth/founder-link.ts'
import { requestOnce } from './request-once.ts'
import type { FounderStore } from '../../db/stores/founder-store.ts'
import type { RequestKeyStore } from '../../db/stores/request-key-store.ts'
import { invalidLinkPage, messagePage } from './founder-page-shell.ts'

/**
 * Our own form, posted from our own page. The page's Referrer-Policy is
 * no-referrer, so the browser sends `Origin: null` with its forms; then the
 * browser's Sec-Fetch-Site must say same-origin (another site's form, or a
 * sandboxed frame, says cross-site or nothing).
 */
export function sameOriginPost(c: Context, siteOrigin: string): boolean {
  if (allowedOrigin(c, siteOrigin)) return true
  return c.req.header('origin') === 'null' && c.req.header('sec-fetch-site') === 'same-origin'
}

/**
 * Whether the body is one our forms could have sent. A browser percent-encodes
 * a urlencoded form's UTF-8, so a lone `%`, escapes or bytes that are not
 * UTF-8 come from something else; a multipart body must parse. Any other type
 * (or none) carries no fields and is left to the handler, as before.
 */
async function wellFormedForm(c: Context): Promise<boolean> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
  try {
    if (type === 'application/x-www-form-urlencoded') {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(await c.req.arrayBuffer())
      for (const pair of text.split('&')) for (const part of pair.split('=')) decodeURIComponent(part.replaceAll('+', ' '))
    }
    // Parsed once here; the handler's own parseBody() gets the same fields back from Hono's cache.
    if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') await c.req.parseBody()
    return true
  } catch {
    return false
  }
}

/** The guard of a group of founder forms whose bodies are at most `maxSize` bytes. */
export function founderFormGuard(options: { siteOrigin: string; contactEmail: string; maxSize: number }): MiddlewareHandler {
  const contact = options.contactEmail
  const limitForm = bodyLimit({
    maxSize: options.maxSize,
    onError: (c) => c.html(messagePage('Solicitud demasiado grande', 'Vuelve a intentarlo desde el formulario.', contact), 413),
  })
  return async (c, next) => {
    if (!sameOriginPost(c, options.siteOrigin)) {
      return c.html(messagePage('No pudimos procesar la solicitud', 'Vuelve a abrir tu enlace e inténtalo de nuevo desde allí.', contact), 403)
    }
    // Reads the body (when it declares no length) and keeps it for the handler; a Response means too large.
    const tooLarge = await limitForm(c, async () => {})
    if (tooLarge) return tooLarge
    if (!(await wellFormedForm(c))) {
      return c.html(messagePage('No pudimos leer el formulario', 'Vuelve a intentarlo desde el formulario.', contact), 400)
    }
    await next()
  }
}

/**
 * What the founder's route modules (the status page, the monthly check-in) start with: the programme's
 * contact address, their forms' guard at `maxSize`, and the invalid link's 404 page.
 */
export function founderRouteBasics(mail: { siteOrigin: string; company: { contactEmail: string } }, maxSize: number) {
  const contact = mail.company.contactEmail
  return {
    contact,
    formPost: founderFormGuard({ siteOrigin: mail.siteOrigin, contactEmail: contact, maxSize }),
    notFound: (c: Context) => c.html(invalidLinkPage(contact), 404),
  }
}

/**
 * One write per submission for a founder's form (ADR 0189): the form's hidden field carries the
 * key made when the page was drawn; the same form sent twice (a double tap, the browser sending it again)
 * books, cancels or reports once and both get the first answer. The key is the founder's application's,
 * for the route as registered; the link in the path is never stored (`secret`). Put after the forms' guard
 * (it reads the body that guard limited): `app.post(path, formPost, once('POST /:token/…'), handler)`.
 * Without a store (a test's routes alone), it lets every request through.
 */
export function founderRequestOnce(deps: { keys?: RequestKeyStore | undefined; founders: Pick<FounderStore, 'resolveLink'>; now: () => Date; contactEmail: string }): (route: string) => MiddlewareHandler {
  const keys = deps.keys
  if (!keys) return () => (_c, next) => next()
  const applications = new WeakMap<Context, string>()
  const once = requestOnce({
    keys,
    now: deps.now,
    from: 'field',
    principal: async (c) => {
      const view = await resolveFounderToken(deps.founders, c.req.param('token') ?? '')
      if (!view) return null
      applications.set(c, view.applicationId)
      return `founder:${view.applicationId}`
    },
    applicationId: (c) => applications.get(c) ?? null,
    secret: (c) => c.req.param('token') ?? null,
    refuse: (c, status, why) => c.html(messagePage('No pudimos procesar el formulario', REQUEST_KEY_MESSAGES[why], deps.contactEmail), status),
  })
  return (route) => once(route)
}
