import { describe, expect, it } from "vitest";
import {
  compactPoemText,
  isOtherPoemOfSet,
  PoemDuplicateIndex,
  SAME_POEM_SIMILARITY,
  textSimilarity,
} from "./poem-duplicates.ts";

const QING_PING_1 = compactPoemText([
  "云想衣裳花想容，春风拂槛露华浓。",
  "若非群玉山头见，会向瑶台月下逢。",
]);
const QING_PING_2 = compactPoemText([
  "一枝红艳露凝香，云雨巫山枉断肠。",
  "借问汉宫谁得似，可怜飞燕倚新妆。",
]);
const QING_PING_2_VARIANT = compactPoemText([
  "一枝秾艳露凝香，云雨巫山枉断肠。",
  "借问汉宫谁得似，可怜飞燕倚新妆。",
]);
const JING_YE_SI = compactPoemText(["床前明月光，疑是地上霜。", "举头望明月，低头思故乡。"]);

describe("compactPoemText", () => {
  it("keeps the characters and drops punctuation, spaces and line breaks", () => {
    expect(compactPoemText(["噫吁嚱！危乎高哉！", " 蜀道之难，难于上青天。"])).toBe(
      "噫吁嚱危乎高哉蜀道之难难于上青天",
    );
  });
});

describe("textSimilarity", () => {
  it("is 1 for the same text and falls with every changed character", () => {
    expect(textSimilarity(JING_YE_SI, JING_YE_SI)).toBe(1);
    expect(textSimilarity(QING_PING_2, QING_PING_2_VARIANT)).toBeCloseTo(27 / 28);
    expect(textSimilarity("", "")).toBe(1);
    expect(textSimilarity("", "山")).toBe(0);
  });
});

describe("isOtherPoemOfSet", () => {
  it("tells the numbered poems of one set apart", () => {
    expect(isOtherPoemOfSet("我归遭雨·其一", "我归遭雨·其三")).toBe(true);
    expect(isOtherPoemOfSet("清平调·一", "清平调·二")).toBe(true);
  });

  it("does not hold apart one poem filed under two sets or names", () => {
    expect(isOtherPoemOfSet("长干行二首·二", "长干行二首·二")).toBe(false);
    expect(isOtherPoemOfSet("杂诗四首·其四", "杂诗十首·其四")).toBe(false);
    expect(isOtherPoemOfSet("凤皇台怪和歌四首·三", "凤凰台兽相和歌·五")).toBe(false);
    expect(isOtherPoemOfSet("将进酒", "将进酒")).toBe(false);
  });
});

describe("PoemDuplicateIndex", () => {
  const poem = (name: string, text: string) => ({ name, text });

  it("finds a variant record of a kept poem by the same author", () => {
    const index = new PoemDuplicateIndex();
    index.add("tang|李白", { name: "清平调·二", text: QING_PING_2, id: "qing-ping-2" });
    expect(index.find("tang|李白", poem("清平调词三首·二", QING_PING_2_VARIANT))).toBe(
      "qing-ping-2",
    );
    expect(index.find("tang|李白", poem("清平调·二", QING_PING_2))).toBe("qing-ping-2");
  });

  it("tells apart the poems of one set and of other authors", () => {
    const index = new PoemDuplicateIndex();
    index.add("tang|李白", { name: "清平调·一", text: QING_PING_1, id: "qing-ping-1" });
    expect(index.find("tang|李白", poem("清平调·二", QING_PING_2))).toBeUndefined();
    expect(index.find("tang|杜甫", poem("清平调·一", QING_PING_1))).toBeUndefined();
    expect(index.find("song|李白", poem("清平调·一", QING_PING_1))).toBeUndefined();
  });

  it("keeps apart two poems of a numbered set even when their words are the same", () => {
    const index = new PoemDuplicateIndex();
    const first = compactPoemText(["春山春水绿，春日春风和。"]);
    index.add("song|某", { name: "四时·其一", text: first, id: "a" });
    expect(index.find("song|某", poem("四时·其二", first))).toBeUndefined();
    expect(index.find("song|某", poem("四时", first))).toBe("a");
  });

  it("finds a copy whose first characters differ by its ending, and the other way round", () => {
    const index = new PoemDuplicateIndex();
    const xingLuNan = compactPoemText([
      "金樽清酒斗十千，玉盘珍羞直万钱。停杯投箸不能食，拔剑四顾心茫然。",
    ]);
    index.add("tang|李白", { name: "行路难", text: xingLuNan, id: "xing-lu-nan" });
    const variant = (from: string, to: string) => poem("行路难", xingLuNan.replace(from, to));
    expect(index.find("tang|李白", variant("金樽", "金尊"))).toBe("xing-lu-nan");
    expect(index.find("tang|李白", variant("茫然", "茫茫"))).toBe("xing-lu-nan");
  });

  it("keeps two 词 on one 词牌 apart: same form, different words", () => {
    const index = new PoemDuplicateIndex();
    const a = compactPoemText(["明月几时有？把酒问青天。不知天上宫阙，今夕是何年。"]);
    const b = compactPoemText(["明月几时有？此夜最分明。不知人间何处，今夕共谁行。"]);
    expect(textSimilarity(a, b)).toBeLessThan(SAME_POEM_SIMILARITY);
    index.add("song|苏轼", { name: "水调歌头", text: a, id: "a" });
    expect(index.find("song|苏轼", poem("水调歌头", b))).toBeUndefined();
  });

  it("does not take a poem for a longer text that begins with it", () => {
    const index = new PoemDuplicateIndex();
    index.add("tang|李白", { name: "静夜思", text: JING_YE_SI, id: "short" });
    expect(index.find("tang|李白", poem("静夜思", JING_YE_SI + QING_PING_1))).toBeUndefined();
  });

  it("finds a long poem whose copy differs in its first run and shifts its end", () => {
    const index = new PoemDuplicateIndex();
    const shuDaoNan = compactPoemText([
      "噫吁嚱！危乎高哉！蜀道之难，难于上青天！",
      "蚕丛及鱼凫，开国何茫然！尔来四万八千岁，不与秦塞通人烟。",
    ]);
    const long = shuDaoNan.repeat(8);
    index.add("tang|李白", { name: "蜀道难", text: long, id: "shu-dao-nan" });
    // 嚱 written 戏, a character dropped, another ending: the first run and the last differ.
    const copy = `噫吁戏${long.slice(3, 30)}${long.slice(31, -1)}尘`;
    expect(copy.slice(0, 4)).not.toBe(long.slice(0, 4));
    expect(copy.slice(-4)).not.toBe(long.slice(-4));
    expect(index.find("tang|李白", poem("蜀道难", copy))).toBe("shu-dao-nan");
  });

  it("ignores records without text", () => {
    const index = new PoemDuplicateIndex();
    index.add("tang|李白", { name: "无题", text: "", id: "empty" });
    expect(index.find("tang|李白", poem("无题", ""))).toBeUndefined();
  });
});
