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
              style={{ fill: "var(--tj-lot-bamboo)", stroke: "var(--tj-lot-bamboo-edge)" }}
            />
          ))}
          <rect
            className="tj-lot-tube__stick"
            x="76"
            y="30"
            width="9"
            height="110"
            rx="2"
            style={{ fill: "var(--tj-lot-stick)", stroke: "var(--tj-lot-stick-edge)" }}
          />
          <path
            d="M38 84 h84 l-8 108 h-68z"
            strokeWidth="3"
            style={{ fill: "var(--tj-lot-tube)", stroke: "var(--tj-lot-tube-edge)" }}
          />
          <path
            d="M42 110 h76 M45 150 h70"
            strokeWidth="3"
            style={{ stroke: "var(--tj-lot-tube-edge)" }}
          />
          <text
            x="80"
            y="138"
            textAnchor="middle"
            fontSize="22"
            fontWeight="700"
            style={{ fill: "var(--tj-lot-label)" }}
          >
            签
          </text>
        </g>
      </svg>
    </div>
  );
}
