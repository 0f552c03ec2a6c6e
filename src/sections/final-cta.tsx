import { ButtonLink } from '../components/button-link.tsx'
import { Container } from '../components/container.tsx'
import { Icon } from '../components/icon.tsx'
import { ReachRings } from '../components/reach-rings.tsx'
import { FORM_ANCHOR } from '../content/anchors.ts'
import { SITE } from '../config/site.ts'
import { FINAL_CTA, STATUS_RECOVERY_PATH } from '../content/landing.ts'

const LINK = 'font-semibold wrap-anywhere text-white underline decoration-white/40 underline-offset-4 hover:decoration-accent-400'

/**
 * The closing call to action and the '¿Tienes preguntas?' note: how to reach the team (the configured
 * contact e-mail) and where a founder who already applied asks for their link (ADR 0137).
 */
export function FinalCta() {
  return (
    <section aria-labelledby="cierre-titulo" className="relative isolate overflow-hidden bg-ink-950 py-20 text-white sm:py-28 below-fold [--fold-height:648px] md:[--fold-height:539px] lg:[--fold-height:344px]">
      <ReachRings spark={false} className="absolute -right-56 -bottom-72 -z-10 size-[40rem] text-ink-400 opacity-50" />
      <Container className="grid items-center gap-10 lg:grid-cols-[1.3fr_0.7fr] lg:gap-16">
        <div>
          <h2 id="cierre-titulo" className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {FINAL_CTA.title}
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-ink-200">{FINAL_CTA.text}</p>
          <ButtonLink href={`#${FORM_ANCHOR}`} size="lg" className="mt-8">
            {FINAL_CTA.cta}
            <Icon name="arrowRight" className="size-5" />
          </ButtonLink>
        </div>
        <aside aria-labelledby="preguntas-titulo" className="rounded-2xl border border-white/10 bg-white/5 p-6">
          <h3 id="preguntas-titulo" className="flex items-center gap-2 text-lg font-bold">
            <Icon name="message" className="size-5 shrink-0 text-accent-400" />
            {FINAL_CTA.questions.title}
          </h3>
          <p className="mt-2 leading-relaxed text-ink-300">{FINAL_CTA.questions.text}</p>
          <p className="mt-3 leading-relaxed text-ink-300">
            {FINAL_CTA.questions.contact}{' '}
            <a href={`mailto:${SITE.company.contactEmail}`} className={LINK}>
              {SITE.company.contactEmail}
            </a>
            .
          </p>
          <p className="mt-3 leading-relaxed text-ink-300">
            {FINAL_CTA.questions.statusBefore}{' '}
            <a href={STATUS_RECOVERY_PATH} className={LINK}>
              {FINAL_CTA.questions.statusLink}
            </a>
            .
          </p>
        </aside>
      </Container>
    </section>
  )
}
