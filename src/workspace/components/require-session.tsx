/**
 * Renders its children only for a signed-in member, and gives them the
 * member (useMember). Without a session the API's 401 sends the member to
 * the sign-in page (main.tsx); this also covers a first visit.
 */
import { createContext, useContext, type ReactNode } from 'react'
import { Redirect, useLocation, useSearch } from 'wouter'
import { ApiError } from '../api/client.ts'
import { useSession } from '../api/queries.ts'
import type { SessionMember } from '../../../domain/workspace-api/team.ts'
import { paths } from '../paths.ts'
import { Loading, QueryError } from './ui.tsx'

const MemberContext = createContext<SessionMember | null>(null)

export function useMember(): SessionMember {
  const member = useContext(MemberContext)
  if (!member) throw new Error('useMember outside RequireSession')
  return member
}

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession()
  const [location] = useLocation()
  const search = useSearch()
  if (session.isPending) return <Loading label="Comprobando tu sesión…" />
  if (session.error) {
    if (session.error instanceof ApiError && session.error.status === 401) {
      const back = location + (search ? `?${search}` : '')
      return <Redirect to={`${paths.signIn}?volver=${encodeURIComponent(back)}`} replace />
    }
    return (
      <main className="mx-auto max-w-xl p-6">
        <QueryError error={session.error} retry={() => void session.refetch()} />
      </main>
    )
  }
  return <MemberContext.Provider value={session.data.member}>{children}</MemberContext.Provider>
}
