import { describe, expect, it } from 'vitest'
import { APPLICATION_FIELDS, ERROR_CODES, MAX_LENGTH } from './application.ts'
import { CONSENT_OUTDATED_MESSAGE, CONSENT_REQUIRED_MESSAGE, SUBMITTING_LABEL, TOASTS, errorMessage } from './messages.ts'

describe('the toasts of SPEC §8, word for word', () => {
  it('required fields', () => {
    expect(TOASTS.requiredFields).toEqual({
      title: 'Campos requeridos',
      description: 'Por favor completa todos los campos obligatorios.',
    })
  })

  it('send error', () => {
    expect(TOASTS.sendError).toEqual({
      title: 'Error al enviar aplicación',
      description: 'Hubo un problema al enviar tu aplicación. Por favor intenta nuevamente.',
    })
  })

  it('success', () => {
    expect(TOASTS.success).toEqual({
      title: '¡Aplicación enviada exitosamente!',
      description: 'Hemos recibido tu postulación y te hemos enviado una confirmación por email. Te contactaremos pronto.',
    })
  })

  it('the submitting label of SPEC §4', () => {
    expect(SUBMITTING_LABEL).toBe('Enviando aplicación...')
  })
})

describe('errorMessage', () => {
  it('has a Spanish sentence for every field and every code', () => {
    for (const field of APPLICATION_FIELDS) {
      for (const code of ERROR_CODES) {
        const message = errorMessage(field, code)
        expect(message, `${field}/${code}`).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].*\.$/u)
      }
    }
  })

  it('asks to choose an option for the dropdowns and to fill in the rest', () => {
    expect(errorMessage('productStage', 'required')).toBe('Selecciona una opción.')
    expect(errorMessage('legalRestrictions', 'required')).toBe('Selecciona una opción.')
    expect(errorMessage('city', 'required')).toBe('Este campo es obligatorio.')
  })

  it('states the limits that were broken', () => {
    expect(errorMessage('foundingYear', 'out_of_range')).toContain('2000 y 2024')
    expect(errorMessage('foundingYear', 'invalid_integer')).toContain('2000 y 2024')
    expect(errorMessage('equityPercentage', 'out_of_range')).toContain('1 y 49')
    expect(errorMessage('equityPercentage', 'invalid_number')).toContain('1 y 49')
    expect(errorMessage('problemSolution', 'too_long')).toContain(String(MAX_LENGTH.problemSolution))
    expect(errorMessage('revenue', 'invalid_number')).toContain('sin separadores de miles')
  })

  it('explains the consent errors', () => {
    expect(CONSENT_REQUIRED_MESSAGE).toMatch(/autorizar el tratamiento de tus datos personales/)
    expect(CONSENT_OUTDATED_MESSAGE).toMatch(/política de datos cambió/)
  })
})
