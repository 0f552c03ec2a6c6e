import { describe, expect, it } from 'vitest'
import { paths, safeReturnPath } from './paths.ts'

describe('safeReturnPath', () => {
  it('returns to a path inside the workspace', () => {
    expect(safeReturnPath('/postulaciones/abc?x=1')).toBe('/postulaciones/abc?x=1')
    expect(safeReturnPath('/miembros')).toBe('/miembros')
  })

  it('never leaves the site or loops back to the sign-in page', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '/\tevil.example',
      'javascript:alert(1)',
      '/entrar',
      '/entrar?volver=/x',
      // Dot segments leave the workspace's base (/equipo/../postulacion is the founder's page).
      '/../postulacion',
      '/%2e%2e/postulacion',
      '/postulaciones/./x',
      '/postulaciones#token=x',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBe(paths.overview)
    }
  })
})
