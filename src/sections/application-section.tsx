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
    // The page's JavaScript loads when this section comes near the viewport (src/main.tsx).
    // The marker is on the section, not inside it: the inside of a `below-fold`
    // section has no layout until rendered, so an observer there would report late.
    <section
      id={FORM_ANCHOR}
      aria-labelledby={`${FORM_ANCHOR}-titulo`}
      data-hydrate="when-visible"
      className="bg-paper py-16 sm:py-24 below-fold [--fold-height:5113px] md:[--fold-height:3759px] lg:[--fold-height:3591px]"
    >
      <Container className="grid gap-10 lg:grid-cols-[0.75fr_1.25fr] lg:gap-14">
        <div className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">{intro}</div>
        {/* The form draws its own cards (one per fieldset). */}
        <div className="min-w-0">
          <ApplicationForm />
        </div>
      </Container>
    </section>
  )
}
