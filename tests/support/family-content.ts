import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIXTURE = "tests/fixtures/content";
const FILLER = "此句只为满足校验的长度要求而特意写得稍长一些，请勿当作正式内容。";

type Person = [key: string, name: string, gender: "male" | "female", born: number, roles: string];

/** A small 唐 house and a circle of poets, beside the fixture's 李渊, 李白 and 杜甫. */
const PEOPLE: Person[] = [
  ["li-bing", "李昞", "male", 541, "政治家"],
  ["dou-shi", "窦皇后", "female", 569, "后妃"],
  ["li-jiancheng", "李建成", "male", 589, "政治家"],
  ["li-shimin", "李世民", "male", 598, "君主, 军事家"],
  ["li-yuanji", "李元吉", "male", 603, "军事家"],
  ["zhangsun-huanghou", "长孙皇后", "female", 601, "后妃"],
  ["li-chengqian", "李承乾", "male", 619, "政治家"],
  ["li-zhi", "李治", "male", 628, "君主"],
  ["wu-zetian", "武则天", "female", 624, "君主, 后妃"],
  ["li-dan", "李旦", "male", 662, "君主"],
  ["li-longji", "李隆基", "male", 685, "君主, 音乐家"],
  ["meng-haoran", "孟浩然", "male", 689, "诗人"],
  ["wang-wei", "王维", "male", 701, "诗人, 画家"],
];

const RELATIONS = [
  "- { from: li-bing, to: li-yuan, type: 父子, label: 儿子 }",
  "- { from: li-yuan, to: dou-shi, type: 夫妻, label: 皇后 }",
  // Out of birth order on purpose: the tree sorts by `order`.
  "- { from: li-yuan, to: li-yuanji, type: 父子, label: 第四子, order: 4 }",
  "- { from: li-yuan, to: li-shimin, type: 父子, label: 次子, order: 2 }",
  "- { from: li-yuan, to: li-jiancheng, type: 父子, label: 长子, order: 1 }",
  "- { from: dou-shi, to: li-shimin, type: 母子, label: 次子, order: 2 }",
  "- { from: li-shimin, to: zhangsun-huanghou, type: 夫妻, label: 皇后 }",
  "- { from: li-shimin, to: li-zhi, type: 父子, label: 第九子, order: 9 }",
  "- { from: li-shimin, to: li-chengqian, type: 父子, label: 长子, order: 1 }",
  "- { from: li-zhi, to: wu-zetian, type: 夫妻, label: 皇后 }",
  // Only the mother is recorded: the child still hangs under her husband's unit.
  "- { from: wu-zetian, to: li-dan, type: 母子, label: 第四子, order: 4 }",
  "- { from: li-dan, to: li-longji, type: 父子, label: 第三子, order: 3 }",
  "- { from: li-yuan, to: li-shimin, type: 继位, label: 继位者 }",
  "- { from: li-shimin, to: li-zhi, type: 继位, label: 继位者 }",
  "- { from: li-zhi, to: wu-zetian, type: 继位, label: 继位者 }",
  "- { from: li-bai, to: meng-haoran, type: 朋友, label: 好友, twoway: true }",
  "- { from: meng-haoran, to: wang-wei, type: 朋友, label: 好友, twoway: true }",
];

/**
 * The fixture corpus with a family of four generations (birth orders, spouses, a mother-only
 * child, a line of succession), a circle of poets and one curated network, in a fresh folder:
 * the shared fixture keeps its counts for the tests that rely on them.
 */
export function familyFixtureDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tongjian-family-"));
  cpSync(FIXTURE, dir, { recursive: true });
  writeFileSync(
    join(dir, "people", "family.yaml"),
    PEOPLE.map(([key, name, gender, born, roles]) =>
      [
        `- key: ${key}`,
        `  name: ${name}`,
        `  gender: ${gender}`,
        `  born: { year: ${born} }`,
        "  regime: tang",
        `  roles: [${roles}]`,
        `  summary: 测试人物简介，${name}。${FILLER}`,
      ].join("\n"),
    ).join("\n"),
  );
  writeFileSync(join(dir, "relations", "family.yaml"), RELATIONS.join("\n"));
  // Two more articles of the test article's section: one on a friend of 李白 (near the test
  // article's entries in the graph, older), one on 李隆基 (unrelated to them, newer).
  const body = (link: string) => `## 正文\n\n${link}${FILLER.repeat(8)}\n`;
  const article = (key: string, title: string, published: string, link: string) =>
    `---\nkey: ${key}\ntitle: ${title}\nsection: 艺术史\nabstract: 测试文章导语，只为验证推荐的排序。\npublished: ${published}\ntags: [唐]\n---\n\n${body(link)}`;
  writeFileSync(
    join(dir, "articles", "near-article.md"),
    article("near-article", "测试文章：孟浩然", "2026-01-01", "[[meng-haoran|孟浩然]]隐居鹿门山。"),
  );
  writeFileSync(
    join(dir, "articles", "far-article.md"),
    article("far-article", "测试文章：李隆基", "2026-06-01", "[[li-longji|李隆基]]在位多年。"),
  );
  mkdirSync(join(dir, "networks"), { recursive: true });
  writeFileSync(
    join(dir, "networks", "poets.yaml"),
    [
      "- key: sheng-tang-shi-you",
      "  name: 盛唐诗友",
      "  members: [li-bai, du-fu, meng-haoran]",
      `  summary: 测试关系网简介，几位盛唐诗人的交游。${FILLER}`,
    ].join("\n"),
  );
  return dir;
}
