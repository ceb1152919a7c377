// Panoramas (/panorama, /panorama2022; issue 18 §5): the editions, what a scene is drawn from,
// and the exchange codes' format. Pure: the content loader, the scene generator, the services
// and the pages share it.

/** The two editions, named as their routes. */
export const PANORAMA_EDITIONS = ["panorama", "panorama2022"] as const;
export type PanoramaEdition = (typeof PANORAMA_EDITIONS)[number];

export function isPanoramaEdition(value: unknown): value is PanoramaEdition {
  return (PANORAMA_EDITIONS as readonly unknown[]).includes(value);
}

/** The edition a pathname belongs to: /panorama2022/people → panorama2022. */
export function editionOfPath(pathname: string): PanoramaEdition {
  return /^\/panorama2022(?:\/|$)/.test(pathname) ? "panorama2022" : "panorama";
}

/** Skies and grounds the generator paints; a scene names one. */
export const PANORAMA_PALETTES = ["dawn", "spring", "dusk", "snow", "desert", "sea"] as const;
export type PanoramaPalette = (typeof PANORAMA_PALETTES)[number];

/**
 * What the generator draws around the viewer. Directions are yaw in degrees, clockwise from the
 * direction the viewer first faces (0); a band runs clockwise from `from` to `to` and may cross
 * 0 (from 300 to 60). `scale` makes a building larger (nearer) or smaller (farther).
 */
export type PanoramaFeature =
  | { kind: "wall"; from: number; to: number; color?: "grey" | "red" | "earth" }
  | { kind: "gate"; yaw: number; scale?: number }
  | { kind: "hall"; yaw: number; scale?: number; roof?: "grey" | "gold" }
  | { kind: "pagoda"; yaw: number; scale?: number; tiers?: number }
  | { kind: "tower"; yaw: number; scale?: number; tiers?: number }
  | { kind: "hill"; yaw: number; width: number; height?: number }
  | { kind: "water"; from: number; to: number }
  | { kind: "bridge"; yaw: number; scale?: number }
  | { kind: "trees"; from: number; to: number; willow?: boolean }
  | { kind: "boats"; from: number; to: number; sails?: boolean }
  | { kind: "cliff"; from: number; to: number; caves?: boolean }
  | { kind: "dunes"; from: number; to: number }
  | { kind: "road"; yaw: number; width?: number; paving?: "stone" | "earth" };

export const PANORAMA_FEATURE_KINDS = [
  "wall",
  "gate",
  "hall",
  "pagoda",
  "tower",
  "hill",
  "water",
  "bridge",
  "trees",
  "boats",
  "cliff",
  "dunes",
  "road",
] as const satisfies readonly PanoramaFeature["kind"][];

/** A scene as the generator needs it. */
export interface PanoramaPicture {
  key: string;
  palette: PanoramaPalette;
  features: PanoramaFeature[];
}

/** Where a hotspot sits: yaw as above, pitch in degrees above (+) or below (−) the horizon. */
export interface PanoramaDirection {
  yaw: number;
  pitch: number;
}

/** Widths the scene images come in (height is half: equirectangular, 2:1). */
export const PANORAMA_IMAGE_WIDTHS = [1024, 2048, 4096] as const;
export type PanoramaImageWidth = (typeof PANORAMA_IMAGE_WIDTHS)[number];
export const PANORAMA_IMAGE_WIDTH_DEFAULT: PanoramaImageWidth = 4096;
/** The small picture on lists and of a locked scene. */
export const PANORAMA_THUMB_WIDTH = 640;

// Exchange codes: 12 characters from an alphabet without 0/O, 1/I/L, shown as XXXX-XXXX-XXXX.
// Readers type them from a card, so case, spaces and dashes do not matter.
export const EXCHANGE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const EXCHANGE_CODE_LENGTH = 12;
export const EXCHANGE_CODE_FORMAT_MESSAGE = "兑换码应为 12 位字母或数字，如 ABCD-EFGH-JKMN";

/** The code as stored (its hash is taken of this): capitals, no spaces or dashes. */
export function normalizeExchangeCode(input: string): string {
  return input.replace(/[\s\-－—_]/g, "").toUpperCase();
}

export function isExchangeCodeShape(normalized: string): boolean {
  if (normalized.length !== EXCHANGE_CODE_LENGTH) return false;
  return [...normalized].every((c) => EXCHANGE_CODE_ALPHABET.includes(c));
}

/** XXXX-XXXX-XXXX, for printing. */
export function formatExchangeCode(normalized: string): string {
  return normalized.replace(/(.{4})(?=.)/g, "$1-");
}

/** What a code unlocks: one scene or a whole edition. */
export type PanoramaScope = `scene:${string}` | `edition:${PanoramaEdition}`;

export function sceneScope(key: string): PanoramaScope {
  return `scene:${key}`;
}

export function editionScope(edition: PanoramaEdition): PanoramaScope {
  return `edition:${edition}`;
}

/** Yaw brought into [0, 360). */
export function normalizeYaw(yaw: number): number {
  return ((yaw % 360) + 360) % 360;
}

/**
 * Where readers reach the panoramas' service (/panorama/server). The address is a placeholder in
 * the reserved `.example` domain until the operator sets a real one here.
 */
export const PANORAMA_SUPPORT = {
  email: "kefu@tongjian.example",
  hours: "工作日 9:00—18:00",
} as const;
