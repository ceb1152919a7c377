/**
 * ECharts 4's map files (`echarts/map/json/*.json`) store coordinates compactly: the file says
 * `UTF8Encoding: true`; each ring is a string of character pairs, each character's code minus 64
 * a zigzag-encoded step from the previous point, the first point's offset in the geometry's
 * `encodeOffsets`, all in units of 1/`UTF8Scale` degree (1024 when left out). This is the scheme
 * of ECharts 4's own `decode` in `lib/coord/geo/parseGeoJson.js`, written out here so the file
 * can be read without loading ECharts.
 */

import type { MultiPolygonCoords, Ring } from "./rings.ts";

export interface EchartsEncodedFeature {
  id?: string;
  properties: { name: string; cp?: [number, number]; [key: string]: unknown };
  geometry:
    | { type: "Polygon"; coordinates: string[]; encodeOffsets: [number, number][] }
    | { type: "MultiPolygon"; coordinates: string[][]; encodeOffsets: [number, number][][] };
}

export interface EchartsEncodedMap {
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  features: EchartsEncodedFeature[];
}

export interface DecodedFeature {
  id?: string;
  name: string;
  polygons: MultiPolygonCoords;
}

/** One encoded ring → [lng, lat] points. */
export function decodeRing(encoded: string, offset: readonly [number, number], scale = 1024): Ring {
  const ring: Ring = [];
  let prevX = offset[0];
  let prevY = offset[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    x += prevX;
    y += prevY;
    prevX = x;
    prevY = y;
    ring.push([x / scale, y / scale]);
  }
  return ring;
}

/** Every feature as polygons of decoded rings (closed: the last point repeats the first). */
export function decodeEchartsMap(map: EchartsEncodedMap): DecodedFeature[] {
  if (!map.UTF8Encoding) throw new Error("Not an encoded ECharts map (UTF8Encoding is not set)");
  const scale = map.UTF8Scale ?? 1024;
  const close = (ring: Ring): Ring => {
    const first = ring[0];
    const last = ring[ring.length - 1];
    return first && last && (first[0] !== last[0] || first[1] !== last[1])
      ? [...ring, [first[0], first[1]]]
      : ring;
  };
  return map.features.map((feature) => {
    const g = feature.geometry;
    // In ECharts' encoded Polygon each string is one ring (outer first); MultiPolygon nests once more.
    const polygons: MultiPolygonCoords =
      g.type === "Polygon"
        ? [
            g.coordinates.map((ring, i) =>
              close(decodeRing(ring, g.encodeOffsets[i] as [number, number], scale)),
            ),
          ]
        : g.coordinates.map((polygon, p) =>
            polygon.map((ring, i) =>
              close(
                decodeRing(
                  ring,
                  (g.encodeOffsets[p] as [number, number][])[i] as [number, number],
                  scale,
                ),
              ),
            ),
          );
    return { id: feature.id, name: feature.properties.name, polygons };
  });
}

/** The inverse of {@link decodeRing} (for tests): points on the 1/scale grid → an encoded ring. */
export function encodeRing(
  ring: Ring,
  scale = 1024,
): { encoded: string; offset: [number, number] } {
  const first = ring[0] ?? [0, 0];
  const offset: [number, number] = [Math.round(first[0] * scale), Math.round(first[1] * scale)];
  let prevX = offset[0];
  let prevY = offset[1];
  let encoded = "";
  const zig = (v: number) => (v << 1) ^ (v >> 31);
  for (const [lng, lat] of ring) {
    const x = Math.round(lng * scale);
    const y = Math.round(lat * scale);
    encoded += String.fromCharCode(zig(x - prevX) + 64, zig(y - prevY) + 64);
    prevX = x;
    prevY = y;
  }
  return { encoded, offset };
}
