/**
 * Plain planar helpers for lng/lat polygons shared by the base map's build and the territory
 * composer. Polygons leave here wound the way d3-geo reads them on the sphere: outer rings
 * clockwise, holes counter-clockwise (RFC 7946 asks the opposite, but renderers that follow it,
 * MapLibre and turf among them, do not depend on it, while d3-geo fills the rest of the globe
 * when an outer ring runs the other way).
 */

export type Position = [number, number];
export type Ring = Position[];
export type Polygon = Ring[];
export type MultiPolygonCoords = Polygon[];

/** Twice the signed planar area (positive = counter-clockwise with north up). */
export function ringArea2(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i += 1) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[(i + 1) % n] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Planar area in square degrees (holes subtracted). */
export function polygonArea(polygon: readonly Ring[]): number {
  let area = 0;
  polygon.forEach((ring, i) => {
    const a = Math.abs(ringArea2(ring)) / 2;
    area += i === 0 ? a : -a;
  });
  return area;
}

export function multiPolygonArea(polygons: readonly Polygon[]): number {
  return polygons.reduce((sum, p) => sum + polygonArea(p), 0);
}

/** Outer rings clockwise, holes counter-clockwise (d3-geo's winding). */
export function rewindForD3(polygons: MultiPolygonCoords): MultiPolygonCoords {
  return polygons.map((polygon) =>
    polygon.map((ring, i) => {
      const ccw = ringArea2(ring) > 0;
      const wantCcw = i > 0;
      return ccw === wantCcw ? ring : [...ring].reverse();
    }),
  );
}

/**
 * Coordinates rounded to `decimals` places; repeated points dropped; rings with fewer than
 * four points (three corners and the closing one) and polygons without an outer ring dropped.
 */
export function roundMultiPolygon(
  polygons: MultiPolygonCoords,
  decimals: number,
): MultiPolygonCoords {
  const f = 10 ** decimals;
  const round = (v: number) => Math.round(v * f) / f;
  const out: MultiPolygonCoords = [];
  for (const polygon of polygons) {
    const rings: Ring[] = [];
    for (const [i, ring] of polygon.entries()) {
      const next: Ring = [];
      for (const [x, y] of ring) {
        const p: Position = [round(x), round(y)];
        const last = next[next.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) next.push(p);
      }
      const first = next[0];
      const last = next[next.length - 1];
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) next.push([...first]);
      if (next.length < 4 || ringArea2(next) === 0) {
        if (i === 0) break;
        continue;
      }
      rings.push(next);
    }
    if (rings.length > 0) out.push(rings);
  }
  return out;
}

/** [west, south, east, north] as a closed counter-clockwise ring. */
export function boxPolygon([w, s, e, n]: readonly [number, number, number, number]): Polygon {
  return [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
  ];
}

/** The polygon of largest area, or undefined for none. */
export function largestPolygon(polygons: readonly Polygon[]): Polygon | undefined {
  let best: Polygon | undefined;
  let bestArea = -1;
  for (const p of polygons) {
    const a = polygonArea(p);
    if (a > bestArea) {
      best = p;
      bestArea = a;
    }
  }
  return best;
}

/**
 * A ring cut to a box (Sutherland–Hodgman): fast, keeps the ring's own vertices inside the box,
 * and may leave zero-width spurs along the box's edges for a concave ring, which a later union
 * removes. Returns the closed ring, or an empty array when nothing is left.
 */
export function clipRingToBox(
  ring: readonly Position[],
  [w, s, e, n]: readonly [number, number, number, number],
): Ring {
  type Edge = { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position };
  const at = (a: Position, b: Position, t: number): Position => [
    a[0] + (b[0] - a[0]) * t,
    a[1] + (b[1] - a[1]) * t,
  ];
  const edges: Edge[] = [
    { inside: (p) => p[0] >= w, cross: (a, b) => at(a, b, (w - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[0] <= e, cross: (a, b) => at(a, b, (e - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[1] >= s, cross: (a, b) => at(a, b, (s - a[1]) / (b[1] - a[1])) },
    { inside: (p) => p[1] <= n, cross: (a, b) => at(a, b, (n - a[1]) / (b[1] - a[1])) },
  ];
  let points: Position[] = ring.slice(0, -1) as Position[];
  for (const edge of edges) {
    if (points.length === 0) break;
    const out: Position[] = [];
    let prev = points[points.length - 1] as Position;
    for (const cur of points) {
      const curIn = edge.inside(cur);
      const prevIn = edge.inside(prev);
      if (curIn) {
        if (!prevIn) out.push(edge.cross(prev, cur));
        out.push(cur);
      } else if (prevIn) out.push(edge.cross(prev, cur));
      prev = cur;
    }
    points = out;
  }
  if (points.length < 3) return [];
  return [...points, [...(points[0] as Position)] as Position];
}

/** Polygons cut to a box ring by ring; holes cut likewise, polygons left empty dropped. */
export function clipPolygonsToBox(
  polygons: MultiPolygonCoords,
  box: readonly [number, number, number, number],
): MultiPolygonCoords {
  const [w, s, e, n] = box;
  const out: MultiPolygonCoords = [];
  for (const polygon of polygons) {
    const rings: Ring[] = [];
    for (const [i, ring] of polygon.entries()) {
      const inside = ring.every(([x, y]) => x >= w && x <= e && y >= s && y <= n);
      const clipped = inside ? ring : clipRingToBox(ring, box);
      if (clipped.length < 4 || ringArea2(clipped) === 0) {
        if (i === 0) break;
        continue;
      }
      rings.push(clipped);
    }
    if (rings.length > 0) out.push(rings);
  }
  return out;
}
