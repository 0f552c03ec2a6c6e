import { ButtonLink } from '../components/button-link.tsx'
import { Icon } from '../components/icon.tsx'
import { ReachRings } from '../components/reach-rings.tsx'
import { FORM_ANCHOR, PROCESS_ANCHOR } from '../content/anchors.ts'
import { HERO } from '../content/landing.ts'

/** Where each channel sits around the rings (percent of the illustration box). */
const CHANNEL_POSITIONS = ['left-[4%] top-[22%]', 'right-[2%] top-[12%]', 'left-[10%] bottom-[14%]', 'right-[6%] bottom-[24%]']

export function Hero() {
  return (
    <section id="inicio" aria-labelledby="inicio-titulo" className="relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_32rem_at_78%_45%,rgba(255,106,61,0.11),transparent_65%),radial-gradient(50rem_30rem_at_0%_100%,rgba(29,51,102,0.55),transparent_70%)]"
      />
      {/* On phones the rings sit behind the text; on wide screens they get their own column. */}
      <ReachRings spark={false} className="absolute -top-28 -right-40 -z-10 size-[26rem] text-ink-400 opacity-50 lg:hidden" />

      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-[1.15fr_0.85fr] lg:px-8 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-sm font-semibold text-ink-200">
            <span className="size-2 rounded-full bg-accent-500" aria-hidden="true" />
            {HERO.eyebrow}
          </p>
          <h1
            id="inicio-titulo"
            className="mt-6 text-[2.5rem] leading-[1.04] font-extrabold tracking-tight sm:text-6xl lg:text-7xl"
          >
            {/* Two fixed lines, each short enough for 360 px in Manrope and in its fallback alike. */}
            Catalítico <span className="block text-accent-400">Media for Equity</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-ink-200 sm:text-xl">{HERO.subtitle}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href={`#${FORM_ANCHOR}`} size="lg">
              {HERO.primaryCta}
              <Icon name="arrowRight" className="size-5" />
            </ButtonLink>
            <ButtonLink href={`#${PROCESS_ANCHOR}`} size="lg" variant="outlineOnDark">
              {HERO.secondaryCta}
              <Icon name="arrowDown" className="size-5" />
            </ButtonLink>
          </div>
          <ul className="mt-12 grid gap-4 border-t border-white/10 pt-8 sm:grid-cols-3 sm:gap-6">
            {HERO.facts.map((fact) => (
              <li key={fact.value} className="flex items-baseline gap-3 sm:flex-col sm:gap-1">
                <strong className="shrink-0 text-2xl font-extrabold tracking-tight text-white">{fact.value}</strong>{' '}
                <span className="text-sm leading-snug text-ink-300">{fact.label}</span>
              </li>
            ))}
          </ul>
        </div>

        <div aria-hidden="true" className="relative mx-auto hidden aspect-square w-full max-w-md lg:block">
          <ReachRings className="absolute inset-0 size-full text-ink-300" />
          {HERO.channels.map((channel, index) => (
            <span
              key={channel}
              className={`absolute ${CHANNEL_POSITIONS[index]} rounded-full border border-white/15 bg-ink-900/90 px-4 py-2 text-sm font-bold text-white shadow-lg shadow-black/30`}
            >
              {channel}
            </span>
          ))}
        </div>
      </div>
    </section>
  )
}
