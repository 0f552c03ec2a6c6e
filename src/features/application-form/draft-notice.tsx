import { formatDateTime, sentence } from '../../../domain/format.ts'

/** Tells the founder that the values on screen come from a saved draft, and lets them start over. */
export function DraftNotice({ savedAt, onDiscard }: { savedAt: number; onDiscard: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-ink-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <p className="text-[0.9375rem] text-ink-800">
        <strong className="font-semibold text-ink-950">Recuperamos tu borrador</strong> {sentence(`guardado el ${formatDateTime(savedAt)}`)} Revisa
        los datos y envíalos cuando quieras.
      </p>
      <button
        type="button"
        onClick={onDiscard}
        className="inline-flex h-11 shrink-0 items-center justify-center rounded-full border border-ink-200 bg-white px-5 text-sm font-bold text-ink-900 hover:border-ink-400"
      >
        Descartar borrador
      </button>
    </div>
  )
}
