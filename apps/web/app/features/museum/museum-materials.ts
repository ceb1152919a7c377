/**
 * The room's materials, lit by the scene's own lights. Like the black stage around it (theme.css
 * --tj-stage-bg), the room is the same in the light and the dark theme: it is a place, not a
 * page, so its colours are the materials' and not the theme's tokens.
 */
export const MATERIALS = {
  /** What shows beyond the walls. */
  room: "#1b1714",
  /** The hemisphere light: warm from above, the floor's brown from below. */
  sky: "#fff6e8",
  ground: "#8a7a66",
  floor: "#8a6f55",
  ceiling: "#e9e2d6",
  wall: "#d9d0c2",
  frame: "#3b2b20",
  /** A picture shows its own colours; before it is drawn its place is plain silk. */
  lit: "#ffffff",
  pending: "#cbbda0",
} as const;
