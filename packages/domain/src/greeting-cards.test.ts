import { readFileSync } from "node:fs";
import { wordingsFileSchema } from "@tongjian/contracts/greeting-cards";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardTextProblem,
  cardType,
  cleanCardText,
  escapeXml,
  GREETING_CARD_TYPES,
  GREETING_MESSAGE_MAX,
  greetingCardSvg,
  wrapCardText,
} from "./greeting-cards.ts";

const { wordings } = wordingsFileSchema.parse(
  parseYaml(readFileSync("content/campaigns/greetingcard/wordings.yaml", "utf8")),
);

describe("the card choices", () => {
  it("offers six card types, each with its own look", () => {
    expect(GREETING_CARD_TYPES.map((t) => t.label)).toEqual([
      "春节",
      "中秋",
      "端午",
      "教师节",
      "生日",
      "新年",
    ]);
    const looks = new Set(GREETING_CARD_TYPES.map((t) => t.background.join()));
    expect(looks.size).toBe(GREETING_CARD_TYPES.length);
    expect(cardType("spring")?.heading).toBe("新春快乐");
    expect(cardType("nope")).toBeNull();
  });

  it("has several wordings per card type, unique keys, some around a classical line", () => {
    expect(new Set(wordings.map((w) => w.key)).size).toBe(wordings.length);
    for (const t of GREETING_CARD_TYPES) {
      const mine = wordings.filter((w) => w.cardType === t.key);
      expect(mine.length, t.label).toBeGreaterThanOrEqual(3);
      expect(
        mine.some((w) => w.source),
        t.label,
      ).toBe(true);
    }
    for (const w of wordings) {
      // Every wording can be sent as it is.
      const message = cleanCardText(w.text, true);
      expect(cardTextProblem({ to: "朋友", from: "我", message }), w.key).toBeNull();
      expect(message.length).toBeLessThanOrEqual(GREETING_MESSAGE_MAX);
    }
  });
});

describe("card text", () => {
  it("removes tags and control characters, keeps a name on one line and at most four paragraphs", () => {
    expect(cleanCardText("  <b>王</b>\u0007老师\n ", false)).toBe("王老师");
    expect(cleanCardText("a\n\n\nb\r\nc\nd\ne", true)).toBe("a\nb\nc\nde");
    expect(cleanCardText("<script>alert(1)</script>好", true)).toBe("alert(1)好");
    expect(cleanCardText("1 < 2", true)).toBe("1 2");
  });

  it("checks the lengths after cleaning", () => {
    const ok = { to: "王老师", from: "小明", message: "中秋快乐" };
    expect(cardTextProblem(ok)).toBeNull();
    expect(cardTextProblem({ ...ok, to: "" })).toBe("请填写收卡人");
    expect(cardTextProblem({ ...ok, from: "一".repeat(13) })).toBe("署名最多 12 个字");
    expect(cardTextProblem({ ...ok, message: "字".repeat(121) })).toBe("祝福语最多 120 个字");
    expect(cardTextProblem({ ...ok, message: "😀".repeat(120) })).toBeNull();
  });

  it("wraps lines by width, keeps closing punctuation and Latin words whole, and cuts with …", () => {
    expect(wrapCardText("一二三四五，六七", 5, 5)).toEqual(["一二三四五，", "六七"]);
    expect(wrapCardText("一二三 Happy", 5, 5)).toEqual(["一二三", "Happy"]);
    expect(wrapCardText("甲\n乙", 5, 5)).toEqual(["甲", "乙"]);
    const cut = wrapCardText("字".repeat(50), 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith("…")).toBe(true);
  });
});

describe("the card picture", () => {
  it("draws the design, the heading and the escaped words at the card's size", () => {
    const svg = greetingCardSvg({
      cardType: "midautumn",
      to: "王<老师>",
      from: "小明 & 小红",
      message: "但愿人长久，千里共婵娟。",
    });
    expect(svg).toContain(`width="${CARD_WIDTH}" height="${CARD_HEIGHT}"`);
    expect(svg).toContain("中秋安康");
    expect(svg).toContain("致 王&lt;老师&gt;：");
    expect(svg).toContain("小明 &amp; 小红 敬贺");
    expect(svg).toContain("Noto Serif CJK SC");
    expect(svg).not.toMatch(/<image|href=/);
    expect(escapeXml(`"'`)).toBe("&quot;&apos;");
    const designs = new Set(
      GREETING_CARD_TYPES.map((t) =>
        greetingCardSvg({ cardType: t.key, to: "甲", from: "乙", message: "丙" }),
      ),
    );
    expect(designs.size).toBe(GREETING_CARD_TYPES.length);
  });
});
