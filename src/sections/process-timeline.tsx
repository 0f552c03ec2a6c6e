import { Icon } from '../components/icon.tsx'
import { LandingSection } from '../components/landing-section.tsx'
import { PROCESS } from '../content/landing.ts'

/**
 * `#proceso`: the three stages as a numbered timeline with their durations,
 * vertical on phones and horizontal on wide screens. The due-diligence
 * documents fold under stage 3 (a native <details>, so it needs no script).
 */
export function ProcessTimeline() {
  const last = PROCESS.stages.length - 1
  return (
    <LandingSection copy={PROCESS} className="bg-white py-16 sm:py-24 below-fold [--fold-height:1190px] md:[--fold-height:825px] lg:[--fold-height:608px]">
      <ol className="mt-12 grid lg:grid-cols-3 lg:gap-8">
        {PROCESS.stages.map((stage, index) => (
          <li key={stage.number} className="relative flex gap-5 pb-8 last:pb-0 lg:block lg:pb-0">
            {index < last && (
              <span
                aria-hidden="true"
                className="absolute top-14 bottom-2 left-6 w-0.5 bg-ink-200 lg:top-6 lg:right-[-2rem] lg:bottom-auto lg:left-16 lg:h-0.5 lg:w-auto"
              />
            )}
            <span
              aria-hidden="true"
              className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-950 text-lg font-extrabold text-white ring-8 ring-white"
            >
              {stage.number}
            </span>
            <div className="min-w-0 flex-1 rounded-2xl border border-ink-100 bg-white p-6 lg:mt-6">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span className="text-sm font-bold text-ink-500">
                  {PROCESS.stageLabel} {stage.number}
                </span>
                <span className="inline-flex items-center gap-1.5 rounded-full bg-accent-50 px-3 py-1 text-sm font-bold text-accent-700">
                  <Icon name="clock" className="size-4" />
                  {stage.duration}
                </span>
              </p>
              <h3 className="mt-3 text-lg leading-snug font-bold text-ink-950">{stage.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-600">{stage.description}</p>
              {index === last && (
                <details className="group mt-5 rounded-xl border border-ink-100 bg-paper">
                  <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 text-[0.9375rem] font-bold text-ink-900 [&::-webkit-details-marker]:hidden">
                    <Icon name="fileText" className="size-5 shrink-0 text-accent-700" />
                    <span className="flex-1">{PROCESS.documents.summary}</span>
                    <Icon name="arrowDown" className="size-4 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
                  </summary>
                  <div className="px-4 pb-4">
                    <p className="text-sm text-ink-600">{PROCESS.documents.intro}</p>
                    <ul className="mt-3 space-y-2">
                      {PROCESS.documents.items.map((item) => (
                        <li key={item} className="flex gap-2 text-sm text-ink-800">
                          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-accent-700" />
                          {item}
                        </li>
                      ))}
                    </ul>
                  </div>
                </details>
              )}
            </div>
          </li>
        ))}
      </ol>
    </LandingSection>
  )
}
