import { describe, expect, it } from "vitest";
import { entryFacts, entryVerse, formatCoordinates, formatSpan } from "./entry-facts.ts";

const ref = (id: string, name: string, kind: string) => ({ id, name, kind });
const byLabel = (facts: ReturnType<typeof entryFacts>) =>
  Object.fromEntries(facts.map((f) => [f.label, f.items]));

describe("entryFacts for a person", () => {
  it("shows 字、号、性别, BCE years, the regime and native place as links, and roles", () => {
    const facts = entryFacts("person", {
      courtesy: "政",
      style: ["始皇帝", "祖龙"],
      gender: "male",
      born: { year: -259 },
      died: { year: -210 },
      regime: "qin",
      roles: ["君主", "政治家"],
      native: "赵国邯郸",
      place: "han-dan",
      refs: { qin: ref("q1", "秦", "regime"), "han-dan": ref("h1", "邯郸", "place") },
    });
    expect(facts.map((f) => f.label)).toEqual(["字", "号", "性别", "生卒", "朝代", "籍贯", "身份"]);
    const f = byLabel(facts);
    expect(f.号).toEqual([{ name: "始皇帝" }, { name: "祖龙" }]);
    expect(f.性别).toEqual([{ name: "男" }]);
    expect(f.生卒).toEqual([{ name: "前259年—前210年" }]);
    expect(f.朝代).toEqual([{ name: "秦", id: "q1" }]);
    expect(f.籍贯).toEqual([{ name: "赵国邯郸", id: "h1" }]);
    expect(f.身份).toEqual([{ name: "君主" }, { name: "政治家" }]);
  });

  it("marks uncertain years, shows one known end, and leaves out keys it cannot resolve", () => {
    const f = byLabel(
      entryFacts("person", {
        gender: "female",
        born: { year: -551, approx: true },
        regime: "nowhere",
        roles: ["诗人"],
      }),
    );
    expect(f.生卒).toEqual([{ name: "约前551年生" }]);
    expect(f.朝代).toBeUndefined();
    expect(byLabel(entryFacts("person", { died: { year: 1037, alt: 1036 } })).生卒).toEqual([
      { name: "卒于1037年（或1036年）" },
    ]);
  });
});

describe("entryFacts for regimes, events and places", () => {
  it("lists a regime's years with its length across the missing year 0, capitals and rulers", () => {
    const facts = entryFacts("regime", {
      start: { year: -202 },
      end: { year: 8 },
      period: "秦汉",
      capitals: ["chang-an"],
      founder: "liu-bang",
      rulers: [
        { name: "汉高祖刘邦", person: "liu-bang", start: -202, end: -195 },
        { name: "汉惠帝刘盈", start: -195, end: -188 },
      ],
      successor: "xin",
      refs: {
        "chang-an": ref("c1", "长安", "place"),
        "liu-bang": ref("l1", "刘邦", "person"),
        xin: ref("x1", "新", "regime"),
      },
    });
    const f = byLabel(facts);
    expect(f.起止).toEqual([{ name: "前202年—8年（209年）" }]);
    expect(f.都城).toEqual([{ name: "长安", id: "c1" }]);
    expect(f.建立者).toEqual([{ name: "刘邦", id: "l1" }]);
    expect(f.君主).toEqual([
      { name: "汉高祖刘邦", id: "l1", note: "前202年—前195年" },
      { name: "汉惠帝刘盈", note: "前195年—前188年" },
    ]);
    expect(facts.find((x) => x.label === "君主")?.list).toBe(true);
    expect(f.后继).toEqual([{ name: "新", id: "x1" }]);
  });

  it("lists an event's time, places, participants and category", () => {
    const f = byLabel(
      entryFacts("event", {
        start: { year: 755, month: 12 },
        end: { year: 763 },
        places: ["fan-yang"],
        participants: ["an-lushan", "missing"],
        category: "战争",
        refs: {
          "fan-yang": ref("f1", "范阳", "place"),
          "an-lushan": ref("a1", "安禄山", "person"),
        },
      }),
    );
    expect(f.时间).toEqual([{ name: "755年12月—763年" }]);
    expect(f.地点).toEqual([{ name: "范阳", id: "f1" }]);
    expect(f.参与者).toEqual([{ name: "安禄山", id: "a1" }]);
    expect(f.类别).toEqual([{ name: "战争" }]);
  });

  it("shows a place's coordinates and its names over time", () => {
    const f = byLabel(
      entryFacts("place", {
        modern: "陕西省西安市",
        lat: 34.27,
        lng: 108.93,
        names: [
          { name: "镐京", from: -1046, to: -771, note: "西周都城" },
          { name: "西安", from: 1369 },
        ],
      }),
    );
    expect(f.坐标).toEqual([{ name: "北纬34.27°，东经108.93°" }]);
    expect(f.历代名称).toEqual([
      { name: "镐京", note: "前1046年—前771年，西周都城" },
      { name: "西安", note: "1369年起" },
    ]);
  });
});

describe("entryFacts for a work", () => {
  it("links creators with their part, and shows year, regime, category, form and holder", () => {
    const facts = entryFacts("work", {
      category: "典籍",
      form: "编年体通史",
      creators: [{ person: "sima-guang", role: "主编" }, "liu-shu", "nobody"],
      start: { year: 1066 },
      end: { year: 1084 },
      regime: "bei-song",
      holder: "中国国家图书馆",
      refs: {
        "sima-guang": ref("s1", "司马光", "person"),
        "liu-shu": ref("l1", "刘恕", "person"),
        "bei-song": ref("b1", "北宋", "regime"),
      },
    });
    expect(facts.map((f) => f.label)).toEqual(["作者", "年代", "朝代", "类别", "体裁", "收藏"]);
    const f = byLabel(facts);
    expect(f.作者).toEqual([
      { name: "司马光", id: "s1", note: "主编" },
      { name: "刘恕", id: "l1" },
    ]);
    expect(f.年代).toEqual([{ name: "1066年—1084年" }]);
    expect(f.朝代).toEqual([{ name: "北宋", id: "b1" }]);
    expect(f.体裁).toEqual([{ name: "编年体通史" }]);
    expect(f.收藏).toEqual([{ name: "中国国家图书馆" }]);
  });

  it("names the makers and the form by category, and gives an era in words", () => {
    const invention = byLabel(
      entryFacts("work", {
        category: "发明",
        form: "冶金技术",
        creators: ["cai-lun"],
        created: { year: 105, approx: true },
        era: "东汉中期",
        refs: { "cai-lun": ref("c1", "蔡伦", "person") },
      }),
    );
    expect(invention.发明者).toEqual([{ name: "蔡伦", id: "c1" }]);
    expect(invention.年代).toEqual([{ name: "约105年", note: "东汉中期" }]);
    expect(invention.类型).toEqual([{ name: "冶金技术" }]);
    const painting = byLabel(
      entryFacts("work", { category: "绘画", form: "青绿山水", attribution: "佚名", era: "北宋" }),
    );
    expect(painting.作者).toEqual([{ name: "佚名" }]);
    expect(painting.年代).toEqual([{ name: "北宋" }]);
    expect(painting.画科).toEqual([{ name: "青绿山水" }]);
    expect(byLabel(entryFacts("work", { category: "书法", form: "行书" })).书体).toEqual([
      { name: "行书" },
    ]);
  });
});

describe("poems and classics", () => {
  it("links the author and reads the lines and notes", () => {
    const data = {
      author: "李白",
      authorId: "a".repeat(24),
      dynasty: "唐",
      collection: "唐诗三百首",
      paragraphs: ["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"],
      notes: ["一作看月光"],
    };
    expect(byLabel(entryFacts("poem", data)).作者).toEqual([{ name: "李白", id: "a".repeat(24) }]);
    expect(entryVerse("poem", data)).toEqual({
      lines: data.paragraphs,
      notes: ["一作看月光"],
      reading: null,
    });
    expect(byLabel(entryFacts("classic", { book: "论语", chapter: "学而篇" })).篇章).toEqual([
      { name: "学而篇" },
    ]);
    expect(entryVerse("person", data).lines).toEqual([]);
  });

  it("reads a common reading's note and the imported lines, and ignores a malformed one", () => {
    const reading = { note: "底本作“看月光”；今通行本作“明月光”。", base: ["床前看月光。"] };
    expect(entryVerse("poem", { paragraphs: ["床前明月光。"], reading }).reading).toEqual(reading);
    for (const bad of ["底本", ["x"], { base: ["x"] }, { note: 3 }]) {
      expect(entryVerse("poem", { paragraphs: [], reading: bad }).reading, String(bad)).toBeNull();
    }
  });

  it("names the 乐府 category of a poem filed under one, and nothing for others", () => {
    const facts = byLabel(
      entryFacts("poem", { author: "李白", collection: "唐诗三百首", yuefu: "鼓吹曲辞" }),
    );
    expect(facts.出处).toEqual([{ name: "唐诗三百首" }]);
    expect(facts.乐府).toEqual([{ name: "鼓吹曲辞" }]);
    expect(byLabel(entryFacts("poem", { author: "李白" })).乐府).toBeUndefined();
  });
});

describe("formatters", () => {
  it("formats open spans and coordinates in every hemisphere", () => {
    expect(formatSpan(undefined, -771)).toBe("至前771年");
    expect(formatSpan(undefined, undefined)).toBeUndefined();
    expect(formatCoordinates(-33.87, -70.65)).toBe("南纬33.87°，西经70.65°");
  });

  it("ignores malformed data instead of throwing", () => {
    expect(entryFacts("person", { born: { year: 0 }, style: "x", refs: null })).toEqual([]);
    expect(entryFacts("unknown", {})).toEqual([]);
  });
});
