import { describe, expect, it } from 'vitest'
import { deletionDone, deletionWarning } from './data-requests.tsx'

describe('the Ley 1581 deletion texts', () => {
  it('agree with one application ("su postulación", "Se eliminó 1 postulación"), never "sus 1 postulación"', () => {
    expect(deletionWarning(1)).toBe('Se borran su postulación, sus evaluaciones, notas y correos.')
    expect(deletionDone(['CAT-2026-7KQ3XZ'], 1)).toBe('Se eliminó 1 postulación (CAT-2026-7KQ3XZ) y 1 correo.')
  })

  it('and with several', () => {
    expect(deletionWarning(3)).toBe('Se borran sus 3 postulaciones, sus evaluaciones, notas y correos.')
    expect(deletionDone(['CAT-2026-AAAAAA', 'CAT-2026-BBBBBB'], 5)).toBe(
      'Se eliminaron 2 postulaciones (CAT-2026-AAAAAA, CAT-2026-BBBBBB) y 5 correos.',
    )
    expect(deletionDone([], 0)).toBe('Se eliminaron 0 postulaciones (ninguna) y 0 correos.')
  })
})
