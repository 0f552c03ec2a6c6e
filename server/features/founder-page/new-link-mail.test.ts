import { describe, expect, it } from 'vitest'
import { STATUS_URL, founderMailContext } from '../../testing/founder-mail-context.ts'
import { renderNewLinkMail } from './new-link-mail.ts'

const URL_ = STATUS_URL
const ctx = founderMailContext

describe('the new-link e-mail', () => {
  it('carries the link', () => {
    expect(renderNewLinkMail(ctx()).text).toContain(URL_)
  })
})
