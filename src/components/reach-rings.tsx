/**
 * The brand's abstract picture of reach: a spark and the rings it sets off,
 * like a signal spreading. Pure SVG and CSS: no image request, no layout
 * shift, crisp at any size. Decorative, so hidden from assistive technology.
 */
const RINGS = [
  { r: 92, opacity: 0.5 },
  { r: 150, opacity: 0.34 },
  { r: 208, opacity: 0.22 },
  { r: 266, opacity: 0.13 },
] as const

export function ReachRings({ className = '', spark = true }: { className?: string; spark?: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="-300 -300 600 600" className={className}>
      <g fill="none" stroke="currentColor">
        {RINGS.map((ring) => (
          <circle key={ring.r} r={ring.r} strokeWidth="1.5" opacity={ring.opacity} />
        ))}
        {/* Arcs of signal leaving the spark, a touch brighter than the rings. */}
        <path d="M-34 -120A125 125 0 0 1 120 -34" strokeWidth="3" strokeLinecap="round" opacity=".7" />
        <path d="M-62 -174A185 185 0 0 1 174 -62" strokeWidth="3" strokeLinecap="round" opacity=".45" />
        <circle r="42" strokeWidth="1.5" strokeDasharray="2 7" opacity=".6" />
      </g>
      {spark && (
        <>
          <circle r="22" className="fill-accent-500" />
          <circle r="34" className="fill-accent-500" opacity=".18" />
        </>
      )}
    </svg>
  )
}
