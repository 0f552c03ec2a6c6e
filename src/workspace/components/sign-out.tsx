/** "Cerrar sesión" (this device) and "Cerrar sesión en todos los dispositivos". */
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { ApiError, setCsrfToken } from '../api/client.ts'
import { notify } from '../../lib/toast.tsx'
import { paths } from '../paths.ts'
import { Button } from './ui.tsx'
import { call } from '../api/endpoints.ts'
import { sessionEndpoints } from '../../../domain/workspace-api/team.ts'

function useSignOut() {
  const client = useQueryClient()
  const [, navigate] = useLocation()
  const [pending, setPending] = useState(false)
  return {
    pending,
    signOut: async (everywhere: boolean) => {
      setPending(true)
      try {
        await call(everywhere ? sessionEndpoints.logoutAll : sessionEndpoints.logout, { body: {} })
      } catch (err) {
        // A session that has already ended is signed out all the same.
        if (!(err instanceof ApiError && err.status === 401)) {
          setPending(false)
          notify('error', { title: 'No pudimos cerrar la sesión', description: (err as Error).message })
          return
        }
      }
      setCsrfToken(null)
      client.clear()
      navigate(`${paths.signIn}?salida=${everywhere ? 'todos' : '1'}`, { replace: true })
    },
  }
}

export function SignOutButton({ inverse = false }: { inverse?: boolean }) {
  const { pending, signOut } = useSignOut()
  return (
    <Button variant={inverse ? 'inverse' : 'secondary'} disabled={pending} onClick={() => void signOut(false)}>
      Cerrar sesión
    </Button>
  )
}

export function SignOutEverywhereButton() {
  const { pending, signOut } = useSignOut()
  return (
    <Button variant="secondary" disabled={pending} onClick={() => void signOut(true)}>
      Cerrar sesión en todos los dispositivos
    </Button>
  )
}
