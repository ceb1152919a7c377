/**
 * The bamboo tube of lots, drawn as SVG. While `shaking` it rocks (CSS; still for readers who
 * ask for reduced motion) and, once `drawn`, one stick rises out of it.
 */
export function LotTube({ shaking, drawn }: { shaking: boolean; drawn: boolean }) {
  const sticks = [-30, -18, -6, 6, 18, 30];
  return (
    <div
      className="tj-lot-tube"
      data-shaking={shaking}
      data-drawn={drawn}
      data-testid="lot-tube"
      aria-hidden="true"
    >
      <svg viewBox="0 0 160 200" width="160" height="200" role="presentation">
        <g className="tj-lot-tube__body">
          {sticks.map((x, i) => (
            <rect
              key={x}
              x={77 + x}
              y={36 + (i % 3) * 6}
              width="7"
              height="110"
              rx="2"
              fill="#d9a441"
              stroke="#8a5a1c"
            />
          ))}
          <rect
            className="tj-lot-tube__stick"
            x="76"
            y="30"
            width="9"
            height="110"
            rx="2"
            fill="#c0392b"
            stroke="#7d1f16"
          />
          <path d="M38 84 h84 l-8 108 h-68z" fill="#6b8e3a" stroke="#3f5a1e" strokeWidth="3" />
          <path d="M42 110 h76 M45 150 h70" stroke="#3f5a1e" strokeWidth="3" />
          <text x="80" y="138" textAnchor="middle" fontSize="22" fill="#fdf3d6" fontWeight="700">
            签
          </text>
        </g>
      </svg>
    </div>
  );
}
