/**
 * The policy tells founders how long deleted data stays in backups: the
 * default schedule's BACKUP_KEEP × BACKUP_INTERVAL_HOURS (server/shared/env.ts takes
 * its defaults from the same constants).
 */
import { expect, it } from 'vitest'
import { DEFAULT_COMPANY } from '../../../domain/company.ts'
import { BACKUP_INTERVAL_HOURS_DEFAULT, BACKUP_KEEP_DEFAULT, BACKUP_RETENTION_DAYS_DEFAULT } from '../../../domain/privacy.ts'
import { privacyPolicy } from './privacy-policy.ts'

it('states the days deleted data can stay in backups, as the default schedule keeps them', () => {
  expect((BACKUP_KEEP_DEFAULT * BACKUP_INTERVAL_HOURS_DEFAULT) / 24).toBe(BACKUP_RETENTION_DAYS_DEFAULT)
  expect(BACKUP_RETENTION_DAYS_DEFAULT).toBe(14)
  const keeping = privacyPolicy(DEFAULT_COMPANY).find((s) => s.title === '6. Conservación y seguridad')!
  expect(keeping.paragraphs!.join(' ')).toContain(
    'Cada copia se borra a los 14 días, así que lo que suprimimos, por tu solicitud o por el plazo anterior, desaparece también de las copias a más tardar 14 días después.',
  )
})
