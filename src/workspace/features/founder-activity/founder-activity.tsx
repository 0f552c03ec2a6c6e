/**
 * The badge of founders' activity (ADR 0142): what a founder did since the
 * member last opened the application (a document uploaded, a withdrawal, a
 * deletion request), for the members concerned. Shown on the application in
 * the list and as a count in the menu; opening the application marks it seen.
 */
import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { founderActivityEndpoints as founderActivity, type UnseenFounderActivity } from '../../../../domain/workspace-api/founder-activity.ts'
import { call } from '../../api/endpoints.ts'
import { endpointQuery } from '../../api/read.ts'
import { queriesOf } from '../../api/query-keys.ts'

export function useFounderActivity() {
  return useQuery({ ...endpointQuery(founderActivity.summary), refetchInterval: 60_000 })
}

/** The unseen activity of one application, or null. */
export function useUnseenFor(applicationId: string): UnseenFounderActivity | null {
  return useFounderActivity().data?.items.find((i) => i.applicationId === applicationId) ?? null
}

/** Opening an application marks its activity seen (once per visit). */
export function useMarkSeen(applicationId: string, ready: boolean) {
  const client = useQueryClient()
  const { mutate } = useMutation({
    mutationFn: () => call(founderActivity.seen, { params: { id: applicationId }, body: {} }),
    onSuccess: () => void client.invalidateQueries(queriesOf(founderActivity.summary)),
  })
  useEffect(() => {
    if (ready) mutate()
  }, [applicationId, ready, mutate])
}

/** "Novedad: Subió un documento", said in words (never colour alone). */
export function ActivityBadge({ activity }: { activity: UnseenFounderActivity }) {
  return (
    <span className="mt-1 inline-flex items-baseline gap-1 rounded-md border border-accent-700 bg-accent-50 px-2 py-0.5 text-xs font-bold text-accent-700">
      <span aria-hidden="true">●</span>
      Novedad: {activity.labels.join(', ')}
    </span>
  )
}

/** The menu's count: applications with unseen activity. */
export function ActivityCount() {
  const count = useFounderActivity().data?.count ?? 0
  if (count === 0) return null
  return (
    <span className="ml-1.5 inline-block min-w-5 rounded-full bg-accent-700 px-1.5 text-center text-xs leading-5 font-bold text-white">
      {count}
      <span className="sr-only"> {count === 1 ? 'postulación con novedades' : 'postulaciones con novedades'}</span>
    </span>
  )
}
