/** The workspace's routes under /equipo. Everything but the sign-in page needs a session. */
import { Route, Router, Switch } from 'wouter'
import { AppToaster } from '../lib/toast.tsx'
import { Layout } from './components/layout.tsx'
import { RequireSession } from './components/require-session.tsx'
import { WORKSPACE_BASE, paths } from './paths.ts'
import { ApplicationDetailPage } from './routes/application-detail.tsx'
import { ApplicationsPage } from './routes/applications.tsx'
import { AuditPage } from './routes/audit.tsx'
import { DataRequestsPage } from './routes/data-requests.tsx'
import { FollowUpPage } from './routes/follow-up.tsx'
import { FounderMailPage } from './routes/founder-mail.tsx'
import { MembersPage } from './routes/members.tsx'
import { NotFoundPage } from './routes/not-found.tsx'
import { OverviewPage } from './routes/overview.tsx'
import { PendingPage } from './routes/pending.tsx'
import { RateCardPage } from './routes/rate-card.tsx'
import { SignInPage } from './routes/sign-in.tsx'
import { SourcesPage } from './routes/sources.tsx'

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
                <Route path={paths.overview} component={OverviewPage} />
                <Route path={paths.applications} component={ApplicationsPage} />
                <Route path={paths.pending} component={PendingPage} />
                <Route path="/postulaciones/:id" component={ApplicationDetailPage} />
                <Route path={paths.members} component={MembersPage} />
                <Route path={paths.dataRequests} component={DataRequestsPage} />
                <Route path={paths.audit} component={AuditPage} />
                <Route path={paths.founderMail} component={FounderMailPage} />
                <Route path={paths.rateCard} component={RateCardPage} />
                <Route path={paths.sources} component={SourcesPage} />
                <Route path={paths.followUp} component={FollowUpPage} />
                <Route component={NotFoundPage} />
              </Switch>
            </Layout>
          </RequireSession>
        </Route>
      </Switch>
    </Router>
  )
}
