import { useEffect } from 'react'
import { Link, useLocation } from 'wouter'

export function NotFoundPage() {
  const [path] = useLocation()
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path)
  }, [path])
  return (
    <main className="flex min-h-screen items-center justify-center">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl">Oops! Page not found</p>
        <Link href="/" className="underline">
          Return to Home
        </Link>
      </div>
    </main>
  )
}
