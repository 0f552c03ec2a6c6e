import { IconCardList } from '../components/icon-card.tsx'
import { LandingSection } from '../components/landing-section.tsx'
import { ReachRings } from '../components/reach-rings.tsx'
import { MEDIA } from '../content/landing.ts'

/** 'Medios Propios Disponibles': the five offerings and the closing claim. */
export function MediaOutlets() {
  return (
    <LandingSection copy={MEDIA} className="bg-white py-16 sm:py-24 below-fold [--fold-height:1230px] md:[--fold-height:1031px] lg:[--fold-height:670px]">
      <IconCardList cards={MEDIA.outlets} className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <li className="sm:col-span-2 lg:col-span-1">
          <p className="relative isolate flex h-full flex-col justify-center overflow-hidden rounded-2xl bg-ink-950 p-7 text-2xl leading-snug font-extrabold tracking-tight text-white sm:text-3xl">
            <ReachRings spark={false} className="absolute -top-40 -right-40 -z-10 size-80 text-ink-400 opacity-60" />
            <span className="text-ink-300">{MEDIA.claim.lead}</span> <span className="text-accent-400">{MEDIA.claim.emphasis}</span>
          </p>
        </li>
      </IconCardList>
    </LandingSection>
  )
}
