import { Icon } from '../components/icon.tsx'
import { IconCardList } from '../components/icon-card.tsx'
import { LandingSection } from '../components/landing-section.tsx'
import { BENEFITS } from '../content/landing.ts'

/** What a selected startup receives: four cards and the 12-month commitment banner. */
export function Benefits() {
  const { commitment } = BENEFITS
  return (
    <LandingSection copy={BENEFITS} className="bg-paper py-16 sm:py-24 below-fold [--fold-height:1216px] md:[--fold-height:811px] lg:[--fold-height:610px]">
      <IconCardList cards={BENEFITS.cards} className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" />
      <div className="relative mt-8 overflow-hidden rounded-3xl bg-accent-500 px-6 py-8 text-ink-950 sm:px-10 sm:py-10">
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:gap-10">
          <p aria-hidden="true" className="flex items-baseline gap-2 leading-none font-extrabold tracking-tighter">
            <span className="text-7xl sm:text-8xl">{commitment.value}</span>
            <span className="text-2xl tracking-tight">{commitment.unit}</span>
          </p>
          <div>
            <h3 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
              <Icon name="calendar" className="size-6 shrink-0" />
              {commitment.title}
            </h3>
            <p className="mt-2 max-w-2xl text-lg leading-relaxed font-medium">{commitment.text}</p>
          </div>
        </div>
      </div>
    </LandingSection>
  )
}
