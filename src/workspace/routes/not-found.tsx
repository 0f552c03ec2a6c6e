import { Link } from 'wouter'
import { PageHeader } from '../components/ui.tsx'
import { useTitle } from '../lib/use-title.ts'
import { paths } from '../paths.ts'

export function NotFoundPage() {
  useTitle('Página no encontrada')
  return (
    <>
      <PageHeader title="Página no encontrada" description="Esta dirección no existe en el espacio del equipo." />
      <Link href={paths.overview} className="text-sm font-semibold underline underline-offset-2">
        Ir al resumen
      </Link>
    </>
  )
}
