/**
 * The personal-data texts required in Colombia (Ley 1581 de 2012; Decreto
 * 1377 de 2013, now in the Decreto Único 1074 de 2015): the consent, the
 * short privacy notice shown at the form, and the full data-processing
 * policy. Any change here must bump PRIVACY_POLICY_VERSION in
 * domain/privacy.ts, because each application records the version agreed to.
 */
import type { CompanyInfo } from '../../../domain/company.ts'
import {
  BACKUP_RETENTION_DAYS_DEFAULT,
  CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP,
  COMMERCIAL_PAPERS_YEARS,
  PRIVACY_POLICY_VERSION,
  RETENTION_MONTHS_DEFAULT,
} from '../../../domain/privacy.ts'
import { PROGRAMME_NAME } from '../../../domain/programme.ts'

export const POLICY_TITLE = 'Política de tratamiento de datos personales'
export const POLICY_LINK_LABEL = 'Lee la política de tratamiento de datos'

export function consentLabel(company: CompanyInfo): string {
  return (
    `Autorizo a ${company.legalName} a tratar mis datos personales para evaluar mi postulación, ` +
    'de acuerdo con la Ley 1581 de 2012, el Decreto 1377 de 2013 y su política de tratamiento de datos.'
  )
}

/** The privacy notice (aviso de privacidad): controller, purposes, rights and a channel. */
export function privacyNotice(company: CompanyInfo): string {
  return (
    `${company.legalName} es responsable del tratamiento de tus datos. Los usamos para evaluar tu postulación, ` +
    'contactarte durante el proceso y enviarte la confirmación. Puedes conocer, actualizar, rectificar y suprimir ' +
    `tus datos, y revocar esta autorización, escribiendo a ${company.contactEmail}.`
  )
}

export interface PolicySection {
  title: string
  paragraphs?: readonly string[]
  items?: readonly string[]
}

export function privacyPolicy(company: CompanyInfo): readonly PolicySection[] {
  return [
    {
      title: '1. Responsable del tratamiento',
      paragraphs: [
        `${company.legalName}, sociedad colombiana que opera el programa ${PROGRAMME_NAME}. ` +
          `Canal de atención: ${company.contactEmail}. Sitio web: ${company.website}.`,
      ],
    },
    {
      title: '2. Datos que tratamos',
      paragraphs: [
        'Los que nos das en el formulario de postulación: datos de tu empresa (razón social, nombre comercial, sitio web, ' +
          'ciudad, año de fundación, producto, usuarios, canales e ingresos) y tus datos de contacto como fundador ' +
          '(nombre, cargo, correo electrónico y teléfono). No pedimos datos sensibles ni datos de niñas, niños o adolescentes.',
        'Con tu postulación guardamos también por cuál de nuestros medios nos conociste: el nombre del medio cuyo enlace, ' +
          'dirección corta o código QR usaste, y tu respuesta a «¿Dónde nos conociste?» si la das. Es el nombre del medio, ' +
          'no un dato sobre ti, y nos sirve para saber qué medios traen postulaciones.',
        'Si firmamos un acuerdo, durante sus 12 meses de seguimiento tratamos también lo que nos reportas cada mes: ' +
          'las cifras de tu startup (ventas, clientes, visitas, leads y personas en el equipo) y lo que nos cuentas ' +
          '(qué salió bien, qué salió mal y qué necesitas del programa).',
      ],
    },
    {
      title: '3. Finalidades',
      items: [
        'Evaluar tu postulación al programa media for equity y su encaje estratégico.',
        'Contactarte durante las etapas del proceso (validación, sesión con el panel y due diligence).',
        'Enviarte la confirmación de tu postulación y las comunicaciones propias del proceso.',
        'Si firmamos un acuerdo, cumplirlo y acompañar a tu startup durante los 12 meses de seguimiento: los reportes mensuales, sus gráficas y las revisiones con el equipo.',
        'Atender tus consultas y reclamos, y cumplir obligaciones legales.',
      ],
      paragraphs: ['No vendemos tus datos ni los usamos para publicidad de terceros.'],
    },
    {
      title: '4. Tus derechos como titular',
      items: [
        'Conocer, actualizar y rectificar tus datos personales.',
        'Solicitar prueba de la autorización que nos diste.',
        'Ser informado del uso que les hemos dado.',
        'Revocar la autorización y solicitar la supresión de tus datos cuando no exista un deber legal o contractual de conservarlos.',
        'Presentar quejas ante la Superintendencia de Industria y Comercio (SIC), después de haber agotado el trámite de consulta o reclamo ante nosotros.',
        'Acceder gratuitamente a tus datos personales.',
      ],
    },
    {
      title: '5. Cómo ejercerlos',
      paragraphs: [
        `Escribe a ${company.contactEmail} indicando tu nombre, el correo con el que te postulaste y lo que solicitas. ` +
          'Respondemos las consultas en máximo 10 días hábiles (prorrogables 5 días hábiles) y los reclamos en máximo ' +
          '15 días hábiles (prorrogables 8 días hábiles), según los artículos 14 y 15 de la Ley 1581 de 2012.',
      ],
    },
    {
      title: '6. Conservación y seguridad',
      paragraphs: [
        'Conservamos tu postulación mientras dure el proceso de evaluación. Si no es seleccionada o la retiras, ' +
          `borramos automáticamente tus datos personales ${RETENTION_MONTHS_DEFAULT} meses después de ese cierre ` +
          '(el formulario, los correos, las notas y los comentarios del equipo, y tu enlace personal), salvo que antes ' +
          'pidas su supresión. Solo guardamos la referencia, las fechas y el resultado, sin datos que te identifiquen, ' +
          'para las estadísticas del programa. La protegemos con medidas técnicas y administrativas razonables.',
        'Si firmamos un acuerdo, conservamos tu postulación, el acuerdo, su plan de medios, los documentos y tus reportes ' +
          'mensuales mientras duren el acuerdo y sus 12 meses de seguimiento, y después durante ' +
          `${COMMERCIAL_PAPERS_YEARS} años, el plazo que la ley exige conservar los papeles de comercio (artículo 60 del ` +
          'Código de Comercio); cumplido ese plazo, los suprimimos. Lo que escribes en cada reporte sobre qué salió bien, ' +
          `qué salió mal y qué necesitas lo borramos ${CHECK_IN_TEXTS_MONTHS_AFTER_FOLLOW_UP} meses después de que ` +
          'termina el seguimiento; las cifras se quedan con el acuerdo.',
        'Guardamos copias de seguridad para no perder la información por una falla. Cada copia se borra a los ' +
          `${BACKUP_RETENTION_DAYS_DEFAULT} días, así que lo que suprimimos, por tu solicitud o por el plazo anterior, ` +
          `desaparece también de las copias a más tardar ${BACKUP_RETENTION_DAYS_DEFAULT} días después.`,
        'Mientras llenas el formulario, guardamos un borrador solo en este navegador para que no pierdas lo escrito. ' +
          'No nos llega hasta que envías la postulación, y se borra al enviarla o al descartar el borrador.',
        'Si llegaste por el enlace, la dirección corta o el código QR de uno de nuestros medios, este navegador recuerda, ' +
          'junto al borrador, el nombre del primero que usaste, durante el mismo tiempo que el borrador, y lo borra al ' +
          'enviar la postulación. No usamos cookies para esto. De las visitas a esas direcciones cortas solo contamos ' +
          'cuántas hubo cada día por medio: no guardamos tu dirección IP ni nada que te identifique.',
      ],
    },
    {
      title: '7. Encargados',
      paragraphs: [
        'Para alojar la información y enviar correos nos apoyamos en proveedores tecnológicos que actúan como encargados ' +
          'del tratamiento, por cuenta nuestra y con las garantías que exige la ley colombiana, incluso si están fuera del país.',
      ],
    },
    {
      title: '8. Vigencia',
      paragraphs: [
        `Versión ${PRIVACY_POLICY_VERSION}. Rige desde su publicación. Si la cambiamos de forma sustancial, ` +
          'te pediremos de nuevo tu autorización antes de tratar tus datos con las nuevas condiciones.',
      ],
    },
  ]
}
