/** A table's first cell in the lists of applications: the reference, linked to the application. */
import { Link } from 'wouter'
import { paths } from '../paths.ts'

export function ReferenceCell({ item }: { item: { id: string; reference: string } }) {
  return (
    <td className="px-3 py-2 font-mono text-xs">
      <Link href={paths.application(item.id)} className="font-semibold text-ink-900 underline underline-offset-2">
        {item.reference}
      </Link>
    </td>
  )
}
