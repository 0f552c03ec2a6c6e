/**
 * The team workspace's entry (equipo.html): its own bundle, never loaded by
 * the landing page (docs/decisions/0070). A client-rendered tool behind a
 * sign-in, so nothing is prerendered.
 */
import './workspace.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { navigate } from 'wouter/use-browser-location'
import { ApiError, onUnauthenticated } from './api/client.ts'
import { WorkspaceApp } from './app.tsx'
import { WORKSPACE_BASE } from './paths.ts'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Refusals are answers, not hiccups: retry only what may pass on a second try.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      // Several people work the same pipeline: every screen refetches when shown (cached data shows meanwhile).
      staleTime: 0,
    },
  },
})

// A 401 anywhere (session ended, member deactivated): forget what was loaded and sign in again.
onUnauthenticated(() => {
  const here = location.pathname.slice(WORKSPACE_BASE.length) || '/'
  queryClient.clear()
  if (!here.startsWith('/entrar')) navigate(`${WORKSPACE_BASE}/entrar?volver=${encodeURIComponent(here + location.search)}`, { replace: true })
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <WorkspaceApp />
    </QueryClientProvider>
  </StrictMode>,
)
