// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { APPLICATION_FIELDS, INPUT_FIELDS } from '../../../domain/application.ts'
import { sampleApplication } from '../../../domain/sample-application.ts'
import { FIELD_GROUPS } from './field-specs.ts'
import { FormField } from './form-field.tsx'
import { errorMessage } from '../../../domain/messages.ts'
import { checkField, checkForm, readInputs, toApplication, writeInputs } from './form-values.ts'

afterEach(cleanup)

/** The 19 real fields, rendered as the form renders them. */
function renderFields(): HTMLFormElement {
  const { container } = render(
    <form>
      {FIELD_GROUPS.flatMap((group) => group.fields).map((spec) => (
        <FormField key={spec.name} spec={spec} error={undefined} />
      ))}
    </form>,
  )
  return container.querySelector('form')!
}

describe('form values', () => {
  it('renders one control per input field, named after it', () => {
    const form = renderFields()
    expect(Array.from(form.querySelectorAll('input, textarea, select'), (el) => (el as HTMLInputElement).name)).toEqual([...INPUT_FIELDS])
  })

  it('turns the inputs into the 21 fields, in order, trimmed, with the two hidden ones empty', () => {
    const form = renderFields()
    const sample = sampleApplication()
    writeInputs(form, { ...sample, city: '  Medellín \n' })
    const application = toApplication(readInputs(form))
    expect(Object.keys(application)).toEqual([...APPLICATION_FIELDS])
    expect(application).toEqual(sample)
  })

  it('writes a draft only into empty controls', () => {
    const form = renderFields()
    const city = form.elements.namedItem('city') as HTMLInputElement
    city.value = 'Cali'
    writeInputs(form, { city: 'Bogotá', tradeName: 'Huerta Viva' })
    expect(city.value).toBe('Cali')
    expect((form.elements.namedItem('tradeName') as HTMLInputElement).value).toBe('Huerta Viva')
  })

  it('checks every input with the shared rules', () => {
    const form = renderFields()
    expect(Object.keys(checkForm(form))).toEqual(INPUT_FIELDS.filter((f) => f !== 'website'))
    writeInputs(form, sampleApplication({ email: 'maria@' }))
    expect(checkForm(form)).toEqual({ email: 'invalid_email' })
  })
})

describe('number fields as a Colombian types them (ADR 0135)', () => {
  /** Type into one control of the rendered form, the rest filled with the sample. */
  function typed(field: 'foundingYear' | 'activeUsers' | 'revenue' | 'equityPercentage', value: string) {
    const form = renderFields()
    writeInputs(form, sampleApplication({ [field]: '' }))
    ;(form.elements.namedItem(field) as HTMLInputElement).value = value
    return { form, code: checkField(form, field), sent: toApplication(readInputs(form))[field] }
  }

  it.each([
    ['equityPercentage', '4,5'],
    ['equityPercentage', '4.5'],
    ['equityPercentage', '7,5'],
    ['revenue', '85.000'],
    ['revenue', '1.250.000'],
    ['revenue', '1.250.000,50'],
    ['revenue', '1500,5'],
    ['activeUsers', '1.500'],
    ['activeUsers', '1200'],
    ['foundingYear', '2019'],
  ] as const)('%s: %j is kept as typed and accepted', (field, value) => {
    const { code, sent } = typed(field, value)
    // A type="number" input would hold '' (or the browser's own reading) instead of what was typed.
    expect(sent).toBe(value)
    expect(code).toBeUndefined()
  })

  it.each([
    ['revenue', '85,000', 'ambiguous_number'],
    ['revenue', '1,250.50', 'ambiguous_number'],
    ['activeUsers', '1,500', 'ambiguous_number'],
    ['activeUsers', '12,5', 'invalid_integer'],
    ['equityPercentage', '4.500', 'ambiguous_number'],
    ['equityPercentage', '10%', 'invalid_number'],
    ['foundingYear', '20.1', 'invalid_integer'],
  ] as const)('%s: %j is refused with a Spanish message, never read as another number', (field, value, expected) => {
    const { code, sent } = typed(field, value)
    expect(sent).toBe(value)
    expect(code).toBe(expected)
    expect(errorMessage(field, code!)).toMatch(/^(Escribe|No sabemos)/)
  })

  it('the number controls are text inputs with a number keyboard', () => {
    const form = renderFields()
    for (const [field, mode] of [['foundingYear', 'numeric'], ['activeUsers', 'numeric'], ['revenue', 'decimal'], ['equityPercentage', 'decimal']]) {
      const el = form.elements.namedItem(field!) as HTMLInputElement
      expect(el.type, field).toBe('text')
      expect(el.inputMode, field).toBe(mode)
    }
  })
})

describe('founding year: the limit is the current year in Bogotá, in the browser too (ADR 0136)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('accepts this year and refuses next year, with the clock moved', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const form = renderFields()
    const year = form.elements.namedItem('foundingYear') as HTMLInputElement

    vi.setSystemTime(new Date('2027-03-01T15:00:00Z'))
    year.value = '2027'
    expect(checkField(form, 'foundingYear')).toBeUndefined()
    year.value = '2028'
    expect(checkField(form, 'foundingYear')).toBe('out_of_range')
    expect(errorMessage('foundingYear', 'out_of_range')).toBe('Escribe un año entre 2000 y 2027.')

    // New Year's Eve, 22:00 in Bogotá: already 2028 in UTC, still 2027 in Colombia.
    vi.setSystemTime(new Date('2028-01-01T03:00:00Z'))
    expect(checkField(form, 'foundingYear')).toBe('out_of_range')
    vi.setSystemTime(new Date('2028-01-01T05:00:00Z'))
    expect(checkField(form, 'foundingYear')).toBeUndefined()
  })

  it('the prerendered hint names no year, so it never goes stale', () => {
    const form = renderFields()
    const hint = form.querySelector('#application-foundingYear-hint')!
    expect(hint.textContent).toBe('Desde 2000 hasta el año en curso.')
  })
})
