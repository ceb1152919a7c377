import { PAINTING_SUBJECTS } from "@tongjian/domain/painting";
import { WORK_CATEGORIES } from "@tongjian/domain/work-categories";
import { WORK_MOUNTS } from "@tongjian/domain/work-mounts";
import { z } from "zod";

// The format is documented in docs/content-format.md; this file is its executable form.

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const keySchema = z.string().regex(KEY, "键只能由小写字母、数字和连字符组成");

const year = z
  .number()
  .int()
  .refine((y) => y !== 0, "没有公元0年");

export const historicalDateSchema = z.strictObject({
  year,
  month: z.number().int().min(1).max(12).optional(),
  day: z.number().int().min(1).max(31).optional(),
  approx: z.boolean().optional(),
  alt: year.optional(),
});
export type HistoricalDate = z.infer<typeof historicalDateSchema>;

const chineseText = (min: number, max: number) =>
  z.string().trim().min(min, `至少 ${min} 个字符`).max(max, `至多 ${max} 个字符`);

export const PERIODS = [
  "先秦",
  "秦汉",
  "三国两晋南北朝",
  "隋唐五代",
  "宋辽金夏元",
  "明清",
  "近现代",
] as const;

export const PERSON_ROLES = [
  "君主",
  "后妃",
  "政治家",
  "军事家",
  "思想家",
  "文学家",
  "诗人",
  "词人",
  "史学家",
  "画家",
  "书法家",
  "科学家",
  "医学家",
  "发明家",
  "宗教人物",
  "外交家",
  "改革家",
  "革命家",
  "艺术家",
  "音乐家",
  "哲学家",
  "探险家",
  "学者",
  "侠客",
] as const;

export const EVENT_CATEGORIES = [
  "战争",
  "政治",
  "变法",
  "文化",
  "科技",
  "外交",
  "灾异",
  "起义",
  "迁都",
  "建国",
] as const;

export const RELATION_TYPES = [
  "父子",
  "母子",
  "父女",
  "母女",
  "兄弟",
  "兄妹",
  "姐弟",
  "姐妹",
  "夫妻",
  "祖孙",
  "师生",
  "君臣",
  "同僚",
  "朋友",
  "对手",
  "敌对",
  "继位",
  "部属",
  "同学派",
  "影响",
  "参与",
  "任职",
  "建立",
  "定都",
  "作者",
  "记述",
  "成果",
  "包含",
  "发生地",
  "营建",
  "所在",
  "相关",
] as const;

export const ARTICLE_SECTIONS = ["中国史", "世界史", "艺术史", "战争", "科技史", "大事件"] as const;

const aliases = z.array(z.string().trim().min(1)).default([]);

/**
 * Where an entry's facts are recorded (optional): short names of primary texts with their
 * chapter (《史记·刺客列传》, 《资治通鉴·卷一九六》) or of standard modern references (条约文本,
 * 《世界遗产名录》). Carried into the entry's data and shown as the entry page's 资料来源 line.
 */
export const sourcesSchema = z
  .array(z.string().trim().min(2, "至少 2 个字符").max(40, "至多 40 个字符"))
  .min(1, "至少一项；没有来源时省略此字段")
  .max(8, "至多 8 项")
  .refine((list) => new Set(list).size === list.length, "来源重复")
  .optional();

/**
 * A member entry (会员词条, VIP right "member-entries"): readers without VIP read only its
 * opening. Only `true` is written; an entry without the flag is free.
 */
export const memberFlagSchema = z.literal(true).optional();

export const regimeSchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(1),
  aliases,
  start: historicalDateSchema,
  end: historicalDateSchema.optional(),
  period: z.enum(PERIODS),
  parallel: z.boolean().default(false),
  capitals: z.array(keySchema).default([]),
  founder: keySchema.optional(),
  rulers: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1),
        person: keySchema.optional(),
        start: year.optional(),
        end: year.optional(),
        approx: z.boolean().optional(),
      }),
    )
    .default([]),
  predecessor: keySchema.optional(),
  successor: keySchema.optional(),
  summary: chineseText(20, 400),
  sources: sourcesSchema,
  member: memberFlagSchema,
});

export const placeSchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(1),
  aliases,
  modern: z.string().trim().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  names: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1),
        from: year.optional(),
        to: year.optional(),
        note: z.string().optional(),
      }),
    )
    .default([]),
  summary: chineseText(10, 400),
  sources: sourcesSchema,
  member: memberFlagSchema,
});

export const personSchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(1),
  aliases,
  courtesy: z.string().trim().min(1).optional(),
  style: z.array(z.string().trim().min(1)).default([]),
  gender: z.enum(["male", "female"]),
  born: historicalDateSchema.optional(),
  died: historicalDateSchema.optional(),
  regime: keySchema.optional(),
  roles: z.array(z.enum(PERSON_ROLES)).min(1),
  native: z.string().trim().min(1).optional(),
  place: keySchema.optional(),
  poet: z.string().trim().min(1).optional(),
  summary: chineseText(40, 400),
  sources: sourcesSchema,
  member: memberFlagSchema,
});

export const eventSchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(1),
  aliases,
  start: historicalDateSchema,
  end: historicalDateSchema.optional(),
  regime: keySchema.optional(),
  places: z.array(keySchema).default([]),
  participants: z.array(keySchema).default([]),
  category: z.enum(EVENT_CATEGORIES),
  summary: chineseText(40, 400),
  sources: sourcesSchema,
  member: memberFlagSchema,
});

export { WORK_CATEGORIES };

/**
 * Who made a work: a person key, or a person key with the part they had (主编, 改进, 相传作者,
 * 前八十回 …) where "author" alone would mislead.
 */
export const workCreatorSchema = z.union([
  keySchema,
  z.strictObject({
    person: keySchema,
    role: z.string().trim().min(1).max(12, "至多 12 个字符"),
  }),
]);
export type WorkCreator = z.infer<typeof workCreatorSchema>;

export function creatorKey(creator: WorkCreator): string {
  return typeof creator === "string" ? creator : creator.person;
}

/**
 * A work (作品): a book (典籍), novel, play, piece of prose or verse, painting, piece of
 * calligraphy, invention or state document. Fields that only some categories use are optional,
 * so that later ones (a painting's medium, mount and size) can be added beside them without
 * touching the files written before.
 */
export const workSchema = z
  .strictObject({
    key: keySchema,
    name: z.string().trim().min(1),
    aliases,
    category: z.enum(WORK_CATEGORIES),
    /** 体裁, 画科, 书体 or type within the category: 纪传体通史, 章回小说, 杂剧, 行书, 青绿山水. */
    form: z.string().trim().min(1).max(16, "至多 16 个字符").optional(),
    creators: z.array(workCreatorSchema).default([]),
    /** Who made it, in words, when that is no person of the corpus: 佚名, 孔子弟子及再传弟子. */
    attribution: z.string().trim().min(2).max(30, "至多 30 个字符").optional(),
    /** When it was made (one date, approx allowed) … */
    created: historicalDateSchema.optional(),
    /** … or the years of its making. */
    start: historicalDateSchema.optional(),
    end: historicalDateSchema.optional(),
    /** The time in words where years would claim too much: 西周初年至春秋中叶. */
    era: z.string().trim().min(2).max(24, "至多 24 个字符").optional(),
    regime: keySchema.optional(),
    /** Where the original is kept (收藏): 北京故宫博物院. */
    holder: z.string().trim().min(2).max(40, "至多 40 个字符").optional(),
    /** How a painting or calligraphy is mounted (卷, 轴, 册页, 扇面, 画板): the 3D museum's shape. */
    mount: z.enum(WORK_MOUNTS).optional(),
    /** The picture's size in centimetres (纵 × 横): of the original, or of the copy `holder` names first. */
    size: z
      .strictObject({
        height: z.number().positive().max(5000, "纵至多 5000 厘米"),
        width: z.number().positive().max(5000, "横至多 5000 厘米"),
      })
      .optional(),
    /** A painting's material and colouring (材质): 绢本设色, 纸本水墨. */
    medium: z.string().trim().min(2).max(12, "至多 12 个字符").optional(),
    /** A painting's subject (画科), one of PAINTING_SUBJECTS: what /paintingsort sorts by. */
    subject: z.enum(PAINTING_SUBJECTS).optional(),
    /** A painting of the paintings area hangs in the 3D museum only with `museum: true`. */
    museum: z.boolean().optional(),
    /** Entries the work shows or is about (keys): the people, places and events in a painting. */
    about: z.array(keySchema).max(8, "至多 8 项").optional(),
    summary: chineseText(40, 400),
    sources: sourcesSchema,
    member: memberFlagSchema,
  })
  .superRefine((work, ctx) => {
    if ((work.medium || work.subject) && work.category !== "绘画") {
      ctx.addIssue({ code: "custom", path: ["subject"], message: "medium 与 subject 只用于绘画" });
    }
    if (work.subject && (!work.mount || !work.size || !work.medium)) {
      ctx.addIssue({
        code: "custom",
        path: ["subject"],
        message: "名画须同时写 mount、size、medium 与 subject",
      });
    }
    if (work.created && (work.start || work.end)) {
      ctx.addIssue({
        code: "custom",
        path: ["created"],
        message: "created 与 start/end 只能二选一",
      });
    }
    if (work.end && !work.start) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "有 end 时须有 start" });
    }
    const keys = work.creators.map(creatorKey);
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: "custom", path: ["creators"], message: "作者重复" });
    }
  });

export const relationSchema = z.strictObject({
  from: keySchema,
  to: keySchema,
  type: z.enum(RELATION_TYPES),
  label: z.string().trim().min(1),
  twoway: z.boolean().default(false),
  note: z.string().optional(),
  year: year.optional(),
  /** Where it happened or began (a place key), shown on the relation's sheet. */
  place: keySchema.optional(),
  /** One fresh sentence on the relation, shown when a reader taps the edge. */
  desc: chineseText(4, 80).optional(),
  /**
   * For 父子/母子/父女/母女: the child's place among the parent's children (1 the eldest), so a
   * family tree orders siblings. Counted as the sources count (长子 1, 次子 2, 第四子 4).
   */
  order: z.number().int().min(1).max(80).optional(),
});

/**
 * A curated network (竹林七贤, 唐宋八大家 …): a named set of entries. Its edges are the relations
 * among its members, so every member must be joined to another by a relation.
 */
export const networkSchema = z.strictObject({
  key: keySchema,
  name: z.string().trim().min(2).max(20),
  summary: chineseText(20, 200),
  /** The member the map centres on (optional; the best-connected member otherwise). */
  center: keySchema.optional(),
  members: z
    .array(keySchema)
    .min(3, "至少 3 个成员")
    .max(80, "至多 80 个成员")
    .refine((list) => new Set(list).size === list.length, "成员重复"),
});

export const articleFrontMatterSchema = z.strictObject({
  key: keySchema,
  title: z.string().trim().min(4).max(60),
  section: z.enum(ARTICLE_SECTIONS),
  abstract: z.string().trim().min(10).max(200),
  cover: z.string().optional(),
  published: z.union([z.string(), z.date()]).transform((v) => new Date(v)),
  tags: z.array(z.string()).default([]),
});

const uniqueKeys = (min: number, max: number) =>
  z
    .array(keySchema)
    .min(min, `至少 ${min} 项`)
    .max(max, `至多 ${max} 项`)
    .refine((list) => new Set(list).size === list.length, "键重复");

/**
 * A 洞察 topic (content/insights/<key>.md): one question, the era it belongs to, the words on its
 * cover, and the records it gathers, in the order the page shows them (docs/content-format.md
 * "Insight"). The essay is the file's body.
 */
export const insightFrontMatterSchema = z.strictObject({
  key: keySchema,
  title: z.string().trim().min(4).max(30),
  question: z.string().trim().min(8).max(80),
  era: z.string().trim().min(1).max(12),
  cover: z.string().trim().min(2, "封面文字至少 2 个字").max(8, "封面文字至多 8 个字"),
  published: z.union([z.string(), z.date()]).transform((v) => new Date(v)),
  /** Event keys: the topic's timeline. */
  events: uniqueKeys(3, 16),
  /** Person keys: the people involved. */
  people: uniqueKeys(2, 16),
  /** Article keys: what to read next. */
  articles: uniqueKeys(1, 6),
  /** Regime and place keys the topic is about. */
  entries: uniqueKeys(0, 8).default([]),
});

/**
 * The common reading (通行本) of a famous poem whose words in the imported text (《全唐诗》,
 * 《全宋诗》) differ: changes from the imported words to the common ones, and a note that names
 * both (docs/content-format.md, "Common readings").
 */
export const poemReadingSchema = z.strictObject({
  title: z.string().trim().min(1),
  author: z.string().trim().min(1),
  changes: z
    .array(
      z
        .strictObject({ from: z.string().trim().min(1), to: z.string().trim().min(1) })
        .refine((c) => c.from !== c.to, { error: "from 与 to 相同" }),
    )
    .min(1),
  note: z.string().trim().min(8).max(160),
});

export type RegimeRecord = z.infer<typeof regimeSchema>;
export type PlaceRecord = z.infer<typeof placeSchema>;
export type PersonRecord = z.infer<typeof personSchema>;
export type EventRecord = z.infer<typeof eventSchema>;
export type WorkRecord = z.infer<typeof workSchema>;
export type RelationRecord = z.infer<typeof relationSchema>;
export type NetworkRecord = z.infer<typeof networkSchema>;
export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;
export type InsightFrontMatter = z.infer<typeof insightFrontMatterSchema>;
export type PoemReading = z.infer<typeof poemReadingSchema>;

/** How a reading's poem is named in checks and reports: 李白《静夜思》. */
export function poemReadingLabel(poem: { author: string; title: string }): string {
  return `${poem.author}《${poem.title}》`;
}
