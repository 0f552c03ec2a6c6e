import type { ReactNode } from 'react'
import type { Card } from '../content/landing.ts'
import { Icon } from './icon.tsx'

/**
 * A card of the landing page's lists: icon, short title, one or two lines.
 * Icon beside the text on phones (shorter page), above it from `sm` up.
 */
export function IconCard({ card }: { card: Card }) {
  return (
    <div className="flex h-full gap-4 rounded-2xl border border-ink-100 bg-white p-5 shadow-[0_1px_2px_rgba(6,13,31,0.04)] sm:block sm:p-6">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700 sm:size-12">
        <Icon name={card.icon} className="size-6" />
      </span>
      <div>
        <h3 className="text-lg leading-snug font-bold text-ink-950 sm:mt-5">{card.title}</h3>
        <p className="mt-1.5 leading-relaxed text-ink-600 sm:mt-2">{card.text}</p>
      </div>
    </div>
  )
}

/** A list of IconCards, one item each; `children`: items that follow them. */
export function IconCardList({ cards, className, children }: { cards: readonly Card[]; className: string; children?: ReactNode }) {
  return (
    <ul className={className}>
      {cards.map((card) => (
        <li key={card.title}>
          <IconCard card={card} />
        </li>
      ))}
      {children}
    </ul>
  )
}
