/** The frame of every signed-in page: skip link, header with navigation and the member, main. */
import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { ROLE_LABELS } from '../../../domain/team.ts'
import { paths } from '../paths.ts'
import { useMember } from './require-session.tsx'
import { SignOutButton } from './sign-out.tsx'
import { cn } from './ui.tsx'

export function Layout({ children }: { children: ReactNode }) {
  const member = useMember()
  const [location] = useLocation()
  const main = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  // A new screen (not a first load, not a filter change): move focus to it, as a page load would,
  // so keyboard and screen-reader users start at its content rather than on the link they left.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    main.current?.focus({ preventScroll: false })
  }, [location])
  const links = [
    { href: paths.overview, label: 'Resumen', active: location === '/' },
    { href: paths.pending, label: 'Mis pendientes', active: location.startsWith(paths.pending) },
    { href: paths.applications, label: 'Postulaciones', active: location.startsWith(paths.applications) },
    { href: paths.founderMail, label: 'Correos por enviar', active: location.startsWith(paths.founderMail) },
    { href: paths.members, label: 'Equipo', active: location.startsWith(paths.members) },
    ...(member.role === 'admin'
      ? [
          { href: paths.dataRequests, label: 'Datos personales', active: location.startsWith(paths.dataRequests) },
          { href: paths.audit, label: 'Auditoría', active: location.startsWith(paths.audit) },
        ]
      : []),
  ]
  return (
    <div className="min-h-screen">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold"
      >
        Saltar al contenido
      </a>
      <header className="bg-ink-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2.5">
          <Link href={paths.overview} className="text-base font-bold tracking-tight whitespace-nowrap">
            Catalítico <span className="font-semibold text-ink-300">· Equipo</span>
          </Link>
          <nav aria-label="Secciones" className="order-3 w-full md:order-none md:w-auto">
            <ul className="flex flex-wrap gap-1">
              {links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={link.active ? 'page' : undefined}
                    className={cn(
                      'block rounded px-2.5 py-1.5 text-sm font-semibold',
                      link.active ? 'bg-white text-ink-950' : 'text-ink-100 hover:bg-ink-800',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="text-right leading-tight">
              <span className="block font-semibold">{member.name}</span>
              <span className="block text-xs text-ink-300">{ROLE_LABELS[member.role]}</span>
            </span>
            <SignOutButton inverse />
          </div>
        </div>
      </header>
      <main ref={main} id="contenido" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </div>
  )
}
