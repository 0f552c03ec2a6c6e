/**
 * What the applicant reads: the toasts of SPEC §8 (word for word) and the
 * Spanish text for every error code the schema can report.
 */
import {
  ACTIVE_USERS_MIN,
  EQUITY_PERCENTAGE_MAX,
  EQUITY_PERCENTAGE_MIN,
  FOUNDING_YEAR_MIN,
  foundingYearMax,
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

const RANGE_MESSAGES: Partial<Record<ApplicationField, () => string>> = {
  // The upper limit is the current year in Bogotá, read when the message is shown (ADR 0136).
  foundingYear: () => `Escribe un año entre ${FOUNDING_YEAR_MIN} y ${foundingYearMax()}.`,
  equityPercentage: () => `Escribe un porcentaje entre ${EQUITY_PERCENTAGE_MIN} y ${EQUITY_PERCENTAGE_MAX}.`,
  activeUsers: () => `Escribe un número igual o mayor que ${ACTIVE_USERS_MIN}.`,
  revenue: () => `Escribe un número igual o mayor que ${REVENUE_MIN}.`,
}

/** How each number field is written, said the same way in every message (ADR 0135). */
const NUMBER_EXAMPLES: Partial<Record<ApplicationField, string>> = {
  activeUsers: 'Escribe un número entero, sin decimales: por ejemplo 1500 o 1.500.',
  revenue: 'Escribe solo el número: por ejemplo 85000, 85.000 o 1.250.000,50.',
  equityPercentage: `Escribe un porcentaje entre ${EQUITY_PERCENTAGE_MIN} y ${EQUITY_PERCENTAGE_MAX}, con hasta 2 decimales: por ejemplo 4,5.`,
}

/** When a number has more than one reading ("85,000"): never guessed, the founder is asked (ADR 0135). */
const AMBIGUOUS_MESSAGES: Partial<Record<ApplicationField, string>> = {
  activeUsers: 'No sabemos si son miles o decimales. Usa punto para los miles: por ejemplo 1.500.',
  revenue: 'No sabemos si son miles o decimales. Usa punto para los miles y coma para los decimales: por ejemplo 85.000 o 1.250.000,50.',
  equityPercentage: `No sabemos cómo leer ese número. ${NUMBER_EXAMPLES.equityPercentage!}`,
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
      if (field === 'foundingYear') return RANGE_MESSAGES.foundingYear!()
      return NUMBER_EXAMPLES[field] ?? 'Escribe un número entero, sin decimales.'
    case 'invalid_number':
      return NUMBER_EXAMPLES[field] ?? 'Escribe solo el número.'
    case 'ambiguous_number':
      return AMBIGUOUS_MESSAGES[field] ?? 'No sabemos cómo leer ese número. Escríbelo solo con cifras.'
    case 'out_of_range':
      return RANGE_MESSAGES[field]?.() ?? 'El valor está fuera del rango permitido.'
    case 'invalid_option':
      return 'Selecciona una de las opciones de la lista.'
    case 'must_be_empty':
    case 'unknown_field':
    case 'missing_field':
    case 'invalid_type':
      return 'Revisa este campo.'
  }
}
