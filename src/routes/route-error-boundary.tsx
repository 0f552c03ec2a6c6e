import type { ReactNode } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { UNEXPECTED_ERROR } from '../content/errors.ts'

/** The router-level fallback screen of SPEC §2 and §8. */
export function UnexpectedError({ error }: FallbackProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-6">
      <div className="max-w-xl">
        <h1 lang="en" className="text-3xl font-extrabold tracking-tight text-ink-950">
          {UNEXPECTED_ERROR.title}
        </h1>
        <p className="mt-4 text-lg text-ink-600">{UNEXPECTED_ERROR.hint}</p>
        {error instanceof Error && error.message && (
          <pre className="mt-6 overflow-x-auto rounded-xl border border-ink-100 bg-white p-4 text-sm whitespace-pre-wrap text-danger-700">
            {error.message}
          </pre>
        )}
        {/* A full page load, not client navigation: the app's state may be what broke. */}
        <a href="/" className="mt-8 inline-flex h-11 items-center rounded-full bg-ink-950 px-6 font-bold text-white hover:bg-ink-800">
          {UNEXPECTED_ERROR.homeLink}
        </a>
      </div>
    </main>
  )
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={UnexpectedError} onError={(error) => console.error(error)}>
      {children}
    </ErrorBoundary>
  )
}
