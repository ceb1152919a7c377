import { type MuseumLayout, WALL_THICKNESS } from "@tongjian/domain/museum-layout";
import type { Ref } from "react";

/**
 * The floor plan in the corner: the rooms, the doorways, a tick for each exhibit on its wall and
 * the visitor as an arrow (moved by the page straight on the DOM, never by a React render). It
 * is a picture for sighted visitors; the room buttons do the jumping.
 */
export function MuseumMinimap({
  layout,
  currentRoom,
  markerRef,
}: {
  layout: MuseumLayout;
  currentRoom: number;
  markerRef: Ref<SVGGElement>;
}) {
  const last = layout.rooms[layout.rooms.length - 1];
  const first = layout.rooms[0];
  if (!first || !last) return null;
  const pad = 0.6;
  const minX = first.minX - WALL_THICKNESS - pad;
  const width = last.maxX + WALL_THICKNESS + pad - minX;
  const minZ = first.minZ - WALL_THICKNESS - pad;
  const depth = first.maxZ - first.minZ + 2 * (WALL_THICKNESS + pad);
  return (
    <svg
      className="tj-museum__minimap"
      viewBox={`${minX} ${minZ} ${width} ${depth}`}
      aria-hidden="true"
      data-testid="museum-minimap"
    >
      {layout.rooms.map((room) => (
        <rect
          key={room.id}
          x={room.minX}
          y={room.minZ}
          width={room.maxX - room.minX}
          height={room.maxZ - room.minZ}
          className={
            room.index === currentRoom
              ? "tj-museum__map-room tj-museum__map-room--here"
              : "tj-museum__map-room"
          }
        />
      ))}
      {layout.walls.map((w) => (
        <rect
          key={`${w.minX},${w.minZ},${w.maxX},${w.maxZ}`}
          x={w.minX}
          y={w.minZ}
          width={w.maxX - w.minX}
          height={w.maxZ - w.minZ}
          className="tj-museum__map-wall"
        />
      ))}
      {layout.exhibits.map((e) => {
        const alongX = e.wall === "north" || e.wall === "south";
        return (
          <line
            key={e.id}
            x1={alongX ? e.x - e.width / 2 : e.x}
            x2={alongX ? e.x + e.width / 2 : e.x}
            y1={alongX ? e.z : e.z - e.width / 2}
            y2={alongX ? e.z : e.z + e.width / 2}
            className="tj-museum__map-exhibit"
          />
        );
      })}
      <g ref={markerRef} className="tj-museum__map-me">
        <path d="M 0 -0.9 L 0.6 0.6 L 0 0.25 L -0.6 0.6 Z" />
      </g>
    </svg>
  );
}
