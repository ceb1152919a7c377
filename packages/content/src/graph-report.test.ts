import { describe, expect, it } from "vitest";
import { graphReport } from "./graph-report.ts";
import { contentId, loadContent } from "./load-content.ts";

// Issue 17 "Data": the corpus is one connected graph with enough relations for interesting
// paths, the ruling houses can be drawn as family trees, and the named networks exist.
const bundle = loadContent("content");
const person = (key: string) => contentId("person", key);

/** Parent → child relations only: what a family tree walks down. */
const PARENT_TYPES = new Set(["父子", "母子", "父女", "母女"]);

function descends(ancestor: string, descendant: string): boolean {
  const children = new Map<string, string[]>();
  for (const r of bundle.relations) {
    if (!PARENT_TYPES.has(r.type)) continue;
    children.set(r.fromId, [...(children.get(r.fromId) ?? []), r.toId]);
  }
  const target = person(descendant);
  const seen = new Set<string>();
  const queue = [person(ancestor)];
  while (queue.length > 0) {
    const at = queue.shift() as string;
    if (at === target) return true;
    for (const child of children.get(at) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return false;
}

describe("the relation graph of the corpus", () => {
  const report = graphReport(bundle);

  it("has at least 4,000 relations, most of them described", () => {
    expect(report.relations).toBeGreaterThanOrEqual(4000);
    expect(report.withDesc).toBeGreaterThanOrEqual(2500);
  });

  it("joins every person to one large component", () => {
    expect(report.peopleInLargest / report.people).toBeGreaterThanOrEqual(0.99);
  });

  it("has the curated networks the relation gallery names", () => {
    expect(report.networks).toBeGreaterThanOrEqual(12);
    const keys = new Set(bundle.networks.map((n) => n.key));
    for (const key of [
      "zhu-lin-qi-xian",
      "tang-song-ba-da-jia",
      "san-guo-qun-ying",
      "chu-tang-si-jie",
      "wu-xu-liu-jun-zi",
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it.each([
    ["汉: 刘邦 to 刘秀 and on to 刘炳", "liu-bang", "liu-bing"],
    ["汉: 刘邦 to 刘衎", "liu-bang", "liu-kan"],
    ["唐: 李渊 to 李柷", "li-yuan", "li-zhu-aidi"],
    ["宋: 赵光义 to 赵扩 (adoptions included)", "zhao-guangyi", "zhao-kuo-ningzong"],
    ["南宋: 赵昀 to 赵昺", "zhao-yun-lizong", "zhao-bing"],
    ["明: 朱元璋 to 朱由检", "zhu-yuanzhang", "zhu-youjian"],
    ["清: 努尔哈赤 to 溥仪", "nuerhachi", "pu-yi"],
    ["三苏: 苏洵 to 苏过", "su-xun", "su-guo"],
    ["曹氏: 曹操 to 曹叡", "cao-cao", "cao-rui"],
  ])("draws the house of %s by parent and child", (_name, ancestor, descendant) => {
    expect(descends(ancestor, descendant)).toBe(true);
  });
});
