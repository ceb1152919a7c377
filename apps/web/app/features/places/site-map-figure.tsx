import type { SiteMap } from "@tongjian/contracts/places";

const degrees = (value: number, positive: string, negative: string) =>
  `${value >= 0 ? positive : negative}${Math.abs(value).toFixed(2)}°`;

/**
 * The small map of a site, drawn by the server as SVG: no script, no map library. The place sits
 * in the middle, the corpus's other places around it (the page lists them as links).
 */
export function SiteMapFigure({
  name,
  lat,
  lng,
  map,
}: {
  name: string;
  lat: number;
  lng: number;
  map: SiteMap;
}) {
  const where = `${degrees(lng, "东经", "西经")}，${degrees(lat, "北纬", "南纬")}`;
  return (
    <figure className="tj-sitemap">
      <svg
        className="tj-sitemap__svg"
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-label={`${name}在地图上的位置：${where}`}
      >
        <rect className="tj-sitemap__sea" width={map.width} height={map.height} />
        {map.outline && <path className="tj-sitemap__outline" d={map.outline} />}
        <path className="tj-sitemap__grid" d={map.graticule} />
        {map.near.map((p) => (
          <g key={p.id}>
            <circle className="tj-sitemap__near" cx={p.x} cy={p.y} r={3} />
            <text
              className="tj-sitemap__label"
              x={p.x > map.width - 50 ? p.x - 5 : p.x + 5}
              y={p.y + 4}
              textAnchor={p.x > map.width - 50 ? "end" : "start"}
            >
              {p.name}
            </text>
          </g>
        ))}
        <circle className="tj-sitemap__halo" cx={map.here.x} cy={map.here.y} r={11} />
        <circle className="tj-sitemap__here" cx={map.here.x} cy={map.here.y} r={5} />
        <text className="tj-sitemap__name" x={map.here.x + 9} y={map.here.y - 8}>
          {name}
        </text>
      </svg>
      <figcaption className="tj-sitemap__caption">
        {where}。示意图：以经纬线定位，周边为本站收录的其他地点。
      </figcaption>
    </figure>
  );
}
