/**
 * The member's own review: the five criteria (SELECTION_CRITERIA) scored 1
 * to 5 as radio groups, optional comments, a recommendation and an overall
 * comment; checked with ReviewInputSchema, the server's own schema.
 */
import { useId, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { SELECTION_CRITERIA, type CriterionKey } from '../../../../domain/programme.ts'
import {
  RECOMMENDATION_LABELS,
  RECOMMENDATIONS,
  ReviewInputSchema,
  SCORE_COMMENT_MAX,
  SCORE_MAX,
  SCORE_MIN,
  type Recommendation,
} from '../../../../domain/review.ts'
import { notify } from '../../../lib/toast.tsx'
import { useSubmitReview } from '../../api/queries.ts'
import type { Review } from '../../../../domain/workspace-api/review.ts'
import { Button, FieldError, inputClass, labelClass, Panel } from '../../components/ui.tsx'
import { internal } from '../../components/field-audience.ts'

const SCORES = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => SCORE_MIN + i)
const SCALE_HINT = `${SCORE_MIN} = muy débil · ${SCORE_MAX} = excelente`

type Errors = Partial<Record<CriterionKey | 'recommendation' | 'form', string>>

export function ReviewForm({ applicationId, mine }: { applicationId: string; mine: Review | null }) {
  const id = useId()
  const [scores, setScores] = useState<Partial<Record<CriterionKey, number>>>(() => ({ ...mine?.scores }))
  const [comments, setComments] = useState<Partial<Record<CriterionKey, string>>>(() => ({ ...mine?.comments }))
  const [recommendation, setRecommendation] = useState<Recommendation | ''>(mine?.recommendation ?? '')
  const [overall, setOverall] = useState(mine?.overallComment ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const submit = useSubmitReview(applicationId)

  function onSubmit(e: FormEvent) {
    e.preventDefault()
    const input = {
      scores,
      comments: Object.fromEntries(SELECTION_CRITERIA.map((c) => [c.key, comments[c.key] ?? ''])),
      recommendation,
      overallComment: overall,
    }
    const result = v.safeParse(ReviewInputSchema, input)
    if (!result.success) {
      const next: Errors = {}
      for (const issue of result.issues) {
        const path = (issue.path ?? []).map((p) => String(p.key))
        if (path[0] === 'scores' && path[1]) next[path[1] as CriterionKey] ??= `Elige un puntaje de ${SCORE_MIN} a ${SCORE_MAX}.`
        else if (path[0] === 'recommendation') next.recommendation = 'Elige una recomendación.'
        else if (path[0] === 'comments' && path[1]) next[path[1] as CriterionKey] ??= `El comentario admite hasta ${SCORE_COMMENT_MAX} caracteres.`
        else next.form ??= 'Revisa la evaluación.'
      }
      setErrors(next)
      const first = SELECTION_CRITERIA.find((c) => next[c.key])
      document.getElementById(first ? `${id}-${first.key}-${SCORE_MIN}` : `${id}-rec-${RECOMMENDATIONS[0]}`)?.focus()
      return
    }
    setErrors({})
    submit.mutate(result.output, {
      onSuccess: () =>
        notify('success', {
          title: mine ? 'Evaluación actualizada' : 'Evaluación enviada',
          description: 'Ya puedes ver las evaluaciones del equipo.',
        }),
      onError: (err) => notify('error', { title: 'No pudimos guardar tu evaluación', description: err.message }),
    })
  }

  return (
    <Panel title={mine ? 'Tu evaluación' : 'Evalúa esta postulación'}>
      <form onSubmit={onSubmit} noValidate aria-describedby={`${id}-hint`}>
        <p id={`${id}-hint`} className="text-xs text-ink-600">
          Cada criterio de {SCALE_HINT}.
        </p>
        {SELECTION_CRITERIA.map((criterion) => (
          <fieldset
            key={criterion.key}
            className="mt-3 border-t border-ink-100 pt-2.5"
            aria-describedby={`${id}-${criterion.key}-error`}
            aria-invalid={errors[criterion.key] ? true : undefined}
          >
            <legend className="text-sm font-semibold text-ink-900">{criterion.title}</legend>
            <div className="mt-2 flex gap-1.5">
              {SCORES.map((score) => (
                <label key={score} htmlFor={`${id}-${criterion.key}-${score}`} className="cursor-pointer">
                  <input
                    id={`${id}-${criterion.key}-${score}`}
                    type="radio"
                    name={`${id}-${criterion.key}`}
                    value={score}
                    className="peer sr-only"
                    checked={scores[criterion.key] === score}
                    onChange={() => setScores((s) => ({ ...s, [criterion.key]: score }))}
                  />
                  <span className="flex size-9 items-center justify-center rounded-md border border-ink-300 bg-white text-sm font-semibold text-ink-800 peer-checked:border-ink-900 peer-checked:bg-ink-900 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-600 hover:border-ink-600">
                    {score}
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={`${id}-${criterion.key}-error`} message={errors[criterion.key]} />
            <label htmlFor={`${id}-${criterion.key}-comment`} className="text-xs font-semibold text-ink-700">
              {internal(`Comentario sobre «${criterion.title}»`, { optional: true })}
            </label>
            <textarea
              id={`${id}-${criterion.key}-comment`}
              rows={1}
              maxLength={SCORE_COMMENT_MAX}
              className={`${inputClass} mt-1`}
              value={comments[criterion.key] ?? ''}
              onChange={(e) => setComments((c) => ({ ...c, [criterion.key]: e.target.value }))}
            />
          </fieldset>
        ))}
        <fieldset className="mt-4 border-t border-ink-100 pt-3" aria-describedby={`${id}-rec-error`}>
          <legend className="text-sm font-semibold text-ink-900">Recomendación</legend>
          <div className="mt-2 flex flex-col gap-1.5">
            {RECOMMENDATIONS.map((value) => (
              <div key={value} className="flex items-center gap-2">
                <input
                  id={`${id}-rec-${value}`}
                  type="radio"
                  name={`${id}-recommendation`}
                  className="size-4 accent-ink-900"
                  checked={recommendation === value}
                  onChange={() => setRecommendation(value)}
                />
                <label htmlFor={`${id}-rec-${value}`} className="text-sm">
                  {RECOMMENDATION_LABELS[value]}
                </label>
              </div>
            ))}
          </div>
          <FieldError id={`${id}-rec-error`} message={errors.recommendation} />
        </fieldset>
        <label htmlFor={`${id}-overall`} className={labelClass}>
          {internal('Comentario general', { optional: true })}
        </label>
        <textarea
          id={`${id}-overall`}
          rows={3}
          maxLength={SCORE_COMMENT_MAX}
          className={`${inputClass} mt-1`}
          value={overall}
          onChange={(e) => setOverall(e.target.value)}
        />
        {errors.form && <FieldError id={`${id}-form-error`} message={errors.form} />}
        <Button type="submit" variant="primary" className="mt-4 w-full" disabled={submit.isPending}>
          {submit.isPending ? 'Guardando…' : mine ? 'Actualizar mi evaluación' : 'Enviar evaluación'}
        </Button>
      </form>
    </Panel>
  )
}
