import nodemailer from 'nodemailer'
import { describe, expect, it } from 'vitest'
import { startSmtpSink } from './smtp-sink.ts'

async function sendThree(port: number) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  try {
    for (let i = 0; i < 3; i++) await transport.sendMail({ from: 'a@example.co', to: 'b@example.co', subject: `n.º ${i}`, text: 'hola' })
  } finally {
    transport.close()
  }
}

describe('the SMTP sink', () => {
  it('keeps and parses what it receives, and counts it', async () => {
    const sink = await startSmtpSink()
    try {
      await sendThree(sink.port)
      expect(sink.count()).toBe(3)
      expect(sink.received.map((m) => m.parsed.subject)).toEqual(['n.º 0', 'n.º 1', 'n.º 2'])
    } finally {
      await sink.close()
    }
  })

  it('in discard mode (the benchmarks’ mail server) only counts', async () => {
    const sink = await startSmtpSink({ discard: true })
    try {
      await sendThree(sink.port)
      expect(sink.count()).toBe(3)
      expect(sink.received).toEqual([])
    } finally {
      await sink.close()
    }
  })
})
