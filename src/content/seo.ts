/** What search engines and link previews show (title, description, image text). */
export const SEO = {
  siteName: 'Catalítico Media for Equity',
  title: 'Catalítico Media for Equity | Medios masivos para startups a cambio de equity',
  description:
    'Visibilidad en prensa, digital, radio y TV nacional, más consultoría estratégica, a cambio de participación accionaria. Convocatoria abierta para startups en Colombia.',
  imageAlt: 'Catalítico Media for Equity: medios masivos y estrategia para startups, a cambio de participación.',
  locale: 'es_CO',
  themeColor: '#060d1f',
  notFoundTitle: 'Página no encontrada | Catalítico Media for Equity',
} as const
