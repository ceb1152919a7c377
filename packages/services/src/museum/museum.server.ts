import type { MuseumData, MuseumExhibit } from "@tongjian/contracts/museum";
import { truncateText } from "@tongjian/domain/text-length";
import { isWorkMount, isWorkSize } from "@tongjian/domain/work-mounts";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { parseJson } from "../content/content-views.ts";
import type { MuseumRegimeRow, MuseumRepository, MuseumWorkRow } from "./museum-repository.ts";

/** What the museum hangs: the works of these categories (docs/content-format.md "Work"). */
export const MUSEUM_CATEGORIES = ["绘画", "书法"] as const;

/** The sheet shows this much of a summary (display width: a Chinese character counts 2). */
const SUMMARY_WIDTH = 200;
const CACHE_TTL_MS = 10 * 60_000;

/**
 * The rooms, oldest first, each holding the works of its regimes' periods (content/regimes.yaml
 * `period`). A work without a regime is one of the world's (content/works/world.yaml).
 */
export const MUSEUM_ROOMS: readonly {
  id: string;
  name: string;
  periods: readonly string[];
  summary: string;
}[] = [
  {
    id: "xian-qin-han",
    name: "先秦—汉",
    periods: ["先秦", "秦汉"],
    summary: "战国的帛画与汉代的壁画、画像石是今天能见到的最早的中国绘画，文字则由篆书演变为隶书。",
  },
  {
    id: "wei-jin-tang",
    name: "魏晋—唐",
    periods: ["三国两晋南北朝", "隋唐五代"],
    summary: "人物画走向成熟，顾恺之讲求“传神”；书法由隶变楷，行书与楷书名家辈出。",
  },
  {
    id: "song-yuan",
    name: "宋元",
    periods: ["宋辽金夏元"],
    summary: "山水画的高峰：北宋的全景山水、宫廷画院的青绿山水与风俗画，元代文人的水墨山水。",
  },
  {
    id: "ming-qing",
    name: "明清",
    periods: ["明清", "近现代"],
    summary: "文人画与宫廷绘画并行，画派林立，书画收藏与鉴赏之风大盛。",
  },
  {
    id: "world",
    name: "域外名作",
    periods: [],
    summary: "同一时代的域外名作，与中国书画对照着看。",
  },
];
const WORLD_ROOM = "world";

type Data = Record<string, unknown>;

/** 顾恺之（传为原作者）、… from the work's creators and their names in `refs`, or its attribution. */
function artistOf(data: Data): string | null {
  const refs = (data.refs ?? {}) as Record<string, { name?: unknown }>;
  const creators = Array.isArray(data.creators) ? (data.creators as unknown[]) : [];
  const names = creators
    .map((c) => {
      const key = typeof c === "string" ? c : (c as Data | null)?.person;
      const role = typeof c === "object" && c ? (c as Data).role : undefined;
      const name = typeof key === "string" ? refs[key]?.name : undefined;
      if (typeof name !== "string") return null;
      return typeof role === "string" && role ? `${name}（${role}）` : name;
    })
    .filter((n): n is string => n !== null);
  if (typeof data.attribution === "string" && data.attribution) names.push(data.attribution);
  return names.length > 0 ? names.join("、") : null;
}

/**
 * For ordering a work without years: where its era in words puts it within its regime (北宋末年
 * late, 唐初 early, 明中叶 in the middle), else at the regime's start.
 */
export function eraYear(era: string | null, regime: MuseumRegimeRow | undefined): number | null {
  if (!regime || regime.start_year === null) return null;
  const start = regime.start_year;
  const end = regime.end_year ?? start;
  if (!era) return start;
  if (/末|晚期|后期/.test(era)) return end;
  if (/中叶|中期/.test(era)) return Math.round((start + end) / 2);
  return start;
}

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value : null;

/**
 * The rooms and their exhibits from the works and their regimes: pure, so the grouping and order
 * are tested without a database. Works are ordered by their year (else their regime's first
 * year), then by name; rooms without a work are left out.
 */
export function arrangeMuseum(
  works: readonly MuseumWorkRow[],
  regimes: readonly MuseumRegimeRow[],
): MuseumData {
  const regimeById = new Map(regimes.map((r) => [r.id, r]));
  const roomOfPeriod = new Map<string, string>();
  for (const room of MUSEUM_ROOMS) for (const p of room.periods) roomOfPeriod.set(p, room.id);

  const placed = new Map<string, { year: number; exhibit: MuseumExhibit }[]>();
  for (const work of works) {
    const data = parseJson<Data>(work.data, {});
    if (!(MUSEUM_CATEGORIES as readonly string[]).includes(String(data.category))) continue;
    // The paintings area's paintings (those with a subject) hang here only when chosen for the
    // museum (`museum: true`): the rooms' walls hold a selection, not the whole collection.
    if (data.subject !== undefined && data.museum !== true) continue;
    const regime = work.regime_id ? regimeById.get(work.regime_id) : undefined;
    const period = regime ? parseJson<Data>(regime.data, {}).period : undefined;
    const roomId = regime
      ? roomOfPeriod.get(String(period))
      : work.regime_id === null
        ? WORLD_ROOM
        : undefined;
    if (!roomId) continue;
    const exhibit: MuseumExhibit = {
      id: work.id,
      name: work.name,
      category: String(data.category),
      form: text(data.form),
      mount: isWorkMount(data.mount) ? data.mount : null,
      size: isWorkSize(data.size) ? { height: data.size.height, width: data.size.width } : null,
      artist: artistOf(data),
      dynasty: regime?.name ?? null,
      timeDesc: work.time_desc,
      holder: text(data.holder),
      summary: truncateText(work.summary, SUMMARY_WIDTH),
    };
    const year = work.start_year ?? eraYear(text(data.era), regime) ?? Number.MAX_SAFE_INTEGER;
    placed.set(roomId, [...(placed.get(roomId) ?? []), { year, exhibit }]);
  }

  const rooms = MUSEUM_ROOMS.flatMap((room) => {
    const items = placed.get(room.id);
    if (!items || items.length === 0) return [];
    items.sort(
      (a, b) =>
        a.year - b.year ||
        a.exhibit.name.localeCompare(b.exhibit.name, "zh-CN") ||
        a.exhibit.id.localeCompare(b.exhibit.id),
    );
    return [
      {
        id: room.id,
        name: room.name,
        summary: room.summary,
        exhibits: items.map((i) => i.exhibit),
      },
    ];
  });
  return { rooms, exhibitCount: rooms.reduce((n, r) => n + r.exhibits.length, 0) };
}

/** The museum's rooms (/home/museum and GET /api/museum/{lang}/rooms), kept per content version. */
export function createMuseumService(deps: { museum: MuseumRepository; caches: ContentReadCaches }) {
  const cache = deps.caches.create<MuseumData>({ ttlMs: CACHE_TTL_MS, max: 1 });
  return {
    rooms(): Promise<MuseumData> {
      return cache.get("rooms", async () => {
        const works = await deps.museum.works(MUSEUM_CATEGORIES);
        const regimeIds = [
          ...new Set(works.map((w) => w.regime_id).filter((id): id is string => id !== null)),
        ];
        return arrangeMuseum(works, await deps.museum.regimes(regimeIds));
      });
    },
  };
}

export type MuseumService = ReturnType<typeof createMuseumService>;
