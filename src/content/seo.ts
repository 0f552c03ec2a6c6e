import { PROGRAMME_NAME } from '../../domain/programme.ts'

/** What search engines and link previews show (title, description, image text). */
export const SEO = {
  siteName: PROGRAMME_NAME,
  title: `${PROGRAMME_NAME} | Medios masivos para startups a cambio de equity`,
  description:
    'Visibilidad en prensa, digital, radio y TV nacional, más consultoría estratégica, a cambio de participación accionaria. Convocatoria abierta para startups en Colombia.',
  imageAlt: `${PROGRAMME_NAME}: medios masivos y estrategia para startups, a cambio de participación.`,
  locale: 'es_CO',
  themeColor: '#060d1f',
  notFoundTitle: `Página no encontrada | ${PROGRAMME_NAME}`,
} as const
