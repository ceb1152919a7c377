// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THEME_COLORS, THEME_SCRIPT, THEME_STORAGE_KEY } from "./theme-script.ts";

const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const APP = `${SAFARI.replace("Version/17.5 ", "").replace(" Safari/604.1", "")} TongjianApp/4.20.0`;

const html = () => document.documentElement;
// The storage listeners each run adds, removed after each test so that runs do not overlap.
const listeners: EventListener[] = [];

/** The document head as root.tsx renders it, then the script as the browser runs it. */
function runScript(userAgent: string) {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
  document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)"><meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)">`;
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, "addEventListener").mockImplementation((type, listener) => {
    listeners.push(listener as EventListener);
    add(type, listener);
  });
  new Function(THEME_SCRIPT)();
}

const metaColors = () =>
  [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => m.getAttribute("content"));

beforeEach(() => {
  localStorage.clear();
  html().removeAttribute("data-theme");
  html().removeAttribute("data-theme-source");
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const listener of listeners.splice(0)) window.removeEventListener("storage", listener);
  delete window.__tongjianSetTheme;
  delete window.__tongjianApplyTheme;
});

describe("the theme head script", () => {
  it("forces nothing without a choice: the page follows the system, each meta its own", () => {
    runScript(SAFARI);
    expect(html().hasAttribute("data-theme")).toBe(false);
    expect(metaColors()).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
  });

  it("applies the reader's stored choice, with the browser bar's colour", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    runScript(SAFARI);
    expect(html().getAttribute("data-theme")).toBe("dark");
    expect(html().hasAttribute("data-theme-source")).toBe(false);
    expect(metaColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);

    localStorage.setItem(THEME_STORAGE_KEY, "light");
    window.__tongjianApplyTheme?.();
    expect(html().getAttribute("data-theme")).toBe("light");
    expect(metaColors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);

    localStorage.setItem(THEME_STORAGE_KEY, "system");
    window.__tongjianApplyTheme?.();
    expect(html().hasAttribute("data-theme")).toBe(false);
    expect(metaColors()).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
  });

  it("ignores a stored value it does not know", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "sepia");
    runScript(SAFARI);
    expect(html().hasAttribute("data-theme")).toBe(false);
  });

  it("lets the theme in our app's user agent win over the reader's choice", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    runScript(`${APP} TongjianTheme/dark`);
    expect(html().getAttribute("data-theme")).toBe("dark");
    expect(html().getAttribute("data-theme-source")).toBe("app");
    expect(metaColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    // The reader's choice changing underneath does not move it.
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    window.__tongjianApplyTheme?.();
    expect(html().getAttribute("data-theme")).toBe("dark");
  });

  it("reads the token only inside our app", () => {
    runScript(`${SAFARI} TongjianTheme/dark`);
    expect(html().hasAttribute("data-theme")).toBe(false);
  });

  it("follows the app's later calls, and hands back to the reader when the app stops", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    runScript(APP);
    expect(html().getAttribute("data-theme")).toBe("dark");
    expect(html().hasAttribute("data-theme-source")).toBe(false);

    window.__tongjianSetTheme?.("light");
    expect(html().getAttribute("data-theme")).toBe("light");
    expect(html().getAttribute("data-theme-source")).toBe("app");

    window.__tongjianSetTheme?.("unknown");
    expect(html().getAttribute("data-theme")).toBe("dark");
    expect(html().hasAttribute("data-theme-source")).toBe(false);
  });

  it("applies a choice made in another tab", () => {
    runScript(SAFARI);
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY }));
    expect(html().getAttribute("data-theme")).toBe("dark");
  });

  it("follows the system when storage is blocked, and a choice while the page is open", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError");
    });
    expect(() => runScript(SAFARI)).not.toThrow();
    expect(html().hasAttribute("data-theme")).toBe(false);
    window.__tongjianApplyTheme?.("dark");
    expect(html().getAttribute("data-theme")).toBe("dark");
    window.__tongjianApplyTheme?.("system");
    expect(html().hasAttribute("data-theme")).toBe(false);
  });
});
