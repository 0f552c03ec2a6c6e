import { Container } from '../components/container.tsx'
import { Icon } from '../components/icon.tsx'
import { Logo } from '../components/logo.tsx'
import { SITE } from '../config/site.ts'
import { FOOTER, STATUS_RECOVERY_PATH } from '../content/landing.ts'
import { displayHost } from '../lib/display-host.ts'

/** Footer: logo, the company's legal name, its website (new tab) and the founder's way back to their application. */
export function SiteFooter() {
  const { company } = SITE
  return (
    // The id marks the end of the page: the first paint waits for it (scripts/prerender.ts).
    <footer id="pie-de-pagina" className="border-t border-white/10 bg-ink-950 py-10 text-ink-300 below-fold [--fold-height:190px] md:[--fold-height:76px] lg:[--fold-height:76px]">
      <Container className="flex flex-col gap-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <Logo className="text-white" />
          <p className="mt-3 text-sm">{FOOTER.tagline}</p>
        </div>
        <div className="text-sm sm:text-right">
          <p>
            {FOOTER.operatedBy} <span className="font-semibold text-white">{company.legalName}</span>
          </p>
          <p className="mt-2">
            <a
              href={company.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-accent-400"
            >
              {FOOTER.websiteLabel}: {displayHost(company.website)}
              <Icon name="externalLink" className="size-4" />
              <span className="sr-only">{FOOTER.newTab}</span>
            </a>
          </p>
          <p className="mt-2">
            <a
              href={STATUS_RECOVERY_PATH}
              className="font-semibold text-white underline decoration-white/30 underline-offset-4 hover:decoration-accent-400"
            >
              {FOOTER.statusLink}
            </a>
          </p>
        </div>
      </Container>
    </footer>
  )
}

