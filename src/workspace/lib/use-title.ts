import { useEffect } from 'react'

/** Each screen names itself in the tab and for screen readers' page announcements. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Espacio del equipo · Catalítico`
  }, [title])
}
