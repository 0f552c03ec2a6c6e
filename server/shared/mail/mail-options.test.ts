/**
 * The envelope's sender and the invitation's ORGANIZER read a mailbox the
 * same way (mailboxParts, once): a display name, quoted or not, and the
 * address between angle brackets; a bare address has no name.
 */
import { describe, expect, it } from 'vitest'
import type { OutboxMessage } from '../../db/stores/application-store.ts'
import { mailboxParts, toMailOptions } from './mail-options.ts'

describe('mailboxParts', () => {
  it('splits a mailbox into its name and address', () => {
    expect(mailboxParts('Catalítico Media for Equity <postulaciones@catalitico.example>')).toEqual({ name: 'Catalítico Media for Equity', email: 'postulaciones@catalitico.example' })
    expect(mailboxParts('"Catalítico, Media" <postulaciones@catalitico.example>')).toEqual({ name: 'Catalítico, Media', email: 'postulaciones@catalitico.example' })
    expect(mailboxParts('"Cata <equipo>" <postulaciones@catalitico.example>')).toEqual({ name: 'Cata <equipo>', email: 'postulaciones@catalitico.example' })
    expect(mailboxParts('<postulaciones@catalitico.example>')).toEqual({ name: null, email: 'postulaciones@catalitico.example' })
    expect(mailboxParts('  postulaciones@catalitico.example ')).toEqual({ name: null, email: 'postulaciones@catalitico.example' })
  })

  it("is the envelope's sender: the bare address, whatever the name", () => {
    const message = { from: '"Cata <equipo>" <postulaciones@catalitico.example>', to: 'luz@startup.example', subject: 's', text: 't', html: 'h', messageId: '<m@x>', createdAt: new Date() } as OutboxMessage
    expect(toMailOptions(message).envelope).toEqual({ from: 'postulaciones@catalitico.example', to: ['luz@startup.example'] })
  })
})
