// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS, INPUT_FIELDS } from '../../../domain/application.ts'
import { sampleApplication } from '../../../domain/sample-application.ts'
import { FIELD_GROUPS } from './field-specs.ts'
import { FormField } from './form-field.tsx'
import { checkForm, readInputs, toApplication, writeInputs } from './form-values.ts'

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
