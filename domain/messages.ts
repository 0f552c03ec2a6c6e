/**
 * What the applicant reads: the toasts of SPEC §8 (word for word) and the
 * Spanish text for every error code the schema can report.
 */
import {
  ACTIVE_USERS_MIN,
  EQUITY_PERCENTAGE_MAX,
  EQUITY_PERCENTAGE_MIN,
  FOUNDING_YEAR_MAX,
  FOUNDING_YEAR_MIN,
  MAX_LENGTH,
  REVENUE_MIN,
  type ApplicationField,
  type ErrorCode,
} from './application.ts'

export const TOASTS = {
  requiredFields: {
    title: 'Campos requeridos',
    description: 'Por favor completa todos los campos obligatorios.',
  },
  sendError: {
    title: 'Error al enviar aplicación',
    description: 'Hubo un problema al enviar tu aplicación. Por favor intenta nuevamente.',
  },
  success: {
    title: '¡Aplicación enviada exitosamente!',
    description: 'Hemos recibido tu postulación y te hemos enviado una confirmación por email. Te contactaremos pronto.',
  },
} as const

export const SUBMIT_LABEL = 'Enviar aplicación'
export const SUBMITTING_LABEL = 'Enviando aplicación...'
export const CONSENT_REQUIRED_MESSAGE = 'Debes autorizar el tratamiento de tus datos personales para enviar tu aplicación.'
export const CONSENT_OUTDATED_MESSAGE = 'La política de datos cambió. Recarga la página, revísala y vuelve a autorizar.'

const RANGE_MESSAGES: Partial<Record<ApplicationField, string>> = {
  foundingYear: `Escribe un año entre ${FOUNDING_YEAR_MIN} y ${FOUNDING_YEAR_MAX}.`,
  equityPercentage: `Escribe un porcentaje entre ${EQUITY_PERCENTAGE_MIN} y ${EQUITY_PERCENTAGE_MAX}.`,
  activeUsers: `Escribe un número igual o mayor que ${ACTIVE_USERS_MIN}.`,
  revenue: `Escribe un número igual o mayor que ${REVENUE_MIN}.`,
}

/** The Spanish message shown under a field for an error code. */
export function errorMessage(field: ApplicationField, code: ErrorCode): string {
  switch (code) {
    case 'required':
      return field === 'productStage' || field === 'legalRestrictions' ? 'Selecciona una opción.' : 'Este campo es obligatorio.'
    case 'too_long':
      return `Usa como máximo ${MAX_LENGTH[field]} caracteres.`
    case 'invalid_email':
      return 'Escribe un correo válido, por ejemplo nombre@empresa.com.'
    case 'invalid_url':
      return 'Escribe una dirección web válida, por ejemplo https://tuempresa.com.'
    case 'invalid_phone':
      return 'Escribe un teléfono válido, con indicativo si es de fuera de Colombia (7 a 15 dígitos).'
    case 'invalid_integer':
      return field === 'foundingYear' ? RANGE_MESSAGES.foundingYear! : 'Escribe un número entero, sin puntos ni comas.'
    case 'invalid_number':
      // In Colombia the dot separates thousands ("1.500.000"), which a number cannot carry.
      return field === 'equityPercentage'
        ? `${RANGE_MESSAGES.equityPercentage!} Puedes usar hasta 2 decimales.`
        : 'Escribe solo números, sin separadores de miles (por ejemplo 250000 o 1500.50).'
    case 'out_of_range':
      return RANGE_MESSAGES[field] ?? 'El valor está fuera del rango permitido.'
    case 'invalid_option':
      return 'Selecciona una de las opciones de la lista.'
    case 'must_be_empty':
    case 'unknown_field':
    case 'missing_field':
    case 'invalid_type':
      return 'Revisa este campo.'
  }
}
