/** The criteria's weights (admins): equal by default; saving recomputes every score. */
import { useId, useState, type FormEvent } from 'react'
import { SELECTION_CRITERIA } from '../../../../domain/programme.ts'
import { WEIGHT_MAX, type CriterionWeights } from '../../../../domain/scoring.ts'
import { useSaveWeights, useWeights } from '../../api/scoring-queries.ts'
import { Button, inputClass, labelClass } from '../../components/ui.tsx'

export function WeightsSettings() {
  const weights = useWeights()
  return (
    <details className="mb-4 rounded-lg border border-ink-200 bg-white p-3">
      <summary className="cursor-pointer text-sm font-semibold">Pesos de los criterios</summary>
      {weights.data && <WeightsForm key={JSON.stringify(weights.data.weights)} initial={weights.data.weights} />}
    </details>
  )
}

function WeightsForm({ initial }: { initial: CriterionWeights }) {
  const id = useId()
  const [values, setValues] = useState(() => Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, String(v)])))
  const [message, setMessage] = useState<string>()
  const save = useSaveWeights()
  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v.replace(',', '.'))])) as CriterionWeights
    if (Object.values(parsed).some((w) => !(w > 0 && w <= WEIGHT_MAX))) return setMessage(`Cada peso debe ser mayor que 0 y como máximo ${WEIGHT_MAX}.`)
    save.mutate(parsed, {
      onSuccess: () => setMessage('Pesos guardados: todos los puntajes se recalcularon.'),
      onError: (error) => setMessage(error.message),
    })
  }
  return (
    <form className="mt-3" onSubmit={submit} noValidate>
      <p className="text-sm text-ink-700">El puntaje de cada evaluación es el promedio ponderado de los cinco criterios.</p>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-5">
        {SELECTION_CRITERIA.map((c) => (
          <div key={c.key}>
            <label htmlFor={`${id}-${c.key}`} className={labelClass}>{c.title}</label>
            <input
              id={`${id}-${c.key}`}
              inputMode="decimal"
              className={`${inputClass} mt-1`}
              value={values[c.key]}
              onChange={(e) => setValues({ ...values, [c.key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="mt-2 flex items-center gap-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>Guardar pesos</Button>
        {message && <span role="status" className="text-sm">{message}</span>}
      </div>
    </form>
  )
}
