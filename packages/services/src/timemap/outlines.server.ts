import type { TimeMapOutlinesData } from "@tongjian/contracts/time-map";
import { OUTLINE_BOX, timeMapProjection } from "@tongjian/domain/time-map-projection";
import { geoPath } from "d3-geo";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

type UnitProperties = { kind?: string };

/**
 * The base map's land, provincial lines and country lines, projected once here so that no
 * browser decodes the topology or projects a coastline: path data to one decimal in the
 * outline box (a tenth of a unit is well under a pixel at any zoom the map allows).
 */
export function drawOutlines(source: unknown): TimeMapOutlinesData {
  const topology = source as Topology;
  const units = (topology.objects.units ?? Object.values(topology.objects)[0]) as
    | GeometryCollection<UnitProperties>
    | undefined;
  if (!units) throw new Error("base map has no units object");
  const land = (topology.objects.land ?? units) as GeometryCollection;
  const path = geoPath(timeMapProjection(OUTLINE_BOX.width, OUTLINE_BOX.height, 0)).digits(1);
  const kind = (g: { properties?: UnitProperties }) => g.properties?.kind;
  const province = (g: { properties?: UnitProperties }) => kind(g) === "province";
  return {
    width: OUTLINE_BOX.width,
    height: OUTLINE_BOX.height,
    land: path(feature(topology, land)) ?? "",
    provinces: path(mesh(topology, units, (a, b) => a !== b && province(a) && province(b))) ?? "",
    countries:
      path(mesh(topology, units, (a, b) => a !== b && (!province(a) || !province(b)))) ?? "",
  };
}
