/**
 * /equipo/entrar: ask for a sign-in link, or use a passkey. The e-mailed
 * link lands here as /equipo/entrar#token=…; the token is only spent when
 * the member presses the button (mail scanners open links, they don't click).
 */
import { useQueryClient } from '@tanstack/react-query'
import { isEmail } from '../../../domain/email.ts'
import { sessionEndpoints, signInEndpoints, type LinkComplete, type LinkRequest } from '../../../domain/workspace-api/team.ts'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { ApiError } from '../api/client.ts'
import { call } from '../api/endpoints.ts'
import { queriesOf } from '../api/query-keys.ts'
import { ActionError, Button, emailInputProps, TextField } from '../components/ui.tsx'
import { passkeyErrorMessage, signInWithPasskey } from '../lib/passkeys.ts'
import { paths, safeReturnPath } from '../paths.ts'

/** Read once, then removed from the address bar and the history. */
function takeLinkToken(): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('token')
  if (token) history.replaceState(history.state, '', location.pathname + location.search)
  return token
}

export function SignInPage() {
  const [token, setToken] = useState<string | null>(takeLinkToken)
  const [linkError, setLinkError] = useState<string | null>(null)
  const search = new URLSearchParams(useSearch())
  const signedOut = search.get('salida')
  const returnTo = safeReturnPath(search.get('volver'))
  const client = useQueryClient()
  const [, navigate] = useLocation()

  useEffect(() => {
    document.title = 'Entrar · Espacio del equipo · Catalítico'
    // A link opened in a tab already on this page changes only the fragment: no new page load.
    const onHashChange = () => {
      const next = takeLinkToken()
      if (next) {
        setLinkError(null)
        setToken(next)
      }
    }
    addEventListener('hashchange', onHashChange)
    return () => removeEventListener('hashchange', onHashChange)
  }, [])

  async function enter() {
    await client.resetQueries(queriesOf(sessionEndpoints.session))
    navigate(returnTo, { replace: true })
  }

  return (
    <main id="contenido" className="flex min-h-screen items-start justify-center bg-ink-50 px-4 py-12 sm:items-center">
      <div className="w-full max-w-md">
        <p className="mb-4 text-center text-base font-bold tracking-tight text-ink-950">
          Catalítico <span className="font-semibold text-ink-600">· Espacio del equipo</span>
        </p>
        <div className="rounded-lg border border-ink-200 bg-white p-6 shadow-sm">
          {signedOut && !token && (
            <p role="status" className="mb-4 rounded-md bg-ink-50 p-3 text-sm text-ink-800">
              {signedOut === 'todos' ? 'Cerraste sesión en todos tus dispositivos.' : 'Cerraste sesión.'}
            </p>
          )}
          {token ? (
            <CompleteLink
              token={token}
              onDone={enter}
              onInvalid={(message) => {
                setToken(null)
                setLinkError(message)
              }}
            />
          ) : (
            <>
              <h1 className="text-xl font-bold text-ink-950">Entrar al espacio del equipo</h1>
              {linkError && (
                <div role="alert" className="mt-3 rounded-md border border-danger-700/40 bg-[#fef3f2] p-3 text-sm text-danger-700">
                  <p className="font-bold">Este enlace ya no sirve</p>
                  <p className="mt-0.5">{linkError}</p>
                </div>
              )}
              <RequestLink returnTo={returnTo} />
              <div className="my-5 flex items-center gap-3 text-xs text-ink-600" aria-hidden="true">
                <span className="h-px flex-1 bg-ink-200" />o<span className="h-px flex-1 bg-ink-200" />
              </div>
              <PasskeySignIn onDone={enter} />
            </>
          )}
        </div>
        <p className="mt-4 text-center text-xs text-ink-600">Solo para el equipo del programa Media for Equity.</p>
      </div>
    </main>
  )
}

/**
 * A sign-in button's attempt: `pending` while it runs (it stays so on success, the page moves on);
 * on failure, the message `failed` gives to show under the button (null: nothing to show there).
 */
function useAttempt(attempt: () => Promise<void>, failed: (err: unknown) => string | null) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run() {
    setPending(true)
    setError(null)
    try {
      await attempt()
    } catch (err) {
      setPending(false)
      setError(failed(err))
    }
  }
  return { pending, error, run }
}

function CompleteLink({ token, onDone, onInvalid }: {
  token: string
  onDone: () => Promise<void>
  onInvalid: (message: string) => void
}) {
  const { pending, error, run: complete } = useAttempt(
    async () => {
      await call(signInEndpoints.completeLink, { body: { token } satisfies LinkComplete })
      await onDone()
    },
    (err) => {
      if (err instanceof ApiError && (err.code === 'invalid_link' || err.status === 400)) {
        onInvalid('Los enlaces para entrar sirven una sola vez y vencen a los 15 minutos (los de una invitación, a los 7 días). Pide uno nuevo con tu correo.')
        return null
      }
      return err instanceof ApiError ? err.message : 'No pudimos completar el ingreso. Inténtalo de nuevo.'
    },
  )
  return (
    <>
      <h1 className="text-xl font-bold text-ink-950">Tu enlace para entrar</h1>
      <p className="mt-2 text-sm text-ink-700">Haz clic en el botón para entrar con este enlace. Sirve una sola vez.</p>
      <Button variant="primary" className="mt-5 w-full" disabled={pending} onClick={() => void complete()}>
        {pending ? 'Entrando…' : 'Entrar al espacio del equipo'}
      </Button>
      <ActionError message={error} />
    </>
  )
}

/** `returnTo`: where the e-mailed link brings the member back (the server checks it again, ADR 0148). */
function RequestLink({ returnTo }: { returnTo: string }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [state, setState] = useState<'idle' | 'pending' | 'sent'>('idle')
  const [error, setError] = useState<string>()

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!isEmail(email)) {
      setError('Escribe un correo válido, por ejemplo nombre@empresa.co.')
      return
    }
    setError(undefined)
    setState('pending')
    try {
      await call(signInEndpoints.requestLink, { body: { email: email.trim(), ...(returnTo === paths.overview ? {} : { returnTo }) } satisfies LinkRequest })
      setState('sent')
    } catch (err) {
      setState('idle')
      setError(err instanceof ApiError ? err.message : 'No pudimos enviar el enlace. Inténtalo de nuevo.')
    }
  }

  if (state === 'sent') {
    return (
      <div role="status" className="mt-4 rounded-md bg-ink-50 p-3 text-sm text-ink-800">
        <p className="font-bold">Revisa tu correo</p>
        <p className="mt-0.5">
          Si <strong>{email.trim()}</strong> pertenece al equipo, te enviamos un enlace para entrar. Vence en 15 minutos.
        </p>
        <Button variant="ghost" className="mt-2 -ml-2" onClick={() => setState('idle')}>
          Usar otro correo
        </Button>
      </div>
    )
  }
  return (
    <form className="mt-4" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id={id}
        label="Correo del equipo"
        {...emailInputProps}
        name="email"
        autoComplete="username webauthn"
        value={email}
        error={error}
        onValue={setEmail}
      />
      <Button type="submit" variant="primary" className="w-full" disabled={state === 'pending'}>
        {state === 'pending' ? 'Enviando…' : 'Enviarme un enlace'}
      </Button>
    </form>
  )
}

function PasskeySignIn({ onDone }: { onDone: () => Promise<void> }) {
  const { pending, error, run: signIn } = useAttempt(
    async () => {
      await signInWithPasskey()
      await onDone()
    },
    (err) =>
      err instanceof ApiError && err.code === 'invalid_passkey'
        ? 'No reconocimos esa passkey. Entra con un enlace por correo y vuelve a registrarla.'
        : passkeyErrorMessage(err) ?? (err instanceof ApiError ? err.message : 'No pudimos entrar con la passkey.'),
  )
  return (
    <>
      <Button className="w-full" disabled={pending} onClick={() => void signIn()}>
        {pending ? 'Esperando tu passkey…' : 'Entrar con passkey'}
      </Button>
      <ActionError message={error} />
    </>
  )
}
