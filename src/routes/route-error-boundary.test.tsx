// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Route, Router, Switch } from 'wouter'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

function BrokenRoute(): never {
  throw new Error('the route failed to render')
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path)
  return render(
    <Router>
      <RouteErrorBoundary>
        <Switch>
          <Route path="/" component={BrokenRoute} />
          <Route>
            <p>otra página</p>
          </Route>
        </Switch>
      </RouteErrorBoundary>
    </Router>,
  )
}

describe('RouteErrorBoundary', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it("shows 'Unexpected Application Error!' when a route throws, and logs the error", () => {
    // React reports caught render errors on console.error; keep them to check, not to print.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderAt('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy()
    expect(screen.getByText('the route failed to render')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
    expect(consoleError.mock.calls.flat().some((arg) => arg instanceof Error && arg.message === 'the route failed to render')).toBe(true)
  })

  it('renders the route itself when nothing throws', () => {
    renderAt('/otra')
    expect(screen.getByText('otra página')).toBeTruthy()
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull()
  })
})
