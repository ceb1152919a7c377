import { describe, expect, it } from "vitest";
import {
  blocked,
  DOOR_WIDTH,
  FRAME_BORDER,
  forwardOf,
  LABEL_WIDTH,
  type LayoutRoomInput,
  layoutMuseum,
  moveVisitor,
  type PlacedExhibit,
  pictureSize,
  ROOM_DEPTH,
  ROOM_HEIGHT,
  roomIndexAt,
  VISITOR_RADIUS,
  yawTowards,
} from "./museum-layout.ts";

const scroll = (id: string, width = 1191.5, height = 51.5) => ({
  id,
  mount: "卷" as const,
  size: { width, height },
});
const hanging = (id: string) => ({
  id,
  mount: "轴" as const,
  size: { width: 103.3, height: 206.3 },
});
const panel = (id: string) => ({ id, mount: "画板" as const, size: { width: 53, height: 77 } });

const ROOMS: LayoutRoomInput[] = [
  { id: "a", exhibits: [scroll("a1", 348.2, 24.8), hanging("a2"), scroll("a3", 69.9, 24.5)] },
  {
    id: "b",
    exhibits: [hanging("b1"), hanging("b2"), scroll("b3"), scroll("b4", 528.7, 24.8), scroll("b5")],
  },
  { id: "c", exhibits: [panel("c1")] },
];

/** The interval an exhibit (frame and label) takes along its wall. */
function extent(e: PlacedExhibit): [number, number] {
  const along = e.wall === "north" || e.wall === "south" ? "x" : "z";
  const points = [
    e[along] - e.width / 2 - FRAME_BORDER,
    e[along] + e.width / 2 + FRAME_BORDER,
    e.label[along] - LABEL_WIDTH / 2,
    e.label[along] + LABEL_WIDTH / 2,
  ];
  return [Math.min(...points), Math.max(...points)];
}

describe("museum layout", () => {
  it("gives pictures the proportions of their mounts", () => {
    const tall = pictureSize("轴", { width: 103.3, height: 206.3 });
    expect(tall.height).toBe(2);
    expect(tall.width).toBeCloseTo(1, 1);
    // A 12 m handscroll is shown partly unrolled: long and low, but not 23 times its height.
    const long = pictureSize("卷", { width: 1191.5, height: 51.5 });
    expect(long.width / long.height).toBeCloseTo(6.5, 1);
    expect(pictureSize("卷", null).width).toBeGreaterThan(pictureSize("卷", null).height * 2);
    const leaf = pictureSize("册页", null);
    expect(leaf.width).toBe(leaf.height);
    const fan = pictureSize("扇面", null);
    expect(fan.width).toBeGreaterThan(fan.height);
    // A small panel keeps its proportions and is enlarged enough to be seen.
    const mona = pictureSize("画板", { width: 53, height: 77 });
    expect(mona.height).toBeGreaterThanOrEqual(0.9);
    expect(mona.width / mona.height).toBeCloseTo(53 / 77, 1);
    expect(pictureSize(null, null)).toEqual({ width: 0.75, height: 1 });
  });

  it("hangs every exhibit once, on a wall of its own room, in the room and under the ceiling", () => {
    const layout = layoutMuseum(ROOMS);
    expect(layout.exhibits.map((e) => e.id)).toEqual(
      ROOMS.flatMap((r) => r.exhibits.map((e) => e.id)),
    );
    for (const e of layout.exhibits) {
      const room = layout.rooms.find((r) => r.id === e.roomId);
      if (!room) throw new Error(`no room for ${e.id}`);
      expect(ROOMS[room.index]?.exhibits.some((x) => x.id === e.id)).toBe(true);
      const [from, to] = extent(e);
      if (e.wall === "north" || e.wall === "south") {
        expect(from).toBeGreaterThanOrEqual(room.minX);
        expect(to).toBeLessThanOrEqual(room.maxX);
        expect(Math.abs(e.z)).toBeCloseTo(ROOM_DEPTH / 2, 0);
      } else {
        expect(from).toBeGreaterThanOrEqual(room.minZ);
        expect(to).toBeLessThanOrEqual(room.maxZ);
        expect(e.x === room.minX + 0.04 || e.x === room.maxX - 0.04).toBe(true);
      }
      expect(e.y - e.height / 2).toBeGreaterThan(0.5);
      expect(e.y + e.height / 2).toBeLessThan(ROOM_HEIGHT);
      // Where to stand to see it is a place the visitor can stand.
      expect(blocked(layout, e.viewpoint)).toBe(false);
      expect(roomIndexAt(layout, e.viewpoint)).toBe(room.index);
    }
  });

  it("keeps exhibits apart from each other and out of the doorways", () => {
    const layout = layoutMuseum(ROOMS);
    const byWall = new Map<string, [number, number][]>();
    for (const e of layout.exhibits) {
      const key = `${e.roomId}/${e.wall}`;
      byWall.set(key, [...(byWall.get(key) ?? []), extent(e)]);
      if (e.wall === "east" || e.wall === "west") {
        const [from, to] = extent(e);
        // The doorways are in the middle of the east and west walls.
        const room = layout.rooms.find((r) => r.id === e.roomId);
        const hasDoor =
          (e.wall === "east" && room?.index !== layout.rooms.length - 1) ||
          (e.wall === "west" && room?.index !== 0);
        if (hasDoor) expect(to <= -DOOR_WIDTH / 2 || from >= DOOR_WIDTH / 2).toBe(true);
      }
    }
    for (const [wall, spans] of byWall) {
      const sorted = spans.slice().sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < sorted.length; i += 1) {
        const prev = sorted[i - 1] as [number, number];
        const next = sorted[i] as [number, number];
        expect(next[0] - prev[1], wall).toBeGreaterThan(0.5);
      }
    }
  });

  it("is the same plan every time, and rooms grow with what they hold", () => {
    expect(layoutMuseum(ROOMS)).toEqual(layoutMuseum(ROOMS));
    const layout = layoutMuseum(ROOMS);
    const [a, b, c] = layout.rooms;
    expect(a?.minX).toBe(0);
    expect((b?.maxX ?? 0) - (b?.minX ?? 0)).toBeGreaterThan((c?.maxX ?? 0) - (c?.minX ?? 0));
    // Rooms follow each other eastwards, a doorway between each two.
    expect(layout.doors.map((d) => [d.fromRoom, d.toRoom])).toEqual([
      ["a", "b"],
      ["b", "c"],
    ]);
    expect(layout.lintels).toHaveLength(2);
  });

  it("lets the visitor walk through a doorway but not through a wall", () => {
    const layout = layoutMuseum(ROOMS);
    const [a, b] = layout.rooms;
    if (!a || !b) throw new Error("two rooms");
    // Straight east along the middle: through the doorway into the next room.
    let p = a.entry;
    for (let i = 0; i < 400 && roomIndexAt(layout, p) === 0; i += 1)
      p = moveVisitor(layout, p, { x: p.x + 0.05, z: p.z });
    expect(roomIndexAt(layout, p)).toBe(1);
    // Walking north stops short of the north wall.
    let q = b.entry;
    for (let i = 0; i < 400; i += 1) q = moveVisitor(layout, q, { x: q.x, z: q.z - 0.05 });
    expect(q.z).toBeGreaterThanOrEqual(-ROOM_DEPTH / 2 + VISITOR_RADIUS - 0.001);
    expect(q.z).toBeLessThan(-ROOM_DEPTH / 2 + VISITOR_RADIUS + 0.06);
    // East along the wall beside the doorway: stopped by the partition, sliding is still allowed.
    let s = { x: a.maxX - 1, z: 3 };
    for (let i = 0; i < 100; i += 1) s = moveVisitor(layout, s, { x: s.x + 0.05, z: s.z + 0.01 });
    expect(s.x).toBeLessThanOrEqual(a.maxX - VISITOR_RADIUS + 0.001);
    expect(s.z).toBeGreaterThan(3);
  });

  it("enters a room looking at its first exhibit", () => {
    const layout = layoutMuseum(ROOMS);
    for (const room of layout.rooms) {
      const first = layout.exhibits.find((e) => e.roomId === room.id);
      if (!first) continue;
      const look = forwardOf(room.entryYaw);
      const dx = first.x - room.entry.x;
      const dz = first.z - room.entry.z;
      const len = Math.hypot(dx, dz);
      expect(look.x * (dx / len) + look.z * (dz / len)).toBeCloseTo(1, 5);
    }
    expect(yawTowards({ x: 0, z: 0 }, { x: 0, z: -1 })).toBeCloseTo(0);
    expect(forwardOf(Math.PI / 2).x).toBeCloseTo(-1);
  });

  it("handles a museum without rooms, and says so when a room cannot hold its exhibits", () => {
    expect(layoutMuseum([])).toMatchObject({ rooms: [], exhibits: [], walls: [] });
    const crowded = { id: "x", exhibits: Array.from({ length: 60 }, (_, i) => scroll(`s${i}`)) };
    expect(() => layoutMuseum([crowded])).toThrow("挂不下");
  });
});
