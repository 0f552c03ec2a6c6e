import { Container } from '../components/container.tsx'
import { IconCardList } from '../components/icon-card.tsx'
import { VALUES } from '../content/landing.ts'

/** The three value cards right under the hero: what the programme is, at a glance. */
export function ValueCards() {
  return (
    <section aria-labelledby="propuesta-titulo" className="bg-paper py-16 sm:py-20">
      <Container>
        <h2 id="propuesta-titulo" className="sr-only">
          {VALUES.heading}
        </h2>
        <IconCardList cards={VALUES.cards} className="grid gap-5 md:grid-cols-3" />
      </Container>
    </section>
  )
}
