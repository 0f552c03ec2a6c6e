/**
 * Every Spanish text of the landing page, in the order of SPEC §1. Sections
 * render these objects; the programme's facts (stages, durations, months,
 * years of history) come from domain/programme.ts so the page, the form's
 * confirmation panel and the e-mails never disagree.
 */
import {
  COMMITMENT_MONTHS,
  DUE_DILIGENCE_DOCUMENTS,
  MEDIA_PLAN_MONTHS,
  OUTLET_HISTORY_YEARS,
  PROCESS_STAGES,
  SELECTION_CRITERIA,
  type ProcessStage,
} from '../../domain/programme.ts'
import type { IconName } from '../components/icon.tsx'
import { PROGRAMME_NAME } from '../../domain/programme.ts'
import { BENEFITS_ANCHOR, FORM_ANCHOR, MEDIA_ANCHOR, PROCESS_ANCHOR, PROFILE_ANCHOR, REFERENCES_ANCHOR } from './anchors.ts'
import { maxProcessWeeks } from '../lib/process-weeks.ts'

export interface Card {
  icon: IconName
  title: string
  text: string
}

export interface SectionCopy {
  /** The anchor of the section (`#id`). */
  id: string
  eyebrow: string
  title: string
  intro?: string
}

// Marked pure so bundles that import none of this module's copy can drop it whole
// (the browser bundle of the static islands, docs/decisions/0002).
const MAX_PROCESS_WEEKS = /* @__PURE__ */ maxProcessWeeks(PROCESS_STAGES)

export const APPLY_LABEL = 'Postula tu startup'

export const SKIP_LINK = 'Saltar al contenido'

export const NAVIGATION: readonly { href: `#${string}`; label: string }[] = [
  { href: `#${MEDIA_ANCHOR}`, label: 'Medios' },
  { href: `#${PROCESS_ANCHOR}`, label: 'Proceso' },
  { href: `#${BENEFITS_ANCHOR}`, label: 'Beneficios' },
  { href: `#${REFERENCES_ANCHOR}`, label: 'Referentes' },
]

export const HERO = {
  eyebrow: 'Convocatoria abierta · Colombia',
  title: PROGRAMME_NAME,
  subtitle:
    'Inversión estratégica en startups a través de medios masivos: visibilidad nacional en prensa, digital, radio y televisión, más acompañamiento experto, a cambio de participación accionaria.',
  primaryCta: APPLY_LABEL,
  secondaryCta: 'Conoce el proceso',
  facts: [
    { value: `${MAX_PROCESS_WEEKS} semanas`, label: 'o menos, de la postulación al acuerdo' },
    { value: `${MEDIA_PLAN_MONTHS.min} a ${MEDIA_PLAN_MONTHS.max} meses`, label: 'de plan de exposición en medios' },
    { value: `${COMMITMENT_MONTHS} meses`, label: 'de acompañamiento y seguimiento' },
  ],
  /** The channels drawn around the reach rings of the hero illustration. */
  channels: ['Prensa', 'Digital', 'Radio', 'TV nacional'],
} as const

export const VALUES: { heading: string; cards: readonly Card[] } = {
  heading: 'Por qué Catalítico',
  cards: [
    {
      icon: 'trending',
      title: 'Escalabilidad real',
      text: 'Visibilidad con alcance nacional: tu startup frente a audiencias masivas en todo el país, no solo en tu nicho.',
    },
    {
      icon: 'users',
      title: 'Acompañamiento',
      text: 'Estrategia y consultoría especializada para que cada aparición en medios empuje tus objetivos de negocio.',
    },
    {
      icon: 'pie',
      title: 'Inversión estratégica',
      text: 'Media for equity: invertimos espacio en nuestros medios a cambio de participación, con visión de largo plazo.',
    },
  ],
}

export const MEDIA: SectionCopy & { outlets: readonly Card[]; claim: { lead: string; emphasis: string } } = {
  id: MEDIA_ANCHOR,
  eyebrow: 'Nuestros medios',
  title: 'Medios Propios Disponibles',
  intro:
    'No compramos pauta a terceros: ponemos al servicio de tu startup medios propios, con audiencias reales en todo el país, y un equipo que define cómo usarlos.',
  outlets: [
    {
      icon: 'newspaper',
      title: 'Diario popular',
      text: 'Periódico de alta circulación con distribución en varias ciudades del país.',
    },
    {
      icon: 'globe',
      title: 'Medio digital e impreso',
      text: `Más de ${OUTLET_HISTORY_YEARS} años de historia y alcance nacional en línea.`,
    },
    {
      icon: 'tv',
      title: 'Televisión nacional',
      text: 'Presencia en una franja de audiencia masiva.',
    },
    {
      icon: 'radio',
      title: 'Radio regional',
      text: 'Formatos hablados que conectan con las audiencias de cada región.',
    },
    {
      icon: 'compass',
      title: 'Consultoría estratégica',
      text: 'Un equipo que define contigo el mensaje, los canales y la narrativa.',
    },
  ],
  claim: { lead: 'No es publicidad.', emphasis: 'Es posicionamiento con dirección.' },
}

export const AUDIENCE: SectionCopy & { criteria: readonly { title: string; text: string }[] } = {
  id: PROFILE_ANCHOR,
  eyebrow: 'Perfil',
  title: 'A quién va dirigido',
  intro: 'Buscamos startups listas para crecer con visibilidad masiva. Si cumples estos criterios, esta convocatoria es para ti.',
  // The titles are the team's scoring criteria too (domain/programme.ts).
  criteria: [
    { title: SELECTION_CRITERIA[0].title, text: 'Tu solución ya resuelve un problema real para clientes reales.' },
    { title: SELECTION_CRITERIA[1].title, text: 'Tienes tracción que la visibilidad puede multiplicar.' },
    { title: SELECTION_CRITERIA[2].title, text: 'Puedes atender mucha más demanda sin que tus costos crezcan al mismo ritmo.' },
    { title: SELECTION_CRITERIA[3].title, text: 'Un equipo fundador que lidera, ejecuta y está presente.' },
    {
      title: SELECTION_CRITERIA[4].title,
      text: 'Estás dispuesto a ceder equity a cambio de medios y acompañamiento estratégico.',
    },
  ],
}

export const PROCESS: SectionCopy & {
  stages: readonly ProcessStage[]
  stageLabel: string
  documents: { summary: string; intro: string; items: readonly string[] }
} = {
  id: PROCESS_ANCHOR,
  eyebrow: 'Proceso',
  title: 'Tres etapas, con fechas claras',
  intro: `De la postulación a la firma del acuerdo en ${MAX_PROCESS_WEEKS} semanas o menos. Sabes en todo momento en qué punto estás y qué sigue.`,
  stages: PROCESS_STAGES,
  stageLabel: 'Etapa',
  documents: {
    summary: 'Documentos que te pediremos en la etapa 3',
    intro: 'No los adjuntes ahora: te los pediremos en el siguiente paso del proceso.',
    items: DUE_DILIGENCE_DOCUMENTS,
  },
}

export const BENEFITS: SectionCopy & { cards: readonly Card[]; commitment: { value: string; unit: string; title: string; text: string } } = {
  id: BENEFITS_ANCHOR,
  eyebrow: 'Beneficios',
  title: 'Lo que recibes si tu startup es seleccionada',
  cards: [
    {
      icon: 'megaphone',
      title: 'Presencia en medios masivos',
      text: 'Apariciones en prensa, medios digitales, radio y televisión nacional.',
    },
    {
      icon: 'target',
      title: 'Campaña segmentada',
      text: 'Mensajes pensados para las audiencias que de verdad compran lo que vendes.',
    },
    {
      icon: 'lightbulb',
      title: 'Acompañamiento estratégico',
      text: 'Asesoría en marketing, narrativa y canales para convertir visibilidad en crecimiento.',
    },
    {
      icon: 'chart',
      title: `Validación y seguimiento por ${COMMITMENT_MONTHS} meses`,
      text: 'Medimos resultados y ajustamos el plan contigo, mes a mes.',
    },
  ],
  commitment: {
    value: String(COMMITMENT_MONTHS),
    unit: 'meses',
    title: `Compromiso de ${COMMITMENT_MONTHS} meses`,
    text: 'No es una campaña suelta: te acompañamos durante un año completo, con seguimiento, métricas y ajustes al plan.',
  },
}

export type CountryCode = 'es' | 'fr' | 'gb' | 'br'

export const MARKETS: SectionCopy & {
  countries: readonly { code: CountryCode; name: string; references: readonly string[] }[]
  referencesLabel: string
  note: string
} = {
  id: REFERENCES_ANCHOR,
  eyebrow: 'Referente global',
  title: 'Un modelo probado en otros mercados',
  intro:
    'Media for equity no es nuevo: grandes grupos de medios ya invierten espacio publicitario a cambio de participación en startups.',
  countries: [
    { code: 'es', name: 'España', references: ['Mediaset España (Ad4Ventures)', 'Atresmedia'] },
    { code: 'fr', name: 'Francia', references: ['Grupo TF1', "L'Express Ventures"] },
    { code: 'gb', name: 'Reino Unido', references: ['ITV (AdVentures)', 'Channel 4 Ventures'] },
    { code: 'br', name: 'Brasil', references: ['Grupo Globo'] },
  ],
  referencesLabel: 'Referentes del modelo',
  note: 'Ejemplos públicos del modelo en cada mercado, citados como referencia. No son aliados ni socios de este programa.',
}

export const APPLICATION: SectionCopy & { steps: readonly string[] } = {
  id: FORM_ANCHOR,
  eyebrow: 'Postulación',
  title: 'Postula tu startup',
  intro: 'La convocatoria está abierta todo el año. Completa el formulario con datos reales de tu empresa: lo usamos para la validación preliminar.',
  steps: [
    'Responde las preguntas sobre tu empresa, tu producto y tu tracción.',
    'Recibes una confirmación por correo electrónico.',
    'Te contactamos para contarte si avanzas a la sesión con el panel.',
  ],
}

export const FINAL_CTA = {
  title: '¿Listo para que todo el país conozca tu startup?',
  text: 'Medios masivos y estrategia a cambio de participación. Postula hoy y empieza el proceso.',
  cta: APPLY_LABEL,
  questions: {
    title: '¿Tienes preguntas?',
    text: 'Nuestro equipo puede resolver tus dudas sobre el programa, el proceso y las condiciones de inversión.',
    /** Followed by the configured contact e-mail (VITE_COMPANY_CONTACT_EMAIL) as a mailto: link. */
    contact: 'Escríbenos a',
    statusBefore: '¿Ya postulaste? Sigue tu postulación con el enlace personal que te enviamos por correo. Si lo perdiste,',
    statusLink: 'pide un enlace nuevo',
  },
} as const

export const FOOTER = {
  tagline: 'Media for equity para startups en Colombia.',
  operatedBy: 'Un programa del venture builder',
  websiteLabel: 'Sitio web',
  newTab: '(se abre en una pestaña nueva)',
  statusLink: 'Consulta tu postulación',
} as const

/** The founder's pages (server/features/founder-page): /postulacion asks for a lost personal link. */
export const STATUS_RECOVERY_PATH = '/postulacion'
