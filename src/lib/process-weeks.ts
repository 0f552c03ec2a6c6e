import type { ProcessStage } from '../../domain/programme.ts'

/**
 * The longest the whole process can take, in weeks, summed from the stages'
 * durations ('2 semanas', '1 semana', 'Hasta 2 semanas'), so the headline
 * figure follows domain/programme.ts when a stage changes.
 */
export function maxProcessWeeks(stages: readonly Pick<ProcessStage, 'duration'>[]): number {
  return stages.reduce((total, stage) => {
    const match = /(\d+)\s+semanas?\b/i.exec(stage.duration)
    if (!match) throw new Error(`Stage duration is not in weeks: ${JSON.stringify(stage.duration)}`)
    return total + Number(match[1])
  }, 0)
}
