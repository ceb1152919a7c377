import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sanitizeContent } from "@tongjian/domain/content-sanitizer";
import { describe, expect, it } from "vitest";
import { articleCardSchema } from "./article-card-schema.ts";
import { ContentValidationError, contentId, loadContent } from "./load-content.ts";
import { placeNameAt, rulerAt } from "./render-article-card.ts";

const FIXTURE = "tests/fixtures/content";

/** The fixture corpus with one more article (and events) holding the given card blocks. */
function withArticle(cards: string[], extra?: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-cards-"));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(
    join(dir, "events", "more.yaml"),
    [
      "- key: xuan-wu-men-zhi-bian",
      "  name: 玄武门之变",
      "  start: { year: 626, month: 7 }",
      "  regime: tang",
      "  category: 政治",
      "  summary: 秦王李世民在长安宫城北门玄武门发动兵变，随后被立为太子，不久即位，是为唐太宗。此句为测试而写。",
    ].join("\n"),
  );
  const body = "这是一段用于测试卡片的正文。".repeat(20);
  writeFileSync(
    join(dir, "articles", "cards.md"),
    `---\nkey: card-article\ntitle: 卡片测试文章\nsection: 中国史\nabstract: 测试卡片渲染的文章导语。\npublished: 2026-03-02\n---\n\n${body}\n\n${cards.map((c) => `\`\`\`card\n${c}\n\`\`\``).join("\n\n")}\n`,
  );
  extra?.(dir);
  return dir;
}

function cardHtml(cards: string[]): string {
  const bundle = loadContent(withArticle(cards));
  return bundle.articles.find((a) => a.key === "card-article")?.html ?? "";
}

function issuesOf(cards: string[]) {
  try {
    loadContent(withArticle(cards));
  } catch (error) {
    if (error instanceof ContentValidationError) return error.issues;
    throw error;
  }
  throw new Error("expected validation to fail");
}

describe("article cards", () => {
  it("renders a timeline of real events in date order with formatted years and entry links", () => {
    const html = cardHtml([
      "type: timeline\ntitle: 从秦到唐\nevents: [xuan-wu-men-zhi-bian, qin-mie-liu-guo]",
    ]);
    expect(html).toContain('data-card="timeline"');
    const first = html.indexOf("秦灭六国");
    const second = html.indexOf("玄武门之变");
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(html).toContain('<span class="tj-card__year">前230年</span>');
    expect(html).toContain('<span class="tj-card__year">626年7月</span>');
    expect(html).toContain(`href="/detail/${contentId("event", "qin-mie-liu-guo")}"`);
  });

  it("renders a time map with the ruler and capital of that year and a /map link", () => {
    const html = cardHtml(["type: timemap\nregime: tang\nyear: 620"]);
    expect(html).toContain("620年的唐");
    expect(html).toContain("唐高祖李渊");
    expect(html).toContain(`>长安</a>`);
    expect(html).toContain(`href="/map/detail/${contentId("regime", "tang")}?year=620"`);
  });

  it("renders painting, book, scene, video and gallery cards that survive the sanitiser", () => {
    const html = cardHtml([
      "type: painting\nkey: test-painting\ntitle: 测试画卷\npainter: li-bai\nyear: { year: 750, approx: true }\nmedium: 绢本设色\nholder: 测试博物馆",
      "type: book\nbook: test-book\ntitle: 测试之书\nauthor: du-fu\nera: 唐\nnote: 一部用于测试的典籍。",
      "type: scene\ntitle: 城中一日\nplace: chang-an\nyear: 700\nnote: 测试场景说明。",
      "type: video\ntitle: 测试视频\nnote: 没有视频文件时只展示封面。",
      "type: video\ntitle: 本地视频\nsrc: /media/video/sample.mp4\nposter: /media/video/sample.jpg",
      "type: gallery\ntitle: 测试图集\narticles: [test-article, test-article]",
    ]);
    const paintingId = contentId("painting", "test-painting");
    expect(html).toContain(`href="/painting/${paintingId}"`);
    expect(html).toContain(`src="/media/painting/${paintingId}/thumb.jpg"`);
    expect(html).toContain('href="/book/test-book"');
    expect(html).toContain(`href="/detail/${contentId("person", "li-bai")}"`);
    expect(html).toContain("约750年 · 绢本设色");
    expect(html).toContain("藏于测试博物馆");
    expect(html).toContain('data-card="book"');
    expect(html).toContain("北纬34.27° 东经108.93°");
    expect(html).toContain('data-state="poster-only"');
    expect(html).toContain("视频暂未收录");
    expect(html).toContain(
      `<img src="/media/cover/${contentId("article", "card-article")}.svg" alt="测试视频（封面）"`,
    );
    expect(html).toContain(
      '<video controls preload="none" poster="/media/video/sample.jpg" src="/media/video/sample.mp4"></video>',
    );
    expect(html).toContain(`src="/media/cover/${contentId("article", "test-article")}.svg"`);
    // Stored HTML is already sanitised: sanitising again changes nothing.
    expect(sanitizeContent(html)).toBe(html);
  });

  it("escapes text written in cards", () => {
    const html = cardHtml(['type: book\ntitle: "<script>x</script>书"\nnote: "a & b <i>"']);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("reports bad cards by file, article and field", () => {
    const issues = issuesOf([
      "type: timeline\ntitle: 缺事件\nevents: [qin-mie-liu-guo, no-such-event]",
      "type: timemap\nregime: qin\nyear: 100",
      "type: painting\nkey: p\ntitle: 画\npainter: chang-an",
      "type: video\ntitle: 外链\nsrc: https://example.com/a.mp4",
      "type: comic\ntitle: 漫画",
      "type: gallery\ntitle: 图集\narticles: [card-article, nope]",
      "type: [oops",
    ]);
    const where = issues.map((i) => `${i.file}|${i.record}|${i.field}`);
    expect(where).toContain("articles/cards.md|card-article|cards.0.events.1");
    expect(where).toContain("articles/cards.md|card-article|cards.1.year");
    expect(issues.find((i) => i.field === "cards.1.year")?.message).toBe(
      "100年不在秦（前221年—前207年）的年代内",
    );
    expect(where).toContain("articles/cards.md|card-article|cards.2.painter");
    expect(where).toContain("articles/cards.md|card-article|cards.3.src");
    expect(where).toContain("articles/cards.md|card-article|cards.4.type");
    expect(where).toContain("articles/cards.md|card-article|cards.5.articles.0");
    expect(where).toContain("articles/cards.md|card-article|cards.5.articles.1");
    expect(where).toContain("articles/cards.md|card-article|cards.6");
  });
});

describe("card helpers", () => {
  it("reads a place's name in a year and the ruler of a year", () => {
    const place = {
      key: "x",
      name: "西安",
      aliases: [],
      modern: "陕西省西安市",
      lat: 34.27,
      lng: 108.93,
      names: [
        { name: "镐京", from: -1046, to: -771 },
        { name: "长安", from: -202, to: 904 },
        { name: "京兆", note: "没有年份的名字不参与判断" },
        { name: "京兆府", from: 713 },
        { name: "西京", from: 742, to: 757 },
      ],
      summary: "测试",
    };
    expect(placeNameAt(place, -800)).toBe("镐京");
    expect(placeNameAt(place, 700)).toBe("长安");
    expect(placeNameAt(place, 755)).toBe("西京");
    expect(placeNameAt(place, 1500)).toBe("京兆府");
    expect(placeNameAt({ ...place, names: [] }, 1500)).toBe("西安");
    const regime = {
      rulers: [
        { name: "甲", start: 618, end: 626 },
        { name: "乙", start: 626, end: 649 },
        { name: "丙" },
      ],
    } as Parameters<typeof rulerAt>[0];
    expect(rulerAt(regime, 620)?.name).toBe("甲");
    expect(rulerAt(regime, 626)?.name).toBe("乙");
    expect(rulerAt(regime, 700)).toBeNull();
  });

  it("accepts only the documented card types", () => {
    expect(
      articleCardSchema.safeParse({ type: "scene", title: "t", place: "a", year: 1, note: "n" })
        .success,
    ).toBe(true);
    expect(
      articleCardSchema.safeParse({ type: "scene", title: "t", place: "a", year: 0, note: "n" })
        .success,
    ).toBe(false);
    expect(
      articleCardSchema.safeParse({ type: "book", title: "t", note: "n", extra: 1 }).success,
    ).toBe(false);
  });
});
