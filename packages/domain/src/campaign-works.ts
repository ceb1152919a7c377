import type { CampaignReward } from "./campaigns.ts";
import { textLength } from "./text-length.ts";

/**
 * Readers' works submitted to a campaign (issue 22, decision 46): 文史奖励 (/wenshireward), a
 * writing contest on history topics, and 作品征集 (/workcollection), a collection of readers'
 * photographs and drawings of heritage sites. A work is a title, a text and up to nine images;
 * it waits for a moderator (审核中), then is shown (已通过) or not (未通过, with the reason).
 * Likes are votes: one per reader per work, final once given.
 */

export type WorkStatus = "pending" | "approved" | "rejected";

export const WORK_STATUS_LABELS: Readonly<Record<WorkStatus, string>> = {
  pending: "审核中",
  approved: "已通过",
  rejected: "未通过",
};

/** Issue 22: a work carries at most nine images (as a community post does). */
export const WORK_IMAGE_MAX = 9;

/** What a work of one activity must be; lengths count a Chinese character as two (spec §5). */
export interface WorkRules {
  /** "essay": the text is the work; "gallery": the images are, the text describes them. */
  form: "essay" | "gallery";
  titleMin: number;
  titleMax: number;
  textMin: number;
  textMax: number;
  imagesMin: number;
  imagesMax: number;
}

export interface WorkCampaign {
  key: string;
  /** The activity's pages start here. */
  path: string;
  /** What a work is called on its pages. */
  noun: string;
  rules: WorkRules;
}

/** The two activities that take readers' works, by campaign key. */
export const WORK_CAMPAIGNS: Readonly<Record<string, WorkCampaign>> = {
  wenshireward: {
    key: "wenshireward",
    path: "/wenshireward",
    noun: "征文",
    // 100 to 4,000 Chinese characters of text; pictures are optional.
    rules: {
      form: "essay",
      titleMin: 4,
      titleMax: 60,
      textMin: 200,
      textMax: 8000,
      imagesMin: 0,
      imagesMax: WORK_IMAGE_MAX,
    },
  },
  workcollection: {
    key: "workcollection",
    path: "/workcollection",
    noun: "作品",
    // At least one picture; a description of up to 500 Chinese characters.
    rules: {
      form: "gallery",
      titleMin: 4,
      titleMax: 60,
      textMin: 0,
      textMax: 1000,
      imagesMin: 1,
      imagesMax: WORK_IMAGE_MAX,
    },
  },
};

export function workCampaign(key: string): WorkCampaign | null {
  return Object.hasOwn(WORK_CAMPAIGNS, key) ? (WORK_CAMPAIGNS[key] ?? null) : null;
}

const half = (n: number) => Math.floor(n / 2);

/** Why a work cannot be submitted as it is, in Chinese (empty: it can). */
export function workProblems(
  work: { title: string; text: string; imageCount: number },
  rules: WorkRules,
): string[] {
  const problems: string[] = [];
  const title = textLength(work.title);
  if (title < rules.titleMin) problems.push(`标题至少 ${half(rules.titleMin)} 个汉字`);
  if (title > rules.titleMax)
    problems.push(`标题至多 ${half(rules.titleMax)} 个汉字（现在约 ${half(title)} 个）`);
  const text = textLength(work.text);
  if (text < rules.textMin)
    problems.push(`正文至少 ${half(rules.textMin)} 个汉字（现在约 ${half(text)} 个）`);
  if (text > rules.textMax)
    problems.push(`正文至多 ${half(rules.textMax)} 个汉字（现在约 ${half(text)} 个）`);
  if (work.imageCount < rules.imagesMin) problems.push(`请至少上传 ${rules.imagesMin} 张图片`);
  if (work.imageCount > rules.imagesMax) problems.push(`图片至多 ${rules.imagesMax} 张`);
  return problems;
}

/** The opening of a work's text for lists and share descriptions. */
export function workExcerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : flat;
}

export type WorkOrder = "newest" | "popular";

export interface RankedWork {
  id: string;
  authorId: string;
  likes: number;
  /** When the work reached its like count (ties go to whoever got there first), else approval. */
  reachedAt: string;
}

/**
 * The final standing of a campaign's works: most likes first, ties to the work that reached its
 * count first, then by id. One place per author: an author's later works are skipped.
 */
export function standing(works: readonly RankedWork[]): RankedWork[] {
  const sorted = [...works].sort(
    (a, b) =>
      b.likes - a.likes || a.reachedAt.localeCompare(b.reachedAt) || a.id.localeCompare(b.id),
  );
  const seen = new Set<string>();
  return sorted.filter((w) => {
    if (seen.has(w.authorId)) return false;
    seen.add(w.authorId);
    return true;
  });
}

export interface PlaceAward {
  place: number;
  work: RankedWork;
  reward: CampaignReward;
}

/**
 * Who gets which prize: each reward with `rank` goes to the places from..to of the standing;
 * works without a like win nothing. Places beyond the works are left empty.
 */
export function placeAwards(
  ranked: readonly RankedWork[],
  rewards: readonly CampaignReward[],
): PlaceAward[] {
  const awards: PlaceAward[] = [];
  for (const reward of rewards) {
    if (!reward.rank) continue;
    for (let place = reward.rank.from; place <= reward.rank.to; place++) {
      const work = ranked[place - 1];
      if (work && work.likes > 0) awards.push({ place, work, reward });
    }
  }
  return awards.sort((a, b) => a.place - b.place);
}

/** Counts per China day from `from` to `to` (YYYY-MM-DD, inclusive), days without any as 0. */
export function countsPerDay(
  days: readonly { day: string; count: number }[],
  from: string,
  to: string,
): { day: string; count: number }[] {
  const byDay = new Map(days.map((d) => [d.day, d.count]));
  const out: { day: string; count: number }[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length < 400; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    out.push({ day, count: byDay.get(day) ?? 0 });
  }
  return out;
}

/** The path of a work's detail page. */
export function workPath(campaignKey: string, id: string): string {
  const c = workCampaign(campaignKey);
  return `${c?.path ?? `/${campaignKey}`}/detail?id=${encodeURIComponent(id)}`;
}
