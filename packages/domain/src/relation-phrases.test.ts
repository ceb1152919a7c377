import { describe, expect, it } from "vitest";
import {
  eraName,
  type PhraseToken,
  relationSentence,
  relationStep,
  reverseRelationLabel,
} from "./relation-phrases.ts";

/** The sentence with the two names filled in. */
function read(tokens: PhraseToken[], from: string, to: string): string {
  return tokens.map((t) => ("text" in t ? t.text : t.entity === "from" ? from : to)).join("");
}

const rel = (type: string, label: string, twoway = false) => ({ type, label, twoway });

describe("relationSentence", () => {
  it.each([
    [rel("君臣", "谏臣"), "李世民", "魏征", "魏征是李世民的谏臣"],
    [rel("朋友", "好友", true), "李白", "杜甫", "李白和杜甫是好友"],
    [rel("同学派", "并称高岑", true), "高适", "岑参", "高适和岑参并称高岑"],
    [rel("父子", "次子"), "李渊", "李世民", "李世民是李渊的次子"],
    [rel("同僚", "举荐的后辈"), "欧阳修", "苏轼", "苏轼是欧阳修举荐的后辈"],
    [rel("参与", "参与事件"), "曹操", "赤壁之战", "曹操参与了赤壁之战"],
    [rel("建立", "建立者"), "嬴政", "秦", "嬴政是秦的建立者"],
    [rel("建立", "建立的王朝"), "刘邦", "西汉", "西汉是刘邦建立的王朝"],
    [rel("建立", "夏朝"), "禹", "夏", "禹建立了夏"],
    [rel("任职", "宰相"), "房玄龄", "唐", "房玄龄是唐的宰相"],
    [rel("任职", "任参知政事"), "王安石", "北宋", "王安石在北宋任参知政事"],
    [rel("定都", "都城"), "唐", "长安", "长安是唐的都城"],
    [rel("作者", "《岳阳楼记》所记之楼"), "范仲淹", "岳阳楼", "岳阳楼是范仲淹《岳阳楼记》所记之楼"],
  ])("%j: %s → %s", (r, from, to, expected) => {
    expect(read(relationSentence(r), from, to)).toBe(expected);
  });
});

describe("reverseRelationLabel", () => {
  it("reverses what the type makes certain", () => {
    expect(reverseRelationLabel(rel("父子", "儿子"))).toBe("父亲");
    expect(reverseRelationLabel(rel("母子", "长子"))).toBe("母亲");
    expect(reverseRelationLabel(rel("师生", "学生"))).toBe("老师");
    expect(reverseRelationLabel(rel("师生", "讲官老师"))).toBe("学生");
    expect(reverseRelationLabel(rel("君臣", "丞相"))).toBe("君主");
    expect(reverseRelationLabel(rel("夫妻", "皇后"))).toBe("丈夫");
    expect(reverseRelationLabel(rel("夫妻", "丈夫"))).toBe("妻子");
    expect(reverseRelationLabel(rel("兄弟", "弟弟"))).toBe("哥哥");
    expect(reverseRelationLabel(rel("兄弟", "异母弟"))).toBe("异母兄");
    expect(reverseRelationLabel(rel("兄弟", "堂兄"))).toBe("堂弟");
    expect(reverseRelationLabel(rel("兄妹", "族妹"))).toBe("族兄");
    expect(reverseRelationLabel(rel("姐弟", "弟弟"))).toBe("姐姐");
    expect(reverseRelationLabel(rel("参与", "参与事件"))).toBe("参与者");
    expect(reverseRelationLabel(rel("任职", "任宰相"))).toBe("宰相");
    expect(reverseRelationLabel(rel("朋友", "好友", true))).toBe("好友");
  });

  it("leaves out what it cannot tell", () => {
    // A 孙子's 祖辈 may be a grandfather or a grandmother.
    expect(reverseRelationLabel(rel("祖孙", "孙子"))).toBeNull();
    expect(reverseRelationLabel(rel("同僚", "举荐的后辈"))).toBeNull();
    expect(reverseRelationLabel(rel("影响", "推崇者"))).toBeNull();
    expect(reverseRelationLabel(rel("定都", "都城"))).toBeNull();
    expect(reverseRelationLabel(rel("任职", "元朝进士，曾任地方官"))).toBeNull();
  });
});

describe("relationStep", () => {
  const row = { ...rel("父子", "儿子"), fromId: "cao-cao" };

  it("reads forward from the stored end and reverses where it is certain", () => {
    expect(relationStep(row, "cao-cao")).toEqual({ label: "儿子", direction: "forward" });
    expect(relationStep(row, "cao-pi")).toEqual({ label: "父亲", direction: "forward" });
  });

  it("turns the arrow round where the reverse is unknown, and keeps two-way rows two-way", () => {
    const grand = { ...rel("祖孙", "孙子"), fromId: "a" };
    expect(relationStep(grand, "b")).toEqual({ label: "孙子", direction: "backward" });
    const friends = { ...rel("朋友", "好友", true), fromId: "a" };
    expect(relationStep(friends, "b")).toEqual({ label: "好友", direction: "twoway" });
    const joined = { ...rel("参与", "参与事件"), fromId: "a" };
    expect(relationStep(joined, "a")).toEqual({ label: "参与", direction: "forward" });
  });
});

describe("eraName", () => {
  it("reads one-character dynasties with 代 and leaves other names alone", () => {
    expect(eraName("唐")).toBe("唐代");
    expect(eraName("南宋")).toBe("南宋");
    expect(eraName("新")).toBe("新朝");
    expect(eraName("中华民国")).toBe("中华民国");
  });
});
