import { mkdirSync } from "node:fs";
import { sampleId } from "@tongjian/content/community-content";
import { learningId } from "@tongjian/content/learning-content";
import { contentId } from "@tongjian/content/load-content";
import { musicId } from "@tongjian/content/music-content";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { axeBuilder } from "./axe.ts";
import { launchBrowser, phoneContext } from "./browser.ts";
import { sharedServer } from "./shared-server.ts";

/**
 * Issue 15 §3 and §4: the dark theme and WCAG 2.1 AA on every built screen. The screens, the
 * checks and the browser the accessibility suites share; the screens are checked in parts
 * (tests/e2e/accessibility-*.e2e.ts) so the workers share the work. Each suite file gets its
 * own browser: `startAccessibilityBrowser()` in the file starts and closes it.
 */

export const SHOTS = "test-results/screenshots/accessibility";
export const THEME_KEY = "tj:theme";
/** WCAG 2.5.5: the smallest side of a tap target. */
export const TAP_PX = 44;
/** The page colours of the two palettes (theme.css --tj-paper), as the browser reports them. */
export const PAPER = { light: "rgb(250, 247, 242)", dark: "rgb(21, 18, 15)" };
/** The bare black layout's stage (theme.css --tj-stage-bg). */
export const STAGE = "rgb(0, 0, 0)";
export const THEME_COLOR = { light: "#8c2f1e", dark: "#15120f" };

export const article = (key: string) => contentId("article", key);
export const person = (key: string) => contentId("person", key);

/**
 * Every built screen (packages/domain/src/route-manifest.ts builtRoutes()) in the states worth
 * seeing. A new screen is one line here: light and dark, axe, tap targets and zoom all run on it.
 * `{poem}` is a poem of the imported fixture poetry, found when the server is up; `static`
 * marks a page without React (the offline page).
 */
export const SCREENS: { name: string; path: string; static?: boolean; stage?: boolean }[] = [
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
  { name: "文史天梯", path: "/wenshiladder" },
  { name: "天梯关卡：试学", path: `/wenshiladder/${learningId("level", "wenshi-01")}` },
  { name: "错题复习（未登录）", path: "/learnrecord/practicelist" },
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
  { name: "建设中", path: `/coupon/${"0".repeat(24)}` },
  { name: "关系图谱：人物", path: `/relation?id=${person("li-bai")}` },
  {
    name: "关系图谱：关系网",
    path: `/relation?networkId=${contentId("network", "zhu-lin-qi-xian")}`,
  },
  { name: "关系图谱首页", path: "/home/relationalmap" },
  { name: "博物馆", path: "/home/museum" },
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
  { name: "视频列表", path: "/watch" },
  { name: "观看：秦汉大事", path: "/watch?id=qin-han-da-shi" },
  { name: "文史直播", path: "/live" },
  { name: "少儿直播", path: "/younglive" },
  { name: "直播：预告", path: "/wenshilivedetail/song-yuan-bing-li" },
  { name: "直播：回放", path: "/wenshilivedetail/qin-han-yi-tong" },
  { name: "名画馆", path: "/painting" },
  { name: "名画：清明上河图", path: `/painting/${contentId("painting", "qing-ming-shang-he-tu")}` },
  {
    name: "名画：溪山行旅图（轴）",
    path: `/painting/${contentId("painting", "xi-shan-xing-lv-tu")}`,
  },
  { name: "名画：找不到", path: `/painting/${"0".repeat(24)}` },
  { name: "名画分类：宋辽金", path: "/paintingsort/dynasty/song" },
  { name: "名画榜", path: "/paintbillboard" },
  { name: "画家榜", path: "/artbillboard/likes" },
  { name: "画家：张择端", path: `/artist/${person("zhang-zeduan")}` },
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
  { name: "中国音乐", path: "/music/landing" },
  {
    name: "中国音乐：一首曲目",
    path: `/music/landing?id=${musicId("piece", "yang-guan-san-die")}`,
  },
  { name: "音乐榜单", path: "/music/billboard" },
  { name: "音乐榜：新曲榜", path: "/music/boarddetail?id=new" },
  { name: "演奏者：李白", path: `/music/singer?id=${musicId("performer", "li-bai")}` },
  { name: "演奏者：全部", path: "/music/singer" },
  {
    name: "歌单：琴歌里的诗词",
    path: `/music/list-view?id=${musicId("playlist", "qin-ge-shi-ci")}`,
  },
  { name: "歌单：全部", path: "/music/list-view" },
  { name: "书库", path: "/book" },
  { name: "书籍：论语", path: "/book/lunyu" },
  { name: "书籍：史记（书目）", path: "/book/shiji" },
  { name: "书单", path: "/book/list/all" },
  { name: "书单：四书入门", path: "/book/list/sishu" },
  { name: "阅读器：论语·学而", path: "/reader?book=lunyu&chapter=1" },
  { name: "在线读书", path: "/onlinebook" },
  { name: "读书挑战", path: "/readbook" },
  { name: "捐书活动", path: "/donatebooks" },
  { name: "捐书书单", path: "/donatebooks/booklist" },
  { name: "捐书分享", path: "/donatebooks/share" },
  { name: "春节邀请", path: "/springfestival" },
  { name: "春节邀请：好友打开的分享页", path: "/springfestival/share" },
  { name: "春节邀请：好友列表（未登录）", path: "/springfestival/friendslist" },
  { name: "2023 春节（已结束）", path: "/springfestival/2023" },
  { name: "天梯周年", path: "/ladderanniversary" },
  { name: "少儿天梯周年：说明", path: "/ladderanniversary1/hint" },
  { name: "活动书单：妇女节", path: "/womanday" },
  { name: "分享解锁", path: "/share719" },
  { name: "历史日历：10月10日", path: "/cale?day=10-10" },
  { name: "往事列表", path: "/ncov/pasteventlist" },
  { name: "中国风", path: "/zgf" },
  { name: "电视版帮助", path: "/tvhelp" },
  { name: "文史挑战", path: "/wenshichallenge" },
  { name: "文史歌曲", path: "/wenshisong" },
  { name: "投票活动：候选与票数", path: "/love" },
  { name: "投票详情：苏轼与王弗", path: "/love/detail?id=su-shi-wang-fu" },
  { name: "文史歌曲：投票规则", path: "/wenshisong/voterule" },
  { name: "历史知识答题（未登录）", path: "/quiz/2024" },
  { name: "答题 2021（已结束：排名与题目回顾）", path: "/quiz/2021" },
  { name: "答题排行榜", path: "/quiz/2024/ranklist" },
  { name: "答题邀请好友（未登录）", path: "/quiz/2024/share" },
  { name: "天梯挑战排行", path: "/ladderchallenge/ranking?period=week" },
  { name: "学习排行", path: "/study/ranking" },
  { name: "学习记录（未登录）", path: "/studyrecord" },
  { name: "每日打卡（未登录）", path: "/clockin" },
  { name: "天梯问卷", path: "/survey/ladder" },
  { name: "深度测评：初中", path: "/depthtest?grade=junior" },
  { name: "测评报告（未登录）", path: "/depthtest/report" },
  { name: "测评入口", path: "/testentry" },
  { name: "404", path: "/no-such-page" },
  { name: "离线页", path: "/offline.html", static: true },
  { name: "知识点", path: "/knowledgepoint?grade=junior" },
  { name: "知识点详情", path: "/knowledgepoint/details/qin-unification" },
  { name: "文史奖励：征文作品", path: "/wenshireward" },
  { name: "文史奖励：规则", path: "/wenshireward/rule" },
  { name: "文史奖励：数据", path: "/wenshireward/data" },
  { name: "作品征集：投稿对话（未登录）", path: "/workcollection/dialog" },
  { name: "协议：用户服务协议", path: "/agreement/userServices" },
  { name: "个人信息收集清单", path: "/agreement/userInfo/list" },
  { name: "求签：好友分享的签", path: "/divination?lot=12" },
  { name: "贺卡：选择", path: "/greetingcard" },
  { name: "打开小程序", path: "/openxcx" },
  { name: "小程序首页", path: "/wxapphome" },
];

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

let server: { baseUrl: string };
let browser: Browser;
let poemId = "";

export const url = (path: string) => `${server.baseUrl}${path.replace("{poem}", poemId)}`;

export function startAccessibilityBrowser(): void {
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
}

export const currentBrowser = (): Browser => browser;

/** A phone context whose reader chose `theme` (or nothing). */
export async function readerContext(
  theme: Theme | "system" | null,
  options: { userAgent?: string } = {},
): Promise<BrowserContext> {
  const context = await phoneContext(browser, options.userAgent);
  const stored: Record<string, string> = {};
  if (theme) stored[THEME_KEY] = theme;
  // Before any script of the page, as a reader's earlier visit left it.
  await context.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, stored);
  return context;
}

/** Opens a path and waits until React has hydrated it and its effects have run. */
export async function visit(page: Page, path: string, options: { static?: boolean } = {}) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  expect([200, 404], path).toContain(response?.status());
  if (options.static) return;
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
  });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
}

/**
 * The axe rules whose answer depends on the colours: a page's second theme is checked with these
 * alone, since its structure, names and roles are the first theme's.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Serious and critical axe findings, one readable line per element. */
export async function axeProblems(
  page: Page,
  options: { rules?: string[] } = {},
): Promise<string[]> {
  // Colours are read once the page has come all the way in: during the shell's page
  // transition (spec §2, an opacity fade) every text is paler than it will be.
  await page.waitForFunction(() => {
    const shell = document.querySelector(".tj-page");
    return !shell || (shell.getAttribute("data-transition") ?? "idle") === "idle";
  });
  let builder = axeBuilder(page);
  if (options.rules) builder = builder.withRules(options.rules);
  const { violations } = await builder.analyze();
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
export function smallTargets(page: Page): Promise<string[]> {
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
export function clippedText(page: Page): Promise<string[]> {
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

export const report = (lines: string[]) => (lines.length ? `\n  ${lines.join("\n  ")}\n` : "");

/**
 * The shell's pop-up API from the page's own React tree, for the toast sheet, which no built
 * screen opens yet (spec §2: the relation and summary sheet of the graph pages). The first
 * screen that opens it should replace this with a tap.
 */
export async function showToastSheet(page: Page) {
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
export const POPUPS: { name: string; path: string; open: (page: Page) => Promise<void> }[] = [
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
