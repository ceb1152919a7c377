import type { WorkMount, WorkSize } from "./work-mounts.ts";

/**
 * The 3D museum's floor plan (/home/museum): rooms in a row from west to east, joined by doorways
 * in the walls between them, with each room's exhibits hung on its walls in their order. Pure and
 * deterministic: the same rooms give the same plan on the server, in the browser and in tests.
 *
 * Units are metres. Three.js axes: x east, y up, z south; a yaw of 0 looks north (−z), and a
 * picture with rotationY 0 faces south (+z), into a room from its north wall.
 */

export const ROOM_DEPTH = 9;
export const ROOM_HEIGHT = 4.2;
export const WALL_THICKNESS = 0.3;
export const DOOR_WIDTH = 2.2;
export const DOOR_HEIGHT = 3;
export const ROOM_MIN_WIDTH = 8;
export const ROOM_MAX_WIDTH = 60;
/** How close the visitor (a circle on the floor) comes to a wall. */
export const VISITOR_RADIUS = 0.4;
export const EYE_HEIGHT = 1.6;
/** Free wall kept at every corner, and beside a doorway. */
const CORNER_MARGIN = 0.6;
const DOOR_MARGIN = 0.5;
/** The least space between two exhibits on a wall. */
const EXHIBIT_GAP = 0.8;
/** The frame around a picture. */
export const FRAME_BORDER = 0.06;
/** The label plaque, hung to the right of its picture. */
export const LABEL_WIDTH = 0.46;
export const LABEL_HEIGHT = 0.3;
const LABEL_GAP = 0.12;
const LABEL_CENTER_Y = 1.25;
/** Pictures hang this far in front of the wall's face. */
const HANG_OFFSET = 0.04;
/**
 * Where a visitor stands to look at an exhibit: far enough out from the wall for the whole of it
 * to fit the narrow view of a phone held upright (about 36° across), within the room.
 */
function viewDistance(width: number): number {
  return Math.min(ROOM_DEPTH - 1.2, Math.max(2.4, width * 1.6 + 1));
}

export type WallSide = "north" | "east" | "south" | "west";

export interface LayoutExhibitInput {
  id: string;
  mount: WorkMount | null;
  size: WorkSize | null;
}

export interface LayoutRoomInput {
  id: string;
  exhibits: readonly LayoutExhibitInput[];
}

export interface Point {
  x: number;
  z: number;
}

export interface Box {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  minZ: number;
  maxZ: number;
}

export interface PlacedExhibit {
  id: string;
  roomId: string;
  wall: WallSide;
  /** The picture's centre (without its frame). */
  x: number;
  y: number;
  z: number;
  rotationY: number;
  width: number;
  height: number;
  /** The label plaque's centre, beside the picture, on the same wall. */
  label: { x: number; y: number; z: number };
  /** Where to stand to see it, and which way to look. */
  viewpoint: Point;
  viewYaw: number;
}

export interface PlacedRoom {
  id: string;
  index: number;
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  /** Where a visitor who jumps to this room stands, looking at its first exhibit. */
  entry: Point;
  entryYaw: number;
}

export interface MuseumLayout {
  rooms: PlacedRoom[];
  exhibits: PlacedExhibit[];
  /** Solid walls: drawn, and the visitor cannot pass them. */
  walls: Box[];
  /** The wall above each doorway: drawn only (no one walks that high). */
  lintels: Box[];
  doors: { x: number; fromRoom: string; toRoom: string }[];
  height: number;
}

/**
 * The picture's size on the wall in metres, from how it is mounted and, where known, its real
 * proportions. A handscroll is shown partly unrolled (no wall holds 12 m of 千里江山图), so its
 * width is capped; a hanging scroll stands about two metres tall.
 */
export function pictureSize(
  mount: WorkMount | null,
  size: WorkSize | null,
): { width: number; height: number } {
  const ratio = size ? size.width / size.height : null;
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  const round = (n: number) => Math.round(n * 100) / 100;
  const shape = (height: number, r: number) => ({
    width: round(height * r),
    height: round(height),
  });
  switch (mount) {
    case "轴":
      return shape(2, clamp(ratio ?? 0.45, 0.3, 0.9));
    case "卷":
      return shape(0.56, clamp(ratio ?? 6, 2, 6.5));
    case "册页":
      return shape(0.62, clamp(ratio ?? 1, 0.6, 1.6));
    case "扇面":
      return shape(0.42, clamp(ratio ?? 2, 1.4, 2.6));
    default: {
      // A framed panel at its own size, but never so small that a phone cannot make it out.
      const height = size ? clamp(size.height / 100, 0.9, 2.2) : 1;
      return shape(height, clamp(ratio ?? 0.75, 0.4, 2.5));
    }
  }
}

/** Where on the wall a picture's centre hangs: at eye level, lifted when it is tall. */
function hangHeight(height: number): number {
  return Math.min(ROOM_HEIGHT - 0.4 - height / 2, Math.max(EYE_HEIGHT, 0.95 + height / 2));
}

/** The width an exhibit takes along its wall: frame, gap and label. */
function footprint(width: number): number {
  return width + 2 * FRAME_BORDER + LABEL_GAP + LABEL_WIDTH;
}

interface Segment {
  wall: WallSide;
  /** Along the wall, in the direction a visitor walking round the room clockwise goes. */
  from: number;
  to: number;
}

/** Yaw that looks from `from` towards `to` (0 = north, −z). */
export function yawTowards(from: Point, to: Point): number {
  return Math.atan2(-(to.x - from.x), -(to.z - from.z));
}

/** The direction a yaw looks in, on the floor. */
export function forwardOf(yaw: number): Point {
  return { x: -Math.sin(yaw), z: -Math.cos(yaw) };
}

/**
 * The wall segments of a room, clockwise from the north-west corner: the north wall west to
 * east, the east wall north to south (around its doorway), the south wall east to west, the
 * west wall south to north.
 */
function segments(minX: number, maxX: number, doorWest: boolean, doorEast: boolean): Segment[] {
  const minZ = -ROOM_DEPTH / 2;
  const maxZ = ROOM_DEPTH / 2;
  const half = DOOR_WIDTH / 2;
  const side = (wall: "east" | "west", door: boolean): Segment[] => {
    const [a, b] = wall === "east" ? [minZ, maxZ] : [maxZ, minZ];
    const dir = Math.sign(b - a);
    if (!door) return [{ wall, from: a + dir * CORNER_MARGIN, to: b - dir * CORNER_MARGIN }];
    return [
      { wall, from: a + dir * CORNER_MARGIN, to: -dir * (half + DOOR_MARGIN) },
      { wall, from: dir * (half + DOOR_MARGIN), to: b - dir * CORNER_MARGIN },
    ];
  };
  return [
    { wall: "north", from: minX + CORNER_MARGIN, to: maxX - CORNER_MARGIN },
    ...side("east", doorEast),
    { wall: "south", from: maxX - CORNER_MARGIN, to: minX + CORNER_MARGIN },
    ...side("west", doorWest),
  ];
}

/**
 * Exhibits in order onto the segments in order, each segment taking as many as fit; null when
 * they do not all fit. The exhibits of a segment are spread evenly along it.
 */
function fill(
  segs: Segment[],
  sizes: { width: number; height: number }[],
): { segment: Segment; centre: number; index: number }[] | null {
  const placed: { segment: Segment; centre: number; index: number }[] = [];
  let next = 0;
  for (const segment of segs) {
    const length = Math.abs(segment.to - segment.from);
    const taken: number[] = [];
    let used = 0;
    while (next < sizes.length) {
      const size = sizes[next];
      if (!size) break;
      const width = footprint(size.width);
      const needed = used + (taken.length > 0 ? EXHIBIT_GAP : 0) + width;
      if (needed > length) break;
      used = needed;
      taken.push(next);
      next += 1;
    }
    if (taken.length === 0) continue;
    const widths = taken.map((i) => footprint(sizes[i]?.width ?? 0));
    // Evenly spread, but never closer than the least gap (the ends take what is left).
    const free = length - widths.reduce((a, b) => a + b, 0);
    const gap = Math.max(EXHIBIT_GAP, free / (taken.length + 1));
    const dir = Math.sign(segment.to - segment.from);
    let at = segment.from + (dir * (free - (taken.length - 1) * gap)) / 2;
    taken.forEach((index, k) => {
      const width = widths[k] ?? 0;
      placed.push({ segment, centre: at + (dir * width) / 2, index });
      at += dir * (width + gap);
    });
  }
  return next === sizes.length ? placed : null;
}

/** The picture's and label's places for an exhibit centred at `centre` along its wall. */
function hang(
  room: { id: string; minX: number; maxX: number },
  exhibit: LayoutExhibitInput,
  size: { width: number; height: number },
  segment: Segment,
  centre: number,
): PlacedExhibit {
  const minZ = -ROOM_DEPTH / 2;
  const maxZ = ROOM_DEPTH / 2;
  const dir = Math.sign(segment.to - segment.from);
  const frameWidth = size.width + 2 * FRAME_BORDER;
  const total = footprint(size.width);
  // Along the wall: the frame first, then the label (to the visitor's right as they face it).
  const pictureAlong = centre - (dir * total) / 2 + (dir * frameWidth) / 2;
  const labelAlong = centre + (dir * total) / 2 - (dir * LABEL_WIDTH) / 2;
  const y = Math.round(hangHeight(size.height) * 100) / 100;
  const labelY = LABEL_CENTER_Y;
  const at = (along: number) => {
    switch (segment.wall) {
      case "north":
        return { x: along, z: minZ + HANG_OFFSET, rotationY: 0 };
      case "south":
        return { x: along, z: maxZ - HANG_OFFSET, rotationY: Math.PI };
      case "east":
        return { x: room.maxX - HANG_OFFSET, z: along, rotationY: -Math.PI / 2 };
      default:
        return { x: room.minX + HANG_OFFSET, z: along, rotationY: Math.PI / 2 };
    }
  };
  const picture = at(pictureAlong);
  const label = at(labelAlong);
  // Out from the wall into the room, kept inside it.
  const normal =
    segment.wall === "north"
      ? { x: 0, z: 1 }
      : segment.wall === "south"
        ? { x: 0, z: -1 }
        : segment.wall === "east"
          ? { x: -1, z: 0 }
          : { x: 1, z: 0 };
  const inset = VISITOR_RADIUS + 0.2;
  const viewpoint = {
    x: Math.min(
      room.maxX - inset,
      Math.max(room.minX + inset, picture.x + normal.x * viewDistance(size.width)),
    ),
    z: Math.min(
      maxZ - inset,
      Math.max(minZ + inset, picture.z + normal.z * viewDistance(size.width)),
    ),
  };
  return {
    id: exhibit.id,
    roomId: room.id,
    wall: segment.wall,
    x: picture.x,
    y,
    z: picture.z,
    rotationY: picture.rotationY,
    width: size.width,
    height: size.height,
    label: { x: label.x, y: labelY, z: label.z },
    viewpoint,
    viewYaw: yawTowards(viewpoint, picture),
  };
}

/**
 * The whole plan. Each room is as narrow as lets its exhibits hang with room to spare (at least
 * ROOM_MIN_WIDTH), in metre steps; rooms follow each other eastwards, a wall between each two
 * with a doorway in its middle.
 */
export function layoutMuseum(rooms: readonly LayoutRoomInput[]): MuseumLayout {
  const placedRooms: PlacedRoom[] = [];
  const exhibits: PlacedExhibit[] = [];
  const walls: Box[] = [];
  const lintels: Box[] = [];
  const doors: MuseumLayout["doors"] = [];
  const minZ = -ROOM_DEPTH / 2;
  const maxZ = ROOM_DEPTH / 2;
  const T = WALL_THICKNESS;
  const H = ROOM_HEIGHT;
  const half = DOOR_WIDTH / 2;
  let x = 0;

  rooms.forEach((room, index) => {
    const doorWest = index > 0;
    const doorEast = index < rooms.length - 1;
    const sizes = room.exhibits.map((e) => pictureSize(e.mount, e.size));
    let width = ROOM_MIN_WIDTH;
    let fitted = fill(segments(x, x + width, doorWest, doorEast), sizes);
    while (!fitted && width < ROOM_MAX_WIDTH) {
      width += 1;
      fitted = fill(segments(x, x + width, doorWest, doorEast), sizes);
    }
    if (!fitted) throw new Error(`展厅 ${room.id} 的展品太多，墙上挂不下`);
    const minX = x;
    const maxX = x + width;
    const placed = { id: room.id, minX, maxX };
    const hung = fitted
      .slice()
      .sort((a, b) => a.index - b.index)
      .map(({ segment, centre, index: i }) => {
        const exhibit = room.exhibits[i] as LayoutExhibitInput;
        return hang(
          placed,
          exhibit,
          sizes[i] as { width: number; height: number },
          segment,
          centre,
        );
      });
    exhibits.push(...hung);

    const entry = { x: minX + 1.6, z: 0 };
    const first = hung[0];
    placedRooms.push({
      id: room.id,
      index,
      minX,
      maxX,
      minZ,
      maxZ,
      entry,
      entryYaw: first ? yawTowards(entry, first) : -Math.PI / 2,
    });

    // North and south walls (reaching over the corners), and the west wall of the first room.
    walls.push({ minX: minX - T, maxX: maxX + T, minY: 0, maxY: H, minZ: minZ - T, maxZ: minZ });
    walls.push({ minX: minX - T, maxX: maxX + T, minY: 0, maxY: H, minZ: maxZ, maxZ: maxZ + T });
    if (!doorWest) walls.push({ minX: minX - T, maxX: minX, minY: 0, maxY: H, minZ, maxZ });
    if (doorEast) {
      // The wall to the next room, either side of its doorway.
      walls.push({ minX: maxX, maxX: maxX + T, minY: 0, maxY: H, minZ, maxZ: -half });
      walls.push({ minX: maxX, maxX: maxX + T, minY: 0, maxY: H, minZ: half, maxZ });
      lintels.push({
        minX: maxX,
        maxX: maxX + T,
        minY: DOOR_HEIGHT,
        maxY: H,
        minZ: -half,
        maxZ: half,
      });
      const next = rooms[index + 1];
      if (next) doors.push({ x: maxX + T / 2, fromRoom: room.id, toRoom: next.id });
    } else {
      walls.push({ minX: maxX, maxX: maxX + T, minY: 0, maxY: H, minZ, maxZ });
    }
    x = maxX + T;
  });

  return { rooms: placedRooms, exhibits, walls, lintels, doors, height: H };
}

/** Whether the visitor, standing at `p`, would be inside a wall. */
export function blocked(layout: Pick<MuseumLayout, "walls">, p: Point): boolean {
  const r = VISITOR_RADIUS;
  return layout.walls.some(
    (w) => p.x > w.minX - r && p.x < w.maxX + r && p.z > w.minZ - r && p.z < w.maxZ + r,
  );
}

/**
 * One step of the visitor from `from` towards `to`, sliding along a wall it meets rather than
 * stopping dead: east–west first, then north–south. Steps are short (a frame's walk), so no wall
 * is stepped over.
 */
export function moveVisitor(layout: Pick<MuseumLayout, "walls">, from: Point, to: Point): Point {
  let x = to.x;
  if (blocked(layout, { x, z: from.z })) x = from.x;
  let z = to.z;
  if (blocked(layout, { x, z })) z = from.z;
  return { x, z };
}

/** The room the point is in (a doorway belongs to the room west of it); -1 outside. */
export function roomIndexAt(layout: Pick<MuseumLayout, "rooms">, p: Point): number {
  for (const room of layout.rooms) {
    if (
      p.x >= room.minX &&
      p.x <= room.maxX + WALL_THICKNESS &&
      p.z >= room.minZ &&
      p.z <= room.maxZ
    )
      return room.index;
  }
  return -1;
}
