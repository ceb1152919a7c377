// Where the viewer looks, as yaw (degrees clockwise from the scene's first direction), pitch
// (degrees above the horizon) and field of view; and how that maps onto the sphere the picture
// is drawn on. Pure: the viewer (three.js) and the flat picture share it, and tests read it.

export interface View {
  yaw: number;
  pitch: number;
  fov: number;
}

export const FOV_DEFAULT = 80;
export const FOV_MIN = 35;
export const FOV_MAX = 100;
/** Looking straight up or down shows only sky or ground: the view stops short of the poles. */
export const PITCH_LIMIT = 80;
/** One press of 左转 / 右转 / 上看 / 下看. */
export const TURN_STEP = 30;

export function clampPitch(pitch: number): number {
  return Math.max(-PITCH_LIMIT, Math.min(PITCH_LIMIT, pitch));
}

/**
 * The unit vector of a direction. The picture's middle (yaw 0) lies on −x of the mirrored
 * sphere, and yaw grows to the right: yaw 90 is −z, up is +y.
 */
export function directionOf(yaw: number, pitch: number): [number, number, number] {
  const y = (yaw * Math.PI) / 180;
  const p = (pitch * Math.PI) / 180;
  return [-Math.cos(y) * Math.cos(p), Math.sin(p), -Math.sin(y) * Math.cos(p)];
}

/** Where a direction sits on the flat (equirectangular) picture, as fractions 0–1. */
export function pictureSpot(yaw: number, pitch: number): { x: number; y: number } {
  const turned = (((yaw + 180) % 360) + 360) % 360;
  return { x: turned / 360, y: (90 - pitch) / 180 };
}

/** The compass word for a yaw, for the screen reader's 朝向 line: 前方, 右侧 … */
export function facingWords(yaw: number): string {
  const a = ((yaw % 360) + 360) % 360;
  if (a < 22.5 || a >= 337.5) return "正前方";
  if (a < 67.5) return "右前方";
  if (a < 112.5) return "右侧";
  if (a < 157.5) return "右后方";
  if (a < 202.5) return "正后方";
  if (a < 247.5) return "左后方";
  if (a < 292.5) return "左侧";
  return "左前方";
}
