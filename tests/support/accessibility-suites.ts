import { shellRules } from "@tongjian/domain/shell-rules";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeProblems,
  COLOUR_RULES,
  clippedText,
  PAPER,
  POPUPS,
  readerContext,
  report,
  SCREENS,
  STAGE,
  smallTargets,
  THEMES,
  type Theme,
  visit,
} from "./accessibility-rig.ts";

/** Every axe rule in the first theme; in the other, only those that depend on the colours. */
function axeScope(theme: Theme): { rules?: string[] } {
  return theme === THEMES[0] ? {} : { rules: COLOUR_RULES };
}

/** Both themes side by side: a page for each, reused from screen to screen. */
export function screensSuite(part: number, parts: number): void {
  const share = <T>(list: T[]) => list.filter((_, i) => i % parts === part);
  describe(`every built screen and pop-up, light and dark (part ${part + 1} of ${parts})`, () => {
    const pages = new Map<Theme, Page>();
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      for (const theme of THEMES) {
        const context = await readerContext(theme);
        contexts.push(context);
        pages.set(theme, await context.newPage());
      }
    });
    afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()));
    });

    /** Runs `check` on the page of each theme at once and gathers what each found. */
    async function inBothThemes(check: (page: Page, theme: Theme) => Promise<string[]>) {
      const found = await Promise.all(
        THEMES.map(async (theme) => {
          const page = pages.get(theme);
          if (!page) throw new Error(`no page for ${theme}`);
          return (await check(page, theme)).map((line) => `${theme}: ${line}`);
        }),
      );
      return found.flat();
    }

    it.each(share(SCREENS))(
      "$name ($path): axe finds nothing serious, targets are 44 px",
      async (s) => {
        const found = await inBothThemes(async (page, theme) => {
          await visit(page, s.path, s);
          const rules = shellRules(new URL(s.path, "http://h").pathname);
          // The bare black layout (3D scenes, panoramas) is a stage; its reading pages draw their
          // own page, in the reader's theme, on it.
          const black = rules.layout === "black";
          const { paper, lang } = await page.evaluate(
            (surface) => ({
              paper: getComputedStyle(document.querySelector(surface) ?? document.body)
                .backgroundColor,
              lang: document.documentElement.lang,
            }),
            black ? "main" : ".tj-app",
          );
          // The graph pages' shell is dark in both themes.
          const dark = rules.theme === "dark";
          const expected = black
            ? s.stage
              ? STAGE
              : PAPER[theme]
            : dark
              ? PAPER.dark
              : PAPER[theme];
          const wrong = [
            ...(paper === expected ? [] : [`the page is ${paper}, not ${expected}`]),
            ...(lang === "zh-CN" ? [] : [`<html lang="${lang}">, not zh-CN`]),
          ];
          return [
            ...wrong,
            ...(await axeProblems(page, axeScope(theme))),
            ...(await smallTargets(page)),
          ];
        });
        expect(found, `${s.name}${report(found)}`).toEqual([]);
      },
    );

    it.each(share(POPUPS))(
      "pop-up $name: axe finds nothing serious, targets are 44 px",
      async (p) => {
        const found = await inBothThemes(async (page, theme) => {
          await visit(page, p.path);
          await p.open(page);
          // Measured once the pop-up has come all the way in: antd-mobile fades and scales the
          // mask and the pop-up from script, so every box from the dialog up must be opaque and
          // still, and the mask opaque.
          await page.waitForFunction(() => {
            const settled = (el: Element | null): boolean => {
              for (let at = el; at; at = at.parentElement) {
                const style = getComputedStyle(at);
                if (Number(style.opacity) < 1) return false;
                if (style.transform !== "none" && !/^matrix\(1, 0, 0, 1, /.test(style.transform))
                  return false;
              }
              return true;
            };
            const shown = [...document.querySelectorAll('[role="dialog"], .adm-mask')].filter(
              (el) => el.getClientRects().length > 0,
            );
            return shown.length > 0 && shown.every(settled);
          });
          return [...(await axeProblems(page, axeScope(theme))), ...(await smallTargets(page))];
        });
        expect(found, `${p.name}${report(found)}`).toEqual([]);
      },
    );
  });
}

export function zoomSuite(part: number, parts: number): void {
  const share = <T>(list: T[]) => list.filter((_, i) => i % parts === part);
  describe(`the large text size and 200 % zoom (part ${part + 1} of ${parts})`, () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await readerContext(null, { font: "large" });
      page = await context.newPage();
      // 200 % zoom of a 375 px phone lays the page out 187 px wide.
      await page.setViewportSize({ width: 187, height: 406 });
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(share(SCREENS))("$name: nothing is cut off at 187 px wide", async (s) => {
      await visit(page, s.path, s);
      const cut = await clippedText(page);
      expect(cut, `${s.name}: ${report(cut)}`).toEqual([]);
    });
  });
}
