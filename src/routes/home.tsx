import { SiteHeader } from '../components/site-header.tsx'
import { RENDERS_STATIC_CONTENT, StaticIsland } from '../components/static-island.tsx'
import { ApplicationIntro } from '../sections/application-intro.tsx'
import { ApplicationSection } from '../sections/application-section.tsx'
import { Benefits } from '../sections/benefits.tsx'
import { FinalCta } from '../sections/final-cta.tsx'
import { Hero } from '../sections/hero.tsx'
import { MediaOutlets } from '../sections/media-outlets.tsx'
import { ProcessTimeline } from '../sections/process-timeline.tsx'
import { ReferenceMarkets } from '../sections/reference-markets.tsx'
import { SiteFooter } from '../sections/site-footer.tsx'
import { TargetAudience } from '../sections/target-audience.tsx'
import { ValueCards } from '../sections/value-cards.tsx'

/**
 * The landing page: the sections of SPEC §1, in order. Everything but the
 * application form is static HTML (StaticIsland): prerendered, never hydrated.
 */
export function HomePage() {
  return (
    <>
      <StaticIsland id="header">{RENDERS_STATIC_CONTENT && <SiteHeader />}</StaticIsland>
      <main id="contenido" tabIndex={-1} className="outline-none">
        <StaticIsland id="programa">
          {RENDERS_STATIC_CONTENT && (
            <>
              <Hero />
              <ValueCards />
              <MediaOutlets />
              <TargetAudience />
              <ProcessTimeline />
              <Benefits />
              <ReferenceMarkets />
            </>
          )}
        </StaticIsland>
        <ApplicationSection
          intro={<StaticIsland id="postulacion">{RENDERS_STATIC_CONTENT && <ApplicationIntro />}</StaticIsland>}
        />
        <StaticIsland id="cierre">{RENDERS_STATIC_CONTENT && <FinalCta />}</StaticIsland>
      </main>
      <StaticIsland id="pie">{RENDERS_STATIC_CONTENT && <SiteFooter />}</StaticIsland>
    </>
  )
}
