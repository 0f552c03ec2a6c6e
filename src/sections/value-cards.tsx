import { Container } from '../components/container.tsx'
import { IconCard } from '../components/icon-card.tsx'
import { VALUES } from '../content/landing.ts'

/** The three value cards right under the hero: what the programme is, at a glance. */
export function ValueCards() {
  return (
    <section aria-labelledby="propuesta-titulo" className="bg-paper py-16 sm:py-20">
      <Container>
        <h2 id="propuesta-titulo" className="sr-only">
          {VALUES.heading}
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {VALUES.cards.map((card) => (
            <li key={card.title}>
              <IconCard card={card} />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
