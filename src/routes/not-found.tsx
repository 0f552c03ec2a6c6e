import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { LogoMark } from '../components/logo.tsx'
import { NOT_FOUND } from '../content/errors.ts'

/** SPEC §2: any unknown path. The server answers it with status 404. */
export function NotFoundPage() {
  const [path] = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path)
  }, [path])
  return (
    <main className="relative isolate flex min-h-screen items-center justify-center overflow-hidden bg-ink-950 px-6 text-white">
      <div className="text-center">
        <LogoMark className="mx-auto size-14 text-ink-300" />
        <h1 className="mt-8 text-7xl font-extrabold tracking-tighter text-accent-400">404</h1>
        <p lang="en" className="mt-4 text-2xl font-bold">
          {NOT_FOUND.message}
        </p>
        <p className="mt-2 text-ink-300">{NOT_FOUND.hint}</p>
        {/* A full page load: the landing page's static islands need the server's HTML. */}
        <a
          href="/"
          lang="en"
          className="mt-8 inline-flex h-11 items-center rounded-full bg-accent-500 px-6 font-bold text-ink-950 hover:bg-accent-400"
        >
          {NOT_FOUND.homeLink}
        </a>
      </div>
    </main>
  )
}
