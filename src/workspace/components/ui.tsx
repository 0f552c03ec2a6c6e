/**
 * The workspace's primitives: plain functions over native elements, styled
 * with the site's tokens. Dense and calm: small type, clear borders, the
 * accent only for the primary action and focus.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { ApiError } from '../api/client.ts'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'inverse'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-ink-900 text-white hover:bg-ink-700 border border-ink-900',
  secondary: 'bg-white text-ink-900 border border-ink-300 hover:bg-ink-50',
  danger: 'bg-danger-700 text-white border border-danger-700 hover:bg-[#912018]',
  ghost: 'bg-transparent text-ink-800 border border-transparent hover:bg-ink-100',
  /** On the dark header. */
  inverse: 'bg-ink-800 text-white border border-ink-500 hover:bg-ink-700',
}

export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ')
}

export function Button({
  variant = 'secondary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}

export const inputClass =
  'block w-full rounded-md border border-ink-300 bg-white px-2.5 py-1.5 text-sm text-ink-900 placeholder:text-ink-500 aria-invalid:border-danger-700'

export const labelClass = 'block text-sm font-semibold text-ink-800'

export function Panel({ title, children, className, actions, headingLevel = 2 }: {
  title?: string
  children: ReactNode
  className?: string
  actions?: ReactNode
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className={cn('rounded-lg border border-ink-200 bg-white p-4', className)} aria-label={title}>
      {title && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <Heading className="text-base font-bold text-ink-900">{title}</Heading>
          {actions}
        </div>
      )}
      {children}
    </section>
  )
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <p role="status" className="py-8 text-center text-sm text-ink-600">
      {label}
    </p>
  )
}

/** What a failed read shows: "no permission" for a 403, the server's Spanish message otherwise. */
export function QueryError({ error, retry }: { error: unknown; retry?: () => void }) {
  if (error instanceof ApiError && error.status === 403) return <Forbidden />
  const message = error instanceof ApiError ? error.message : 'Algo salió mal. Inténtalo de nuevo.'
  return (
    <div role="alert" className="rounded-lg border border-danger-700/40 bg-white p-4 text-sm">
      <p className="font-semibold text-danger-700">{message}</p>
      {retry && (
        <Button className="mt-3" onClick={retry}>
          Reintentar
        </Button>
      )}
    </div>
  )
}

/**
 * A read that is not there yet: "Cargando…" while it is pending, else the
 * failure with a retry. `if (!query.isSuccess) return <QueryWaiting query={query} />`
 * leaves the data to what follows.
 */
export function QueryWaiting({ query }: { query: UseQueryResult<unknown> }) {
  return query.isError ? <QueryError error={query.error} retry={() => void query.refetch()} /> : <Loading />
}

/**
 * A read's three states in one place: "Cargando…" while it is pending, the
 * failure with a retry, then what `children` draws from its data.
 */
export function QueryView<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (!query.isSuccess) return <QueryWaiting query={query} />
  return <>{children(query.data)}</>
}

/** QueryView for a list: `empty` in place of the list when it has no items. */
export function ListView<T extends { items: readonly unknown[] }>({ query, empty, children }: {
  query: UseQueryResult<T>
  empty: ReactNode
  children: (data: T) => ReactNode
}) {
  return <QueryView query={query}>{(data) => (data.items.length === 0 ? empty : children(data))}</QueryView>
}

/** A table's caption, for screen readers, and its row of column heads (`children`: the `th`s), in small capitals. */
export function TableHead({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-ink-200 text-xs text-ink-600 uppercase">
        <tr>{children}</tr>
      </thead>
    </>
  )
}

/** A short note in a box of its own: what a list says when it is empty, or what it leaves out (`centered`: roomier, the text centred). */
export function BoxedNote({ centered = false, children }: { centered?: boolean; children: ReactNode }) {
  return <p className={cn('rounded-lg border border-ink-200 bg-white text-sm text-ink-700', centered ? 'p-6 text-center' : 'p-4')}>{children}</p>
}

export function Forbidden() {
  return (
    <div role="alert" className="rounded-lg border border-ink-200 bg-white p-6">
      <h2 className="text-lg font-bold text-ink-950">No tienes permiso</h2>
      <p className="mt-1 text-sm text-ink-700">
        Esta sección es solo para administradores del equipo. Si la necesitas, pídele acceso a un administrador.
      </p>
    </div>
  )
}

/** A field's error, kept in the layout so the form does not jump when it appears. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return (
    <p id={id} className="mt-1 min-h-5 text-xs font-semibold text-danger-700">
      {message}
    </p>
  )
}

/** A required text field's check when its form is sent: sets or clears the field's error; true when it is filled in. */
export function filledIn(value: string, setError: (message: string | undefined) => void, message: string): boolean {
  const filled = value.trim() !== ''
  setError(filled ? undefined : message)
  return filled
}

/** An action's failure, said under its button (a field's error goes in FieldError). */
export function ActionError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="mt-3 text-sm font-semibold text-danger-700">
      {message}
    </p>
  )
}

/** What an e-mail address field asks of the keyboard: the e-mail layout, no capitals, no spelling fixes. */
export const emailInputProps = { type: 'text', inputMode: 'email', autoCapitalize: 'none', spellCheck: false } as const

type FieldProps = { id: string; label: ReactNode; error: string | undefined; onValue: (value: string) => void }

/** The label, the control and its error, tied together for assistive technology. */
function Field({ id, label, error, children }: Omit<FieldProps, 'onValue'> & { children: ReactNode }) {
  return (
    <>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </>
  )
}

function controlProps({ id, error, onValue }: Omit<FieldProps, 'label'>) {
  return {
    id,
    className: `${inputClass} mt-1`,
    'aria-invalid': error !== undefined,
    'aria-describedby': `${id}-error`,
    onChange: (e: { target: { value: string } }) => onValue(e.target.value),
  }
}

/** A labelled one-line text field with its error under it. */
export function TextField({ id, label, error, onValue, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <Field id={id} label={label} error={error}>
      <input {...input} {...controlProps({ id, error, onValue })} />
    </Field>
  )
}

/** A labelled text area with its error under it. */
export function TextAreaField({ id, label, error, onValue, ...area }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>) {
  return (
    <Field id={id} label={label} error={error}>
      <textarea {...area} {...controlProps({ id, error, onValue })} />
    </Field>
  )
}
