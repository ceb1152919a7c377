import type {
  CalendarDayView,
  DayGalleryView,
  DayRefView,
  PastEventsView,
  ReadingListView,
  ReadResultView,
  ShortReadsView,
  UnlockView,
} from "@tongjian/contracts/campaign-days";
import type { Database } from "@tongjian/db/database-schema";
import { bookPath } from "@tongjian/domain/books";
import {
  type DatedHappening,
  type DayContent,
  type DayEvent,
  daysWithHappenings,
  EMPTY_DAY_CONTENT,
  firstSentence,
  formatMonthDay,
  listProgress,
  type MonthDay,
  onThisDay,
  pageOf,
  parseDayRef,
  shiftMonthDay,
  yearsAgo,
} from "@tongjian/domain/campaign-days";
import { memberOpening } from "@tongjian/domain/member-entries";
import { ownerIdOf, type Viewer } from "@tongjian/domain/viewer";
import {
  formatHistoricalDate,
  formatYearRange,
  type HistoricalDate,
} from "@tongjian/domain/year-format";
import type { Kysely } from "kysely";
import { requireSignedIn } from "../accounts/require-login.ts";
import { parseJson } from "../content/content-views.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type { Campaigns } from "./campaigns.server.ts";

/** Entry kinds whose dates the calendar reads, and what each date of theirs is called. */
const DATED_FIELDS: Record<string, [field: string, label: string][]> = {
  event: [
    ["start", ""],
    ["end", "结束"],
  ],
  person: [
    ["born", "出生"],
    ["died", "逝世"],
  ],
};

/** 长安 and the places around it, for the 长安大事 of the check-in route. */
const CHANG_AN_PLACES = new Set(["chang-an", "hao-jing", "xian-yang", "xi-an", "hong-men"]);

const JDS_PAGE_SIZE = 12;
const LIST_READ_KIND = "read";
const UNLOCK_KIND = "unlock";

interface CalendarItem extends DatedHappening {
  kind: "event" | "person" | "note";
  label: string;
  summary: string;
  href: string | null;
}

/**
 * The day pages (issue 22, decision 47): reading lists and check-in routes whose progress is the
 * campaign engine's participations (one per item, rewards by `grantDue`), share-to-unlock, and
 * the content pages beside them — the history calendar, 往事列表, 简读史 and 中国风 — all drawn
 * from the corpus and the day files.
 */
export function createCampaignDays(deps: {
  db: Kysely<Database>;
  campaigns: Campaigns;
  content?: DayContent | undefined;
  now?: () => Date;
}) {
  const { db, campaigns } = deps;
  const content = deps.content ?? EMPTY_DAY_CONTENT;
  const clock = deps.now ?? (() => new Date());

  /** What each ref points at, looked up in as few queries as there are kinds. */
  async function resolve(refs: readonly string[]): Promise<Map<string, DayRefView>> {
    const byKind = {
      entry: [] as string[],
      article: [] as string[],
      book: [] as string[],
      music: [] as string[],
    };
    for (const ref of refs) {
      const parsed = parseDayRef(ref);
      if (parsed) byKind[parsed.kind].push(parsed.key);
    }
    const out = new Map<string, DayRefView>();
    if (byKind.entry.length > 0) {
      const rows = await db
        .selectFrom("entry")
        .select(["id", "key", "name", "kind", "summary", "time_desc", "member"])
        .where("key", "in", [...new Set(byKind.entry)])
        .execute();
      for (const r of rows)
        out.set(`entry:${r.key}`, {
          ref: `entry:${r.key}`,
          kind: "entry",
          title: r.name,
          meta: r.time_desc ?? "",
          summary: firstSentence(r.member === 1 ? memberOpening(r.summary) : r.summary, 90),
          href: `/detail/${r.id}`,
        });
    }
    if (byKind.article.length > 0) {
      const rows = await db
        .selectFrom("article")
        .select(["id", "key", "title", "abstract", "section"])
        .where("key", "in", [...new Set(byKind.article)])
        .execute();
      for (const r of rows)
        out.set(`article:${r.key}`, {
          ref: `article:${r.key}`,
          kind: "article",
          title: r.title,
          meta: `文章 · ${r.section}`,
          summary: firstSentence(r.abstract, 90),
          href: `/ah/article/${r.id}`,
        });
    }
    if (byKind.book.length > 0) {
      const rows = await db
        .selectFrom("book")
        .select(["key", "title", "data"])
        .where("key", "in", [...new Set(byKind.book)])
        .execute();
      for (const r of rows) {
        const data = parseJson<{ author?: string; period?: string; intro?: string }>(r.data, {});
        out.set(`book:${r.key}`, {
          ref: `book:${r.key}`,
          kind: "book",
          title: `《${r.title}》`,
          meta: [data.period, data.author].filter(Boolean).join(" · "),
          summary: firstSentence(data.intro ?? "", 90),
          href: bookPath(r.key),
        });
      }
    }
    if (byKind.music.length > 0) {
      const rows = await db
        .selectFrom("music_piece")
        .select(["id", "key", "title", "genre", "data"])
        .where("key", "in", [...new Set(byKind.music)])
        .execute();
      for (const r of rows) {
        const data = parseJson<{ period?: string; origin?: string }>(r.data, {});
        out.set(`music:${r.key}`, {
          ref: `music:${r.key}`,
          kind: "music",
          title: `《${r.title}》`,
          meta: [r.genre, data.period].filter(Boolean).join(" · "),
          summary: data.origin ?? "",
          href: `/music/landing?id=${encodeURIComponent(r.id)}`,
        });
      }
    }
    return out;
  }

  function listOf(key: string) {
    const list = content.lists[key];
    if (!list) throw new NotFoundError("活动不存在");
    return list;
  }

  /** The items this reader has done (one participation each; duplicates count once). */
  async function doneItems(key: string, viewer: Viewer): Promise<Set<string>> {
    const owner = ownerIdOf(viewer);
    if (!owner) return new Set();
    const rows = await db
      .selectFrom("campaign_action")
      .select("subject")
      .where("campaign_key", "=", key)
      .where("owner_id", "=", owner)
      .where("kind", "=", LIST_READ_KIND)
      .execute();
    return new Set(rows.map((r) => r.subject).filter((s): s is string => s !== null));
  }

  async function happenings(): Promise<CalendarItem[]> {
    const rows = await db
      .selectFrom("entry")
      .select(["id", "name", "kind", "summary", "data", "member"])
      .where("kind", "in", Object.keys(DATED_FIELDS))
      .execute();
    const items: CalendarItem[] = [];
    for (const r of rows) {
      const data = parseJson<Record<string, unknown>>(r.data, {});
      for (const [field, label] of DATED_FIELDS[r.kind] ?? []) {
        const date = data[field] as HistoricalDate | undefined;
        if (!date || typeof date.year !== "number" || !date.month || !date.day) continue;
        // An event whose end is the same day as its start is one happening.
        if (field === "end") {
          const start = data.start as HistoricalDate | undefined;
          if (start?.year === date.year && start.month === date.month && start.day === date.day)
            continue;
        }
        const summary = r.member === 1 ? memberOpening(r.summary) : r.summary;
        items.push({
          id: `${r.id}:${field}`,
          kind: r.kind === "person" ? "person" : "event",
          date,
          title: label ? `${r.name}${label}` : r.name,
          label: label || "事件",
          summary: firstSentence(summary, 100),
          href: `/detail/${r.id}`,
        });
      }
    }
    const refs = await resolve(content.calendar.flatMap((e) => e.refs.slice(0, 1)));
    for (const e of content.calendar)
      items.push({
        id: `calendar:${e.key}`,
        kind: "note",
        date: e.start,
        title: e.title,
        label: "事件",
        summary: e.summary,
        href: e.refs[0] ? (refs.get(e.refs[0])?.href ?? null) : null,
      });
    return items;
  }

  let calendarCache: { at: number; items: Promise<CalendarItem[]> } | null = null;
  const calendarItems = () => {
    const at = Date.now();
    if (!calendarCache || at - calendarCache.at > 5 * 60_000)
      calendarCache = { at, items: happenings() };
    return calendarCache.items;
  };

  async function eventViews(events: readonly DayEvent[]) {
    const refs = await resolve(events.flatMap((e) => e.refs));
    return events.map((e) => ({
      key: e.key,
      title: e.title,
      when: e.end ? formatYearRange(e.start, e.end) : formatHistoricalDate(e.start),
      startYear: e.start.year,
      endYear: e.end?.year ?? e.start.year,
      places: e.places,
      measures: e.measures,
      summary: e.summary,
      dateNote: e.dateNote ?? null,
      links: e.refs.flatMap((r) => {
        const found = refs.get(r);
        return found ? [found] : [];
      }),
    }));
  }

  const days = {
    /** A reading list or check-in route with the reader's progress. */
    async readingList(
      key: string,
      viewer: Viewer,
      deviceId: string | null = null,
    ): Promise<ReadingListView> {
      const list = listOf(key);
      const campaign = await campaigns.view(key, viewer, deviceId);
      const refs = await resolve(list.items.map((i) => i.ref));
      const done = await doneItems(key, viewer);
      const keys = list.items.map((i) => i.key);
      return {
        campaign,
        title: list.title,
        intro: list.intro,
        verb: list.verb,
        notice: list.notice ?? null,
        items: list.items.map((i) => {
          const target = refs.get(i.ref);
          return {
            key: i.key,
            note: i.note,
            done: done.has(i.key),
            target: target ?? null,
          };
        }),
        progress: listProgress(keys, done),
      };
    },

    /**
     * Marks one item of a list done: a participation of the campaign (schedule and limits
     * apply), once per item; then gives the rewards the progress reached, each once.
     */
    async markDone(
      key: string,
      viewer: Viewer,
      deviceId: string | null,
      item: string,
    ): Promise<ReadResultView> {
      const list = listOf(key);
      const reader = requireSignedIn(viewer, "请先登录再参与活动");
      if (!list.items.some((i) => i.key === item)) throw new BadRequestError("书单里没有这一项");
      const keys = list.items.map((i) => i.key);
      const before = await doneItems(key, reader);
      let recorded = false;
      if (!before.has(item)) {
        await campaigns.participate(key, reader, {
          deviceId,
          kind: LIST_READ_KIND,
          subject: item,
        });
        recorded = true;
      }
      const done = await doneItems(key, reader);
      const progress = listProgress(keys, done);
      const granted = await campaigns.grantDue(key, reader, progress.done);
      return { recorded, progress, granted: granted.map((g) => g.label) };
    },

    /** The share-to-unlock page: the teaser for everyone, the piece once the reader shared. */
    async unlockView(
      key: string,
      viewer: Viewer,
      deviceId: string | null = null,
    ): Promise<UnlockView> {
      const piece = content.unlocks[key];
      if (!piece) throw new NotFoundError("活动不存在");
      const campaign = await campaigns.view(key, viewer, deviceId);
      const owner = ownerIdOf(viewer);
      const unlocked = owner
        ? (await campaigns.actions(key, owner, UNLOCK_KIND, 1)).length > 0
        : false;
      const source = (await resolve([piece.ref])).get(piece.ref) ?? null;
      return {
        campaign,
        title: piece.title,
        teaser: piece.teaser,
        unlocked,
        paragraphs: unlocked ? piece.paragraphs : [],
        source,
      };
    },

    /**
     * Shares and unlocks: records the share (the engine's share payload, with the reader as
     * `from`) and, the first time, the unlock as a participation and its reward.
     */
    async shareToUnlock(
      key: string,
      viewer: Viewer,
      deviceId: string | null,
    ): Promise<{
      share: { title: string; desc: string; link: string; imgUrl: string };
      view: UnlockView;
      granted: string[];
    }> {
      if (!content.unlocks[key]) throw new NotFoundError("活动不存在");
      const reader = requireSignedIn(viewer, "请先登录再分享解锁");
      const owner = ownerIdOf(reader) as string;
      const def = await campaigns.definition(key);
      const already = (await campaigns.actions(key, owner, UNLOCK_KIND, 1)).length > 0;
      if (!already) {
        await campaigns.participate(key, reader, { deviceId, kind: UNLOCK_KIND, subject: key });
      }
      const share = await campaigns.share(key, reader, def.path);
      const granted = await campaigns.grantDue(key, reader, 1);
      return {
        share,
        view: await days.unlockView(key, reader, deviceId),
        granted: granted.map((g) => g.label),
      };
    },

    /** 长安大事: the corpus's events at 长安 and the places around it, oldest first. */
    async changAnEvents() {
      const rows = await db
        .selectFrom("entry")
        .select(["id", "name", "summary", "time_desc", "start_year", "data", "member"])
        .where("kind", "=", "event")
        .orderBy("start_year")
        .execute();
      return rows
        .filter((r) => {
          const places = parseJson<{ places?: string[] }>(r.data, {}).places ?? [];
          return places.some((p) => CHANG_AN_PLACES.has(p));
        })
        .map((r) => ({
          title: r.name,
          when: r.time_desc ?? "",
          summary: firstSentence(r.member === 1 ? memberOpening(r.summary) : r.summary, 70),
          href: `/detail/${r.id}`,
        }));
    },

    /** 历史日历: what happened on a calendar day, and the days before and after. */
    async calendar(md: MonthDay): Promise<CalendarDayView> {
      const all = await calendarItems();
      const items = onThisDay(all, md);
      const counts = daysWithHappenings(all);
      const at = clock();
      return {
        day: md,
        label: formatMonthDay(md),
        prev: shiftMonthDay(md, -1),
        next: shiftMonthDay(md, 1),
        items: items.map((i) => ({
          id: i.id,
          kind: i.kind,
          label: i.label,
          title: i.title,
          date: formatHistoricalDate(i.date),
          ago: yearsAgo(i.date.year, at),
          summary: i.summary,
          href: i.href,
        })),
        daysWithItems: counts.size,
        nearby: [-3, -2, -1, 1, 2, 3].map((d) => {
          const day = shiftMonthDay(md, d);
          return { day, label: formatMonthDay(day), count: counts.get(day) ?? 0 };
        }),
      };
    },

    /** 往事列表: epidemics and how they were fought, oldest first. */
    async pastEvents(): Promise<PastEventsView> {
      const sorted = [...content.epidemics].sort((a, b) => a.start.year - b.start.year);
      return { events: await eventViews(sorted) };
    },

    /** 简读史: each regime in a sentence or two, oldest first, a page at a time. */
    async shortReads(page: number): Promise<ShortReadsView> {
      const rows = await db
        .selectFrom("entry")
        .select(["id", "name", "summary", "time_desc", "start_year", "member"])
        .where("kind", "=", "regime")
        .where("start_year", "is not", null)
        .orderBy("start_year")
        .orderBy("name")
        .execute();
      const articles = await db.selectFrom("article").select(["id", "title", "tags"]).execute();
      const paged = pageOf(rows, page, JDS_PAGE_SIZE);
      return {
        page: paged.page,
        pages: paged.pages,
        total: paged.total,
        items: paged.items.map((r) => {
          const related = articles.find((a) =>
            parseJson<string[]>(a.tags, []).some((t) => t === r.name),
          );
          return {
            title: r.name,
            when: r.time_desc ?? "",
            summary: firstSentence(r.member === 1 ? memberOpening(r.summary) : r.summary, 90),
            href: `/detail/${r.id}`,
            article: related ? { title: related.title, href: `/ah/article/${related.id}` } : null,
          };
        }),
      };
    },

    /** 中国风: the gallery's sections with what each item points at. */
    async gallery(): Promise<DayGalleryView> {
      const refs = await resolve(content.gallery.flatMap((s) => s.items.map((i) => i.ref)));
      return {
        sections: content.gallery.map((s) => ({
          key: s.key,
          title: s.title,
          intro: s.intro,
          items: s.items.flatMap((i) => {
            const target = refs.get(i.ref);
            return target ? [{ note: i.note, target }] : [];
          }),
        })),
      };
    },

    /** Refs of the day files that point at nothing (for the content checks in tests). */
    async missingRefs(): Promise<string[]> {
      const all = [
        ...Object.values(content.lists).flatMap((l) => l.items.map((i) => i.ref)),
        ...Object.values(content.unlocks).map((u) => u.ref),
        ...content.calendar.flatMap((e) => e.refs),
        ...content.epidemics.flatMap((e) => e.refs),
        ...content.gallery.flatMap((s) => s.items.map((i) => i.ref)),
      ];
      const found = await resolve(all);
      return [...new Set(all)].filter((r) => !found.has(r));
    },
  };
  return days;
}

export type CampaignDays = ReturnType<typeof createCampaignDays>;
