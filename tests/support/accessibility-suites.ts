import { FONT_SIZES } from "@tongjian/domain/font-option";
import { shellRules } from "@tongjian/domain/shell-rules";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  TEXT_SIZE_PROPERTY,
  TITLE_SIZE_PROPERTY,
} from "../../apps/web/app/features/content/article-font-script.ts";
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
  THEME_KEY,
  THEMES,
  type Theme,
  visit,
} from "./accessibility-rig.ts";
import { PHONE_VIEWPORT } from "./browser.ts";

/** 200 % zoom of a 375 px phone lays the page out 187 px wide. */
const ZOOMED = { width: 187, height: 406 };

/**
 * Every built screen and pop-up in both themes, on one page: each screen is opened in the theme
 * the reader last chose and checked with every axe rule; then the reader switches the theme the
 * way the appearance control does (the choice stored, `__tongjianApplyTheme()`), and the page is
 * checked again with the rules that depend on the colours, its structure, names and roles being
 * the same. The next screen opens in that theme, so each theme is seen on opening as well as
 * after a switch. Then the reader picks the large text size (the sizes put on the document, as the
 * size control does) and zooms to 200 % (the page laid out 187 px wide), and nothing may be cut
 * off. No screen is loaded and hydrated twice.
 */
export function screensSuite(part: number, parts: number): void {
  const share = <T>(list: T[]) => list.filter((_, i) => i % parts === part);
  describe(`every built screen and pop-up, light and dark (part ${part + 1} of ${parts})`, () => {
    let context: BrowserContext;
    let page: Page;
    /** The theme the page opens in: the one stored last (none at first: the light system's). */
    let current: Theme = THEMES[0];

    beforeAll(async () => {
      context = await readerContext(null);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    /** The reader switches to the other theme; resolved once the page wears it. */
    async function switchTheme(surface: string, paper: string): Promise<Theme> {
      const next: Theme = current === THEMES[0] ? THEMES[1] : THEMES[0];
      await page.evaluate(
        ({ key, theme }) => {
          localStorage.setItem(key, theme);
          (window as { __tongjianApplyTheme?: () => void }).__tongjianApplyTheme?.();
        },
        { key: THEME_KEY, theme: next },
      );
      current = next;
      await page
        .waitForFunction(
          ({ surface, paper }) =>
            getComputedStyle(document.querySelector(surface) ?? document.body).backgroundColor ===
            paper,
          { surface, paper },
          { timeout: 2000 },
        )
        // Reported below, with the colour the page does have.
        .catch(() => {});
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      return next;
    }

    /** The large text size and 200 % zoom on the page as it is: what is cut off. */
    async function zoomed(): Promise<string[]> {
      await page.evaluate(
        ({ title, text, size }) => {
          const { style } = document.documentElement;
          style.setProperty(title, `${size.titlePx}px`);
          style.setProperty(text, `${size.paragraphPx}px`);
        },
        { title: TITLE_SIZE_PROPERTY, text: TEXT_SIZE_PROPERTY, size: FONT_SIZES.large },
      );
      await page.setViewportSize(ZOOMED);
      try {
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        return (await clippedText(page)).map((line) => `large text at 200 %: ${line}`);
      } finally {
        await page.setViewportSize(PHONE_VIEWPORT);
      }
    }

    /** Runs `check` in the theme the page opened in, then in the other after a switch. */
    async function inBothThemes(
      surface: string,
      paperOf: (theme: Theme) => string,
      check: (theme: Theme, rules: { rules?: string[] }) => Promise<string[]>,
    ) {
      const first = current;
      const found = (await check(first, {})).map((line) => `${first}: ${line}`);
      const second = await switchTheme(
        surface,
        paperOf(first === THEMES[0] ? THEMES[1] : THEMES[0]),
      );
      found.push(
        ...(await check(second, { rules: COLOUR_RULES })).map((line) => `${second}: ${line}`),
      );
      return found;
    }

    it.each(share(SCREENS))(
      "$name ($path): axe finds nothing serious, targets are 44 px, nothing cut off zoomed",
      async (s) => {
        await visit(page, s.path, s);
        const rules = shellRules(new URL(s.path, "http://h").pathname);
        // The bare black layout (3D scenes, panoramas) is a stage; its reading pages draw their
        // own page, in the reader's theme, on it.
        const black = rules.layout === "black";
        const surface = black ? "main" : ".tj-app";
        // The graph pages' shell is dark in both themes.
        const dark = rules.theme === "dark";
        const expected = (theme: Theme) =>
          black ? (s.stage ? STAGE : PAPER[theme]) : dark ? PAPER.dark : PAPER[theme];
        const found = await inBothThemes(surface, expected, async (theme, scope) => {
          const { paper, lang } = await page.evaluate(
            (surface) => ({
              paper: getComputedStyle(document.querySelector(surface) ?? document.body)
                .backgroundColor,
              lang: document.documentElement.lang,
            }),
            surface,
          );
          const wrong = [
            ...(paper === expected(theme) ? [] : [`the page is ${paper}, not ${expected(theme)}`]),
            ...(lang === "zh-CN" ? [] : [`<html lang="${lang}">, not zh-CN`]),
          ];
          return [...wrong, ...(await axeProblems(page, scope)), ...(await smallTargets(page))];
        });
        found.push(...(await zoomed()));
        expect(found, `${s.name}${report(found)}`).toEqual([]);
      },
    );

    it.each(share(POPUPS))(
      "pop-up $name: axe finds nothing serious, targets are 44 px",
      async (p) => {
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
        const found = await inBothThemes(
          ".tj-app",
          (theme) => PAPER[theme],
          async (_, scope) => [...(await axeProblems(page, scope)), ...(await smallTargets(page))],
        );
        expect(found, `${p.name}${report(found)}`).toEqual([]);
      },
    );
  });
}
