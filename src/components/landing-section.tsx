import type { ReactNode } from 'react'
import type { SectionCopy } from '../content/landing.ts'
import { Container } from './container.tsx'
import { SectionHeading } from './section-heading.tsx'

/**
 * A landing section that opens with its heading: `#id` to link to, labelled
 * by the heading's title, its content in the page's one width.
 */
export function LandingSection({ copy, className, containerClassName = '', children }: {
  copy: SectionCopy
  className: string
  containerClassName?: string
  children: ReactNode
}) {
  return (
    <section id={copy.id} aria-labelledby={`${copy.id}-titulo`} className={className}>
      <Container className={containerClassName}>
        <SectionHeading copy={copy} />
        {children}
      </Container>
    </section>
  )
}
