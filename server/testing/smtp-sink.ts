/**
 * A real SMTP server inside the test process (the smtp-server package) that
 * keeps what it receives, parsed with postal-mime. It can be started on a
 * fixed port after an outage, and told to refuse some recipients. With
 * `discard`, it only counts the messages: the benchmarks' mail server
 * (scripts/bench/smtp-discard-server.ts), where parsing would cost more than
 * the server under test.
 */
import PostalMime, { type Email } from 'postal-mime'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  envelopeFrom: string
  envelopeTo: string[]
  raw: string
  parsed: Email
  /** A header's raw value, by lower-case name. */
  header(name: string): string | undefined
}

export interface SmtpSink {
  port: number
  url: string
  received: ReceivedMail[]
  /** Messages accepted so far (also those a `discard` sink did not keep). */
  count(): number
  close(): Promise<void>
}

export async function startSmtpSink(
  options: { port?: number; rejectRecipient?: (address: string) => boolean; delayMs?: number; discard?: boolean } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = []
  let count = 0
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        // As Postfix does, the reply echoes the address: what the worker logs must not.
        const err = new Error(`5.1.1 <${address.address}>: Recipient address rejected`) as Error & { responseCode: number }
        err.responseCode = 550
        return callback(err)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => void (options.discard || chunks.push(c)))
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
        count++
        if (options.discard) return callback()
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = await PostalMime.parse(raw)
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed,
          header: (name) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value,
        })
        callback()
      })
    },
  })
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port))
  })
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
