import type { AnchorHTMLAttributes, ReactNode } from 'react'

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-bold transition-colors duration-150 motion-reduce:transition-none'

const VARIANTS = {
  /** The one strong action colour: dark text on the accent (contrast 6.7:1). */
  primary: 'bg-accent-500 text-ink-950 hover:bg-accent-400 active:bg-accent-300',
  /** A quiet companion to `primary` on dark backgrounds. */
  outlineOnDark: 'border border-white/25 text-white hover:border-white/60 hover:bg-white/5',
  /** A quiet companion on light backgrounds. */
  outline: 'border border-ink-200 bg-white text-ink-900 hover:border-ink-400',
} as const

const SIZES = {
  /** Compact on phones, where the header shares 360 px with the logo. */
  compact: 'h-10 px-4 text-sm sm:h-11 sm:px-5 sm:text-[0.9375rem]',
  md: 'h-11 px-5 text-[0.9375rem]',
  lg: 'h-13 px-7 text-base',
} as const

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string
  variant?: keyof typeof VARIANTS
  size?: keyof typeof SIZES
  children: ReactNode
}

/**
 * A link that looks like a button. Every action on the landing page is a
 * link to an anchor, so it works, and scrolls smoothly, without JavaScript.
 */
export function ButtonLink({ variant = 'primary', size = 'md', className = '', children, ...props }: ButtonLinkProps) {
  return (
    <a className={`${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`} {...props}>
      {children}
    </a>
  )
}
