/*
 * Line icons drawn for this page on a 24-unit grid (2-unit stroke, round
 * joins). A few shapes each: an icon library would ship far more code than
 * the twenty we use. A shape is a path's `d`, a circle [cx, cy, r] or a
 * rectangle [x, y, width, height, rx].
 */
type Shape = string | { circle: readonly [number, number, number] } | { rect: readonly [number, number, number, number, number] }

const SHAPES = {
  trending: ['M3 17l6-6 4 4 8-8', 'M14 7h7v7'],
  users: [{ circle: [9, 7, 4] }, 'M2 21v-1.5A4.5 4.5 0 0 1 6.5 15h5a4.5 4.5 0 0 1 4.5 4.5V21', 'M16 3.2a4 4 0 0 1 0 7.6', 'M22 21v-1.5a4.5 4.5 0 0 0-3-4.2'],
  pie: ['M21.2 15.9A10 10 0 1 1 8 2.8', 'M22 12A10 10 0 0 0 12 2v10z'],
  newspaper: ['M4 4h12a1 1 0 0 1 1 1v14a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2z', 'M17 9h3a1 1 0 0 1 1 1v9a2 2 0 0 1-2 2', 'M8 8h5M8 12h5M8 16h3'],
  globe: [{ circle: [12, 12, 10] }, 'M2 12h20', 'M12 2a15 15 0 0 1 4 10 15 15 0 0 1-4 10 15 15 0 0 1-4-10 15 15 0 0 1 4-10z'],
  tv: [{ rect: [2, 7, 20, 14, 2] }, 'M17 2l-5 5-5-5'],
  radio: [{ circle: [12, 12, 2] }, 'M16.2 7.8a6 6 0 0 1 0 8.4M7.8 16.2a6 6 0 0 1 0-8.4', 'M19.1 4.9a10 10 0 0 1 0 14.2M4.9 19.1a10 10 0 0 1 0-14.2'],
  compass: [{ circle: [12, 12, 10] }, 'M16.2 7.8l-2.1 6.3-6.3 2.1 2.1-6.3z'],
  check: ['M20 6L9 17l-5-5'],
  megaphone: ['M3 10v4a1 1 0 0 0 1 1h2l6 4V5L6 9H4a1 1 0 0 0-1 1z', 'M16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12'],
  target: [{ circle: [12, 12, 10] }, { circle: [12, 12, 6] }, { circle: [12, 12, 2] }],
  lightbulb: ['M9 18h6M10 22h4', 'M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2V17h6v-.3c0-.8.4-1.5 1-2A7 7 0 0 0 12 2z'],
  chart: ['M3 3v18h18', 'M8 16v-4M13 16V8M18 16v-6'],
  calendar: [{ rect: [3, 4, 18, 18, 2] }, 'M16 2v4M8 2v4M3 10h18'],
  clock: [{ circle: [12, 12, 10] }, 'M12 6v6l4 2'],
  arrowRight: ['M5 12h14M13 6l6 6-6 6'],
  arrowDown: ['M12 5v14M6 13l6 6 6-6'],
  externalLink: ['M15 3h6v6M10 14L21 3', 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6'],
  fileText: ['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6M8 13h8M8 17h8'],
  message: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
} satisfies Record<string, readonly Shape[]>

export type IconName = keyof typeof SHAPES

/** A decorative icon: hidden from assistive technology, sized by `className`. */
export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {SHAPES[name].map(drawShape)}
    </svg>
  )
}

function drawShape(shape: Shape, i: number) {
  if (typeof shape === 'string') return <path key={i} d={shape} />
  if ('circle' in shape) {
    const [cx, cy, r] = shape.circle
    return <circle key={i} cx={cx} cy={cy} r={r} />
  }
  const [x, y, width, height, rx] = shape.rect
  return <rect key={i} x={x} y={y} width={width} height={height} rx={rx} />
}
