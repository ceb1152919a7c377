import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  CONTRAST_MIN_LARGE,
  CONTRAST_MIN_TEXT,
  composite,
  contrastRatio,
  parseColor,
  type Rgba,
} from "@tongjian/domain/color-contrast";
import { describe, expect, it } from "vitest";
import { THEME_COLORS } from "./theme-script.ts";

const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
const THEME_CSS = readFileSync(fileURLToPath(new URL("./theme.css", import.meta.url)), "utf8");

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(css: string, selector: string): Map<string, string> {
  const source = withoutComments(css);
  const start = source.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no rule "${selector}" in theme.css`);
  const open = start + selector.length + 2;
  const body = source.slice(open, source.indexOf("}", open));
  const declarations = new Map<string, string>();
  for (const [, name, value] of body.matchAll(/(--[\w-]+|color-scheme)\s*:\s*([^;]+);/g)) {
    if (name && value) declarations.set(name, value.replace(/\s+/g, " ").trim());
  }
  return declarations;
}

const light = block(THEME_CSS, ":root");
const darkForSystem = block(THEME_CSS, ':root:not([data-theme="light"])');
const dark = block(THEME_CSS, ':root[data-theme="dark"],\n.tj-app--dark');

/** Tokens that keep their value in both themes, on purpose. */
const SAME_IN_BOTH = new Set([
  "--tj-dark-paper",
  "--tj-dark-ink",
  "--tj-dark-ink-3",
  "--tj-dark-line",
  "--tj-dark-shade-rgb",
  "--tj-stage-bg",
  "--tj-museum-room",
  "--tj-museum-ink",
  "--tj-museum-accent",
  "--tj-museum-panel",
  "--tj-museum-plan-room",
  "--tj-museum-plan-here",
  "--tj-museum-wall",
  "--tj-museum-plan-exhibit",
  "--tj-museum-plan-me",
  "--tj-museum-control",
  "--tj-museum-control-edge",
  "--tj-museum-knob",
  "--tj-museum-hint",
  "--tj-museum-track",
  // Entry kinds on graphs: deep in both palettes, with white initials on them.
  "--tj-kind-person",
  "--tj-kind-regime",
  "--tj-kind-event",
  "--tj-kind-place",
  "--tj-kind-work",
  "--tj-kind-other",
  "--tj-on-kind",
]);

function palette(tokens: Map<string, string>) {
  const get = (name: string): Rgba => {
    const value = tokens.get(name) ?? light.get(name);
    const rgb = value && /^\d/.test(value) ? `rgb(${value})` : value;
    const parsed = rgb ? parseColor(rgb) : null;
    if (!parsed) throw new Error(`${name} is not a colour: ${value}`);
    return parsed;
  };
  return get;
}

/** Text (or a focus ring) on a surface, with the least contrast WCAG AA asks of it there. */
interface Pair {
  text: string;
  on: string;
  /** A translucent surface is laid over this opaque one first. */
  over?: string;
  min: number;
}

const SURFACES = ["--tj-paper", "--tj-card", "--tj-tint", "--tj-tint-2"];
const PAIRS: Pair[] = [
  ...["person", "regime", "event", "place", "work", "other"].map((kind) => ({
    text: "--tj-on-kind",
    on: `--tj-kind-${kind}`,
    min: 7,
  })),
  ...["--tj-ink", "--tj-ink-2", "--tj-ink-3", "--tj-red"].flatMap((text) =>
    SURFACES.map((on) => ({ text, on, min: CONTRAST_MIN_TEXT })),
  ),
  // The top bar over the page, the slogan in muted ink.
  ...["--tj-ink", "--tj-ink-3"].map((text) => ({
    text,
    on: "--tj-topbar-bg",
    over: "--tj-paper",
    min: CONTRAST_MIN_TEXT,
  })),
  { text: "--tj-on-red", on: "--tj-red", min: CONTRAST_MIN_TEXT },
  { text: "--tj-on-dark", on: "--tj-notice-bg", min: CONTRAST_MIN_TEXT },
  { text: "--tj-on-dark", on: "--tj-toast-bg", over: "--tj-paper", min: CONTRAST_MIN_TEXT },
  // Search results mark the keyword in the summary line.
  { text: "--tj-ink", on: "--tj-highlight", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink-2", on: "--tj-highlight", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink", on: "--tj-promo-bg", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink-2", on: "--tj-promo-bg", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink", on: "--tj-wash", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink-2", on: "--tj-wash", min: CONTRAST_MIN_TEXT },
  { text: "--tj-red", on: "--tj-wash", min: CONTRAST_MIN_TEXT },
  { text: "--tj-label-ink", on: "--tj-label", min: CONTRAST_MIN_TEXT },
  { text: "--tj-ink", on: "--tj-silk-to", min: CONTRAST_MIN_TEXT },
  // The time map's year and name are large text (24 px bold, 30 px).
  { text: "--tj-on-dark", on: "--tj-map-to", min: CONTRAST_MIN_LARGE },
  // WCAG 1.4.11: focus rings against the page and the cards.
  { text: "--tj-focus", on: "--tj-paper", min: CONTRAST_MIN_LARGE },
  { text: "--tj-focus", on: "--tj-card", min: CONTRAST_MIN_LARGE },
];

describe("the dark palette", () => {
  it("is the same for the system's dark mode as for the reader's and the app's", () => {
    expect(Object.fromEntries(darkForSystem)).toEqual(Object.fromEntries(dark));
  });

  it("redefines every colour token of the light palette", () => {
    const colourTokens = [...light.keys()].filter((name) => {
      const value = light.get(name) ?? "";
      return /^(#|rgba?\(|\d+, \d+, \d+$)/.test(value) && !SAME_IN_BOTH.has(name);
    });
    expect(colourTokens.length).toBeGreaterThan(30);
    expect(colourTokens.filter((name) => !dark.has(name))).toEqual([]);
    expect(dark.get("color-scheme")).toBe("dark");
    expect(light.get("color-scheme")).toBe("light");
  });

  it("gives the browser bar the page colours the head script names", () => {
    expect(THEME_COLORS.dark).toBe(dark.get("--tj-paper"));
    expect(THEME_COLORS.light).toBe(light.get("--tj-red"));
  });
});

describe.each([
  ["light", light],
  ["dark", dark],
] as const)("the %s palette", (_name, tokens) => {
  const color = palette(tokens);
  it.each(PAIRS)("$text on $on: at least $min:1", ({ text, on, over, min }) => {
    const surface = over ? composite(color(on), color(over)) : color(on);
    expect(contrastRatio(color(text), surface)).toBeGreaterThanOrEqual(min);
  });
});

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ext);
    return ext.test(entry.name) && !entry.name.includes(".test.") ? [path] : [];
  });
}

const NAMED_COLOUR =
  /:\s*[^;{}]*(?<![\w-])(white|black|red|green|blue|gr[ae]y|silver|yellow|orange|purple|pink|brown|navy|maroon)(?![\w-])/;
const LITERAL_COLOUR = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?)\((?!\s*var\()/i;

/**
 * The dark theme reaches a screen through the tokens only: a colour written in a component
 * sheet or a component stays light in the dark theme. This holds for the screens built later
 * too, since every sheet and component under app/ is read.
 */
describe("component sheets and components", () => {
  it("name no colour of their own: they use the theme's tokens", () => {
    const sheets = filesUnder(APP_DIR, /\.css$/).filter((path) => !path.endsWith("theme.css"));
    expect(sheets.length).toBeGreaterThan(20);
    const found = sheets.flatMap((path) =>
      withoutComments(readFileSync(path, "utf8"))
        .split("\n")
        .filter((line) => LITERAL_COLOUR.test(line) || NAMED_COLOUR.test(line))
        .map((line) => `${relative(APP_DIR, path)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("draw no colour inline in markup either", () => {
    const components = filesUnder(APP_DIR, /\.tsx$/);
    const found = components.flatMap((path) =>
      readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => /["'`]\s*(#[0-9a-f]{3,8}|(rgba?|hsla?)\()/i.test(line))
        .map((line) => `${relative(APP_DIR, path)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
