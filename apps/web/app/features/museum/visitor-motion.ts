import {
  type MuseumLayout,
  moveVisitor,
  type Point,
  roomIndexAt,
} from "@tongjian/domain/museum-layout";

/**
 * The visitor in the 3D museum: where they stand and look, and what moves them — the joystick,
 * the arrow keys, a tap on the floor (walk there), a drag (look around). Plain data and one pure
 * step function, so the walking is tested without a browser; the scene calls `stepVisitor` each
 * frame and draws only while it says the visitor is still moving (frameloop "demand").
 */

/** Metres per second at full joystick, and radians per second when turning. */
export const WALK_SPEED = 2.2;
export const TURN_SPEED = 1.8;
/** How fast the view catches up with a drag (1/s): quick, but never a jump. */
const LOOK_EASE = 14;
const MOVE_EASE = 10;
export const PITCH_LIMIT = 0.6;
/** A walk to a tapped point ends this close to it. */
const ARRIVE_DISTANCE = 0.15;
const SETTLED = 1e-3;

export interface VisitorInput {
  /** Joystick or keys: forward (+1) / back (−1), and turn left (+1) / right (−1). */
  forward: number;
  turn: number;
  /** A tapped point on the floor to walk to, or null. */
  target: Point | null;
}

export interface VisitorState {
  position: Point;
  /** The view, eased towards the wanted yaw and pitch. */
  yaw: number;
  pitch: number;
  wantYaw: number;
  wantPitch: number;
  /** Current walking velocity (m/s), eased towards what the input asks. */
  velocity: Point;
}

export function visitorAt(position: Point, yaw: number): VisitorState {
  return { position, yaw, pitch: 0, wantYaw: yaw, wantPitch: 0, velocity: { x: 0, z: 0 } };
}

/** A drag by (dx, dy) pixels turns the view: right drags the room right, so the view turns left. */
export function dragLook(state: VisitorState, dx: number, dy: number, pxPerRadian = 220): void {
  state.wantYaw += dx / pxPerRadian;
  state.wantPitch = Math.max(
    -PITCH_LIMIT,
    Math.min(PITCH_LIMIT, state.wantPitch + dy / pxPerRadian),
  );
}

/**
 * One frame of `dt` seconds: turns and walks as the input asks, stopped by walls. Returns
 * whether anything still moves (the scene then asks for another frame), and clears a reached
 * target from the input.
 */
export function stepVisitor(
  layout: Pick<MuseumLayout, "walls">,
  state: VisitorState,
  input: VisitorInput,
  dt: number,
): boolean {
  // Long frames (a slow GPU) still walk at the right speed; 0.1 s is 0.22 m, under the
  // visitor's radius, so no wall is stepped through.
  const t = Math.min(dt, 0.1);
  state.wantYaw += input.turn * TURN_SPEED * t;

  let wantVelocity: Point = { x: 0, z: 0 };
  if (input.forward !== 0) {
    input.target = null;
    const speed = WALK_SPEED * Math.max(-1, Math.min(1, input.forward));
    wantVelocity = { x: -Math.sin(state.yaw) * speed, z: -Math.cos(state.yaw) * speed };
  } else if (input.target) {
    const dx = input.target.x - state.position.x;
    const dz = input.target.z - state.position.z;
    const distance = Math.hypot(dx, dz);
    if (distance < ARRIVE_DISTANCE) {
      input.target = null;
    } else {
      // Slow down over the last metre, so the walk ends softly.
      const speed = WALK_SPEED * Math.min(1, distance);
      wantVelocity = { x: (dx / distance) * speed, z: (dz / distance) * speed };
    }
  }

  const move = 1 - Math.exp(-MOVE_EASE * t);
  state.velocity.x += (wantVelocity.x - state.velocity.x) * move;
  state.velocity.z += (wantVelocity.z - state.velocity.z) * move;
  const from = state.position;
  const to = { x: from.x + state.velocity.x * t, z: from.z + state.velocity.z * t };
  const next = moveVisitor(layout, from, to);
  // Walking into a wall: the walk to a tapped point ends there, and the blocked speed is lost.
  if (next.x === from.x && to.x !== from.x) state.velocity.x = 0;
  if (next.z === from.z && to.z !== from.z) state.velocity.z = 0;
  if (input.target && next.x === from.x && next.z === from.z && t > 0) input.target = null;
  state.position = next;

  const look = 1 - Math.exp(-LOOK_EASE * t);
  state.yaw += (state.wantYaw - state.yaw) * look;
  state.pitch += (state.wantPitch - state.pitch) * look;

  const turning =
    Math.abs(state.wantYaw - state.yaw) > SETTLED ||
    Math.abs(state.wantPitch - state.pitch) > SETTLED;
  const walking = Math.hypot(state.velocity.x, state.velocity.z) > SETTLED;
  return turning || walking || input.forward !== 0 || input.turn !== 0 || input.target !== null;
}

/** Puts the visitor somewhere at once (a room chosen from the switcher, an exhibit from the list). */
export function teleport(state: VisitorState, position: Point, yaw: number): void {
  state.position = { ...position };
  state.velocity = { x: 0, z: 0 };
  // Keep the yaw within a turn of the current one, so no long spin is eased through.
  const turns = Math.round((state.yaw - yaw) / (2 * Math.PI));
  const near = yaw + turns * 2 * Math.PI;
  state.yaw = near;
  state.wantYaw = near;
  state.pitch = 0;
  state.wantPitch = 0;
}

export function currentRoom(layout: Pick<MuseumLayout, "rooms">, state: VisitorState): number {
  return roomIndexAt(layout, state.position);
}
