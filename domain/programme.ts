/**
 * Facts of the programme (SPEC §1, §9) that the page, the confirmation panel
 * and the e-mails all repeat. One place, so they never disagree.
 */
/** The programme's name: page title, e-mails, the sender's display name, the privacy policy. */
export const PROGRAMME_NAME = 'Catalítico Media for Equity'

export interface ProcessStage {
  number: 1 | 2 | 3
  title: string
  duration: string
  description: string
}

/**
 * Who the programme is for (the page's "A quién va dirigido"). The team
 * scores every application against these same five criteria (review.ts).
 */
export const SELECTION_CRITERIA = [
  { key: 'productoValidado', title: 'Producto validado en el mercado' },
  { key: 'primerosClientes', title: 'Primeros clientes o usuarios activos' },
  { key: 'modeloEscalable', title: 'Modelo escalable' },
  { key: 'foundersComprometidos', title: 'Equipo fundador comprometido' },
  { key: 'aperturaParticipacion', title: 'Apertura a ceder participación' },
] as const
export type CriterionKey = (typeof SELECTION_CRITERIA)[number]['key']

export const MEDIA_PLAN_MONTHS = { min: 6, max: 12 } as const
export const COMMITMENT_MONTHS = 12
export const OUTLET_HISTORY_YEARS = 65

export const PROCESS_STAGES: readonly ProcessStage[] = [
  {
    number: 1,
    title: 'Aplicación online y validación preliminar',
    duration: '2 semanas',
    description: 'Revisamos tu información, los documentos clave y el encaje estratégico con nuestros medios.',
  },
  {
    number: 2,
    title: 'Sesión 1:1 con panel de expertos',
    duration: '1 semana',
    description: 'Presentas tu startup a un panel de expertos en medios, estrategia e inversión.',
  },
  {
    number: 3,
    title: 'Due diligence y acuerdo media for equity',
    duration: 'Hasta 2 semanas',
    description:
      `Firmamos el acuerdo de compra de acciones y definimos un plan de exposición en medios de ${MEDIA_PLAN_MONTHS.min} a ${MEDIA_PLAN_MONTHS.max} meses.`,
  },
]


/** Due-diligence documents to prepare for stage 3 (SPEC §9). */
export const DUE_DILIGENCE_DOCUMENTS: readonly string[] = [
  'Pitch deck actualizado',
  'Cap table (tabla de accionistas)',
  'Certificado de existencia y representación legal',
  'Estados financieros de los últimos 12 meses',
  'Contratos clave y propiedad intelectual (si aplica)',
  'Documento de identidad del representante legal',
  'RUT o identificación tributaria equivalente',
]
