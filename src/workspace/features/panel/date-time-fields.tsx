/**
 * A date input and a time input read on Bogotá's clock (offer-values.ts
 * bogotaInstant): each with its own label, both marked invalid and described
 * by the same error (and warnings) when the pair is wrong.
 */
import { cn, inputClass } from '../../components/ui.tsx'

const LABEL = 'block text-xs font-semibold text-ink-800'

export function DateTimeFields({ dayId, timeId, day, time, onDay, onTime, invalid, describedBy, labelSuffix }: {
  dayId: string
  timeId: string
  day: string
  time: string
  onDay: (value: string) => void
  onTime: (value: string) => void
  invalid: boolean
  describedBy: string
  /** Heard, not seen, after "Fecha" and "Hora" (" del horario 2"), where several pairs share a form. */
  labelSuffix?: string
}) {
  const common = { 'aria-invalid': invalid ? true : undefined, 'aria-describedby': describedBy }
  const suffix = labelSuffix ? <span className="sr-only">{labelSuffix}</span> : null
  return (
    <>
      {/* The wrappers hold the minimum widths (not the inputs), so the row's flex-wrap puts the time under the date on a narrow screen instead of one over the other. */}
      <div className="max-w-72 min-w-40 flex-[1_1_10rem]">
        <label htmlFor={dayId} className={LABEL}>
          Fecha{suffix}
        </label>
        <input id={dayId} type="date" className={cn(inputClass, 'mt-0.5')} value={day} {...common} onChange={(e) => onDay(e.target.value)} />
      </div>
      <div className="w-32 shrink-0">
        <label htmlFor={timeId} className={LABEL}>
          Hora{suffix}
        </label>
        <input id={timeId} type="time" step={300} className={cn(inputClass, 'mt-0.5')} value={time} {...common} onChange={(e) => onTime(e.target.value)} />
      </div>
    </>
  )
}
