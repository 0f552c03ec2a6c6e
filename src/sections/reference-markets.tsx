import { Flag } from '../components/flag.tsx'
import { LandingSection } from '../components/landing-section.tsx'
import { MARKETS } from '../content/landing.ts'

/**
 * The global reference: four markets and public examples of media groups
 * that trade advertising for equity there. They are references of the model,
 * never partners of the programme, and the note says so.
 */
export function ReferenceMarkets() {
  return (
    <LandingSection copy={MARKETS} className="bg-white py-16 sm:py-24 below-fold [--fold-height:1096px] md:[--fold-height:636px] lg:[--fold-height:449px]">
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {MARKETS.countries.map((country) => (
          <li key={country.code} className="rounded-2xl border border-ink-100 bg-paper p-6">
            <h3 className="flex items-center gap-3 text-lg font-bold text-ink-950">
              <Flag code={country.code} />
              {country.name}
            </h3>
            <p className="mt-5 text-xs font-bold tracking-[0.12em] text-ink-500 uppercase">{MARKETS.referencesLabel}</p>
            <ul className="mt-2 space-y-1.5">
              {country.references.map((reference) => (
                <li key={reference} className="font-semibold text-ink-800">
                  {reference}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mt-6 max-w-3xl text-sm leading-relaxed text-ink-500">{MARKETS.note}</p>
    </LandingSection>
  )
}
