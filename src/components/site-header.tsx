import { FORM_ANCHOR } from '../content/anchors.ts'
import { APPLY_LABEL, NAVIGATION, SKIP_LINK } from '../content/landing.ts'
import { ButtonLink } from './button-link.tsx'
import { Logo } from './logo.tsx'

/**
 * The sticky header. Its height is the `--spacing-header` token, which
 * styles.css also uses as the scroll padding, so anchors land below it.
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink-950 text-white">
      <a
        href="#contenido"
        className="sr-only rounded-md bg-white px-4 py-2 font-bold text-ink-950 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {SKIP_LINK}
      </a>
      <div className="mx-auto flex h-header max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <a href="#inicio" className="rounded-md" aria-label="Catalítico, ir al inicio">
          <Logo />
        </a>
        <nav aria-label="Secciones" className="hidden lg:block">
          <ul className="flex items-center gap-8 text-[0.9375rem] font-semibold text-ink-200">
            {NAVIGATION.map((item) => (
              <li key={item.href}>
                <a href={item.href} className="rounded-sm transition-colors hover:text-white">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ButtonLink href={`#${FORM_ANCHOR}`} size="compact" className="shrink-0">
          {APPLY_LABEL}
        </ButtonLink>
      </div>
    </header>
  )
}
