import type { SectionCopy } from '../content/landing.ts'

/**
 * The eyebrow, title and intro that open each section. `tone` sets colours
 * for light or dark backgrounds; the title's id labels the section.
 */
export function SectionHeading({
  copy,
  tone = 'light',
  align = 'left',
}: {
  copy: Omit<SectionCopy, 'id'> & { id?: string }
  tone?: 'light' | 'dark'
  align?: 'left' | 'center'
}) {
  const dark = tone === 'dark'
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className={`text-sm font-bold tracking-[0.14em] uppercase ${dark ? 'text-accent-400' : 'text-accent-700'}`}>
        {copy.eyebrow}
      </p>
      <h2
        id={copy.id ? `${copy.id}-titulo` : undefined}
        className={`mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-ink-950'}`}
      >
        {copy.title}
      </h2>
      {copy.intro && (
        <p className={`mt-4 text-lg leading-relaxed text-pretty ${dark ? 'text-ink-300' : 'text-ink-600'}`}>{copy.intro}</p>
      )}
    </div>
  )
}
