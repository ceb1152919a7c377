/**
 * Categories of curated works (kind `work`, docs/content-format.md "Work") and what each one
 * changes on the page: who made it (作者 or 发明者), what its form is called (体裁, 画科, 书体 …),
 * the words of its timeline, the label of the creator → work relation and its schema.org type.
 */

export const WORK_CATEGORIES = [
  "典籍",
  "小说",
  "戏剧",
  "诗文",
  "绘画",
  "书法",
  "发明",
  "文献",
] as const;

export type WorkCategory = (typeof WORK_CATEGORIES)[number];

export interface WorkCategoryInfo {
  /** Label of the creators in the facts box. */
  creatorLabel: string;
  /** Label of `form` in the facts box (纪传体通史, 章回小说, 行书 …). */
  formLabel: string;
  /** What the work is to its creator, when the record gives no role: 著作, 画作 …. */
  relationLabel: string;
  /** Timeline titles: a start year of work on it, and the year it was finished or issued. */
  begun: string;
  made: string;
  /** schema.org type of the entry page's JSON-LD. */
  schemaType: string;
}

const INFO: Record<WorkCategory, WorkCategoryInfo> = {
  典籍: {
    creatorLabel: "作者",
    formLabel: "体裁",
    relationLabel: "著作",
    begun: "开始编撰",
    made: "成书",
    schemaType: "Book",
  },
  小说: {
    creatorLabel: "作者",
    formLabel: "体裁",
    relationLabel: "小说",
    begun: "开始写作",
    made: "成书",
    schemaType: "Book",
  },
  戏剧: {
    creatorLabel: "作者",
    formLabel: "体裁",
    relationLabel: "剧作",
    begun: "开始写作",
    made: "写成",
    schemaType: "CreativeWork",
  },
  诗文: {
    creatorLabel: "作者",
    formLabel: "体裁",
    relationLabel: "诗文",
    begun: "开始写作",
    made: "写成",
    schemaType: "CreativeWork",
  },
  绘画: {
    creatorLabel: "作者",
    formLabel: "画科",
    relationLabel: "画作",
    begun: "开始绘制",
    made: "绘成",
    schemaType: "Painting",
  },
  书法: {
    creatorLabel: "作者",
    formLabel: "书体",
    relationLabel: "书法作品",
    begun: "开始书写",
    made: "写成",
    schemaType: "VisualArtwork",
  },
  发明: {
    creatorLabel: "发明者",
    formLabel: "类型",
    relationLabel: "发明",
    begun: "出现",
    made: "问世",
    schemaType: "CreativeWork",
  },
  文献: {
    creatorLabel: "作者",
    formLabel: "类型",
    relationLabel: "文献",
    begun: "开始起草",
    made: "发布",
    schemaType: "CreativeWork",
  },
};

export function isWorkCategory(value: unknown): value is WorkCategory {
  return typeof value === "string" && (WORK_CATEGORIES as readonly string[]).includes(value);
}

/** For data that names no known category (content validation makes that a bug). */
const ANY_WORK: WorkCategoryInfo = {
  creatorLabel: "作者",
  formLabel: "类型",
  relationLabel: "作品",
  begun: "开始创作",
  made: "完成",
  schemaType: "CreativeWork",
};

export function workCategoryInfo(category: unknown): WorkCategoryInfo {
  return isWorkCategory(category) ? INFO[category] : ANY_WORK;
}
