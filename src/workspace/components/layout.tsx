/**
 * The frame of every signed-in page: skip link, header with navigation and the
 * member (behind a "Menú" button below 768 px), main.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { ROLE_LABELS } from '../../../domain/team.ts'
import { PAGES } from '../pages.tsx'
import { paths } from '../paths.ts'
import { useFounderDraftCount } from '../api/queries.ts'
import { formatCount } from '../../../domain/format.ts'
import { useMember } from './require-session.tsx'
import { SignOutButton } from './sign-out.tsx'
import { cn } from './ui.tsx'
import { ActivityCount } from '../features/founder-activity/founder-activity.tsx'

export function Layout({ children }: { children: ReactNode }) {
  const member = useMember()
  const [location] = useLocation()
  const main = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  const waitingMail = useFounderDraftCount().data?.waiting ?? 0
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  // A new screen (not a first load, not a filter change): move focus to it, as a page load would,
  // so keyboard and screen-reader users start at its content rather than on the link they left.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    main.current?.focus({ preventScroll: false })
  }, [location])
  // Escape closes the open menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setMenuOpen(false)
      menuButton.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])
  const links = PAGES.flatMap(({ path, menu }) =>
    menu && (!menu.adminOnly || member.role === 'admin')
      ? [{ href: path, label: menu.label, active: path === paths.overview ? location === path : location.startsWith(path), count: path === paths.founderMail ? waitingMail : undefined }]
      : [],
  )
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
          <Link href={paths.overview} className="text-base font-bold tracking-tight whitespace-nowrap" onClick={() => setMenuOpen(false)}>
            Catalítico <span className="font-semibold text-ink-300">· Equipo</span>
          </Link>
          {/* Narrow screens: the sections and the member behind one button; wide ones show them. */}
          <button
            ref={menuButton}
            type="button"
            className="ml-auto inline-flex items-center gap-2 rounded border border-ink-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-ink-800 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              {menuOpen ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5h14M3 10h14M3 15h14" />}
            </svg>
            Menú
          </button>
          <div
            id={menuId}
            className={cn(
              'w-full flex-col gap-3 pb-2 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:gap-x-6 md:pb-0',
              menuOpen ? 'flex' : 'hidden',
            )}
          >
            <nav aria-label="Secciones">
              <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap">
                {links.map((link) => (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      aria-current={link.active ? 'page' : undefined}
                      onClick={() => setMenuOpen(false)}
                      className={cn(
                        'block rounded px-2.5 py-2 text-sm font-semibold md:py-1.5',
                        link.active ? 'bg-white text-ink-950' : 'text-ink-100 hover:bg-ink-800',
                      )}
                    >
                      {link.label}
                      {link.count !== undefined && link.count > 0 && (
                        <span className="ml-1.5 inline-block rounded-full bg-accent-700 px-1.5 text-xs leading-5 text-white tabular-nums">
                          {formatCount(link.count)}
                          <span className="sr-only"> {link.count === 1 ? 'pendiente' : 'pendientes'}</span>
                        </span>
                      )}
                      {link.href === paths.applications && <ActivityCount />}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex items-center justify-between gap-3 border-t border-ink-700 pt-3 text-sm md:ml-auto md:border-0 md:pt-0">
              <span className="leading-tight md:text-right">
                <span className="block font-semibold">{member.name}</span>
                <span className="block text-xs text-ink-300">{ROLE_LABELS[member.role]}</span>
              </span>
              <SignOutButton inverse />
            </div>
          </div>
        </div>
      </header>
      <main ref={main} id="contenido" tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </main>
    </div>
  )
}
