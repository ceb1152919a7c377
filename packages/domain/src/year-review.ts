import { addDays, monthOf, streaksOf } from "./study-records.ts";

/**
 * 天梯周年 (/ladderanniversary, /ladderanniversary1; decision 43): a reader's year in review,
 * summed from their study records (learning_activity, check-ins, ladder progress and 积分,
 * challenge rounds) and their reading history. Pure: the service gathers the rows of the
 * year, this turns them into the numbers, the monthly series, a title and the cards.
 */

/** The two editions: the 文史天梯 year and the 少儿天梯 year (decision 43). */
export const REVIEW_EDITIONS = ["ladderanniversary", "ladderanniversary1"] as const;
export type ReviewEdition = (typeof REVIEW_EDITIONS)[number];

export interface ReviewEditionSpec {
  key: ReviewEdition;
  /** The ladders whose levels and study count as "the ladder" of this edition. */
  ladders: readonly string[];
  ladderTitle: string;
  /** Who the cards speak to: grown readers, or primary-school children. */
  voice: "adult" | "young";
}

export const REVIEW_EDITION_SPECS: Readonly<Record<ReviewEdition, ReviewEditionSpec>> = {
  ladderanniversary: {
    key: "ladderanniversary",
    ladders: ["wenshi", "news"],
    ladderTitle: "文史天梯",
    voice: "adult",
  },
  ladderanniversary1: {
    key: "ladderanniversary1",
    ladders: ["young"],
    ladderTitle: "少儿天梯",
    voice: "young",
  },
};

export function isReviewEdition(value: string): value is ReviewEdition {
  return (REVIEW_EDITIONS as readonly string[]).includes(value);
}

/** The year a review covers: the 365 China days ending today. */
export const REVIEW_DAYS = 365;

export function reviewWindow(today: string): { from: string; to: string } {
  return { from: addDays(today, -(REVIEW_DAYS - 1)), to: today };
}

/** The twelve calendar months a window touches, oldest first (the last one is today's). */
export function reviewMonths(to: string): string[] {
  const [y, m] = monthOf(to).split("-").map(Number) as [number, number];
  const months: string[] = [];
  for (let i = 11; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    months.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`);
  }
  return months;
}

export interface ReviewActivity {
  day: string;
  /** learning_activity.kind: ladder, practice, review, challenge, depthtest … */
  kind: string;
  ref: string;
  answered: number;
  correct: number;
  seconds: number;
}

export interface ReviewLevel {
  levelKey: string;
  ladderKey: string;
  title: string;
  passed: boolean;
  /** When the reader last improved on it (ISO). */
  at: string;
}

export interface ReviewRead {
  kind: "entry" | "article";
  title: string;
  count: number;
  firstAt: string;
}

export interface ReviewChallenge {
  day: string;
  score: number;
  answered: number;
  correct: number;
}

export interface ReviewRecords {
  today: string;
  edition: ReviewEditionSpec;
  activities: readonly ReviewActivity[];
  /** Check-in days (made-up days included). */
  clockins: readonly string[];
  /** Ladder progress rows touched in the year, of every ladder. */
  levels: readonly ReviewLevel[];
  /** 积分 earned in the year on this edition's ladders. */
  points: number;
  /** Finished challenge rounds in the year. */
  challenges: readonly ReviewChallenge[];
  /** Reads whose last read falls in the year. */
  reads: readonly ReviewRead[];
  /** Level keys of this edition's ladders (to tell which ladder study belongs to). */
  ladderLevelKeys: ReadonlySet<string>;
}

export const STUDY_KIND_LABELS: Readonly<Record<string, string>> = {
  ladder: "天梯闯关",
  practice: "专项练习",
  review: "错题复习",
  challenge: "限时挑战",
  depthtest: "深度测评",
  aitest: "AI 测评",
  knowledgepoint: "知识点",
  reading: "阅读",
};

export interface YearReview {
  edition: ReviewEdition;
  from: string;
  to: string;
  /** Enough to tell a story: at least one study day or one read. */
  enough: boolean;
  studyDays: number;
  minutes: number;
  answered: number;
  correct: number;
  /** Whole percent; null without answers. */
  accuracy: number | null;
  checkins: number;
  longestStreak: number;
  /** This edition's ladder: levels passed, levels tried, 积分, minutes. */
  ladder: {
    passed: number;
    tried: number;
    points: number;
    minutes: number;
    lastPassed: string | null;
  };
  challenges: { rounds: number; best: number; correct: number };
  reading: {
    entries: number;
    articles: number;
    reads: number;
    top: { kind: string; title: string; count: number }[];
  };
  /** Minutes studied and items read per month, the twelve months of the window. */
  months: { month: string; minutes: number; reads: number }[];
  /** Minutes per kind of study, most first. */
  kinds: { kind: string; label: string; minutes: number }[];
  firstDay: string | null;
  busiestDay: { day: string; minutes: number } | null;
  /** A title for the year, from what the reader did most. */
  title: string;
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

/** The year in numbers. Rows outside the window are ignored, so callers may pass a little more. */
export function buildYearReview(records: ReviewRecords): YearReview {
  const { from, to } = reviewWindow(records.today);
  const inYear = (day: string) => day >= from && day <= to;
  const activities = records.activities.filter((a) => inYear(a.day));
  const clockins = [...new Set(records.clockins.filter(inYear))];
  const dayOfIso = (iso: string) => chinaDayOf(iso);
  const levels = records.levels.filter(
    (l) => records.edition.ladders.includes(l.ladderKey) && inYear(dayOfIso(l.at)),
  );
  const challenges = records.challenges.filter((c) => inYear(c.day));
  const reads = records.reads;

  const studyDaySet = new Set([...activities.map((a) => a.day), ...clockins]);
  const secondsByDay = new Map<string, number>();
  const secondsByKind = new Map<string, number>();
  let seconds = 0;
  let answered = 0;
  let correct = 0;
  let ladderSeconds = 0;
  for (const a of activities) {
    seconds += a.seconds;
    answered += a.answered;
    correct += a.correct;
    secondsByDay.set(a.day, (secondsByDay.get(a.day) ?? 0) + a.seconds);
    secondsByKind.set(a.kind, (secondsByKind.get(a.kind) ?? 0) + a.seconds);
    if (a.kind === "ladder" && records.ladderLevelKeys.has(a.ref)) ladderSeconds += a.seconds;
  }
  const months = reviewMonths(to).map((month) => ({ month, minutes: 0, reads: 0 }));
  const monthIndex = new Map(months.map((m, i) => [m.month, i]));
  for (const [day, s] of secondsByDay) {
    const m = months[monthIndex.get(monthOf(day)) ?? -1];
    if (m) m.minutes += s / 60;
  }
  for (const r of reads) {
    const m = months[monthIndex.get(monthOf(dayOfIso(r.firstAt))) ?? -1];
    if (m) m.reads += 1;
  }
  for (const m of months) m.minutes = Math.round(m.minutes);

  let busiest: { day: string; minutes: number } | null = null;
  for (const [day, s] of [...secondsByDay].sort(([a], [b]) => (a < b ? -1 : 1)))
    if (s > 0 && (!busiest || minutesOf(s) > busiest.minutes))
      busiest = { day, minutes: minutesOf(s) };

  const passed = levels.filter((l) => l.passed);
  const lastPassed = [...passed].sort((a, b) => (a.at < b.at ? 1 : -1))[0]?.title ?? null;
  const entries = reads.filter((r) => r.kind === "entry").length;
  const articles = reads.filter((r) => r.kind === "article").length;
  const top = [...reads]
    .sort((a, b) => b.count - a.count || (a.firstAt < b.firstAt ? -1 : 1))
    .slice(0, 3)
    .map((r) => ({ kind: r.kind, title: r.title, count: r.count }));

  const review: YearReview = {
    edition: records.edition.key,
    from,
    to,
    enough: studyDaySet.size > 0 || reads.length > 0,
    studyDays: studyDaySet.size,
    minutes: minutesOf(seconds),
    answered,
    correct,
    accuracy: answered > 0 ? Math.round((100 * correct) / answered) : null,
    checkins: clockins.length,
    longestStreak: streaksOf(studyDaySet, to).longest,
    ladder: {
      passed: passed.length,
      tried: levels.length,
      points: records.points,
      minutes: minutesOf(ladderSeconds),
      lastPassed,
    },
    challenges: {
      rounds: challenges.length,
      best: challenges.reduce((best, c) => Math.max(best, c.score), 0),
      correct: challenges.reduce((sum, c) => sum + c.correct, 0),
    },
    reading: {
      entries,
      articles,
      reads: reads.reduce((sum, r) => sum + r.count, 0),
      top,
    },
    months,
    kinds: [...secondsByKind]
      .map(([kind, s]) => ({ kind, label: STUDY_KIND_LABELS[kind] ?? kind, minutes: minutesOf(s) }))
      .filter((k) => k.minutes > 0)
      .sort((a, b) => b.minutes - a.minutes),
    firstDay: [...studyDaySet].sort()[0] ?? null,
    busiestDay: busiest,
    title: "",
  };
  review.title = reviewTitle(review, records.edition.voice);
  return review;
}

/** The China day (UTC+8) of an instant. */
function chinaDayOf(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The year's title: what the reader did most stands out. */
export function reviewTitle(
  r: Pick<
    YearReview,
    "enough" | "studyDays" | "longestStreak" | "ladder" | "reading" | "challenges"
  >,
  voice: "adult" | "young",
): string {
  if (!r.enough) return voice === "young" ? "小小新学员" : "初来乍到";
  if (r.ladder.passed >= 10) return voice === "young" ? "天梯小冠军" : "登顶天梯";
  if (r.longestStreak >= 30) return voice === "young" ? "坚持小明星" : "日就月将";
  if (r.reading.entries + r.reading.articles >= 30)
    return voice === "young" ? "故事大王" : "博览群书";
  if (r.challenges.rounds >= 10) return voice === "young" ? "挑战小勇士" : "百战不殆";
  if (r.ladder.passed >= 3) return voice === "young" ? "爬梯能手" : "拾级而上";
  if (r.studyDays >= 7) return voice === "young" ? "认真小学员" : "勤学不辍";
  return voice === "young" ? "历史小萌新" : "开卷有益";
}

export interface ReviewCard {
  key: string;
  heading: string;
  /** The big number or phrase of the card. */
  figure: string;
  lines: string[];
}

/**
 * The swiper's cards, in order. A card whose part of the year is empty says so kindly instead
 * of showing zeros, so a reader with little data still gets a whole story.
 */
export function reviewCards(
  r: YearReview,
  voice: "adult" | "young",
  ladderTitle: string,
): ReviewCard[] {
  const young = voice === "young";
  const cards: ReviewCard[] = [];
  cards.push({
    key: "start",
    heading: young ? "你的历史小时光" : "这一年，你与历史同行",
    figure: `${r.studyDays} 天`,
    lines: r.enough
      ? [
          `${r.from} 至 ${r.to}，你有 ${r.studyDays} 天打开书本学习。`,
          r.firstDay ? `这一年的第一次学习在 ${r.firstDay}。` : "这一年你主要在阅读。",
        ]
      : [
          "这一年还没有留下学习记录。",
          young
            ? "从天梯的第一关开始，明年这里就会写满你的故事。"
            : "闯一关天梯、读一篇文章，明年的回顾就从这里写起。",
        ],
  });
  cards.push({
    key: "time",
    heading: young ? "学了多久" : "投入的时间",
    figure: `${r.minutes} 分钟`,
    lines:
      r.minutes > 0
        ? [
            `累计学习 ${r.minutes} 分钟，答题 ${r.answered} 道${r.accuracy !== null ? `，正确率 ${r.accuracy}%` : ""}。`,
            r.busiestDay
              ? `最投入的一天是 ${r.busiestDay.day}，学了 ${r.busiestDay.minutes} 分钟。`
              : "",
          ].filter(Boolean)
        : ["这一年还没有记录到学习时长。", "每次闯关、练习和挑战都会计入学习时长。"],
  });
  cards.push({
    key: "ladder",
    heading: ladderTitle,
    figure: `${r.ladder.passed} 关`,
    lines:
      r.ladder.tried > 0
        ? [
            `你在${ladderTitle}上挑战了 ${r.ladder.tried} 关，通过 ${r.ladder.passed} 关，获得 ${r.ladder.points} 积分。`,
            r.ladder.lastPassed
              ? `最近通过的一关是「${r.ladder.lastPassed}」。`
              : "再答对六成题目，就能通过第一关。",
          ]
        : [
            `这一年还没有登上${ladderTitle}。`,
            young ? "第一关讲远古的故事，一起去看看吧。" : "前两关对所有读者开放，不妨一试。",
          ],
  });
  cards.push({
    key: "habit",
    heading: young ? "每天一点点" : "坚持的力量",
    figure: `${r.longestStreak} 天`,
    lines: [
      r.checkins > 0 ? `打卡 ${r.checkins} 天。` : "这一年还没有打过卡。",
      r.longestStreak > 1
        ? `最长连续学习 ${r.longestStreak} 天。`
        : "连续学习两天以上，就会在这里看到你的纪录。",
      r.challenges.rounds > 0
        ? `完成限时挑战 ${r.challenges.rounds} 次，最高 ${r.challenges.best} 分。`
        : "限时挑战还在等你。",
    ],
  });
  cards.push({
    key: "reading",
    heading: young ? "读过的故事" : "读过的历史",
    figure: `${r.reading.entries + r.reading.articles} 篇`,
    lines:
      r.reading.entries + r.reading.articles > 0
        ? [
            `读了 ${r.reading.articles} 篇文章、${r.reading.entries} 个词条，共翻开 ${r.reading.reads} 次。`,
            ...(r.reading.top[0]
              ? [`读得最多的是「${r.reading.top[0].title}」（${r.reading.top[0].count} 次）。`]
              : []),
          ]
        : ["这一年的阅读记录还是空白。", "登录后读过的文章与词条都会记在这里。"],
  });
  cards.push({
    key: "title",
    heading: young ? "你的年度称号" : "年度称号",
    figure: r.title,
    lines: [young ? "新的一年，继续往上爬吧！" : "新的一年，愿你继续在历史里找到答案。"],
  });
  return cards;
}

/** What a reader may choose to share of their review (the rest stays private). */
export const REVIEW_SHARE_PARTS = ["study", "reading"] as const;
export type ReviewSharePart = (typeof REVIEW_SHARE_PARTS)[number];

/**
 * The part of a review that goes into a shared snapshot: the study part (time, ladder, habit,
 * challenges, monthly minutes) and the reading part (counts and most-read titles) only if chosen.
 */
export function shareableReview(r: YearReview, parts: readonly ReviewSharePart[]): SharedReview {
  const study = parts.includes("study");
  const reading = parts.includes("reading");
  return {
    edition: r.edition,
    from: r.from,
    to: r.to,
    title: r.title,
    study: study
      ? {
          studyDays: r.studyDays,
          minutes: r.minutes,
          answered: r.answered,
          accuracy: r.accuracy,
          checkins: r.checkins,
          longestStreak: r.longestStreak,
          ladderPassed: r.ladder.passed,
          ladderPoints: r.ladder.points,
          challengeRounds: r.challenges.rounds,
          challengeBest: r.challenges.best,
          months: r.months.map((m) => ({ month: m.month, minutes: m.minutes })),
        }
      : null,
    reading: reading
      ? {
          entries: r.reading.entries,
          articles: r.reading.articles,
          top: r.reading.top.map((t) => t.title),
        }
      : null,
  };
}

export interface SharedReview {
  edition: ReviewEdition;
  from: string;
  to: string;
  title: string;
  study: {
    studyDays: number;
    minutes: number;
    answered: number;
    accuracy: number | null;
    checkins: number;
    longestStreak: number;
    ladderPassed: number;
    ladderPoints: number;
    challengeRounds: number;
    challengeBest: number;
    months: { month: string; minutes: number }[];
  } | null;
  reading: { entries: number; articles: number; top: string[] } | null;
}
