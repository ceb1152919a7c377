import { describe, expect, it } from "vitest";
import {
  cleanParagraphs,
  dynastyTerm,
  firstLines,
  normalizeName,
  POEM_SUMMARY_MAX,
  poemName,
  splitYuefuCategory,
  stableHash,
  standardForms,
  toSimplified,
} from "./poetry-text.ts";

describe("toSimplified", () => {
  it("converts traditional Tang text and names to simplified", () => {
    expect(toSimplified("舉頭望明月，低頭思故鄉。")).toBe("举头望明月，低头思故乡。");
    expect(toSimplified("駱賓王")).toBe("骆宾王");
    expect(toSimplified("韓愈")).toBe("韩愈");
    expect(toSimplified("在獄詠蟬")).toBe("在狱咏蝉");
  });

  it("leaves simplified text as it is", () => {
    expect(toSimplified("明月几时有，把酒问青天。")).toBe("明月几时有，把酒问青天。");
    expect(toSimplified("苏轼")).toBe("苏轼");
  });
});

describe("names", () => {
  it("joins the parts of a title with a middle dot, never a space", () => {
    expect(normalizeName("帝京篇十首 一")).toBe("帝京篇十首·一");
    expect(normalizeName(" 念奴娇・赤壁怀古 ")).toBe("念奴娇·赤壁怀古");
    expect(normalizeName("菩萨蛮  其一")).toBe("菩萨蛮·其一");
    expect(normalizeName(undefined)).toBe("");
  });

  it("names a 词 by its 词牌, with its own title after a dot", () => {
    expect(poemName("", "水调歌头")).toBe("水调歌头");
    expect(poemName("赤壁怀古", "念奴娇")).toBe("念奴娇·赤壁怀古");
    expect(poemName("应天长·一钩初月临妆镜", "应天长")).toBe("应天长·一钩初月临妆镜");
    expect(poemName("如梦令", "如梦令")).toBe("如梦令");
    expect(poemName("静夜思", undefined)).toBe("静夜思");
  });

  it("writes 唐 as 唐代 and keeps two-character labels", () => {
    expect(dynastyTerm("唐")).toBe("唐代");
    expect(dynastyTerm("五代")).toBe("五代");
  });
});

describe("firstLines", () => {
  it("takes whole lines while they fit", () => {
    expect(firstLines(["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"])).toBe(
      "床前明月光，疑是地上霜。举头望明月，低头思故乡。",
    );
    expect(firstLines(["一二三", "四五六"], 4)).toBe("一二三");
  });

  it("cuts a first line longer than the limit", () => {
    const long = "长".repeat(300);
    const summary = firstLines([long, "短"]);
    expect(Array.from(summary)).toHaveLength(POEM_SUMMARY_MAX);
    expect(summary.endsWith("…")).toBe(true);
  });

  it("drops empty and non-text lines", () => {
    expect(cleanParagraphs([" 一 ", "", 3, null, "二"])).toEqual(["一", "二"]);
  });
});

describe("stableHash", () => {
  it("is the same for the same parts and differs for others", () => {
    expect(stableHash("李白", "静夜思")).toBe(stableHash("李白", "静夜思"));
    expect(stableHash("李白", "静夜思")).toMatch(/^[0-9a-f]{16}$/);
    expect(stableHash("李白静", "夜思")).not.toBe(stableHash("李白", "静夜思"));
  });
});

describe("splitYuefuCategory", () => {
  it("takes the 乐府诗集 category off a title and names it", () => {
    expect(splitYuefuCategory("鼓吹曲辞·将进酒")).toEqual({
      title: "将进酒",
      category: "鼓吹曲辞",
    });
    expect(splitYuefuCategory("相和歌辞·子夜四时歌四首·春歌")).toEqual({
      title: "子夜四时歌四首·春歌",
      category: "相和歌辞",
    });
  });

  it("leaves other titles, and a category without a title, as they are", () => {
    expect(splitYuefuCategory("将进酒")).toEqual({ title: "将进酒" });
    expect(splitYuefuCategory("山友辞·其一")).toEqual({ title: "山友辞·其一" });
    expect(splitYuefuCategory("杂曲歌辞")).toEqual({ title: "杂曲歌辞" });
  });
});

describe("standardForms", () => {
  it("writes the variant forms OpenCC leaves as their standard characters", () => {
    expect(standardForms("海内存知己，天涯若比隣。")).toBe("海内存知己，天涯若比邻。");
    expect(standardForms("夜阑卧聴风吹雨")).toBe("夜阑卧听风吹雨");
    expect(standardForms("淡粧浓抹总相宜")).toBe("淡妆浓抹总相宜");
    expect(standardForms("狐裘不煖锦衾薄")).toBe("狐裘不暖锦衾薄");
    expect(standardForms(toSimplified("簷前鴈過"))).toBe("檐前雁过");
  });

  it("leaves standard characters and variants of more than one reading alone", () => {
    for (const text of ["澹澹水", "黏", "毬", "晳", "餧", "鎗", "唫", "沈舟侧畔千帆过"]) {
      expect(standardForms(text)).toBe(text);
    }
  });
});
