// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SITE } from '../config/site.ts'
import { FinalCta } from './final-cta.tsx'
import { SiteFooter } from './site-footer.tsx'

afterEach(cleanup)

describe('the way back to an application, from the landing (issue 19, ADR 0137)', () => {
  it('the "¿Tienes preguntas?" card names the configured contact e-mail and links the recovery page', () => {
    render(<FinalCta />)
    const card = screen.getByRole('complementary', { name: '¿Tienes preguntas?' })
    const mail = within(card).getByRole('link', { name: SITE.company.contactEmail })
    expect(mail.getAttribute('href')).toBe(`mailto:${SITE.company.contactEmail}`)
    expect(card.textContent).toContain(`Escríbenos a ${SITE.company.contactEmail}.`)
    expect(within(card).getByRole('link', { name: 'pide un enlace nuevo' }).getAttribute('href')).toBe('/postulacion')
  })

  it('the footer links the recovery page', () => {
    render(<SiteFooter />)
    expect(screen.getByRole('link', { name: 'Consulta tu postulación' }).getAttribute('href')).toBe('/postulacion')
  })
})
