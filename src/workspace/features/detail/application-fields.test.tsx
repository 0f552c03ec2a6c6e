// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS, FIELD_LABELS, HIDDEN_FIELDS } from '../../../../domain/application.ts'
import { sampleApplication } from '../../../../domain/sample-application.ts'
import { ApplicationFields } from './application-fields.tsx'

afterEach(cleanup)

const definition = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')

describe("the detail's form fields", () => {
  it('show money, percentages and counts as Colombians read them, as the e-mails do', () => {
    const app = sampleApplication({ revenue: '85000', equityPercentage: '7.5', activeUsers: '12000', productStage: 'live' })
    render(<ApplicationFields formData={app} />)
    expect(definition(FIELD_LABELS.revenue)).toBe('US$ 85.000')
    expect(definition(FIELD_LABELS.equityPercentage)).toBe('7,5 %')
    expect(definition(FIELD_LABELS.activeUsers)).toBe('12.000')
    expect(definition(FIELD_LABELS.productStage)).toBe('Producto en vivo')
    expect(screen.getByRole('region', { name: 'Persona fundadora' })).toBeTruthy()
  })

  it('show every field the form asks, and not the two it never asks (foundersInfo, currentInvestors)', () => {
    render(<ApplicationFields formData={sampleApplication()} />)
    for (const field of APPLICATION_FIELDS) {
      const shown = screen.queryAllByText(FIELD_LABELS[field], { selector: 'dt' })
      expect(shown, field).toHaveLength((HIDDEN_FIELDS as readonly string[]).includes(field) ? 0 : 1)
    }
    expect(screen.queryByText('Información de los fundadores')).toBeNull()
    expect(screen.queryByText('Inversionistas actuales')).toBeNull()
  })
})
