/**
 * The workspace's pages under /equipo, one table: its path (written in the row; from paths.ts when other pages
 * link to it), the component that draws it and, when it is in the menu, its label there and whether only
 * admins see it. The router (app.tsx) and the menu (components/layout.tsx) read it; the menu lists the pages
 * in this order, the admins' last.
 */
import type { ComponentType } from 'react'
import { paths } from './paths.ts'
import { AgreementTemplatePage } from './routes/agreement-template.tsx'
import { ApplicationDetailPage } from './routes/application-detail.tsx'
import { ApplicationsPage } from './routes/applications.tsx'
import { AuditPage } from './routes/audit.tsx'
import { DataRequestsPage } from './routes/data-requests.tsx'
import { FollowUpPage } from './routes/follow-up.tsx'
import { FounderMailPage } from './routes/founder-mail.tsx'
import { MembersPage } from './routes/members.tsx'
import { OverviewPage } from './routes/overview.tsx'
import { PendingPage } from './routes/pending.tsx'
import { PortfolioPage } from './routes/portfolio.tsx'
import { RateCardPage } from './routes/rate-card.tsx'
import { SourcesPage } from './routes/sources.tsx'

export interface WorkspacePage {
  /** A wouter pattern relative to WORKSPACE_BASE. */
  path: string
  component: ComponentType
  /** In the menu: its label, and whether only admins see it (the server refuses the others regardless). */
  menu?: { label: string; adminOnly?: true }
}

export const PAGES: readonly WorkspacePage[] = [
  { path: paths.overview, component: OverviewPage, menu: { label: 'Resumen' } },
  { path: paths.pending, component: PendingPage, menu: { label: 'Mis pendientes' } },
  { path: paths.applications, component: ApplicationsPage, menu: { label: 'Postulaciones' } },
  { path: '/postulaciones/:id', component: ApplicationDetailPage },
  { path: paths.founderMail, component: FounderMailPage, menu: { label: 'Correos por enviar' } },
  { path: paths.sources, component: SourcesPage, menu: { label: 'Fuentes' } },
  { path: paths.members, component: MembersPage, menu: { label: 'Equipo' } },
  { path: paths.followUp, component: FollowUpPage, menu: { label: 'Seguimiento', adminOnly: true } },
  { path: '/portafolio', component: PortfolioPage, menu: { label: 'Portafolio', adminOnly: true } },
  { path: paths.rateCard, component: RateCardPage, menu: { label: 'Tarifario', adminOnly: true } },
  { path: '/acuerdo-plantilla', component: AgreementTemplatePage, menu: { label: 'Plantilla del acuerdo', adminOnly: true } },
  { path: paths.dataRequests, component: DataRequestsPage, menu: { label: 'Datos personales', adminOnly: true } },
  { path: paths.audit, component: AuditPage, menu: { label: 'Auditoría', adminOnly: true } },
]
