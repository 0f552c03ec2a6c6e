/** A glance of the overview: a panel below the others, with a link to the page that has the rest. */
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Panel } from '../../components/ui.tsx'

export function GlancePanel({ title, href, more, children }: { title: string; href: string; more: string; children: ReactNode }) {
  return (
    <Panel
      title={title}
      className="mt-5"
      actions={
        <Link href={href} className="text-sm font-semibold text-ink-900 underline underline-offset-2">
          {more}
        </Link>
      }
    >
      {children}
    </Panel>
  )
}
