import { layoutMuseum, ROOM_DEPTH, VISITOR_RADIUS } from "@tongjian/domain/museum-layout";
import { describe, expect, it } from "vitest";
import {
  currentRoom,
  dragLook,
  PITCH_LIMIT,
  stepVisitor,
  teleport,
  type VisitorInput,
  visitorAt,
} from "./visitor-motion.ts";

const layout = layoutMuseum([
  { id: "a", exhibits: [{ id: "a1", mount: "轴", size: null }] },
  { id: "b", exhibits: [{ id: "b1", mount: "卷", size: null }] },
]);
const idle = (): VisitorInput => ({ forward: 0, turn: 0, target: null });

/** Steps at 60 frames a second until nothing moves (or `max` frames). */
function run(state: ReturnType<typeof visitorAt>, input: VisitorInput, max = 600) {
  let frames = 0;
  while (frames < max && stepVisitor(layout, state, input, 1 / 60)) frames += 1;
  return frames;
}

describe("the visitor", () => {
  it("walks forward where it looks, and comes to rest when the stick is let go", () => {
    const state = visitorAt({ x: 2, z: 0 }, -Math.PI / 2); // looking east
    const input = { ...idle(), forward: 1 };
    for (let i = 0; i < 60; i += 1) stepVisitor(layout, state, input, 1 / 60);
    expect(state.position.x).toBeGreaterThan(3);
    expect(Math.abs(state.position.z)).toBeLessThan(1e-6);
    input.forward = 0;
    const frames = run(state, input);
    expect(frames).toBeLessThan(600);
    expect(stepVisitor(layout, state, input, 1 / 60)).toBe(false);
  });

  it("walks to a tapped point on the floor and stops there", () => {
    const state = visitorAt({ x: 2, z: 0 }, 0);
    const input = { ...idle(), target: { x: 4, z: 2 } };
    run(state, input);
    expect(input.target).toBeNull();
    expect(Math.hypot(state.position.x - 4, state.position.z - 2)).toBeLessThan(0.2);
  });

  it("is stopped by a wall, and gives up a walk into it", () => {
    const state = visitorAt({ x: 2, z: 0 }, 0);
    const input = { ...idle(), target: { x: 2, z: -ROOM_DEPTH } };
    run(state, input);
    expect(input.target).toBeNull();
    expect(state.position.z).toBeGreaterThanOrEqual(-ROOM_DEPTH / 2 + VISITOR_RADIUS - 1e-9);
  });

  it("turns smoothly towards a drag, keeps the pitch within limits, and turns with the keys", () => {
    const state = visitorAt({ x: 2, z: 0 }, 0);
    dragLook(state, 220, 10_000);
    expect(state.wantYaw).toBeCloseTo(1);
    expect(state.wantPitch).toBe(PITCH_LIMIT);
    stepVisitor(layout, state, idle(), 1 / 60);
    // Eased: part of the way after one frame, all of it after a while.
    expect(state.yaw).toBeGreaterThan(0);
    expect(state.yaw).toBeLessThan(1);
    run(state, idle());
    expect(state.yaw).toBeCloseTo(1, 2);
    const input = { ...idle(), turn: 1 };
    for (let i = 0; i < 30; i += 1) stepVisitor(layout, state, input, 1 / 60);
    expect(state.wantYaw).toBeGreaterThan(1.5);
  });

  it("jumps to a room's entry and knows which room it is in", () => {
    const state = visitorAt({ x: 2, z: 0 }, 0);
    expect(currentRoom(layout, state)).toBe(0);
    const b = layout.rooms[1];
    if (!b) throw new Error("room b");
    teleport(state, b.entry, b.entryYaw + 4 * Math.PI);
    expect(currentRoom(layout, state)).toBe(1);
    // The yaw is kept near the current one: no spin of two turns.
    expect(Math.abs(state.yaw)).toBeLessThanOrEqual(Math.PI + 1e-9);
    expect(stepVisitor(layout, state, idle(), 1 / 60)).toBe(false);
  });
});
