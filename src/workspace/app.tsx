/** The workspace's routes under /equipo (its pages: pages.tsx). Everything but the sign-in page needs a session. */
import { Route, Router, Switch } from 'wouter'
import { AppToaster } from '../lib/toast.tsx'
import { Layout } from './components/layout.tsx'
import { RequireSession } from './components/require-session.tsx'
import { PAGES } from './pages.tsx'
import { WORKSPACE_BASE, paths } from './paths.ts'
import { NotFoundPage } from './routes/not-found.tsx'
import { SignInPage } from './routes/sign-in.tsx'

export function WorkspaceApp() {
  return (
    <Router base={WORKSPACE_BASE}>
      <AppToaster />
      <Switch>
        <Route path={paths.signIn} component={SignInPage} />
        <Route>
          <RequireSession>
            <Layout>
              <Switch>
                {PAGES.map((page) => (
                  <Route key={page.path} path={page.path} component={page.component} />
                ))}
                <Route component={NotFoundPage} />
              </Switch>
            </Layout>
          </RequireSession>
        </Route>
      </Switch>
    </Router>
  )
}
