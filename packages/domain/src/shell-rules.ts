/**
 * How the shell dresses each page (spec §2 "Layouts and shell"). The one list of immersive
 * pages lives here; the web shell and its tests both read it.
 *
 * Reading of the spec (docs/decisions/0002-top-bar-rules.md): immersive pages hide the top bar;
 * relation and map pages keep it but lay it over the top of the full-screen view instead of a
 * sticky strip, dark on relation pages; divination keeps the bar with its own text in place of
 * the slogan; the black layout is bare (no bars, no pop-ups).
 */
export type TopBarMode = "sticky" | "overlay" | "hidden";
export type ShellTheme = "light" | "dark";

export interface ShellRules {
  layout: "default" | "black";
  topBar: TopBarMode;
  theme: ShellTheme;
  /** Replaces the slogan in the top bar. */
  slogan: string | null;
  /** The bottom bar (back, logo, download) is offered on reading pages. */
  bottomBar: boolean;
}

export const DIVINATION_SLOGAN = "求一支历史签，问一问古人";

/** Path prefixes of pages that take the whole screen and hide the top bar. */
export const IMMERSIVE_PAGES: readonly string[] = [
  "/timebar",
  "/timeColumn",
  "/quiz",
  "/buyvip",
  "/upgradepay",
  "/ladder",
  "/ladderchallenge",
  "/ladderanniversary",
  "/ladderanniversary1",
  "/ladderintroduce",
  "/laddersample",
  "/lLadderProductDetail",
  "/wenshiladder",
  "/youngladder",
  "/newsladder",
  "/wenshichallenge",
  "/wenshianswer",
  "/studyrecord",
  "/learnrecord",
  "/studyplan",
  "/study",
  "/aitest",
  "/depthtest",
  "/knowledgepoint/question",
  "/springfestival",
  "/greetingcard",
  "/clockin",
  "/signin",
  "/crazyeleven",
  "/drawsale",
  "/laborday",
  "/womanday",
  "/readday",
  "/psychologicalday",
  "/changanactivity",
  "/share719",
  "/wenshireward",
  "/wenshisong",
  "/love",
  "/donatebooks",
  "/sharegetgift",
  "/sales",
  "/productDetail",
  "/recharge",
  "/order",
  "/exchange",
  "/offexchange",
  "/coupon",
  "/discount",
  "/login",
  "/redirectpage",
  "/openxcx",
  "/wxapphome",
  "/tvhelp",
];

/** Full-screen graph pages: the bar lies over them, dark. */
export const RELATION_PAGES: readonly string[] = [
  "/relation",
  "/relationedit",
  "/home/relationalmap",
  "/abpath",
  "/home/abpath",
  "/latticeDiagram",
];

/** Full-screen map pages: the bar lies over them, light. */
export const MAP_PAGES: readonly string[] = [
  "/map",
  "/home/timemap",
  "/home/spacebar",
  "/historicalsite",
];

/** Bare pages: 3D scenes and panoramas draw everything themselves. */
export const BLACK_LAYOUT_PAGES: readonly string[] = ["/panorama", "/panorama2022", "/home/museum"];

/** Reading pages that offer the bottom bar. */
export const BOTTOM_BAR_PAGES: readonly string[] = [
  "/ah",
  "/article",
  "/harmony",
  "/summarize",
  "/detail",
  "/minidetail",
  "/painting",
  "/artist",
  "/book",
  "/timeline",
];

function matches(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function shellRules(pathname: string): ShellRules {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (matches(path, BLACK_LAYOUT_PAGES)) {
    return { layout: "black", topBar: "hidden", theme: "dark", slogan: null, bottomBar: false };
  }
  if (matches(path, RELATION_PAGES)) {
    return { layout: "default", topBar: "overlay", theme: "dark", slogan: null, bottomBar: false };
  }
  if (matches(path, MAP_PAGES)) {
    return { layout: "default", topBar: "overlay", theme: "light", slogan: null, bottomBar: false };
  }
  if (matches(path, ["/divination"])) {
    return {
      layout: "default",
      topBar: "sticky",
      theme: "light",
      slogan: DIVINATION_SLOGAN,
      bottomBar: false,
    };
  }
  if (matches(path, IMMERSIVE_PAGES)) {
    return { layout: "default", topBar: "hidden", theme: "light", slogan: null, bottomBar: false };
  }
  return {
    layout: "default",
    topBar: "sticky",
    theme: "light",
    slogan: null,
    bottomBar: matches(path, BOTTOM_BAR_PAGES),
  };
}
