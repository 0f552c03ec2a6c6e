/**
 * The titular's confirmation that an admin deleted their data (Ley 1581):
 * written in the deletion's own transaction. Pure; the frame is
 * server/shared/mail/founder-templates.ts.
 */
import type { CompanyInfo } from '../../../domain/company.ts'
import { PRIVACY_POLICY_VERSION } from '../../../domain/privacy.ts'
import type { NewOutboxMessage, StoredApplication } from '../../db/stores/application-store.ts'
import { renderFounderMail, signature } from '../../shared/mail/founder-templates.ts'
import { outboxMessage, type FounderMailConfig } from '../../shared/mail/founder-mail.ts'
import type { RenderedMail } from '../../shared/mail/templates.ts'

/**
 * The titular's confirmation that an admin deleted their data (Ley 1581, a
 * reclamo de supresión answered). It holds no link: there is nothing left to open.
 */
export function renderDataDeletedMail(ctx: { founderName: string; references: readonly string[]; company: CompanyInfo; policyVersion: string }): RenderedMail {
  const several = ctx.references.length > 1
  const refs = ctx.references.join(', ')
  return renderFounderMail(
    `Eliminamos tus datos personales (${refs})`,
    'Eliminamos tus datos personales',
    [
      {
        p: several
          ? `Tal como lo pediste, eliminamos los datos personales de tus postulaciones ${refs}: el formulario, los documentos, las evaluaciones, las notas y los correos.`
          : `Tal como lo pediste, eliminamos los datos personales de tu postulación ${refs}: el formulario, los documentos, las evaluaciones, las notas y los correos.`,
      },
      { p: 'Conservamos solo el registro de que lo hicimos (la referencia y la fecha), sin tus datos, como lo exige la Ley 1581 de 2012. Tu enlace personal ya no abre nada.' },
      { p: `Si tienes preguntas, responde a este correo o escríbenos a ${ctx.company.contactEmail}.` },
      signature,
    ],
    { reference: refs, founderName: ctx.founderName, tradeName: '', statusUrl: '', company: ctx.company, policyVersion: ctx.policyVersion },
  )
}

/**
 * The titular's confirmation that their data is gone, from the applications about to be deleted
 * (the address on file, the first one's name, every reference); undefined when there are none.
 * Written in the deletion's own transaction (ApplicationStore.deleteByEmail, ADR 0141).
 */
export function dataDeletedMessage(apps: readonly StoredApplication[], config: FounderMailConfig): NewOutboxMessage | undefined {
  const first = apps[0]
  if (!first) return undefined
  const mail = renderDataDeletedMail({
    founderName: first.formData.founderName,
    references: apps.map((a) => a.reference),
    company: config.company,
    policyVersion: PRIVACY_POLICY_VERSION,
  })
  return outboxMessage('founder_data_deleted', first.formData.email.trim(), mail, config)
}
