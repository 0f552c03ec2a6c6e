/**
 * The zero-setup delivery: each outbox message becomes an RFC 5322 .eml file
 * in DATA_DIR/outbox/ (open it with any mail client). Used when SMTP_URL is
 * unset, e.g. on a developer's machine and in end-to-end tests.
 *
 * The file is named after the outbox row and written atomically (temporary
 * file, fsync, rename), so a retry overwrites rather than duplicates.
 */
import { mkdir, open, rename } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import { toMailOptions } from './mail-options.ts'
import { SendError, type MailSender } from './sender.ts'

export function emlFileName(message: OutboxMessage): string {
  const stamp = message.createdAt.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')
  return `${stamp}-${message.kind}-${message.id}.eml`
}

export function createFileSender(dir: string): MailSender {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  let ready: Promise<unknown> | undefined
  return {
    async send(message) {
      let raw: Buffer
      try {
        raw = (await composer.sendMail(toMailOptions(message))).message as Buffer
      } catch (err) {
        throw new SendError('message', err instanceof Error ? err.message.slice(0, 200) : 'could not compose')
      }
      try {
        ready ??= mkdir(dir, { recursive: true })
        await ready
        const final = join(dir, emlFileName(message))
        const temp = `${final}.tmp`
        const file = await open(temp, 'w')
        try {
          await file.writeFile(raw)
          await file.sync()
        } finally {
          await file.close()
        }
        await rename(temp, final)
      } catch (err) {
        ready = undefined
        throw new SendError('transport', (err as NodeJS.ErrnoException).code ?? 'write failed')
      }
    },
    async close() {
      composer.close()
    },
  }
}
