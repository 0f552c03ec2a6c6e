import type { ReactNode } from 'react'
import { Container } from '../components/container.tsx'
import { FORM_ANCHOR } from '../content/anchors.ts'
import { ApplicationForm } from '../features/application-form/application-form.tsx'

/**
 * `#formulario`: the section heading and what happens after sending
 * (`intro`, static) around the application form, the one interactive part
 * of the page (src/features/application-form).
 */
export function ApplicationSection({ intro }: { intro: ReactNode }) {
  return (
    <section id={FORM_ANCHOR} aria-labelledby={`${FORM_ANCHOR}-titulo`} className="bg-paper py-16 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-[0.75fr_1.25fr] lg:gap-14">
        <div className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">{intro}</div>
        {/* The form draws its own cards (one per fieldset). The page's JavaScript
            loads when this comes near the viewport (src/main.tsx). */}
        <div className="min-w-0" data-hydrate="when-visible">
          <ApplicationForm />
        </div>
      </Container>
    </section>
  )
}
