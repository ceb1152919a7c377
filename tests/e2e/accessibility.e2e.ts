import { describe, expect, it } from "vitest";
import {
  article,
  currentBrowser,
  PAPER,
  person,
  readerContext,
  SHOTS,
  startAccessibilityBrowser,
  TAP_PX,
  THEME_COLOR,
  THEMES,
  url,
  visit,
} from "../support/accessibility-rig.ts";
import { PHONE_VIEWPORT } from "../support/browser.ts";
import { fakeNativeHostScript } from "../support/fake-native-host.ts";
import { screenshot } from "../support/screenshots.ts";
import { UA } from "../support/user-agents.ts";

// The theme choice, keyboard focus and reduced motion; every screen is checked, in both themes and
// at the large text size and 200 % zoom, by accessibility-screens-*.e2e.ts.
startAccessibilityBrowser();

describe("the theme choice", () => {
  it("switches from the 外观 control without a reload and is dark from the first paint after", async () => {
    const context = await readerContext(null);
    // Every value data-theme takes from the first script on, and the page colour the moment
    // the HTML is parsed (before React hydrates).
    await context.addInitScript(() => {
      const log: (string | null)[] = [];
      (window as unknown as { __themeLog: typeof log }).__themeLog = log;
      // <html> is not parsed yet when this runs: the document is watched for it.
      new MutationObserver((records) => {
        for (const r of records) log.push((r.target as Element).getAttribute("data-theme"));
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { __paperAtParse: string }).__paperAtParse = getComputedStyle(
          document.body,
        ).backgroundColor;
      });
    });
    const page = await context.newPage();
    await visit(page, "/");
    const control = page.getByTestId("theme-switch").locator("select");
    await expect(control.getAttribute("aria-label")).resolves.toBe("外观");
    await expect(control.inputValue()).resolves.toBe("system");
    const box = await page.getByTestId("theme-switch").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(TAP_PX);
    expect(box?.height).toBeGreaterThanOrEqual(TAP_PX);

    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await control.selectOption("dark");
    const state = () =>
      page.evaluate(() => ({
        theme: document.documentElement.getAttribute("data-theme"),
        paper: getComputedStyle(document.body).backgroundColor,
        themeColors: [...document.querySelectorAll('meta[name="theme-color"]')].map((m) =>
          m.getAttribute("content"),
        ),
        samePage: (window as unknown as { __samePage?: boolean }).__samePage === true,
        stored: localStorage.getItem("tj:theme"),
      }));
    await expect(state()).resolves.toEqual({
      theme: "dark",
      paper: PAPER.dark,
      themeColors: [THEME_COLOR.dark, THEME_COLOR.dark],
      samePage: true,
      stored: "dark",
    });
    await screenshot(page, { path: `${SHOTS}/home-switched-dark.png` });

    await visit(page, `/ah/article/${article("an-shi-zhi-luan")}`);
    const first = await page.evaluate(() => ({
      log: (window as unknown as { __themeLog: (string | null)[] }).__themeLog,
      paper: (window as unknown as { __paperAtParse: string }).__paperAtParse,
    }));
    // Set once, by the head script, before anything was drawn; never light in between.
    expect(first.log).toEqual(["dark"]);
    expect(first.paper).toBe(PAPER.dark);
    await expect(control.inputValue()).resolves.toBe("dark");

    await control.selectOption("light");
    await expect(state()).resolves.toMatchObject({ theme: "light", paper: PAPER.light });
    await context.close();
  });

  it("is in place before any of the page's JavaScript runs", async () => {
    const context = await readerContext("dark");
    // No bundle at all: only the inline head script runs, as before hydration.
    await context.route("**/*.js", (route) => route.abort());
    const page = await context.newPage();
    await page.goto(url(`/detail/${person("ying-zheng")}`));
    await expect(
      page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    ).resolves.toBe(PAPER.dark);
    await screenshot(page, { path: `${SHOTS}/entry-dark-before-hydration.png` });
    await context.close();
  });

  it("follows prefers-color-scheme under 跟随系统, also with JavaScript off, and a choice wins over it", async () => {
    const noScript = await currentBrowser().newContext({
      viewport: PHONE_VIEWPORT,
      colorScheme: "dark",
      javaScriptEnabled: false,
    });
    const bare = await noScript.newPage();
    await bare.goto(url("/"));
    await expect(
      bare.evaluate(() => getComputedStyle(document.body).backgroundColor),
    ).resolves.toBe(PAPER.dark);
    await noScript.close();

    const context = await readerContext("system");
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    await visit(page, "/search");
    const paper = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(paper()).resolves.toBe(PAPER.dark);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(paper()).resolves.toBe(PAPER.light);

    const control = page.getByTestId("theme-switch").locator("select");
    await page.emulateMedia({ colorScheme: "dark" });
    await control.selectOption("light");
    await expect(paper()).resolves.toBe(PAPER.light);
    await control.selectOption("system");
    await expect(paper()).resolves.toBe(PAPER.dark);
    await context.close();
  });

  it("inside the app, the theme the app reports wins and the control is gone", async () => {
    const context = await readerContext("light", { userAgent: UA.appIos("4.20.0", "dark") });
    await context.addInitScript(fakeNativeHostScript({ platform: "ios", user: null }));
    const page = await context.newPage();
    await visit(page, `/ah/article/${article("xuan-zang-xi-xing")}`);
    const paper = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(paper()).resolves.toBe(PAPER.dark);
    await expect(page.getByTestId("theme-switch").isVisible()).resolves.toBe(false);
    await screenshot(page, { path: `${SHOTS}/app-dark.png` });

    // The reader switches the app to light while the page is open.
    await page.evaluate(() =>
      (
        window as unknown as { __fakeNativeHost: { setTheme: (t: string) => void } }
      ).__fakeNativeHost.setTheme("light"),
    );
    await expect(paper()).resolves.toBe(PAPER.light);
    await context.close();

    // An app that reports no theme leaves it to the reader, with the control.
    const older = await readerContext("dark", { userAgent: UA.appAndroid("4.11.2") });
    await older.addInitScript(fakeNativeHostScript({ platform: "android", user: null }));
    const olderPage = await older.newPage();
    await visit(olderPage, "/");
    await expect(
      olderPage.evaluate(() => getComputedStyle(document.body).backgroundColor),
    ).resolves.toBe(PAPER.dark);
    await expect(olderPage.getByTestId("theme-switch").isVisible()).resolves.toBe(true);
    await older.close();
  });
});

describe("keyboard focus", () => {
  it("shows a ring in the theme's focus colour on every stop, in both themes", async () => {
    for (const theme of THEMES) {
      const context = await readerContext(theme);
      const page = await context.newPage();
      await visit(page, `/ah/article/${article("an-shi-zhi-luan")}`);
      const rings: string[] = [];
      for (let stop = 0; stop < 14; stop++) {
        await page.keyboard.press("Tab");
        rings.push(
          await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return "nothing focused";
            // The text-size and appearance pickers lay a transparent control over their look:
            // the ring is on the box that shows.
            const shown = getComputedStyle(el).opacity === "0" ? el.parentElement : el;
            const style = getComputedStyle(shown ?? el);
            const label = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 10)}"`;
            return style.outlineStyle === "solid" && Number.parseFloat(style.outlineWidth) >= 2
              ? `ring ${style.outlineColor}`
              : `${label} has no ring (${style.outlineStyle} ${style.outlineWidth})`;
          }),
        );
      }
      const focus = theme === "light" ? "rgb(140, 47, 30)" : "rgb(232, 147, 124)";
      expect(rings, theme).toEqual(rings.map(() => `ring ${focus}`));
      await context.close();
    }
  });
});

describe("reduced motion", () => {
  it("leaves no transition or animation on a page, a pop-up or a page change", async () => {
    const context = await readerContext(null);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await visit(page, `/ah/article/${article("an-shi-zhi-luan")}`);
    const moving = () =>
      page.evaluate(() => {
        const found: string[] = [];
        for (const el of document.querySelectorAll("*")) {
          for (const pseudo of [null, "::before", "::after"]) {
            const style = getComputedStyle(el, pseudo);
            const durations = `${style.transitionDuration},${style.animationDuration}`;
            if (
              style.animationName !== "none" ||
              durations.split(",").some((d) => parseFloat(d) > 0)
            )
              found.push(
                `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}${pseudo ?? ""}`,
              );
          }
        }
        return [...new Set(found), ...document.getAnimations().map((a) => `running: ${a.id}`)];
      });
    await expect(moving()).resolves.toEqual([]);
    await page.getByTestId("open-app").click();
    await page.locator(".tj-download-popup").waitFor();
    await expect(moving()).resolves.toEqual([]);
    await page.getByRole("button", { name: "取消" }).click();
    // A page change: the loading bar and the out-in transition stay still too.
    await page.locator(".tj-feed__item a").first().click();
    await page.waitForURL(/\/ah\/article\//);
    await expect(moving()).resolves.toEqual([]);
    await context.close();
  });
});
