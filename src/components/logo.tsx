/**
 * The Catalítico mark: a spark (the catalyst) and two rings of reach it sets
 * off, open to the right so together they read as a C. The spark is the
 * accent colour; the rings follow `currentColor`, so the mark works on dark
 * and light backgrounds. public/favicon.svg draws the same shapes.
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 40 40" className={className}>
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="3.6">
        <path d="M31.6 8.4A16.4 16.4 0 1 0 31.6 31.6" />
        <path d="M26.4 13.6A9 9 0 1 0 26.4 26.4" opacity=".6" />
      </g>
      <circle cx="20" cy="20" r="4" className="fill-accent-500" />
    </svg>
  )
}

/** Mark and wordmark. The wordmark is text, so it is read as the brand name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark className="size-8 shrink-0" />
      <span className="text-xl font-extrabold tracking-tight">Catalítico</span>
    </span>
  )
}
