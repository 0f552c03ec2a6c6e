import type { ReactNode } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'

/** The router-level fallback screen of SPEC §2 and §8. */
export function UnexpectedError({ error }: FallbackProps) {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="mt-4">{error instanceof Error ? error.message : 'Something went wrong.'}</p>
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
