import type { MuseumLayout } from "@tongjian/domain/museum-layout";
import { type VisitorInput, type VisitorState, visitorAt } from "./visitor-motion.ts";

/** Where an exhibit is on the canvas, in CSS pixels from the canvas's top left. */
export interface ScreenPoint {
  x: number;
  y: number;
  /** In front of the visitor and inside the picture. */
  onScreen: boolean;
}

/**
 * What the page's controls (joystick, keys, room buttons, the list's 在展厅中看) and the 3D scene
 * share: one mutable object, so input never re-renders React. The scene fills in `wake` (draw
 * another frame) and `project`; the page fills in `onMove` (the mini-map and the room name).
 */
export interface MuseumController {
  state: VisitorState;
  input: VisitorInput;
  /** The joystick's deflection: x right, y forward, each −1…1. */
  joystick: { x: number; y: number };
  /** Movement keys held down. */
  keys: Set<string>;
  wake: () => void;
  project: (id: string) => ScreenPoint | null;
  onMove: () => void;
}

export function createController(layout: MuseumLayout): MuseumController {
  const first = layout.rooms[0];
  return {
    state: visitorAt(first?.entry ?? { x: 0, z: 0 }, first?.entryYaw ?? 0),
    input: { forward: 0, turn: 0, target: null },
    joystick: { x: 0, y: 0 },
    keys: new Set(),
    wake: () => {},
    project: () => null,
    onMove: () => {},
  };
}

const FORWARD_KEYS: Record<string, number> = {
  ArrowUp: 1,
  w: 1,
  W: 1,
  ArrowDown: -1,
  s: -1,
  S: -1,
};
const TURN_KEYS: Record<string, number> = {
  ArrowLeft: 1,
  a: 1,
  A: 1,
  ArrowRight: -1,
  d: -1,
  D: -1,
};

export function isMovementKey(key: string): boolean {
  return key in FORWARD_KEYS || key in TURN_KEYS;
}

/** Recomputes the walking input from the keys held and the joystick, and wakes the scene. */
export function applyControls(controller: MuseumController): void {
  let forward = controller.joystick.y;
  let turn = -controller.joystick.x;
  for (const key of controller.keys) {
    forward += FORWARD_KEYS[key] ?? 0;
    turn += TURN_KEYS[key] ?? 0;
  }
  controller.input.forward = Math.max(-1, Math.min(1, forward));
  controller.input.turn = Math.max(-1, Math.min(1, turn));
  controller.wake();
}
