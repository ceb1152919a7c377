import { describe, expect, it } from "vitest";
import { ASK_EXAMPLES } from "./ask-page.ts";
import {
  cleanMention,
  normalizeQuestion,
  parseQuestion,
  searchWords,
  splitPair,
} from "./ask-question.ts";

describe("normalizeQuestion", () => {
  it("folds full-width forms and drops spaces, politeness, punctuation and final particles", () => {
    expect(normalizeQuestion("  请问，李白 是谁？ ")).toBe("李白是谁");
    expect(normalizeQuestion("我想知道唐朝的都城在哪呢？！")).toBe("唐朝的都城在哪");
    expect(normalizeQuestion("李白和杜甫认识吗?")).toBe("李白和杜甫认识");
    expect(normalizeQuestion("ＡＢＣ")).toBe("ABC");
    expect(normalizeQuestion("？？")).toBe("");
  });

  it("keeps 什么 whole: 么 is not a final particle here", () => {
    expect(normalizeQuestion("李白写了什么")).toBe("李白写了什么");
  });
});

describe("cleanMention and splitPair", () => {
  it("strips quotes, demonstratives and a trailing 的", () => {
    expect(cleanMention("《静夜思》这首诗")).toBe("静夜思");
    expect(cleanMention("那个李白的")).toBe("李白");
    expect(cleanMention("赤壁之战这场战争")).toBe("赤壁之战");
  });

  it("cuts at a connector, the middle first, never leaving a side empty", () => {
    expect(splitPair("唐太宗和魏征")).toEqual([["唐太宗", "魏征"]]);
    expect(splitPair("和珅和乾隆")).toEqual([["和珅", "乾隆"]]);
    expect(splitPair("李白与杜甫之间")).toEqual([["李白", "杜甫"]]);
    expect(splitPair("李白")).toEqual([]);
    expect(splitPair("和")).toEqual([]);
  });
});

// One row per phrasing: the question, the intent, the subject (or the first pair) and extras.
const CASES: [string, string, string | [string, string] | null, Record<string, unknown>?][] = [
  // 谁
  ["李白是谁", "who", "李白"],
  ["介绍一下诸葛亮", "who", "诸葛亮"],
  ["请介绍一下诸葛亮吧", "who", "诸葛亮"],
  ["李白是什么人", "who", "李白"],
  ["谁是王安石", "who", "王安石"],
  ["什么是安史之乱", "who", "安史之乱"],
  ["安史之乱是怎么回事", "who", "安史之乱"],
  ["李白的生平", "who", "李白"],
  ["李白", "who", "李白", { implicit: true }],
  ["李白和杜甫", "relation", ["李白", "杜甫"], { implicit: true }],
  ["和珅", "who", "和珅", { implicit: true }],
  // 何时
  ["赤壁之战是什么时候", "when", "赤壁之战", { aspect: "span" }],
  ["赤壁之战是哪一年", "when", "赤壁之战", { aspect: "span" }],
  ["李白是什么时候的人", "when", "李白", { aspect: "span" }],
  ["唐朝是什么时候建立的", "when", "唐朝", { aspect: "start" }],
  ["安史之乱爆发于哪一年", "when", "安史之乱", { aspect: "start" }],
  ["唐朝什么时候灭亡的", "when", "唐朝", { aspect: "end" }],
  ["李白哪一年出生", "born", "李白"],
  ["李白生于哪年", "born", "李白"],
  ["李白是哪年生的", "born", "李白"],
  ["李白死于何年", "died", "李白"],
  ["杜甫什么时候去世的", "died", "杜甫"],
  ["李白活了多少岁", "lifespan", "李白"],
  ["秦始皇在位多久", "reign", "秦始皇"],
  ["唐太宗什么时候即位", "reign", "唐太宗"],
  ["唐朝持续了多久", "duration", "唐朝"],
  ["唐朝存在了多少年", "duration", "唐朝"],
  ["安史之乱打了几年", "duration", "安史之乱"],
  // 何地
  ["长安在哪里", "where", "长安"],
  ["长安今天是哪里", "where", "长安"],
  ["赤壁之战发生在哪里", "where", "赤壁之战"],
  ["李白是哪里人", "native", "李白"],
  ["苏轼的家乡在哪", "native", "苏轼"],
  ["李白出生在哪里", "native", "李白"],
  ["唐朝的都城在哪", "capital", "唐朝"],
  ["明朝定都在哪里", "capital", "明朝"],
  // 朝代
  ["岳飞是哪个朝代的", "dynasty", "岳飞"],
  ["岳飞属于哪个朝代", "dynasty", "岳飞"],
  ["岳飞是哪朝人", "dynasty", "岳飞"],
  ["静夜思是什么朝代的诗", "dynasty", "静夜思"],
  // 关系
  ["唐太宗和魏征是什么关系", "relation", ["唐太宗", "魏征"]],
  ["李白与杜甫有什么关系", "relation", ["李白", "杜甫"]],
  ["李白和杜甫之间的关系", "relation", ["李白", "杜甫"]],
  ["李白和杜甫认识吗", "relation", ["李白", "杜甫"]],
  ["李白认识杜甫吗", "relation", ["李白", "杜甫"]],
  ["曹操跟诸葛亮有关系吗", "relation", ["曹操", "诸葛亮"]],
  // 作品
  ["李白写了什么", "works", "李白"],
  ["李白有哪些作品", "works", "李白"],
  ["李白的代表作", "works", "李白"],
  ["杜甫写过哪些诗", "works", "杜甫"],
  ["李白的诗", "works", "李白"],
  ["静夜思是谁写的", "author", "静夜思"],
  ["《静夜思》是谁写的？", "author", "静夜思"],
  ["静夜思的作者是谁", "author", "静夜思"],
  ["春望是谁的诗", "author", "春望"],
  ["谁写了将进酒", "author", "将进酒"],
  // 亲属、师友
  ["李世民的父亲是谁", "kin", "李世民", { role: "father", roleWord: "父亲" }],
  ["曹操的儿子有哪些", "kin", "曹操", { role: "son" }],
  ["唐太宗的皇后是谁", "kin", "唐太宗", { role: "spouse" }],
  ["谁是曹丕的父亲", "kin", "曹丕", { role: "father" }],
  ["孔子的老师", "teacher", "孔子"],
  ["李白的老师是谁", "teacher", "李白"],
  ["孔子的学生有哪些", "students", "孔子"],
  ["李白的朋友有哪些", "friends", "李白"],
  // 字、号
  ["诸葛亮的字是什么", "courtesy", "诸葛亮"],
  ["李白字什么", "courtesy", "李白"],
  ["苏轼的号", "style", "苏轼"],
  ["苏轼号什么", "style", "苏轼"],
  // 朝代的事实
  ["唐朝的开国皇帝", "founder", "唐朝"],
  ["宋朝的开国皇帝是谁", "founder", "宋朝"],
  ["谁建立了明朝", "founder", "明朝"],
  ["唐朝是谁建立的", "founder", "唐朝"],
  ["明朝有几位皇帝", "rulers", "明朝"],
  ["清朝的末代皇帝是谁", "rulers", "清朝", { aspect: "last" }],
  ["安史之乱的参与者", "participants", "安史之乱"],
  ["谁参与了赤壁之战", "participants", "赤壁之战"],
  // 不知道
  ["李白喜欢吃什么", "unknown", null],
  ["李白身高多少", "unknown", null],
  ["李白的名字是什么", "unknown", null],
  ["唐太宗的年号是什么", "unknown", null],
  ["赤壁之战的指挥官是谁", "unknown", null],
  ["", "unknown", null],
  ["？！", "unknown", null],
];

describe("parseQuestion", () => {
  it.each(CASES)("%s → %s %j", (question, intent, subject, extra = {}) => {
    const parsed = parseQuestion(question);
    expect(parsed.intent).toBe(intent);
    if (Array.isArray(subject)) {
      expect(parsed.subject).toBeNull();
      expect(parsed.pairs[0]).toEqual(subject);
    } else {
      expect(parsed.subject).toBe(subject);
    }
    expect(parsed).toMatchObject(extra);
  });

  it("does not take 发生在哪里 for a birthplace, nor 名字 for a courtesy name", () => {
    expect(parseQuestion("赤壁之战发生在哪里").intent).toBe("where");
    expect(parseQuestion("李白的名字是什么").intent).not.toBe("courtesy");
    expect(parseQuestion("唐太宗的年号是什么").intent).not.toBe("style");
  });

  it("understands every example question the page offers", () => {
    for (const example of ASK_EXAMPLES) {
      expect(parseQuestion(example).intent, example).not.toBe("unknown");
    }
  });
});

describe("searchWords", () => {
  it("keeps the words of a question without its asking", () => {
    expect(searchWords("李白喜欢吃什么")).toBe("李白喜欢吃");
    expect(searchWords("张三是谁")).toBe("张三");
  });
});
