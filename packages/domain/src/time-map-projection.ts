import { type GeoProjection, geoConicEqualArea } from "d3-geo";

/**
 * The time map's projection (decision 21): conic equal-area with standard parallels 25° and
 * 47°, centred on 105° E, fitted so that China and its near neighbours fill the given box. The
 * server draws the base map's outlines in a fixed box with it (`OUTLINE_BOX`); the browser fits
 * the same projection to its canvas and carries those outlines over by a scale and a shift.
 */

/** The corners of China and its near neighbours (points, so a polygon's winding never matters). */
export const TIME_MAP_EXTENT: GeoJSON.MultiPoint = {
  type: "MultiPoint",
  coordinates: [
    [73, 18],
    [135, 18],
    [135, 53.5],
    [73, 53.5],
    [104, 53.5],
    [104, 18],
  ],
};

/** The box the server's outlines are drawn in (units, not pixels). */
export const OUTLINE_BOX = { width: 1000, height: 1000 } as const;

export function timeMapProjection(width: number, height: number, margin = 8): GeoProjection {
  return geoConicEqualArea()
    .parallels([25, 47])
    .rotate([-105, 0])
    .center([0, 35])
    .fitExtent(
      [
        [margin, margin],
        [Math.max(margin + 1, width - margin), Math.max(margin + 1, height - margin)],
      ],
      TIME_MAP_EXTENT,
    );
}

/**
 * The scale and shift that carry a point of one fitting of the projection to another: both
 * differ only in scale and translation, so two points settle it exactly.
 */
export function projectionAffine(
  from: GeoProjection,
  to: GeoProjection,
): { scale: number; x: number; y: number } {
  const a = from([105, 35]) ?? [0, 0];
  const b = from([125, 45]) ?? [1, 1];
  const A = to([105, 35]) ?? [0, 0];
  const B = to([125, 45]) ?? [1, 1];
  const scale = (B[0] - A[0]) / (b[0] - a[0]);
  return { scale, x: A[0] - scale * a[0], y: A[1] - scale * a[1] };
}
