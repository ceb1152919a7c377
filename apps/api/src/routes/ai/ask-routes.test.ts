import { importPoetry } from "@tongjian/content/import-poetry";
import { contentId } from "@tongjian/content/load-content";
import type { AskAnswer } from "@tongjian/contracts/ask";
import { bumpContentVersion } from "@tongjian/db/content-version";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { ASK_EXAMPLES } from "@tongjian/domain/ask-page";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../../../../../tests/support/test-targets.ts";
import { createTestApp } from "../../test-app.ts";

// 问史 against the real corpus (content/ and a few poems from the chinese-poetry fixture): each
// question with the facts its answer must hold, the entries it must cite, and whether the corpus
// answers it at all. A question the corpus cannot answer must say so, never guess.

const REAL_CONTENT = "content";
const FIXTURE_POETRY = "tests/fixtures/chinese-poetry";

interface Case {
  q: string;
  status: AskAnswer["status"];
  /** Facts the answer text must contain. */
  has?: string[];
  /** Names of entries the answer must cite. */
  cites?: string[];
  /** Steps the relation chain must have (a direct relation is one). */
  path?: number;
}

const ANSWERED: Case[] = [
  // 谁
  { q: "李白是谁", status: "answered", has: ["唐", "诗人", "太白", "青莲居士"], cites: ["李白"] },
  { q: "介绍一下诸葛亮", status: "answered", has: ["孔明", "蜀汉", "181年"], cites: ["诸葛亮"] },
  { q: "孔子是什么人", status: "answered", has: ["仲尼", "前551年", "前479年"], cites: ["孔子"] },
  { q: "成吉思汗是谁", status: "answered", has: ["铁木真", "大蒙古国"], cites: ["铁木真"] },
  { q: "长安", status: "answered", has: ["陕西省西安市"], cites: ["长安"] },
  // 何时
  { q: "赤壁之战是什么时候", status: "answered", has: ["208年"], cites: ["赤壁之战"] },
  { q: "安史之乱是哪一年", status: "answered", has: ["755年", "763年"], cites: ["安史之乱"] },
  { q: "唐朝是什么时候建立的", status: "answered", has: ["618年"], cites: ["唐"] },
  { q: "唐朝什么时候灭亡的", status: "answered", has: ["907年"], cites: ["唐"] },
  { q: "李白生于哪年", status: "answered", has: ["701年"], cites: ["李白"] },
  { q: "李白死于何年", status: "answered", has: ["762年"], cites: ["李白"] },
  { q: "李白活了多少岁", status: "answered", has: ["61岁"], cites: ["李白"] },
  {
    q: "秦始皇在位多久",
    status: "answered",
    has: ["前221年", "前210年", "11年"],
    cites: ["嬴政", "秦"],
  },
  { q: "唐朝持续了多久", status: "answered", has: ["618年", "907年", "289年"], cites: ["唐"] },
  // 何地
  { q: "赤壁之战发生在哪里", status: "answered", has: ["赤壁", "江陵"], cites: ["赤壁之战"] },
  { q: "长安今天是哪里", status: "answered", has: ["陕西省西安市", "北纬"], cites: ["长安"] },
  { q: "李白是哪里人", status: "answered", has: ["绵州昌隆", "四川江油"], cites: ["李白"] },
  { q: "诸葛亮是哪里人？", status: "answered", has: ["琅琊阳都"], cites: ["诸葛亮"] },
  { q: "唐朝的都城在哪", status: "answered", has: ["长安", "洛阳"], cites: ["唐"] },
  { q: "明朝的都城在哪里", status: "answered", has: ["南京", "北京"], cites: ["明"] },
  { q: "秦朝定都在哪里", status: "answered", has: ["咸阳"], cites: ["秦"] },
  // 朝代
  { q: "岳飞是哪个朝代的", status: "answered", has: ["南宋"], cites: ["岳飞"] },
  { q: "司马迁属于哪个朝代", status: "answered", has: ["西汉"], cites: ["司马迁"] },
  { q: "北京是哪个朝代的", status: "answered", has: ["地点", "明", "清"], cites: ["北京"] },
  // 关系
  {
    q: "唐太宗和魏征是什么关系",
    status: "answered",
    has: ["谏臣"],
    cites: ["李世民", "魏征"],
    path: 1,
  },
  { q: "李白和杜甫认识吗", status: "answered", has: ["好友"], cites: ["李白", "杜甫"], path: 1 },
  {
    q: "苏轼与苏辙有什么关系",
    status: "answered",
    has: ["弟弟"],
    cites: ["苏轼", "苏辙"],
    path: 1,
  },
  {
    q: "曹操和诸葛亮是什么关系",
    status: "answered",
    has: ["联系"],
    cites: ["曹操", "诸葛亮"],
    path: 2,
  },
  {
    q: "忽必烈和成吉思汗是什么关系",
    status: "answered",
    has: ["拖雷"],
    cites: ["忽必烈", "铁木真", "拖雷"],
    path: 2,
  },
  // 亲属、师友、字号
  { q: "李世民的父亲是谁", status: "answered", has: ["李渊"], cites: ["李世民"] },
  { q: "曹操的儿子有哪些", status: "answered", has: ["曹丕", "曹植"], cites: ["曹操"] },
  { q: "孔子的学生有哪些", status: "answered", has: ["颜回", "子贡"], cites: ["孔子"] },
  { q: "诸葛亮的字是什么", status: "answered", has: ["孔明"], cites: ["诸葛亮"] },
  { q: "苏轼的号是什么", status: "answered", has: ["东坡居士"], cites: ["苏轼"] },
  { q: "杜甫字什么", status: "answered", has: ["子美"], cites: ["杜甫"] },
  // 朝代的事实、事件的参与者
  { q: "唐朝的开国皇帝是谁", status: "answered", has: ["李渊"], cites: ["唐"] },
  { q: "谁建立了西汉", status: "answered", has: ["刘邦"], cites: ["西汉"] },
  { q: "清朝的末代皇帝是谁", status: "answered", has: ["溥仪"], cites: ["清"] },
  { q: "明朝有几位皇帝", status: "answered", has: ["17位", "朱元璋", "崇祯"], cites: ["明"] },
  { q: "安史之乱的参与者", status: "answered", has: ["安禄山", "郭子仪"], cites: ["安史之乱"] },
  { q: "谁参与了玄武门之变", status: "answered", has: ["李建成"], cites: ["玄武门之变"] },
  // 作品
  { q: "李白写了什么", status: "answered", has: ["静夜思", "将进酒"], cites: ["李白"] },
  { q: "《静夜思》是谁写的？", status: "answered", has: ["李白", "唐"], cites: ["静夜思", "李白"] },
  { q: "春望的作者是谁", status: "answered", has: ["杜甫"], cites: ["春望", "杜甫"] },
  { q: "史记是谁写的", status: "answered", has: ["司马迁"], cites: ["史记", "司马迁"] },
  { q: "宋朝的开国皇帝是谁", status: "answered", has: ["赵匡胤"] },
];

const UNANSWERED: Case[] = [
  { q: "李白喜欢吃什么", status: "unsupported", has: ["不知道", "没有记载"] },
  { q: "李白身高多少", status: "unsupported", has: ["不知道", "没有记载"] },
  { q: "唐太宗的年号是什么", status: "unsupported", has: ["不知道", "没有记载"] },
  {
    q: "诸葛亮的号是什么",
    status: "not-recorded",
    has: ["没有记载", "字孔明"],
    cites: ["诸葛亮"],
  },
  { q: "秦始皇的老师是谁", status: "not-recorded", has: ["没有记载"], cites: ["嬴政"] },
  { q: "杜甫的妻子是谁", status: "not-recorded", has: ["没有记载"], cites: ["杜甫"] },
  { q: "拿破仑是哪个朝代的", status: "not-recorded", has: ["没有记载"], cites: ["拿破仑"] },
  { q: "张三是谁", status: "not-found", has: ["没有记载", "张三"] },
  { q: "李白喜欢喝酒", status: "unsupported", has: ["不知道"] },
];

describe.each(databaseTargets())("问史 over the real corpus on $name", (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(target, { CONTENT_DIR: REAL_CONTENT });
    await importPoetry(t.deps.handle, { dir: FIXTURE_POETRY });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = (payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/ai/ask",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });
  const answer = async (question: string): Promise<AskAnswer> => {
    const res = await ask({ question });
    expect(res.statusCode, question).toBe(200);
    return res.json().data as AskAnswer;
  };

  /** What every answer holds: its parts make its text, links and citations are entries. */
  function expectWellFormed(a: AskAnswer) {
    expect(a.parts.map((p) => p.text).join("")).toBe(a.text);
    expect(a.text).not.toMatch(/undefined|null|NaN|\[object/);
    for (const id of [...a.parts.map((p) => p.id), ...a.cited.map((c) => c.id)]) {
      if (id !== null) expect(id).toMatch(/^[0-9a-f]{24}$/);
    }
  }

  it.each([...ANSWERED, ...UNANSWERED])("$q → $status", async (c) => {
    const a = await answer(c.q);
    expectWellFormed(a);
    expect(a.status, a.text).toBe(c.status);
    for (const fact of c.has ?? []) expect(a.text, c.q).toContain(fact);
    const cited = a.cited.map((e) => e.name);
    for (const name of c.cites ?? []) expect(cited, c.q).toContain(name);
    if (c.path !== undefined) {
      expect(a.path, c.q).toHaveLength(c.path);
      // The chain runs from the first entry asked about to the second, step after step.
      const steps = a.path ?? [];
      for (let i = 1; i < steps.length; i++) expect(steps[i]?.from.id).toBe(steps[i - 1]?.to.id);
    }
  });

  it("asks at least forty answerable questions and five it must not answer", () => {
    expect(ANSWERED.length).toBeGreaterThanOrEqual(40);
    expect(UNANSWERED.length).toBeGreaterThanOrEqual(5);
  });

  it("answers every example question the page offers", async () => {
    for (const example of ASK_EXAMPLES) {
      expect((await answer(example)).status, example).toBe("answered");
    }
  });

  it("links the names in an answer to their entries and reads the chain in order", async () => {
    const a = await answer("唐太宗和魏征是什么关系");
    const libai = a.parts.find((p) => p.text === "李世民");
    expect(libai?.id).toBe(contentId("person", "li-shimin"));
    expect(a.text).toContain("李世民（唐太宗）");
    expect(a.path?.[0]).toMatchObject({
      from: { name: "李世民" },
      to: { name: "魏征" },
      type: "君臣",
      label: "谏臣",
      direction: "forward",
    });
  });

  it("prefers the corpus's 李白 to an imported Song poet of the same name", async () => {
    const a = await answer("李白是哪个朝代的");
    expect(a.status).toBe("answered");
    expect(a.cited[0]?.id).toBe(contentId("person", "li-bai"));
    expect(a.text).toContain("唐代");
  });

  it("asks back which one is meant when a name fits several entries, and each choice answers", async () => {
    // 魏 is 曹魏, 北魏, 东魏 and 西魏.
    const a = await answer("魏的开国皇帝是谁");
    expect(a.status).toBe("ambiguous");
    expect(a.text).toContain("哪一个");
    const questions = a.choices.map((c) => c.question);
    expect(questions).toContain("曹魏的开国皇帝是谁");
    expect(questions).toContain("北魏的开国皇帝是谁");
    const cao = await answer("曹魏的开国皇帝是谁");
    expect(cao.status).toBe("answered");
    expect(cao.text).toContain("曹丕");
  });

  it("offers search results for what it does not know", async () => {
    const unknown = await answer("李白喜欢吃什么");
    expect(unknown.search?.q).toBe("李白");
    expect(unknown.search?.list.map((h) => h.name)).toContain("李白");
    const missing = await answer("王小二是谁");
    expect(missing.status).toBe("not-found");
    expect(missing.search).toMatchObject({ q: "王小二" });
  });

  it("answers bad input with a clear 400, never a 500", async () => {
    for (const payload of [
      {},
      { question: "" },
      { question: "   " },
      { question: 42 },
      { question: "问".repeat(101) },
      [],
    ]) {
      const res = await ask(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
    }
    const long = await ask({ question: "问".repeat(100) });
    expect(long.statusCode).toBe(200);
    const odd = await ask({ question: "\"*(NEAR %_'" });
    expect(odd.statusCode).toBe(200);
  });

  it("names every author of a title several poems share", async () => {
    const stamp = new Date().toISOString();
    await t.deps.handle.db
      .insertInto("entry")
      .values({
        id: "0123456789abcdef0123cafe",
        key: "test-poem-chun-wang",
        kind: "poem",
        name: "春望",
        aliases: "[]",
        summary: "测试用的同名诗。",
        start_year: null,
        end_year: null,
        time_desc: "宋",
        regime_id: null,
        data: JSON.stringify({
          author: "测试诗人",
          dynasty: "宋",
          paragraphs: ["测试用的同名诗。"],
        }),
        image_url: null,
        search_names: "春望 测试诗人",
        pinyin: "",
        pinyin_initials: "",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await refreshSearchIndex(t.deps.handle);
    const a = await answer("春望是谁写的");
    expect(a.status).toBe("answered");
    expect(a.text).toContain("2篇");
    expect(a.text).toContain("唐代杜甫");
    expect(a.text).toContain("宋代测试诗人");
    expect(a.cited.filter((c) => c.name === "春望")).toHaveLength(2);
  });

  it("sees a relation added to the corpus once the content version changes", async () => {
    const before = await answer("李白和嬴政是什么关系");
    expect(before.text).not.toContain("测试用的关系");
    await t.deps.handle.db
      .insertInto("relation")
      .values({
        id: "0123456789abcdef01234567",
        from_id: contentId("person", "ying-zheng"),
        to_id: contentId("person", "li-bai"),
        type: "影响",
        label: "测试用的关系",
        twoway: 0,
        note: null,
        year: null,
      })
      .execute();
    await bumpContentVersion(t.deps.handle.db);
    await expect
      .poll(async () => (await answer("李白和嬴政是什么关系")).text, { timeout: 5_000 })
      .toContain("测试用的关系");
  });
});

describe("问史 rate limit", () => {
  it("limits /api/ai/ask like every other API route", async () => {
    const t = await createTestApp({}, { RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const ask = () =>
        t.app.inject({
          method: "POST",
          url: "/api/ai/ask",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ question: "李白是谁" }),
        });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const limited = await ask();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 429, data: null });
    } finally {
      await t.close();
    }
  });
});
