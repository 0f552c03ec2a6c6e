import type { ReactNode } from 'react'
import type { CountryCode } from '../content/landing.ts'

/*
 * Simplified national flags, drawn small (3:2 box, Union Jack 2:1 cropped).
 * Inline SVG because emoji flags do not render on Windows.
 */
const FLAGS: Record<CountryCode, ReactNode> = {
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  fr: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#002654" />
      <rect x="20" width="10" height="20" fill="#ce1126" />
    </>
  ),
  gb: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.6" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.4" />
    </>
  ),
  br: (
    <>
      <rect width="30" height="20" fill="#009c3b" />
      <path d="M15 2.5L27 10 15 17.5 3 10z" fill="#ffdf00" />
      <circle cx="15" cy="10" r="4.3" fill="#002776" />
    </>
  ),
}

export function Flag({ code, className = 'h-6 w-9' }: { code: CountryCode; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 30 20" className={`rounded-[3px] ring-1 ring-ink-950/10 ${className}`}>
      {FLAGS[code]}
    </svg>
  )
}
