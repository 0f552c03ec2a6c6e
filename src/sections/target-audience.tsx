import { Container } from '../components/container.tsx'
import { Icon } from '../components/icon.tsx'
import { SectionHeading } from '../components/section-heading.tsx'
import { AUDIENCE } from '../content/landing.ts'

/** 'A quién va dirigido': the five criteria a startup should meet. */
export function TargetAudience() {
  return (
    <section id={AUDIENCE.id} aria-labelledby={`${AUDIENCE.id}-titulo`} className="bg-paper py-16 sm:py-24 below-fold [--fold-height:907px] md:[--fold-height:703px] lg:[--fold-height:580px]">
      <Container className="grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:gap-16">
        <SectionHeading copy={AUDIENCE} />
        <ul className="divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
          {AUDIENCE.criteria.map((criterion) => (
            <li key={criterion.title} className="flex gap-4 p-5 sm:p-6">
              <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-500 text-ink-950">
                <Icon name="check" className="size-4.5" />
              </span>
              <div>
                <h3 className="font-bold text-ink-950">{criterion.title}</h3>
                <p className="mt-1 leading-relaxed text-ink-600">{criterion.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
