import {
  normalizeYaw,
  type PanoramaFeature,
  type PanoramaPalette,
  type PanoramaPicture,
} from "@tongjian/domain/panorama";

// The scene generator: a scene's features painted as an equirectangular picture (2:1; x is yaw,
// y is pitch), in a flat illustrative style, as SVG for sharp to rasterise. Nothing random is
// left to chance: every irregular shape comes from a generator seeded with the scene's key, so
// the same scene gives the same picture on every server.
//
// Yaw 0 (the direction the viewer first faces) is the middle of the picture; x runs clockwise.
// The left and right edges meet behind the viewer, so every shape that crosses an edge is drawn
// again on the other side, and the mountain ridges are sums of whole waves around the circle.

interface Colors {
  skyTop: string;
  skyHorizon: string;
  glow: string;
  sun: string;
  sunYaw: number;
  sunPitch: number;
  cloud: string;
  farHills: string;
  nearHills: string;
  groundFar: string;
  groundNear: string;
  water: string;
  waterLight: string;
  wall: string;
  wallTop: string;
  roof: string;
  roofGold: string;
  timber: string;
  stone: string;
  tree: string;
  treeDark: string;
  sand: string;
  sandShade: string;
  cliff: string;
  cliffShade: string;
  snow: boolean;
}

const PALETTES: Record<PanoramaPalette, Colors> = {
  dawn: {
    skyTop: "#5b7fb0",
    skyHorizon: "#f6d7b0",
    glow: "#ffe3b8",
    sun: "#fff2d6",
    sunYaw: 100,
    sunPitch: 9,
    cloud: "#fbe9d5",
    farHills: "#9aa7be",
    nearHills: "#6f8095",
    groundFar: "#c9b48e",
    groundNear: "#8f7656",
    water: "#6d93a8",
    waterLight: "#c6dde6",
    wall: "#8c8179",
    wallTop: "#6d635c",
    roof: "#4a4f57",
    roofGold: "#d9a33a",
    timber: "#a8432c",
    stone: "#ddd3c2",
    tree: "#5d7d4a",
    treeDark: "#3f5a33",
    sand: "#d8bb86",
    sandShade: "#b99a66",
    cliff: "#b98a5a",
    cliffShade: "#8e6440",
    snow: false,
  },
  spring: {
    skyTop: "#6fa6d6",
    skyHorizon: "#e4f0ee",
    glow: "#ffffff",
    sun: "#fffbe8",
    sunYaw: 40,
    sunPitch: 38,
    cloud: "#ffffff",
    farHills: "#a9c2c4",
    nearHills: "#7fa38f",
    groundFar: "#b7c48f",
    groundNear: "#7d8f58",
    water: "#5f96a6",
    waterLight: "#cfe6e4",
    wall: "#918778",
    wallTop: "#726857",
    roof: "#4d5660",
    roofGold: "#d9a33a",
    timber: "#9a4630",
    stone: "#d7cfbf",
    tree: "#7ea656",
    treeDark: "#557a3a",
    sand: "#d9c190",
    sandShade: "#bda370",
    cliff: "#b98a5a",
    cliffShade: "#8e6440",
    snow: false,
  },
  dusk: {
    skyTop: "#3c3f6e",
    skyHorizon: "#f0a877",
    glow: "#ffc58f",
    sun: "#ffd9a8",
    sunYaw: 260,
    sunPitch: 5,
    cloud: "#d98a7a",
    farHills: "#7f6c87",
    nearHills: "#57506c",
    groundFar: "#8a7a6c",
    groundNear: "#4f4540",
    water: "#6f6f8e",
    waterLight: "#f2b98f",
    wall: "#7a6e6a",
    wallTop: "#5c524f",
    roof: "#3b3c47",
    roofGold: "#c98f35",
    timber: "#8d3a2b",
    stone: "#c8b9aa",
    tree: "#4f6a4a",
    treeDark: "#36493a",
    sand: "#c7a57c",
    sandShade: "#9f8260",
    cliff: "#a47a58",
    cliffShade: "#7a553b",
    snow: false,
  },
  snow: {
    skyTop: "#8ea6c2",
    skyHorizon: "#e9eef3",
    glow: "#ffffff",
    sun: "#f4f7fa",
    sunYaw: 140,
    sunPitch: 22,
    cloud: "#f4f6f8",
    farHills: "#c3cedb",
    nearHills: "#9aaabd",
    groundFar: "#eef2f5",
    groundNear: "#d6dde4",
    water: "#8aa3b5",
    waterLight: "#e3edf3",
    wall: "#a3403a",
    wallTop: "#823129",
    roof: "#505862",
    roofGold: "#d6a23c",
    timber: "#9e3a2c",
    stone: "#f1ede6",
    tree: "#5b6f5c",
    treeDark: "#405243",
    sand: "#d6c4a2",
    sandShade: "#b6a27e",
    cliff: "#b59a80",
    cliffShade: "#8c7560",
    snow: true,
  },
  desert: {
    skyTop: "#3f7dc0",
    skyHorizon: "#f3e2c2",
    glow: "#fff4dc",
    sun: "#fffbee",
    sunYaw: 160,
    sunPitch: 45,
    cloud: "#ffffff",
    farHills: "#c8a683",
    nearHills: "#a98563",
    groundFar: "#e1c693",
    groundNear: "#b8955f",
    water: "#6c9aa6",
    waterLight: "#d7ebe8",
    wall: "#b89b74",
    wallTop: "#97805f",
    roof: "#5a4e45",
    roofGold: "#c9963b",
    timber: "#8f4a2c",
    stone: "#e4d6bd",
    tree: "#8aa257",
    treeDark: "#60773b",
    sand: "#e4c58a",
    sandShade: "#c19c62",
    cliff: "#c39a68",
    cliffShade: "#94704a",
    snow: false,
  },
  sea: {
    skyTop: "#3d86c6",
    skyHorizon: "#dcecf0",
    glow: "#ffffff",
    sun: "#fffbe6",
    sunYaw: 320,
    sunPitch: 30,
    cloud: "#ffffff",
    farHills: "#9db4b8",
    nearHills: "#6f8f86",
    groundFar: "#cdbf9c",
    groundNear: "#93805d",
    water: "#3f7f99",
    waterLight: "#bfe0e6",
    wall: "#9a8e7e",
    wallTop: "#786d5f",
    roof: "#4b535c",
    roofGold: "#d2a03a",
    timber: "#94442e",
    stone: "#dcd2c0",
    tree: "#5f8c4a",
    treeDark: "#416634",
    sand: "#dcc79a",
    sandShade: "#bba677",
    cliff: "#b98a5a",
    cliffShade: "#8e6440",
    snow: false,
  },
};

/** A small, fast generator (mulberry32) seeded from a string: the same key, the same scene. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How much larger than their nominal degrees buildings, bridges and boats are drawn. */
const BUILDING_SIZE = 1.35;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

class Canvas {
  readonly parts: string[] = [];
  /** Pixels per degree. */
  readonly u: number;
  /** Pixels per degree of a building's measures at scale 1 (they read better a little larger). */
  readonly b: number;
  readonly horizon: number;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.u = width / 360;
    this.b = this.u * BUILDING_SIZE;
    this.horizon = height / 2;
  }
  /** x of a yaw: yaw 0 in the middle, clockwise to the right. */
  x(yaw: number): number {
    return ((normalizeYaw(yaw) + 180) % 360) * this.u;
  }
  /** y of a pitch (degrees above the horizon). */
  y(pitch: number): number {
    return this.horizon - pitch * this.u;
  }
  /**
   * Draws `markup` (in coordinates relative to x) at x, and again a full turn away where it
   * would cross the left or right edge.
   */
  place(x: number, halfWidth: number, markup: string) {
    const at = (dx: number) =>
      this.parts.push(`<g transform="translate(${f(dx)},0)">${markup}</g>`);
    at(x);
    if (x - halfWidth < 0) at(x + this.width);
    if (x + halfWidth > this.width) at(x - this.width);
  }
  /** A band from yaw `from` clockwise to `to`: its start x and width. */
  band(from: number, to: number): { x: number; w: number } {
    const span = normalizeYaw(to - from) || 360;
    return { x: this.x(from), w: span * this.u };
  }
}

/** A roof: flat ridge, sweeping eaves turned up at the ends (in local px, base at y). */
function roof(cx: number, y: number, w: number, h: number, fill: string): string {
  const half = w / 2;
  const ridge = half * 0.55;
  const lift = h * 0.35;
  return `<path d="M${f(cx - half)} ${f(y - lift)} Q${f(cx - half * 0.8)} ${f(y)} ${f(cx - half * 0.62)} ${f(y)} L${f(cx + half * 0.62)} ${f(y)} Q${f(cx + half * 0.8)} ${f(y)} ${f(cx + half)} ${f(y - lift)} Q${f(cx + ridge * 1.15)} ${f(y - h * 0.55)} ${f(cx + ridge)} ${f(y - h)} L${f(cx - ridge)} ${f(y - h)} Q${f(cx - ridge * 1.15)} ${f(y - h * 0.55)} ${f(cx - half)} ${f(y - lift)} Z" fill="${fill}"/>`;
}

/** A storey: a body of columns under a roof; answers the markup and the top y. */
function storey(
  cx: number,
  base: number,
  w: number,
  h: number,
  c: Colors,
  roofFill: string,
  columns: number,
): { markup: string; top: number } {
  const bodyW = w * 0.78;
  const bodyH = h * 0.55;
  const parts = [
    `<rect x="${f(cx - bodyW / 2)}" y="${f(base - bodyH)}" width="${f(bodyW)}" height="${f(bodyH)}" fill="${c.timber}"/>`,
  ];
  for (let i = 1; i < columns; i++) {
    const x = cx - bodyW / 2 + (bodyW * i) / columns;
    parts.push(
      `<rect x="${f(x - bodyW * 0.012)}" y="${f(base - bodyH)}" width="${f(bodyW * 0.024)}" height="${f(bodyH)}" fill="${c.roof}" fill-opacity=".35"/>`,
    );
  }
  const roofBase = base - bodyH;
  parts.push(roof(cx, roofBase, w, h * 0.45, roofFill));
  return { markup: parts.join(""), top: roofBase - h * 0.45 };
}

function paintGate(
  cv: Canvas,
  c: Colors,
  feature: { yaw: number; scale?: number },
  wallFill: string,
) {
  const s = (feature.scale ?? 1) * cv.b;
  const base = cv.horizon + 1.5 * s;
  const w = 26 * s;
  const platformH = 6 * s;
  const parts = [
    `<rect x="${f(-w / 2)}" y="${f(base - platformH)}" width="${f(w)}" height="${f(platformH)}" fill="${wallFill}"/>`,
    `<rect x="${f(-w / 2)}" y="${f(base - platformH)}" width="${f(w)}" height="${f(0.6 * s)}" fill="${c.wallTop}"/>`,
  ];
  // Three gateways, the middle one widest.
  for (const [dx, gw] of [
    [-7, 2.6],
    [0, 3.4],
    [7, 2.6],
  ] as const) {
    const gx = dx * s;
    const gwp = gw * s;
    const gh = platformH * 0.62;
    parts.push(
      `<path d="M${f(gx - gwp / 2)} ${f(base)} L${f(gx - gwp / 2)} ${f(base - gh + gwp / 2)} A${f(gwp / 2)} ${f(gwp / 2)} 0 0 1 ${f(gx + gwp / 2)} ${f(base - gh + gwp / 2)} L${f(gx + gwp / 2)} ${f(base)} Z" fill="#2b2522"/>`,
    );
  }
  const top = base - platformH;
  const lower = storey(0, top, 20 * s, 5 * s, c, c.roof, 7);
  const upper = storey(0, lower.top + 0.6 * s, 15 * s, 4.2 * s, c, c.roof, 5);
  parts.push(lower.markup, upper.markup);
  cv.place(cv.x(feature.yaw), w / 2 + 2 * s, parts.join(""));
}

function paintHall(cv: Canvas, c: Colors, feature: { yaw: number; scale?: number; roof?: string }) {
  const s = (feature.scale ?? 1) * cv.b;
  const base = cv.horizon + 1.2 * s;
  const roofFill = feature.roof === "gold" ? c.roofGold : c.roof;
  const parts: string[] = [];
  // A terrace of three steps (white marble under a golden roof).
  const terraceFill = feature.roof === "gold" ? c.stone : c.wall;
  let y = base;
  for (let i = 0; i < 3; i++) {
    const w = (24 - i * 2) * s;
    const h = 0.9 * s;
    parts.push(
      `<rect x="${f(-w / 2)}" y="${f(y - h)}" width="${f(w)}" height="${f(h)}" fill="${terraceFill}"/>`,
      `<rect x="${f(-w / 2)}" y="${f(y - h)}" width="${f(w)}" height="${f(0.15 * s)}" fill="#ffffff" fill-opacity=".35"/>`,
    );
    y -= h;
  }
  const lower = storey(0, y, 22 * s, 6 * s, c, roofFill, 11);
  const upper = storey(0, lower.top + 0.8 * s, 16 * s, 3.6 * s, c, roofFill, 7);
  parts.push(lower.markup, upper.markup);
  cv.place(cv.x(feature.yaw), 13 * s, parts.join(""));
}

function paintStoreys(
  cv: Canvas,
  c: Colors,
  feature: { yaw: number; scale?: number; tiers?: number },
  shape: "pagoda" | "tower",
) {
  const s = (feature.scale ?? 1) * cv.b;
  const tiers = feature.tiers ?? (shape === "pagoda" ? 7 : 3);
  const base = cv.horizon + 0.8 * s;
  const parts: string[] = [];
  const baseW = shape === "pagoda" ? 7 * s : 13 * s;
  parts.push(
    `<rect x="${f(-baseW * 0.6)}" y="${f(base - 1.2 * s)}" width="${f(baseW * 1.2)}" height="${f(1.2 * s)}" fill="${c.stone}"/>`,
  );
  let y = base - 1.2 * s;
  // A pagoda of many tiers keeps its height (a tall, tapering tower); a tower's storeys stay tall.
  const tierH = shape === "pagoda" ? Math.min(3.2, 22 / tiers) * s : 4.2 * s;
  for (let i = 0; i < tiers; i++) {
    const taper = shape === "pagoda" ? 1 - (i / tiers) * 0.45 : 1 - (i / tiers) * 0.2;
    const w = baseW * taper;
    const bodyH = tierH * (i === 0 ? 1.25 : 0.7);
    const bodyFill = shape === "pagoda" ? c.stone : c.timber;
    parts.push(
      `<rect x="${f(-w * 0.36)}" y="${f(y - bodyH)}" width="${f(w * 0.72)}" height="${f(bodyH)}" fill="${bodyFill}"/>`,
      `<rect x="${f(-w * 0.07)}" y="${f(y - bodyH * 0.75)}" width="${f(w * 0.14)}" height="${f(bodyH * 0.45)}" fill="#2b2522" fill-opacity=".8"/>`,
    );
    y -= bodyH;
    parts.push(roof(0, y, w * (shape === "pagoda" ? 1.05 : 1.1), tierH * 0.45, c.roof));
    y -= tierH * 0.3;
  }
  // Finial.
  parts.push(
    `<rect x="${f(-0.18 * s)}" y="${f(y - 3 * s)}" width="${f(0.36 * s)}" height="${f(3 * s)}" fill="${c.roof}"/>`,
    `<circle cx="0" cy="${f(y - 1.4 * s)}" r="${f(0.55 * s)}" fill="${c.roofGold}"/>`,
  );
  cv.place(cv.x(feature.yaw), baseW, parts.join(""));
}

function paintHill(
  cv: Canvas,
  c: Colors,
  feature: { yaw: number; width: number; height?: number },
) {
  const w = feature.width * cv.u;
  const h = (feature.height ?? 8) * cv.u;
  const base = cv.horizon + 0.5 * cv.u;
  const parts = [
    `<path d="M${f(-w / 2)} ${f(base)} C${f(-w * 0.25)} ${f(base - h * 0.2)} ${f(-w * 0.2)} ${f(base - h)} ${f(0)} ${f(base - h)} C${f(w * 0.2)} ${f(base - h)} ${f(w * 0.3)} ${f(base - h * 0.25)} ${f(w / 2)} ${f(base)} Z" fill="${c.nearHills}"/>`,
  ];
  if (c.snow || feature.height === undefined || (feature.height ?? 0) >= 12) {
    // Snow on the summit: only where the hill is high, or in winter.
    if (c.snow || (feature.height ?? 0) >= 12) {
      parts.push(
        `<path d="M${f(-w * 0.12)} ${f(base - h * 0.82)} C${f(-w * 0.08)} ${f(base - h)} ${f(w * 0.08)} ${f(base - h)} ${f(w * 0.12)} ${f(base - h * 0.82)} Q${f(0)} ${f(base - h * 0.72)} ${f(-w * 0.12)} ${f(base - h * 0.82)} Z" fill="#ffffff" fill-opacity=".9"/>`,
      );
    }
  }
  cv.place(cv.x(feature.yaw), w / 2, parts.join(""));
}

function paintWater(cv: Canvas, c: Colors, random: () => number, from: number, to: number) {
  const { x, w } = cv.band(from, to);
  const top = cv.horizon + 0.4 * cv.u;
  const bottom = cv.y(-32);
  const edge = Math.min(6 * cv.u, w / 4);
  const parts = [
    `<path d="M0 ${f(top)} L${f(w)} ${f(top)} C${f(w + edge)} ${f((top + bottom) / 2)} ${f(w)} ${f(bottom)} ${f(w - edge)} ${f(bottom)} L${f(edge)} ${f(bottom)} C${f(0)} ${f(bottom)} ${f(-edge)} ${f((top + bottom) / 2)} 0 ${f(top)} Z" fill="url(#water)"/>`,
  ];
  const ripples = Math.round((w / cv.u) * 0.8);
  for (let i = 0; i < ripples; i++) {
    const rx = random() * w;
    const depth = random();
    const ry = top + (bottom - top) * depth * depth;
    const len = (1 + depth * 4) * cv.u;
    parts.push(
      `<rect x="${f(rx)}" y="${f(ry)}" width="${f(len)}" height="${f(0.12 * cv.u + depth * 0.25 * cv.u)}" rx="${f(0.1 * cv.u)}" fill="${c.waterLight}" fill-opacity="${f(0.35 + depth * 0.3)}"/>`,
    );
  }
  placeBand(cv, x, w, parts.join(""));
}

/** A band drawn from x over w, again a turn away where it passes the right edge. */
function placeBand(cv: Canvas, x: number, w: number, markup: string) {
  cv.parts.push(`<g transform="translate(${f(x)},0)">${markup}</g>`);
  if (x + w > cv.width)
    cv.parts.push(`<g transform="translate(${f(x - cv.width)},0)">${markup}</g>`);
}

function paintWall(cv: Canvas, c: Colors, feature: { from: number; to: number; color?: string }) {
  const { x, w } = cv.band(feature.from, feature.to);
  const fill =
    feature.color === "earth" ? c.sandShade : feature.color === "red" ? "#a3403a" : c.wall;
  const top = cv.y(3.2);
  const base = cv.y(-0.6);
  const merlon = 1.1 * cv.u;
  const parts = [
    `<rect x="0" y="${f(top)}" width="${f(w)}" height="${f(base - top)}" fill="${fill}"/>`,
    `<rect x="0" y="${f(base - 0.5 * cv.u)}" width="${f(w)}" height="${f(0.5 * cv.u)}" fill="#000" fill-opacity=".12"/>`,
  ];
  if (feature.color === "red") {
    // A palace wall: a yellow-tiled coping instead of battlements.
    parts.push(
      `<path d="M${f(-0.5 * cv.u)} ${f(top)} L${f(w + 0.5 * cv.u)} ${f(top)} L${f(w)} ${f(top - 0.9 * cv.u)} L0 ${f(top - 0.9 * cv.u)} Z" fill="${c.roofGold}"/>`,
    );
  } else {
    for (let mx = 0; mx < w; mx += merlon * 2) {
      parts.push(
        `<rect x="${f(mx)}" y="${f(top - merlon * 0.8)}" width="${f(merlon)}" height="${f(merlon * 0.8)}" fill="${fill}"/>`,
      );
    }
  }
  placeBand(cv, x, w, parts.join(""));
}

function paintTrees(
  cv: Canvas,
  c: Colors,
  random: () => number,
  feature: { from: number; to: number; willow?: boolean },
) {
  const { x, w } = cv.band(feature.from, feature.to);
  const parts: string[] = [];
  for (let tx = random() * 2 * cv.u; tx < w; tx += (1.8 + random() * 2.4) * cv.u) {
    const size = (1.8 + random() * 1.6) * cv.u;
    const base = cv.horizon + (0.5 + random() * 2) * cv.u;
    const fill = random() < 0.5 ? c.tree : c.treeDark;
    parts.push(
      `<rect x="${f(tx - size * 0.08)}" y="${f(base - size * 1.5)}" width="${f(size * 0.16)}" height="${f(size * 1.5)}" fill="#5a4632"/>`,
    );
    if (feature.willow) {
      parts.push(
        `<ellipse cx="${f(tx)}" cy="${f(base - size * 1.7)}" rx="${f(size * 0.9)}" ry="${f(size * 0.55)}" fill="${fill}"/>`,
      );
      for (let k = -3; k <= 3; k++) {
        const sx = tx + (k * size) / 4;
        parts.push(
          `<path d="M${f(sx)} ${f(base - size * 1.8)} Q${f(sx + size * 0.15)} ${f(base - size)} ${f(sx - size * 0.05)} ${f(base - size * 0.45)}" stroke="${fill}" stroke-width="${f(size * 0.12)}" fill="none" stroke-linecap="round"/>`,
        );
      }
    } else {
      parts.push(
        `<circle cx="${f(tx)}" cy="${f(base - size * 1.9)}" r="${f(size * 0.75)}" fill="${fill}"/>`,
        `<circle cx="${f(tx - size * 0.45)}" cy="${f(base - size * 1.45)}" r="${f(size * 0.55)}" fill="${fill}"/>`,
        `<circle cx="${f(tx + size * 0.45)}" cy="${f(base - size * 1.45)}" r="${f(size * 0.55)}" fill="${fill}"/>`,
      );
    }
  }
  placeBand(cv, x, w, parts.join(""));
}

function paintBoats(
  cv: Canvas,
  c: Colors,
  random: () => number,
  feature: { from: number; to: number; sails?: boolean },
) {
  const { x, w } = cv.band(feature.from, feature.to);
  const parts: string[] = [];
  for (let bx = random() * 3 * cv.u; bx < w; bx += (5 + random() * 6) * cv.u) {
    const depth = 1.5 + random() * 6;
    const s = (1.6 - depth * 0.08) * cv.u;
    const y = cv.y(-depth);
    const len = 7 * s;
    parts.push(
      `<path d="M${f(bx - len / 2)} ${f(y - 1.4 * s)} L${f(bx + len / 2)} ${f(y - 1.6 * s)} Q${f(bx + len * 0.4)} ${f(y)} ${f(bx + len * 0.25)} ${f(y)} L${f(bx - len * 0.3)} ${f(y)} Q${f(bx - len * 0.45)} ${f(y)} ${f(bx - len / 2)} ${f(y - 1.4 * s)} Z" fill="#6b4a32"/>`,
      `<rect x="${f(bx - len * 0.2)}" y="${f(y - 2.8 * s)}" width="${f(len * 0.35)}" height="${f(1.4 * s)}" fill="${c.timber}"/>`,
      roof(bx - len * 0.025, y - 2.8 * s, len * 0.45, 0.9 * s, c.roof),
    );
    if (feature.sails) {
      const mast = bx + len * 0.1;
      parts.push(
        `<rect x="${f(mast - 0.12 * s)}" y="${f(y - 11 * s)}" width="${f(0.24 * s)}" height="${f(9.5 * s)}" fill="#4a3626"/>`,
        `<path d="M${f(mast - 3.2 * s)} ${f(y - 10.5 * s)} L${f(mast + 2.6 * s)} ${f(y - 10.2 * s)} L${f(mast + 3 * s)} ${f(y - 3.6 * s)} L${f(mast - 3.4 * s)} ${f(y - 3.4 * s)} Z" fill="#c9955c"/>`,
      );
      for (let k = 1; k < 5; k++) {
        const sy = y - 10.4 * s + k * 1.4 * s;
        parts.push(
          `<rect x="${f(mast - 3.3 * s)}" y="${f(sy)}" width="${f(6.1 * s)}" height="${f(0.14 * s)}" fill="#7a5634"/>`,
        );
      }
    }
  }
  placeBand(cv, x, w, parts.join(""));
}

function paintBridge(cv: Canvas, c: Colors, feature: { yaw: number; scale?: number }) {
  const s = (feature.scale ?? 1) * cv.b;
  const w = 34 * s;
  const rise = 5 * s;
  const base = cv.horizon + 1.2 * s;
  const deck = 1.1 * s;
  const parts = [
    // The arch of timbers, then the deck along it, then the railing.
    `<path d="M${f(-w / 2)} ${f(base)} Q0 ${f(base - rise * 2)} ${f(w / 2)} ${f(base)}" stroke="#6b4a32" stroke-width="${f(deck * 1.6)}" fill="none"/>`,
    `<path d="M${f(-w / 2)} ${f(base - deck)} Q0 ${f(base - rise * 2 - deck)} ${f(w / 2)} ${f(base - deck)}" stroke="${c.timber}" stroke-width="${f(deck)}" fill="none"/>`,
    `<path d="M${f(-w / 2)} ${f(base - deck * 2.4)} Q0 ${f(base - rise * 2 - deck * 2.4)} ${f(w / 2)} ${f(base - deck * 2.4)}" stroke="${c.roof}" stroke-width="${f(deck * 0.3)}" fill="none"/>`,
  ];
  for (let k = -6; k <= 6; k++) {
    const t = (k + 6) / 12;
    const bx = -w / 2 + t * w;
    const by = (1 - t) * (1 - t) * base + 2 * (1 - t) * t * (base - rise * 2) + t * t * base;
    parts.push(
      `<rect x="${f(bx - 0.1 * s)}" y="${f(by - deck * 2.4)}" width="${f(0.2 * s)}" height="${f(deck * 1.4)}" fill="${c.roof}"/>`,
    );
  }
  cv.place(cv.x(feature.yaw), w / 2, parts.join(""));
}

function paintCliff(
  cv: Canvas,
  c: Colors,
  random: () => number,
  feature: { from: number; to: number; caves?: boolean },
) {
  const { x, w } = cv.band(feature.from, feature.to);
  const base = cv.y(-1);
  const points: string[] = [`0 ${f(base)}`];
  const step = 2 * cv.u;
  for (let px = 0; px <= w; px += step) {
    const h = (13 + Math.sin(px / (9 * cv.u)) * 1.5 + random() * 1.2) * cv.u;
    points.push(`${f(px)} ${f(cv.horizon - h)}`);
  }
  points.push(`${f(w)} ${f(base)}`);
  const parts = [
    `<polygon points="${points.join(" ")}" fill="${c.cliff}"/>`,
    `<rect x="0" y="${f(cv.y(6))}" width="${f(w)}" height="${f(0.35 * cv.u)}" fill="${c.cliffShade}" fill-opacity=".5"/>`,
  ];
  if (feature.caves) {
    for (const row of [2, 5.5, 9]) {
      for (let cx = random() * 2 * cv.u; cx < w - cv.u; cx += (1.6 + random() * 1.8) * cv.u) {
        const cw = (0.6 + random() * 0.5) * cv.u;
        const ch = cw * 1.3;
        const cy = cv.y(row + random() * 0.8);
        parts.push(
          `<path d="M${f(cx)} ${f(cy)} L${f(cx)} ${f(cy - ch + cw / 2)} A${f(cw / 2)} ${f(cw / 2)} 0 0 1 ${f(cx + cw)} ${f(cy - ch + cw / 2)} L${f(cx + cw)} ${f(cy)} Z" fill="${c.cliffShade}"/>`,
        );
      }
      // The walkway in front of each row of caves.
      parts.push(
        `<rect x="0" y="${f(cv.y(row) + 0.05 * cv.u)}" width="${f(w)}" height="${f(0.2 * cv.u)}" fill="${c.timber}" fill-opacity=".6"/>`,
      );
    }
  }
  placeBand(cv, x, w, parts.join(""));
}

function paintDunes(
  cv: Canvas,
  c: Colors,
  random: () => number,
  feature: { from: number; to: number },
) {
  const { x, w } = cv.band(feature.from, feature.to);
  const base = cv.horizon + 0.6 * cv.u;
  const parts: string[] = [];
  for (let dx = -4 * cv.u; dx < w; dx += (8 + random() * 8) * cv.u) {
    const dw = (14 + random() * 10) * cv.u;
    const dh = (3 + random() * 4) * cv.u;
    const peak = dx + dw * (0.35 + random() * 0.3);
    const start = Math.max(0, dx);
    const end = Math.min(w, dx + dw);
    parts.push(
      `<path d="M${f(start)} ${f(base)} Q${f(peak - dw * 0.2)} ${f(base - dh)} ${f(peak)} ${f(base - dh)} Q${f(peak + dw * 0.15)} ${f(base - dh * 0.8)} ${f(end)} ${f(base)} Z" fill="${c.sand}"/>`,
      `<path d="M${f(peak)} ${f(base - dh)} Q${f(peak + dw * 0.15)} ${f(base - dh * 0.8)} ${f(end)} ${f(base)} L${f(peak + dw * 0.05)} ${f(base)} Z" fill="${c.sandShade}"/>`,
    );
  }
  placeBand(cv, x, w, parts.join(""));
}

/**
 * A straight road from under the viewer's feet to the horizon at `yaw`. At a pitch p below the
 * horizon the road's edges lie atan(k·tan|p|) to either side (k: its half-width over the eye's
 * height), so it narrows to a point on the horizon and opens to half the circle underfoot.
 */
function paintRoad(
  cv: Canvas,
  c: Colors,
  feature: { yaw: number; width?: number; paving?: string },
) {
  const k = feature.width ?? 4;
  const pitches = [
    -0.3, -0.6, -1, -1.5, -2.5, -4, -6, -9, -13, -18, -25, -35, -48, -62, -75, -89.5,
  ];
  const side = (p: number) => (Math.atan(k * Math.tan((-p * Math.PI) / 180)) * 180) / Math.PI;
  // From the horizon down the right edge to the nadir, and up the left edge back again.
  const right = pitches.map((p) => `${f(side(p) * cv.u)} ${f(cv.y(p))}`);
  const left = [...pitches].reverse().map((p) => `${f(-side(p) * cv.u)} ${f(cv.y(p))}`);
  const fill = feature.paving === "earth" ? c.sandShade : c.stone;
  const parts = [
    `<polygon points="0 ${f(cv.horizon)} ${right.join(" ")} ${left.join(" ")}" fill="${fill}" fill-opacity=".85"/>`,
  ];
  // Joints across the paving: lines of equal distance are lines of equal pitch.
  if (feature.paving !== "earth") {
    for (const p of [-2, -3.5, -5.5, -8, -11, -15, -21, -29, -40]) {
      const hw = side(p) * cv.u;
      parts.push(
        `<rect x="${f(-hw)}" y="${f(cv.y(p))}" width="${f(hw * 2)}" height="${f(0.1 * cv.u * (1 - p / 20))}" fill="#000" fill-opacity=".08"/>`,
      );
    }
  }
  cv.place(cv.x(feature.yaw), 90 * cv.u, parts.join(""));
}

/** A ridge around the whole horizon: whole waves only, so it meets itself behind the viewer. */
function ridge(cv: Canvas, random: () => number, height: number, fill: string): string {
  const waves = [1, 2, 3, 5, 8, 13].map((k) => ({
    k,
    a: (random() * height) / Math.sqrt(k),
    phase: random() * Math.PI * 2,
  }));
  const points: string[] = [`0 ${f(cv.horizon + cv.u)}`];
  const steps = 360;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let h = height * 0.6;
    for (const w of waves) h += w.a * Math.sin(2 * Math.PI * w.k * t + w.phase);
    points.push(`${f(t * cv.width)} ${f(cv.horizon - Math.max(0.4, h) * cv.u)}`);
  }
  points.push(`${f(cv.width)} ${f(cv.horizon + cv.u)}`);
  return `<polygon points="${points.join(" ")}" fill="${fill}"/>`;
}

function paintFeature(cv: Canvas, c: Colors, random: () => number, feature: PanoramaFeature) {
  switch (feature.kind) {
    case "wall":
      return paintWall(cv, c, feature);
    case "gate":
      return paintGate(cv, c, feature, c.wall);
    case "hall":
      return paintHall(cv, c, feature);
    case "pagoda":
      return paintStoreys(cv, c, feature, "pagoda");
    case "tower":
      return paintStoreys(cv, c, feature, "tower");
    case "hill":
      return paintHill(cv, c, feature);
    case "water":
      return paintWater(cv, c, random, feature.from, feature.to);
    case "bridge":
      return paintBridge(cv, c, feature);
    case "trees":
      return paintTrees(cv, c, random, feature);
    case "boats":
      return paintBoats(cv, c, random, feature);
    case "cliff":
      return paintCliff(cv, c, random, feature);
    case "dunes":
      return paintDunes(cv, c, random, feature);
    case "road":
      return paintRoad(cv, c, feature);
  }
}

/**
 * The scene as an SVG document of `width` × `width / 2` pixels. Deterministic: the same picture
 * and width give the same text.
 */
export function paintPanoramaSvg(picture: PanoramaPicture, width: number): string {
  const height = width / 2;
  const cv = new Canvas(width, height);
  const c = PALETTES[picture.palette];
  const random = seededRandom(picture.key);
  const sunX = cv.x(c.sunYaw);
  const sunY = cv.y(c.sunPitch);
  const defs = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.skyTop}"/><stop offset="1" stop-color="${c.skyHorizon}"/></linearGradient><linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.groundFar}"/><stop offset="1" stop-color="${c.groundNear}"/></linearGradient><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.waterLight}"/><stop offset=".25" stop-color="${c.water}"/><stop offset="1" stop-color="${c.water}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="${c.glow}" stop-opacity=".85"/><stop offset="1" stop-color="${c.glow}" stop-opacity="0"/></radialGradient></defs>`;
  cv.parts.push(
    `<rect width="${width}" height="${f(cv.horizon + cv.u)}" fill="url(#sky)"/>`,
    // The sun's glow and disc, drawn twice near an edge like every shape.
    ...[sunX, sunX - width, sunX + width].flatMap((x) => [
      `<ellipse cx="${f(x)}" cy="${f(sunY)}" rx="${f(40 * cv.u)}" ry="${f(22 * cv.u)}" fill="url(#glow)"/>`,
      `<circle cx="${f(x)}" cy="${f(sunY)}" r="${f(2.6 * cv.u)}" fill="${c.sun}"/>`,
    ]),
  );
  // Clouds: long, flat, soft, in the upper sky.
  for (let i = 0; i < 14; i++) {
    const x = random() * width;
    const pitch = 12 + random() * 40;
    const w = (10 + random() * 22) * cv.u;
    const markup = [0, 1, 2]
      .map(
        (k) =>
          `<ellipse cx="${f((k - 1) * w * 0.3)}" cy="${f(cv.y(pitch) - (k === 1 ? 0.8 : 0) * cv.u)}" rx="${f(w * (k === 1 ? 0.42 : 0.3))}" ry="${f((k === 1 ? 1.6 : 1.1) * cv.u)}" fill="${c.cloud}" fill-opacity=".8"/>`,
      )
      .join("");
    cv.place(x, w * 0.75, markup);
  }
  if (c.snow) {
    for (let i = 0; i < 500; i++) {
      cv.parts.push(
        `<circle cx="${f(random() * width)}" cy="${f(random() * cv.horizon * 0.95)}" r="${f((0.08 + random() * 0.16) * cv.u)}" fill="#ffffff" fill-opacity=".85"/>`,
      );
    }
  }
  cv.parts.push(ridge(cv, random, 5, c.farHills), ridge(cv, random, 2.6, c.nearHills));
  cv.parts.push(
    `<rect y="${f(cv.horizon)}" width="${width}" height="${f(height - cv.horizon)}" fill="url(#ground)"/>`,
  );
  // Rings on the ground around the viewer (lines of equal pitch), fading with distance.
  for (const pitch of [-3, -6, -10, -16, -25, -38, -55]) {
    cv.parts.push(
      `<rect y="${f(cv.y(pitch))}" width="${width}" height="${f(0.12 * cv.u * (1 - pitch / 30))}" fill="#000" fill-opacity=".07"/>`,
    );
  }
  for (const feature of picture.features) paintFeature(cv, c, random, feature);
  // The ground under the viewer's feet: one calm colour at the nadir.
  cv.parts.push(
    `<rect y="${f(cv.y(-72))}" width="${width}" height="${f(height - cv.y(-72))}" fill="${c.groundNear}"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${cv.parts.join("")}</svg>`;
}
