import { describe, expect, it, vi } from 'vitest'
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

  it('states the limits that were broken; the year\'s is the current year in Bogotá', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2029-06-01T12:00:00Z'))
      expect(errorMessage('foundingYear', 'out_of_range')).toBe('Escribe un año entre 2000 y 2029.')
      expect(errorMessage('foundingYear', 'invalid_integer')).toContain('2000 y 2029')
    } finally {
      vi.useRealTimers()
    }
    expect(errorMessage('equityPercentage', 'out_of_range')).toContain('1 y 49')
    expect(errorMessage('equityPercentage', 'invalid_number')).toContain('1 y 49')
    expect(errorMessage('problemSolution', 'too_long')).toContain(String(MAX_LENGTH.problemSolution))
    expect(errorMessage('revenue', 'invalid_number')).toContain('85.000')
  })

  it('says how to write a number when it cannot be read with certainty (ADR 0135)', () => {
    expect(errorMessage('revenue', 'ambiguous_number')).toBe(
      'No sabemos si son miles o decimales. Usa punto para los miles y coma para los decimales: por ejemplo 85.000 o 1.250.000,50.',
    )
    expect(errorMessage('activeUsers', 'ambiguous_number')).toContain('1.500')
    expect(errorMessage('equityPercentage', 'ambiguous_number')).toContain('4,5')
    expect(errorMessage('equityPercentage', 'invalid_number')).toContain('4,5')
  })

  it('explains the consent errors', () => {
    expect(CONSENT_REQUIRED_MESSAGE).toMatch(/autorizar el tratamiento de tus datos personales/)
    expect(CONSENT_OUTDATED_MESSAGE).toMatch(/política de datos cambió/)
  })
})
