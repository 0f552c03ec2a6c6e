/**
 * Refuses a request whose Transfer-Encoding is anything but `chunked`, e.g.
 * `gzip, chunked`: the server decodes no transfer-coding other than chunked,
 * and reading such a body as if it were plain would store what the client
 * did not mean. RFC 9112 §6.1: a server that receives a transfer-coding it
 * does not understand SHOULD answer 501 (Not Implemented). Node's parser
 * already refuses (400) a Transfer-Encoding that does not end in chunked.
 */
import type { MiddlewareHandler } from 'hono'

export const refuseUnknownTransferCodings: MiddlewareHandler = async (c, next) => {
  const codings = c.req.header('transfer-encoding')
  if (codings === undefined || codings.trim().toLowerCase() === 'chunked') return next()
  // The body is left unread: do not parse what follows on this connection.
  c.header('Connection', 'close')
  return c.json({ error: 'unsupported_transfer_coding' }, 501)
}
