/**
 * A field's error message. Always rendered, one line tall when empty, so a
 * message appearing does not push the rest of the form down.
 */
export function ErrorLine({ id, message, className = '' }: { id: string; message: string | undefined; className?: string }) {
  return (
    <p id={id} className={`flex min-h-5 items-start gap-1.5 text-sm leading-5 font-medium text-danger-700 ${className}`}>
      {message && (
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-px size-4 shrink-0 fill-current">
            <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm0 4a1 1 0 0 1 1 1v4a1 1 0 1 1-2 0v-4a1 1 0 0 1 1-1Zm0 7.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z" />
          </svg>
          <span>{message}</span>
        </>
      )}
    </p>
  )
}
