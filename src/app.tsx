import { Route, Router, Switch } from 'wouter'
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx'
import { HomePage } from './routes/home.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { AppToaster } from './lib/toast.tsx'

/** The routes of SPEC §2: the landing page at `/`, the 404 page anywhere else. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router {...(ssrPath ? { ssrPath } : {})}>
      <RouteErrorBoundary>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </RouteErrorBoundary>
      <AppToaster />
    </Router>
  )
}
