/**
 * 问史 (/ai): what a question asks, recognised by rules over everyday Chinese phrasings. Pure:
 * the answer service resolves the names it extracts against the corpus and answers only from
 * what the corpus records. A phrasing no rule knows is "unknown" — never guessed at.
 */

export type AskIntent =
  /** 谁 / 是什么: an introduction. */
  | "who"
  /** 什么时候 (aspect: start, end or the whole span). */
  | "when"
  | "born"
  | "died"
  /** 活了多少岁. */
  | "lifespan"
  /** 在位多久 / 什么时候即位. */
  | "reign"
  /** 持续了多久. */
  | "duration"
  /** 在哪里 / 发生在哪里. */
  | "where"
  /** 是哪里人. */
  | "native"
  /** 都城在哪. */
  | "capital"
  /** 哪个朝代. */
  | "dynasty"
  /** A和B是什么关系. */
  | "relation"
  /** X写了什么. */
  | "works"
  /** Y是谁写的. */
  | "author"
  /** 父亲、儿子、妻子 … (role). */
  | "kin"
  | "teacher"
  | "students"
  | "friends"
  /** 字. */
  | "courtesy"
  /** 号. */
  | "style"
  /** 开国皇帝 / 建立者. */
  | "founder"
  /** 有哪些皇帝 (aspect "last": 末代皇帝). */
  | "rulers"
  /** 参与者. */
  | "participants"
  /** No rule matched: the service says so and offers search results. */
  | "unknown";

export type KinRole =
  | "father"
  | "mother"
  | "son"
  | "daughter"
  | "children"
  | "spouse"
  | "sibling"
  | "grandparent"
  | "grandchild";

export type TimeAspect = "start" | "end" | "span";

export interface ParsedQuestion {
  /** The question normalised (full-width folded, spaces, politeness and final particles gone). */
  text: string;
  intent: AskIntent;
  /**
   * The name asked about, as written ("诗人李白", "唐朝"): the service finds the longest name of
   * the corpus inside it. Null for relation questions and for unknown ones with a question word.
   */
  subject: string | null;
  /** Relation questions: ways to cut the span into two names, most likely first. */
  pairs: [string, string][];
  /** Kin questions: which relative, and the word the reader used (父亲, 老婆 …). */
  role?: KinRole;
  roleWord?: string;
  /** When questions: the start (建立, 爆发), the end (灭亡) or both; rulers: "last". */
  aspect?: TimeAspect | "last";
  /** The question was a bare name (no question word): an introduction, if the name is known. */
  implicit?: boolean;
}

const KIN_WORDS: Record<string, KinRole> = {
  父亲: "father",
  爸爸: "father",
  父: "father",
  母亲: "mother",
  妈妈: "mother",
  母: "mother",
  儿子: "son",
  女儿: "daughter",
  孩子: "children",
  子女: "children",
  儿女: "children",
  妻子: "spouse",
  老婆: "spouse",
  夫人: "spouse",
  皇后: "spouse",
  丈夫: "spouse",
  兄弟: "sibling",
  哥哥: "sibling",
  弟弟: "sibling",
  姐妹: "sibling",
  爷爷: "grandparent",
  祖父: "grandparent",
  孙子: "grandchild",
};
const KIN = Object.keys(KIN_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|");

// Building blocks of the rules. Each asks "which / what / when" in the ways people type it.
const WHEN = "(?:什么时候|什么时间|何时|哪一年|哪年|何年|哪个年代|哪个时期|哪个世纪|多少年|几几年)";
const WHERE = "(?:哪里|哪儿|哪国|哪|何处|何地|什么地方|哪个地方|哪个省|哪座城市|哪个城市|哪个国家)";
const WHO_WORD = "(?:谁|哪位|哪个人|何人)";
const LIST = "(?:有哪些|有谁|都有谁|都有哪些|是谁|是哪位|是哪些|叫什么|是什么|有什么|是)?";
const DIE = "(?:去世|逝世|离世|过世|病逝|死去|驾崩|死|卒)";

interface Rule {
  re: RegExp;
  build: (m: RegExpExecArray) => Omit<ParsedQuestion, "text" | "pairs"> & {
    pairs?: [string, string][];
  };
  /** The whole question must also match this (a marker the pattern cannot express). */
  guard?: RegExp;
  /** The subject must not match this. */
  reject?: RegExp;
}

interface RuleOptions {
  extra?: Partial<ParsedQuestion>;
  guard?: RegExp;
  reject?: RegExp;
}

const subjectRule = (intent: AskIntent, patterns: string[], options: RuleOptions = {}): Rule[] =>
  patterns.map((p) => ({
    re: new RegExp(`^${p}$`, "u"),
    build: (m) => ({ intent, subject: m[1] ?? "", ...options.extra }),
    ...(options.guard ? { guard: options.guard } : {}),
    ...(options.reject ? { reject: options.reject } : {}),
  }));

/** A relation question's span ("唐太宗和魏征之间") becomes candidate pairs. */
const relationRule = (pattern: string): Rule => ({
  re: new RegExp(`^${pattern}$`, "u"),
  build: (m) => ({ intent: "relation", subject: null, pairs: splitPair(m[1] ?? "") }),
});

const RULES: Rule[] = [
  // 关系 — before everything else: "A和B是什么关系" holds 是什么, 谁 and names.
  relationRule("(.+?)(?:之间)?的?(?:是|有|存在|属于)?(?:什么|啥|何种|哪种|怎样的|什么样的|何)关系"),
  relationRule(
    "(.+?)(?:之间)?(?:是否|是不是)?(?:互相|相互)?(?:认识|认得|认不认识|相识|见过面|见过|有关系|有没有关系|有关联|有联系|有什么联系|有何联系|有交集|有什么交集)",
  ),
  relationRule("(.+?)(?:之间)?的?关系(?:是什么|是啥|如何|怎样|怎么样|为何)?"),
  {
    re: /^(.+?)(?:认识|认得|见过)(.+)$/u,
    build: (m) => ({
      intent: "relation",
      subject: null,
      pairs: [[cleanMention(m[1] ?? ""), cleanMention(m[2] ?? "")]],
    }),
  },
  // 谁写的
  ...subjectRule("author", [
    `(.+?)是${WHO_WORD}(?:写|作|创作|所作|所写|撰写|著|编写|写作|编)的?`,
    "(.+?)的?作者(?:是谁|是哪位|是什么人|叫什么|是)?",
    `(.+?)(?:是|为)?${WHO_WORD}的(?:作品|诗|词|文章|著作|书)`,
    `(.+?)出自${WHO_WORD}(?:之手|的手笔|笔下)?`,
  ]),
  {
    re: /^谁(?:写|作|创作|撰写|写作)了(.+)$/u,
    build: (m) => ({ intent: "author", subject: m[1] ?? "" }),
  },
  // 开国皇帝 / 建立者
  ...subjectRule("founder", [
    "(.+?)的(?:开国皇帝|开国君主|开国之君|开国国君|开国者|建立者|创建者|创立者|开创者|缔造者|第一(?:个|位|任)(?:皇帝|君主))(?:是谁|是哪位|叫什么|是)?",
    `(.+?)(?:是)?(?:${WHO_WORD}|由谁)(?:建立|创建|创立|开创|建)的`,
  ]),
  {
    re: /^谁(?:建立|创建|创立|开创)了(.+)$/u,
    build: (m) => ({ intent: "founder", subject: m[1] ?? "" }),
  },
  // 末代皇帝 / 有哪些皇帝
  ...subjectRule(
    "rulers",
    ["(.+?)的(?:末代皇帝|末代君主|最后一(?:个|位)(?:皇帝|君主))(?:是谁|是哪位|叫什么|是)?"],
    { extra: { aspect: "last" } },
  ),
  ...subjectRule("rulers", [
    "(.+?)(?:一共|共|总共)?有(?:哪些|几位|几个|多少位|多少个|多少)(?:皇帝|君主|帝王|国君)",
    `(.+?)的(?:皇帝|君主|帝王|历代皇帝|历代君主)${LIST}`,
  ]),
  // 都城
  ...subjectRule("capital", [
    `(.+?)的(?:都城|首都|国都|京城|京师|都)(?:在${WHERE}|是${WHERE}|设在${WHERE}|是)?`,
    `(.+?)(?:定都|建都|都城在)(?:在|于)?${WHERE}`,
  ]),
  // 参与者
  ...subjectRule("participants", [
    `(.+?)的(?:参与者|参与人物|参战者|参加者|主要人物|相关人物|人物)${LIST}`,
    "(.+?)(?:有哪些人|有谁|都有谁|有哪些人物)(?:参与|参加|参战)(?:了)?",
    "(.+?)(?:是)?(?:谁|哪些人)(?:参与|参加)的",
  ]),
  {
    re: /^(?:谁|哪些人|有谁)(?:参与|参加|参战)了(.+)$/u,
    build: (m) => ({ intent: "participants", subject: m[1] ?? "" }),
  },
  // 亲属
  {
    re: new RegExp(`^谁是(.+?)的(${KIN})$`, "u"),
    build: (m) => kin(m[1] ?? "", m[2] ?? ""),
  },
  {
    re: new RegExp(`^(.+?)的(${KIN})${LIST}$`, "u"),
    build: (m) => kin(m[1] ?? "", m[2] ?? ""),
  },
  // 师友
  ...subjectRule("teacher", [
    `(.+?)的(?:老师|师父|师傅|恩师|业师)${LIST}`,
    `(.+?)(?:师从|师承|拜师于?|跟谁学|向谁学)(?:${WHO_WORD})?(?:为师)?`,
    `(.+?)拜${WHO_WORD}为师`,
  ]),
  ...subjectRule("students", [
    `(.+?)的(?:学生|弟子|门生|徒弟|门人)${LIST}`,
    "(.+?)教过(?:谁|哪些人)",
  ]),
  ...subjectRule("friends", [
    `(.+?)的(?:朋友|好友|挚友|好朋友)${LIST}`,
    "(.+?)(?:和|与|跟)谁是(?:朋友|好友)",
  ]),
  // 朝代 — before 作品: "静夜思是什么朝代的诗" is not asking for poems.
  ...subjectRule("dynasty", [
    "(.+?)(?:是|属于|生活在|处于|出自|来自)(?:哪个|哪一个|哪一|什么|哪)(?:朝代|朝|时代|时期)(?:的)?(?:人|诗人|作品|事件|事|诗|词|书)?",
    "(.+?)是哪朝(?:人|的)?",
    "(.+?)(?:是)?哪(?:个)?朝代?的(?:人)?",
    "(.+?)的朝代(?:是什么|是哪个|是)?",
  ]),
  // 作品
  ...subjectRule("works", [
    "(.+?)(?:都)?(?:写|作|创作|写作)(?:过|了)?(?:哪些|什么|些什么|啥)(?:作品|诗|诗词|词|文章|书|东西)?",
    "(.+?)有(?:哪些|什么|几首|多少)(?:作品|诗|诗作|诗词|词|名作|代表作|著作|名篇)",
    "(.+?)的(?:代表作|代表作品|作品|名作|著作|诗作|诗词|名篇|诗|词|文章)(?:有哪些|是什么|有什么|都有什么|是哪些|是哪篇)?",
  ]),
  // 字、号 — "X的字", never "X的名字"; "X的号", never 年号, 国号 …
  ...subjectRule("courtesy", ["(.+?[^名])的?表?字(?:是什么|是啥|叫什么|是|为何|为|什么|啥)?"], {
    guard: /的表?字|表字|字(?:是什么|是啥|叫什么|是|为何|为|什么|啥)$/u,
  }),
  ...subjectRule(
    "style",
    ["(.+?[^年国称封庙谥外])的?(?:别|自|雅)?号(?:是什么|是啥|叫什么|是|为|什么|啥)?"],
    { guard: /的(?:别|自|雅)?号|(?:别|自|雅)号|号(?:是什么|是啥|叫什么|是|为|什么|啥)$/u },
  ),
  // 在位
  ...subjectRule("reign", [
    "(.+?)在位(?:了)?(?:多久|多少年|几年|多长时间|时间|哪些年|是哪些年|的时间)",
    `(.+?)(?:是)?${WHEN}(?:即位|登基|继位|称帝|当上皇帝|当皇帝)的?`,
    `(.+?)(?:即位|登基|继位|称帝)于${WHEN}`,
  ]),
  // 生、卒、寿
  ...subjectRule("born", [
    `(.+?)(?:是)?${WHEN}(?:出生|生人|诞生|生)的?`,
    `(.+?)(?:生于|出生于|诞生于|出生在|生在|出生)${WHEN}`,
    `(.+?)的(?:生年|出生年份|出生年|出生时间|出生日期|生日)(?:是)?${WHEN}?`,
  ]),
  ...subjectRule("died", [
    `(.+?)(?:是)?${WHEN}${DIE}的?`,
    `(.+?)(?:死于|卒于|逝于|去世于|逝世于|死在|去世在|殁于)${WHEN}`,
    `(.+?)的(?:卒年|死亡时间|去世时间|逝世时间|忌日)(?:是)?${WHEN}?`,
  ]),
  ...subjectRule("lifespan", [
    "(.+?)(?:活了|享年|寿命|终年)(?:多少岁|多少年|多久|几岁|多大|有多长)?",
    `(.+?)${DIE}(?:的)?时(?:候)?(?:多少岁|几岁|多大)(?:了)?`,
    "(.+?)的(?:寿命|享年|年龄|岁数)(?:是)?(?:多少|多久|几岁)?",
  ]),
  // 持续多久
  ...subjectRule("duration", [
    "(.+?)(?:持续|存在|延续|历时|经历|维持|统治|打)(?:了)?(?:多久|多少年|几年|多长时间|多长)",
    "(.+?)(?:一共|共|总共)?(?:有|存在了?)(?:多少|几)年(?:历史)?",
    "(.+?)的?国祚(?:有|是)?(?:多少年|多久|几年)?",
  ]),
  // 何时
  ...subjectRule(
    "when",
    [
      `(.+?)(?:是)?${WHEN}(?:建立|开始|成立|建国|爆发|发生|兴起)的?`,
      `(.+?)(?:建立|开始|成立|爆发|发生|建国)于${WHEN}`,
    ],
    { extra: { aspect: "start" } },
  ),
  ...subjectRule(
    "when",
    [
      `(.+?)(?:是)?${WHEN}(?:灭亡|结束|亡国|终结|覆灭|被灭|亡|灭)的?`,
      `(.+?)(?:灭亡|结束|亡|终结)于${WHEN}`,
    ],
    { extra: { aspect: "end" } },
  ),
  ...subjectRule(
    "when",
    [
      `(.+?)(?:是|发生在|发生于|在)?${WHEN}(?:的事|的人|的)?`,
      `(.+?)的(?:时间|年代|年份)(?:是)?${WHEN}?`,
    ],
    { extra: { aspect: "span" } },
  ),
  // 何地
  // "发生在哪里" is not "生在哪里".
  ...subjectRule(
    "native",
    [
      `(.+?)是${WHERE}人`,
      `(.+?)的(?:籍贯|家乡|故乡|老家|出生地|祖籍)(?:是|在)?${WHERE}?`,
      `(.+?)(?:出生在|生在|出生于|生于)${WHERE}`,
      `(.+?)(?:来自|是从)${WHERE}(?:来的)?`,
    ],
    { reject: /[发产]$/u },
  ),
  ...subjectRule("where", [
    `(.+?)(?:发生在|发生于|在|位于|坐落在|坐落于|是在)${WHERE}(?:发生的|打的|的)?`,
    `(.+?)的(?:地点|位置|所在地|发生地|战场)(?:是|在)?${WHERE}?`,
    `(.+?)(?:今天|今|现在|如今)(?:是|在|叫)(?:${WHERE}|什么)`,
    `(.+?)在${WHERE}(?:发生|打)的?`,
  ]),
  // 谁 / 是什么. "X的Y是什么" asks for a Y no rule above knows (年号, 身高): not an introduction.
  ...subjectRule(
    "who",
    [
      "(.+?)是(?:谁|哪位|什么人|何人|干什么的|做什么的|干啥的|怎样的人|什么样的人|一个什么样的人|哪一位)",
      "(?:谁是|介绍一下|介绍下|介绍|讲讲|讲一讲|说说|说一说|聊聊|谈谈|简单介绍一下|简介一下)(.+)",
      "什么是(.+)",
      "(.+?)(?:是什么|是啥|是怎么回事|是什么东西|讲了什么|讲的是什么)",
      "(.+?)的?(?:简介|介绍|生平事迹|生平|事迹)",
    ],
    { reject: /的/u },
  ),
];

function kin(subject: string, word: string) {
  return { intent: "kin" as const, subject, role: KIN_WORDS[word] ?? "children", roleWord: word };
}

// Words that never belong to a name, removed before the rules run.
const LEADING =
  /^(?:请问一下|请问|请教一下|请教|请|我想知道|我想问一下|我想问|想问一下|想问|问一下|问下|你知道|你知不知道|告诉我|能告诉我|可以告诉我|你好|您好|麻烦问一下|那么|那)+/u;
const TRAILING_PUNCTUATION = /[\s?!.,;:~…。，、；：！？'"“”‘’）)]+$/u;
const TRAILING_PARTICLES = /(?:吗|呢|啊|呀|吧|嘛|哇|哦|呐|啦)+$/u;

/** NFKC, no spaces, no politeness in front, no punctuation or final particles behind. */
export function normalizeQuestion(raw: string): string {
  let text = raw.normalize("NFKC").replace(/\s+/gu, "");
  let previous = "";
  while (previous !== text) {
    previous = text;
    text = text
      .replace(LEADING, "")
      .replace(TRAILING_PUNCTUATION, "")
      .replace(TRAILING_PARTICLES, "")
      .replace(/^[\s?!.,;:~…。，、；：！？'"“”‘’（(]+/u, "");
  }
  return text;
}

const QUOTES = /[《》〈〉「」『』“”"'‘’【】]/gu;
const MENTION_PREFIX = /^(?:那个|这个|这位|那位|有个叫|一个叫|叫做|叫)+/u;
const MENTION_SUFFIX =
  /(?:这首诗|这首词|这首曲|这首|这篇文章|这篇|这个人|这人|这位|这场战争|这场战役|这场|这次|这件事|这个朝代|这个王朝|这个国家|这个政权|这个地方|这座城市|这座城|这本书|这部书|这部作品|这个|之间|的)+$/u;

/** A name as the reader wrote it, without quotes, "这首诗", a trailing 的. */
export function cleanMention(text: string): string {
  return text.replace(QUOTES, "").replace(MENTION_PREFIX, "").replace(MENTION_SUFFIX, "").trim();
}

const CONNECTORS = new Set(["和", "与", "跟", "同", "及", "、"]);

/**
 * Every way to cut "A和B" at a connector into two non-empty names, the cuts nearest the middle
 * first: "和珅和乾隆" is tried as 和珅 / 乾隆 before anything else.
 */
export function splitPair(span: string): [string, string][] {
  const text = cleanMention(span);
  const chars = Array.from(text);
  const cuts: { at: number; pair: [string, string] }[] = [];
  chars.forEach((c, i) => {
    if (!CONNECTORS.has(c) || i === 0 || i === chars.length - 1) return;
    const left = cleanMention(chars.slice(0, i).join(""));
    const right = cleanMention(chars.slice(i + 1).join(""));
    if (left && right) cuts.push({ at: Math.abs(i - chars.length / 2), pair: [left, right] });
  });
  return cuts.sort((a, b) => a.at - b.at).map((c) => c.pair);
}

// A question word anywhere means the reader asked something; a text without one is a bare name.
const QUESTION_WORD =
  /什么|啥|谁|哪|何|几|多少|多久|吗|怎么|怎样|如何|为什么|是否|有没有|介绍|讲讲|说说|\?/u;

/** The words of a question with the asking taken out, for a search when nothing is known. */
export function searchWords(text: string): string {
  return text
    .replace(
      /(?:是什么|什么时候|为什么|什么|是谁|谁|哪里|哪儿|哪个|哪些|哪位|哪年|哪|何时|何地|何年|几|多少|多久|怎么样|怎么|怎样|如何|吗|呢|是否|有没有|有|是|的|了|过|在)/gu,
      " ",
    )
    .replace(/\s+/gu, " ")
    .trim();
}

/** What a question asks and about whom (or what). */
export function parseQuestion(raw: string): ParsedQuestion {
  const text = normalizeQuestion(raw);
  if (!text) return { text, intent: "unknown", subject: null, pairs: [] };
  for (const rule of RULES) {
    const match = rule.re.exec(text);
    if (!match) continue;
    if (rule.guard && !rule.guard.test(text)) continue;
    const built = rule.build(match);
    if (rule.reject && built.subject && rule.reject.test(built.subject)) continue;
    const subject = built.subject === null ? null : cleanMention(built.subject);
    if (built.intent === "relation") {
      const pairs = (built.pairs ?? []).filter(([a, b]) => a && b);
      if (pairs.length === 0) continue;
      return { ...built, text, subject: null, pairs };
    }
    if (!subject) continue;
    return { ...built, text, subject, pairs: [] };
  }
  if (!QUESTION_WORD.test(text)) {
    // Two names and nothing else ("李白和杜甫"): how they are related.
    const pairs = splitPair(text);
    if (pairs.length > 0) return { text, intent: "relation", subject: null, pairs, implicit: true };
    const subject = cleanMention(text);
    if (subject) return { text, intent: "who", subject, pairs: [], implicit: true };
  }
  return { text, intent: "unknown", subject: null, pairs: [] };
}
