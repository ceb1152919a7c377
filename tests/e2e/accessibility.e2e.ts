import { mkdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { sampleId } from "@tongjian/content/community-content";
import { contentId } from "@tongjian/content/load-content";
import { shellRules } from "@tongjian/domain/shell-rules";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, PHONE_VIEWPORT, phoneContext } from "../support/browser.ts";
import { fakeNativeHostScript } from "../support/fake-native-host.ts";
import { sharedServer } from "../support/shared-server.ts";
import { UA } from "../support/user-agents.ts";

/**
 * Issue 15 §3 and §4: the dark theme and WCAG 2.1 AA on every built screen. One server, one
 * browser, one page per theme reused from screen to screen.
 */

const SHOTS = "test-results/screenshots/accessibility";
const THEME_KEY = "tj:theme";
const FONT_KEY = "tj:article-font";
/** WCAG 2.5.5: the smallest side of a tap target. */
const TAP_PX = 44;
/** The page colours of the two palettes (theme.css --tj-paper), as the browser reports them. */
const PAPER = { light: "rgb(250, 247, 242)", dark: "rgb(21, 18, 15)" };
/** The bare black layout's stage (theme.css --tj-stage-bg). */
const STAGE = "rgb(0, 0, 0)";
const THEME_COLOR = { light: "#8c2f1e", dark: "#15120f" };

const article = (key: string) => contentId("article", key);
const person = (key: string) => contentId("person", key);

/**
 * Every built screen (packages/domain/src/route-manifest.ts builtRoutes()) in the states worth
 * seeing. A new screen is one line here: light and dark, axe, tap targets and zoom all run on it.
 * `{poem}` is a poem of the imported fixture poetry, found when the server is up; `static`
 * marks a page without React (the offline page).
 */
const SCREENS: { name: string; path: string; static?: boolean; stage?: boolean }[] = [
  { name: "首页", path: "/" },
  { name: "问史", path: "/ai" },
  { name: "问史：回答", path: `/ai?q=${encodeURIComponent("唐太宗和魏征是什么关系")}` },
  { name: "文章馆", path: "/ah" },
  { name: "文章馆：战争，最热", path: "/ah?section=war&sort=hot" },
  { name: "洞察", path: "/insight" },
  { name: "洞察：专题", path: `/insight?id=${contentId("topic", "tang-you-sheng-zhuan-shuai")}` },
  { name: "文章列表（全部）", path: "/ah/article" },
  { name: "栏目列表（战争）", path: "/ah/war" },
  { name: "文章：时间线与时空地图卡片", path: `/ah/article/${article("an-shi-zhi-luan")}` },
  {
    name: "艺术史文章：名画与图集卡片",
    path: `/ah/arthistory/${article("song-dai-shan-shui-hua")}`,
  },
  { name: "大事件文章：视频与场景卡片", path: `/ah/bigevent?id=${article("xuan-zang-xi-xing")}` },
  { name: "新文章：典籍卡片", path: `/article/new?id=${article("shen-kuo-yu-meng-xi-bi-tan")}` },
  {
    name: "总结：App 分享的遮罩",
    path: `/summarize/${article("qing-ming-shang-he-tu-li-de-bian-jing")}?isH5=1`,
  },
  { name: "词条：人物", path: `/detail/${person("ying-zheng")}` },
  { name: "词条：朝代，全部展开", path: `/detail/${contentId("regime", "tang")}?seeMore=1` },
  { name: "词条：作者与作品", path: `/detail/${person("li-bai")}` },
  { name: "词条：诗", path: "/detail/{poem}" },
  { name: "词条：作品", path: `/detail/${contentId("work", "qing-ming-shang-he-tu")}` },
  { name: "热门词条", path: "/detail" },
  { name: "词条简版", path: `/minidetail/${person("du-fu")}` },
  { name: "搜索：空", path: "/search" },
  { name: "搜索：有结果", path: `/search?q=${encodeURIComponent("李白")}` },
  { name: "搜索：一类结果", path: `/search?q=${encodeURIComponent("王")}&group=person` },
  { name: "搜索：无结果", path: `/search?q=${encodeURIComponent("查无此词条")}` },
  { name: "搜索：你是不是要找", path: `/search?q=${encodeURIComponent("李拜")}` },
  { name: "下载页", path: "/redirectpage" },
  { name: "登录", path: "/login" },
  { name: "圈子入口", path: "/group/entry" },
  { name: "全部圈子", path: "/group/total" },
  {
    name: "圈子：成员分享的邀请",
    path: `/group/share?circleId=${sampleId("circle", "san-guo-mi")}&userId=${sampleId("reader", "san-guo-lao-bing")}`,
  },
  { name: "帖子详情：话题与评论", path: `/community/detail?id=${sampleId("post", "chun-wang")}` },
  { name: "话题的帖子", path: `/community/topic?name=${encodeURIComponent("文物")}` },
  { name: "活跃读者（大V）", path: "/largeV" },
  { name: "热榜：词条", path: "/board?tab=entry" },
  { name: "热榜：帖子", path: "/board?tab=post" },
  { name: "热门榜单", path: "/hotbillboard" },
  { name: "字词：最多赞", path: "/words?sort=liked" },
  { name: "微信入口", path: "/wx" },
  { name: "关注公众号", path: "/followwxaccount" },
  { name: "我的（未登录：本机阅读记录）", path: "/my" },
  { name: "我的列表（未登录）", path: "/my/list?tab=likes" },
  { name: "我的阅读榜（未登录）", path: "/my/top" },
  { name: "音频", path: "/audio/detail" },
  { name: "家族树：清", path: `/relation/family/${person("xuan-ye")}` },
  { name: "家族树：列表", path: "/relation/family" },
  { name: "格子图", path: "/latticeDiagram" },
  { name: "格子图：文学", path: `/latticeDiagram?field=${encodeURIComponent("文学")}` },
  { name: "关系路径：空", path: "/home/abpath" },
  {
    name: "关系路径：结果",
    path: `/abpath?source=${person("cao-cao")}&destination=${person("zhuge-liang")}`,
  },
  { name: "时间柱：1127年与苏轼", path: `/timeColumn?year=1127&focus=${person("su-shi")}` },
  { name: "时间轴", path: "/timebar?year=1127" },
  { name: "时间轴分享", path: `/timebar/share?year=1127&focus=${person("su-shi")}` },
  { name: "时间线：人物", path: `/timeline/${person("su-shi")}` },
  { name: "时间线导览", path: "/timeline" },
  { name: "建设中", path: `/painting/${"0".repeat(24)}` },
  { name: "关系图谱：人物", path: `/relation?id=${person("li-bai")}` },
  {
    name: "关系图谱：关系网",
    path: `/relation?networkId=${contentId("network", "zhu-lin-qi-xian")}`,
  },
  { name: "关系图谱首页", path: "/home/relationalmap" },
  { name: "博物馆", path: "/home/museum", stage: true },
  { name: "时空地图：前221年", path: "/home/timemap?year=-221" },
  {
    name: "时空地图：苏轼与眉山，在世人物",
    path: `/home/timemap?year=1069&place=${contentId("place", "mei-shan")}`,
  },
  { name: "地图详情：唐，756年", path: `/map/detail/${contentId("regime", "tang")}?year=756` },
  { name: "地图详情：找不到", path: "/map/detail/no-such-thing" },
  { name: "编辑关系图", path: "/relationedit/edit/new" },
  { name: "全景：长安城", path: "/panorama", stage: true },
  { name: "全景：未解锁的场景", path: "/panorama2022?scene=mo-gao-ku-tang", stage: true },
  { name: "全景热点", path: "/panorama/popups?scene=chang-an-tang&spot=chang-an-tang-5" },
  { name: "全景序言", path: "/panorama/preface" },
  { name: "全景人物", path: "/panorama/people" },
  { name: "全景书籍（2022）", path: "/panorama2022/book" },
  { name: "全景兑换", path: "/panorama2022/exchange" },
  { name: "全景服务", path: "/panorama/server" },
  { name: "空间轴：洛阳", path: `/home/spacebar?place=${contentId("place", "luo-yang")}` },
  { name: "国学", path: "/home/national" },
  { name: "历史列表", path: "/home/historylist" },
  { name: "历史列表：中外对照", path: `/home/historylist?regime=${contentId("regime", "xi-han")}` },
  { name: "更多", path: "/home/more" },
  { name: "榜单：国祚最长", path: "/home/top?board=regimes" },
  { name: "历史遗址：洛阳", path: `/historicalsite/detail?id=${contentId("place", "luo-yang")}` },
  { name: "历史遗址：列表", path: "/historicalsite/detail" },
  { name: "数据页", path: "/datapage/detail" },
  { name: "数据页：事件年代", path: "/datapage/detail/events" },
  { name: "404", path: "/no-such-page" },
  { name: "离线页", path: "/offline.html", static: true },
];

const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

let server: { baseUrl: string };
let browser: Browser;
let poemId = "";

const url = (path: string) => `${server.baseUrl}${path.replace("{poem}", poemId)}`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = sharedServer();
  browser = await launchBrowser();
  const works = await (
    await fetch(`${server.baseUrl}/api/item/works/cn/${person("li-bai")}/1/1`)
  ).json();
  poemId = works.data.list[0].id;
});

afterAll(async () => {
  await browser?.close();
});

/** A phone context whose reader chose `theme` (or nothing) and, optionally, a text size. */
async function readerContext(
  theme: Theme | "system" | null,
  options: { font?: string; userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await phoneContext(browser, options.userAgent);
  const stored: Record<string, string> = {};
  if (theme) stored[THEME_KEY] = theme;
  if (options.font) stored[FONT_KEY] = options.font;
  // Before any script of the page, as a reader's earlier visit left it.
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, stored);
  return context;
}

/** Opens a path and waits until React has hydrated it and its effects have run. */
async function visit(page: Page, path: string, options: { static?: boolean } = {}) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  expect([200, 404], path).toContain(response?.status());
  if (options.static) return;
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
}

/** Serious and critical axe findings, one readable line per element. */
async function axeProblems(page: Page): Promise<string[]> {
  // Only violations are read: axe then skips collecting every passing node (much quicker).
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `[${v.impact}] ${v.id}: ${v.help} — ${node.target.join(" ")}\n    ${node.html.slice(0, 160)}\n    ${(node.failureSummary ?? "").replace(/\n/g, "\n    ")}`,
      ),
    );
}

/**
 * Interactive elements smaller than 44 × 44 px. Links inside a line of other text (in-text
 * links of article bodies, names in a fact) are exempt, as WCAG 2.5.5 exempts inline targets.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, select, input:not([type="hidden"]), [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (style.display === "inline") {
        let block = el.parentElement;
        while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
        const own = (el.textContent ?? "").trim().length;
        const line = (block?.textContent ?? "").trim().length;
        if (line > own) continue;
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 20);
        problems.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return problems;
  }, TAP_PX);
}

/**
 * Text cut off sideways: the page wider than the screen (with the boxes that stick out), or a
 * box that clips its text.
 */
function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const width = root.clientWidth;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    if (root.scrollWidth > width)
      problems.push(`the page is ${root.scrollWidth}px wide on a ${width}px screen`);
    const reaches = (el: Element) => el.getBoundingClientRect().right > width + 1;
    // Strips that scroll sideways (section tabs, banners, search groups) show the rest on a
    // swipe.
    const inScroller = (el: Element) => {
      for (let at = el.parentElement; at; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if (overflow === "auto" || overflow === "scroll") return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      if (inScroller(el)) continue;
      // Visually hidden text (a heading for screen readers) is 1 px on purpose.
      if (el.clientWidth <= 1 && style.position === "absolute") continue;
      if (el.getBoundingClientRect().width > 0 && reaches(el) && ![...el.children].some(reaches))
        problems.push(
          `${describe(el)} "${(el.textContent ?? "").trim().slice(0, 12)}" reaches ${Math.round(el.getBoundingClientRect().right)}px`,
        );
      // A single line that ends in an ellipsis says it goes on; a text field scrolls what is
      // typed in it.
      if (style.textOverflow === "ellipsis" || el.matches("input, textarea, select")) continue;
      const clips = style.overflowX === "hidden" || style.overflowX === "clip";
      if (clips && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${describe(el)} cuts its text: ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return problems;
  });
}

const report = (lines: string[]) => (lines.length ? `\n  ${lines.join("\n  ")}\n` : "");

/**
 * The shell's pop-up API from the page's own React tree, for the toast sheet, which no built
 * screen opens yet (spec §2: the relation and summary sheet of the graph pages). The first
 * screen that opens it should replace this with a tap.
 */
async function showToastSheet(page: Page) {
  await page.evaluate(() => {
    const start = document.querySelector("main") as unknown as Record<string, unknown>;
    const key = Object.keys(start).find((k) => k.startsWith("__reactFiber$"));
    type Fiber = { return: Fiber | null; memoizedProps?: { value?: Record<string, unknown> } };
    let fiber = key ? (start[key] as Fiber) : null;
    while (fiber && typeof fiber.memoizedProps?.value?.showToastSheet !== "function")
      fiber = fiber.return;
    const show = fiber?.memoizedProps?.value?.showToastSheet as
      | ((sheet: Record<string, string>) => void)
      | undefined;
    if (!show) throw new Error("shell pop-ups not found");
    show({
      type: "relation",
      name: "李白与杜甫",
      from: "李白",
      to: "杜甫",
      relation: "挚友",
      direction: "twoway",
      time: "744年",
      position: "洛阳",
      desc: "天宝三载，两位诗人在洛阳相识，结伴同游梁宋，此后杜甫写下多首怀念李白的诗。",
    });
  });
}

/** The pop-ups of the shell, each opened the way a reader opens it. */
const POPUPS: { name: string; path: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: "下载提示",
    path: "/",
    open: async (page) => {
      await page.getByTestId("open-app").click();
      await page.locator(".tj-download-popup").waitFor();
    },
  },
  {
    name: "词条摘要",
    path: `/ah/article/${article("an-shi-zhi-luan")}`,
    open: async (page) => {
      // The body is folded at 200 px: open it, then tap the first in-text entry link.
      await page.getByRole("button", { name: "查看更多" }).click();
      await page.locator(".tj-rich-text a.inner-link").first().click();
      await page.locator('.tj-detail-popup[data-state="success"]').waitFor();
    },
  },
  {
    name: "底部浮层",
    path: "/detail",
    open: async (page) => {
      await showToastSheet(page);
      await page.locator(".tj-sheet").waitFor();
    },
  },
];

/** Both themes side by side: a page for each, reused from screen to screen. */
describe("every built screen and pop-up, light and dark", () => {
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

  it.each(SCREENS)("$name ($path): axe finds nothing serious, targets are 44 px", async (s) => {
    const found = await inBothThemes(async (page, theme) => {
      await visit(page, s.path, s);
      const rules = shellRules(new URL(s.path, "http://h").pathname);
      // The bare black layout (3D scenes, panoramas) is a stage; its reading pages draw their
      // own page, in the reader's theme, on it.
      const black = rules.layout === "black";
      const { paper, lang } = await page.evaluate(
        (surface) => ({
          paper: getComputedStyle(document.querySelector(surface) ?? document.body).backgroundColor,
          lang: document.documentElement.lang,
        }),
        black ? "main" : ".tj-app",
      );
      // The graph pages' shell is dark in both themes.
      const dark = rules.theme === "dark";
      const expected = black ? (s.stage ? STAGE : PAPER[theme]) : dark ? PAPER.dark : PAPER[theme];
      const wrong = [
        ...(paper === expected ? [] : [`the page is ${paper}, not ${expected}`]),
        ...(lang === "zh-CN" ? [] : [`<html lang="${lang}">, not zh-CN`]),
      ];
      return [...wrong, ...(await axeProblems(page)), ...(await smallTargets(page))];
    });
    expect(found, `${s.name}${report(found)}`).toEqual([]);
  });

  it.each(POPUPS)("pop-up $name: axe finds nothing serious, targets are 44 px", async (p) => {
    const found = await inBothThemes(async (page) => {
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
      return [...(await axeProblems(page)), ...(await smallTargets(page))];
    });
    expect(found, `${p.name}${report(found)}`).toEqual([]);
  });
});

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
    await page.screenshot({ path: `${SHOTS}/home-switched-dark.png` });

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
    await page.screenshot({ path: `${SHOTS}/entry-dark-before-hydration.png` });
    await context.close();
  });

  it("follows prefers-color-scheme under 跟随系统, also with JavaScript off, and a choice wins over it", async () => {
    const noScript = await browser.newContext({
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
    await page.screenshot({ path: `${SHOTS}/app-dark.png` });

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

describe("the large text size and 200 % zoom", () => {
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

  it.each(SCREENS)("$name: nothing is cut off at 187 px wide", async (s) => {
    await visit(page, s.path, s);
    const cut = await clippedText(page);
    expect(cut, `${s.name}: ${report(cut)}`).toEqual([]);
  });
});
