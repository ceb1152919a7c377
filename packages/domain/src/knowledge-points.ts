/**
 * Rules of the knowledge points (知识点, issue 20): how mastery is read from a reader's practice,
 * how a lesson is cut into bite-size cards (知识碎片), what a course is and which of its points a
 * reader without the learning product may open, and where the WeChat QR pages point.
 */
import {
  ERA_LABEL,
  ERAS,
  type Era,
  isEra,
  isTheme,
  THEME_LABEL,
  THEMES,
  type Theme,
} from "./learning.ts";

/** A reader's standing on a point, from their finished practice rounds. */
export type MasteryLevel = "none" | "learning" | "mastered";
export const MASTERY_LABEL: Record<MasteryLevel, string> = {
  none: "未练习",
  learning: "练习中",
  mastered: "已掌握",
};
/** Share of right answers in the last round that counts as mastered. */
export const MASTERY_THRESHOLD = 0.8;

export interface MasteryCounts {
  answered: number;
  correct: number;
  rounds: number;
  lastAnswered: number;
  lastCorrect: number;
}

/**
 * Mastered when the last finished round got at least 80 % right: an old good round does not hide
 * a new bad one, and one bad round long ago does not hold back a reader who has since learnt it.
 */
export function masteryLevel(m: MasteryCounts | null | undefined): MasteryLevel {
  if (!m || m.rounds === 0 || m.lastAnswered === 0) return "none";
  return m.lastCorrect / m.lastAnswered >= MASTERY_THRESHOLD ? "mastered" : "learning";
}

/** Whole per cent of right answers over every round, 0 when nothing was answered. */
export function accuracyPercent(answered: number, correct: number): number {
  return answered > 0 ? Math.round((correct / answered) * 100) : 0;
}

/** Longest card text (characters) of 知识碎片: one fact a reader takes in at a glance. */
export const CHIP_MAX = 90;

/**
 * Cuts a paragraph into facts: at full stops, question and exclamation marks (keeping them), and
 * a sentence still longer than CHIP_MAX at its semicolons. Quotes that close after a stop stay
 * with their sentence.
 */
export function splitFacts(paragraph: string): string[] {
  const sentences = paragraph.match(/[^。！？!?]+[。！？!?]+[”’」』）)]*|[^。！？!?]+$/g) ?? [];
  const out: string[] = [];
  for (const raw of sentences) {
    const s = raw.trim();
    if (!s) continue;
    if (s.length <= CHIP_MAX) {
      out.push(s);
      continue;
    }
    const parts = s
      .split(/(?<=；)/)
      .map((p) => p.trim())
      .filter(Boolean);
    out.push(...parts);
  }
  // A scrap too short to say anything ("是。") joins the fact before it.
  const merged: string[] = [];
  for (const s of out) {
    const prev = merged.at(-1);
    if (prev !== undefined && s.length < 8) merged[merged.length - 1] = prev + s;
    else merged.push(s);
  }
  return merged;
}

/** A course of knowledge points: the points of one era, or of one theme across eras. */
export type CourseKind = "era" | "theme";
export interface CourseRef {
  kind: CourseKind;
  value: Era | Theme;
}
/** Points of a course anyone may open before buying the learning product. */
export const FREE_PREVIEW_POINTS = 2;
/** Where a reader buys the learning product (commerce). */
export const LEARNING_PRODUCT_PATH = "/productDetail/ladder";

/** A course's key in its address: `era-qin-han`, `theme-war`. */
export const courseKey = (c: CourseRef) => `${c.kind}-${c.value}`;
export function parseCourseKey(key: string): CourseRef | null {
  if (key.startsWith("era-") && isEra(key.slice(4)))
    return { kind: "era", value: key.slice(4) as Era };
  if (key.startsWith("theme-") && isTheme(key.slice(6)))
    return { kind: "theme", value: key.slice(6) as Theme };
  return null;
}
export function courseTitle(c: CourseRef): string {
  return c.kind === "era"
    ? `${ERA_LABEL[c.value as Era]}知识点精讲`
    : `${THEME_LABEL[c.value as Theme]}专题`;
}
/** Every course in catalogue order: the eras in time order, then the themes. */
export const ALL_COURSES: CourseRef[] = [
  ...ERAS.map((value) => ({ kind: "era" as const, value })),
  ...THEMES.map((value) => ({ kind: "theme" as const, value })),
];

/** Whether a point at `position` (0-based) of a course is open to a reader. */
export const isCourseOpen = (position: number, hasAccess: boolean) =>
  hasAccess || position < FREE_PREVIEW_POINTS;

/** The WeChat QR pages (/knowledgepoint/wechatqrcode/*) and the page of ours each QR opens. */
export const WECHAT_QR_PAGES = {
  banxue: {
    title: "伴学群",
    target: "/group/entry",
    lead: "加入伴学群，和同年级的读者一起每天学一个知识点、交流答题心得。",
    points: [
      "每天一个知识点，群里一起打卡",
      "答错的题有人帮你讲",
      "按年级分群，小学、初中、高中和大众读者各有去处",
    ],
  },
  qzs: {
    title: "群助手",
    target: "/followwxaccount",
    lead: "关注公众号，群助手会把每天的知识点、练习提醒和学习报告送到你的微信。",
    points: ["每日知识点推送", "练习与打卡提醒", "每周学习报告"],
  },
  sale: {
    title: "课程咨询",
    target: "/knowledgepoint/productlist",
    lead: "想系统学习？这里列出了全部知识点课程，每门课的前两个知识点可以免费试学。",
    points: ["按时代或专题成体系学习", "每个知识点配讲解与练习", "开通学习产品后全部课程可学"],
  },
} as const;
export type WechatQrPage = keyof typeof WECHAT_QR_PAGES;
export const isWechatQrPage = (v: string): v is WechatQrPage => Object.hasOwn(WECHAT_QR_PAGES, v);

/**
 * Whether a QR code may point at this address: a path of ours (one leading slash, no scheme, no
 * host, no backslash or control character), at most 300 characters with its query.
 */
export function isOwnPath(path: string): boolean {
  return (
    path.length <= 300 &&
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !/[\\\s]/.test(path) &&
    ![...path].some((ch) => ch.charCodeAt(0) < 0x20) &&
    !/^\/[^/?#]*:/.test(path)
  );
}
