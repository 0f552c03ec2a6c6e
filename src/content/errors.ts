/**
 * The error screens of SPEC §2 and §8. Their headline texts are given in
 * English by the SPEC, word for word; the hints in Spanish help the reader.
 */
export const NOT_FOUND = {
  message: 'Oops! Page not found',
  hint: 'La página que buscas no existe o cambió de dirección.',
  homeLink: 'Return to Home',
} as const

export const UNEXPECTED_ERROR = {
  title: 'Unexpected Application Error!',
  hint: 'Algo salió mal al mostrar esta página. Recárgala o vuelve al inicio.',
  homeLink: 'Volver al inicio',
} as const
