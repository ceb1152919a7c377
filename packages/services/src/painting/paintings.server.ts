import { createHash } from "node:crypto";
import type {
  ArtistBoard,
  ArtistCard,
  ArtistDetail,
  PaintingBoard,
  PaintingCard,
  PaintingDetail,
  PaintingGallery,
  PaintingList,
} from "@tongjian/contracts/painting";
import type { Database } from "@tongjian/db/database-schema";
import {
  FORMAT_SLUGS,
  PAINTING_DYNASTIES,
  PAINTING_FORMATS,
  PAINTING_SUBJECTS,
  type PaintingFormat,
  type PaintingSubject,
  paintingDynastyOf,
  parsePaintingSort,
  SUBJECT_SLUGS,
} from "@tongjian/domain/painting";
import type { Kysely } from "kysely";
import type { ContentReadCaches } from "../content/content-read-cache.ts";
import { BadRequestError, NotFoundError } from "../service-error.ts";
import type { PaintingPictures, PictureSpec } from "./painting-pictures.server.ts";

/**
 * Paintings are works of category 绘画 that carry painting facts (content/works/*.yaml): the
 * service reads them from the entry table, so a painting's likes and views are its work
 * entry's, and a painter is the person entry of its creators. A painting's page id is
 * sha1("painting:" + key), the id article cards already link to.
 */

type Ref = { id: string; name: string; kind: string };
interface WorkData {
  category?: string;
  form?: string;
  creators?: (string | { person: string; role: string })[];
  attribution?: string;
  era?: string;
  regime?: string;
  holder?: string;
  mount?: string;
  size?: { width: number; height: number };
  medium?: string;
  subject?: string;
  about?: string[];
  sources?: string[];
  refs?: Record<string, Ref>;
}

interface Painting {
  id: string;
  entryId: string;
  key: string;
  title: string;
  summary: string;
  data: WorkData;
  format: PaintingFormat;
  subject: PaintingSubject;
  dynasty: { slug: string; name: string };
  likeNum: number;
  viewNum: number;
  order: number;
}

export function paintingId(key: string): string {
  return createHash("sha1").update(`painting:${key}`).digest("hex").slice(0, 24);
}

const PAGE_SIZE = 24;
const ORDER = new Map(PAINTING_DYNASTIES.map((d, i) => [d.slug, i]));

function creatorKeyOf(c: string | { person: string }) {
  return typeof c === "string" ? c : c.person;
}

/** What the entry pages ask of every paintings' list: content only, so kept with the content. */
interface PaintingLinkIndex {
  /** A painting's work entry id → the painting's page id. */
  paintingOf: Record<string, string>;
  /** The entry ids of every painter. */
  painters: Record<string, true>;
}

const LINK_INDEX_TTL_MS = 10 * 60_000;

export function createPaintingService(deps: {
  db: Kysely<Database>;
  pictures: PaintingPictures;
  views: { add(kind: "entry", id: string): void; pendingFor(kind: "entry", id: string): number };
  caches: ContentReadCaches;
}) {
  const linkIndex = deps.caches.create<PaintingLinkIndex>({ ttlMs: LINK_INDEX_TTL_MS, max: 1 });
  // What a picture is drawn from, by painting id: content only, read once per content version
  // rather than per tile, thumbnail or question picture.
  const specIndex = deps.caches.create<Record<string, PictureSpec>>({
    ttlMs: LINK_INDEX_TTL_MS,
    max: 1,
  });
  async function specOf(id: string): Promise<PictureSpec> {
    const index = await specIndex.get("specs", async () =>
      Object.fromEntries((await all()).map((p) => [p.id, spec(p)])),
    );
    const found = index[id];
    if (!found) throw new NotFoundError("没有找到这幅画");
    return found;
  }
  async function all(): Promise<Painting[]> {
    const rows = await deps.db
      .selectFrom("entry")
      .select(["id", "key", "name", "summary", "data", "like_count", "view_count", "start_year"])
      .where("kind", "=", "work")
      .where("data", "like", '%"subject":%')
      .execute();
    const list: Painting[] = [];
    for (const row of rows) {
      const data = JSON.parse(row.data) as WorkData;
      if (data.category !== "绘画" || !data.subject || !data.size || !data.medium) continue;
      const format = (PAINTING_FORMATS as readonly string[]).includes(data.mount ?? "")
        ? (data.mount as PaintingFormat)
        : null;
      const subject = (PAINTING_SUBJECTS as readonly string[]).includes(data.subject)
        ? (data.subject as PaintingSubject)
        : null;
      const dynasty = paintingDynastyOf(data.regime);
      if (!format || !subject || !dynasty) continue;
      list.push({
        id: paintingId(row.key),
        entryId: row.id,
        key: row.key,
        title: row.name,
        summary: row.summary,
        data,
        format,
        subject,
        dynasty,
        likeNum: row.like_count,
        viewNum: row.view_count + deps.views.pendingFor("entry", row.id),
        order: (ORDER.get(dynasty.slug) ?? 0) * 10000 + (row.start_year ?? 0),
      });
    }
    // Oldest first; within a dynasty by year where known, then by title.
    return list.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title, "zh"));
  }

  function spec(p: Painting): PictureSpec {
    return {
      key: p.key,
      title: p.title,
      subject: p.subject,
      medium: p.data.medium as string,
      cm: p.data.size as { width: number; height: number },
    };
  }

  function artistsOf(p: Painting): Ref[] {
    return (p.data.creators ?? [])
      .map((c) => p.data.refs?.[creatorKeyOf(c)])
      .filter((r): r is Ref => r !== undefined);
  }

  async function card(p: Painting): Promise<PaintingCard> {
    const info = await deps.pictures.info(spec(p));
    return {
      id: p.id,
      key: p.key,
      title: p.title,
      artists: artistsOf(p),
      ...(p.data.attribution ? { attribution: p.data.attribution } : {}),
      dynasty: p.dynasty.name,
      dynastySlug: p.dynasty.slug,
      medium: p.data.medium as string,
      format: p.format,
      subject: p.subject,
      size: p.data.size as { width: number; height: number },
      holder: p.data.holder ?? "不详",
      preview: `/media/painting/${p.id}/${info.rev}/preview.jpg`,
      thumb: `/media/painting/${p.id}/${info.rev}/thumb.jpg`,
      likeNum: p.likeNum,
      viewNum: p.viewNum,
    };
  }

  function artistStats(list: Painting[]) {
    const byArtist = new Map<string, { ref: Ref; paintings: Painting[] }>();
    for (const p of list) {
      for (const a of artistsOf(p)) {
        const item = byArtist.get(a.id) ?? { ref: a, paintings: [] };
        item.paintings.push(p);
        byArtist.set(a.id, item);
      }
    }
    return byArtist;
  }

  async function artistCards(list: Painting[]): Promise<ArtistCard[]> {
    const stats = artistStats(list);
    if (stats.size === 0) return [];
    const people = await deps.db
      .selectFrom("entry")
      .select(["id", "time_desc", "start_year", "end_year"])
      .where("id", "in", [...stats.keys()])
      .execute();
    const life = new Map(people.map((r) => [r.id, r]));
    const cards: ArtistCard[] = [];
    for (const [id, { ref, paintings }] of stats) {
      const person = life.get(id);
      const first = paintings[0] as Painting;
      const span =
        person?.start_year != null || person?.end_year != null
          ? `${person?.start_year ?? "?"}—${person?.end_year ?? "?"}`
          : undefined;
      cards.push({
        id,
        name: ref.name,
        dynasty: first.dynasty.name,
        ...(span ? { life: span } : {}),
        paintingCount: paintings.length,
        likeNum: paintings.reduce((n, p) => n + p.likeNum, 0),
        viewNum: paintings.reduce((n, p) => n + p.viewNum, 0),
        preview: (await card(first)).thumb,
      });
    }
    return cards;
  }

  function facets(list: Painting[]) {
    const count = (pred: (p: Painting) => boolean) => list.filter(pred).length;
    return {
      dynasties: PAINTING_DYNASTIES.map((d) => ({
        slug: d.slug,
        label: d.name,
        count: count((p) => p.dynasty.slug === d.slug),
      })).filter((x) => x.count > 0),
      subjects: PAINTING_SUBJECTS.map((s) => ({
        slug: SUBJECT_SLUGS[s],
        label: s,
        count: count((p) => p.subject === s),
      })),
      formats: PAINTING_FORMATS.map((f) => ({
        slug: FORMAT_SLUGS[f],
        label: f,
        count: count((p) => p.format === f),
      })),
    };
  }

  return {
    async gallery(): Promise<PaintingGallery> {
      const list = await all();
      // The longest scrolls of each dynasty lead: the works a viewer is for.
      const featured = PAINTING_DYNASTIES.flatMap((d) =>
        list
          .filter((p) => p.dynasty.slug === d.slug && p.format === "卷")
          .sort(
            (a, b) =>
              (b.data.size?.width ?? 0) / (b.data.size?.height ?? 1) -
              (a.data.size?.width ?? 0) / (a.data.size?.height ?? 1),
          )
          .slice(0, 1),
      );
      return {
        total: list.length,
        featured: await Promise.all(featured.map(card)),
        ...facets(list),
        artistCount: artistStats(list).size,
      };
    },

    async list(query: { facet: string; value?: string; page: number }): Promise<PaintingList> {
      let list = await all();
      let label = "全部名画";
      if (query.facet !== "all") {
        const sort = parsePaintingSort(query.facet, query.value ?? "");
        if (!sort) throw new BadRequestError("没有这个分类");
        label = sort.label;
        list = list.filter((p) =>
          sort.facet === "dynasty"
            ? p.dynasty.slug === sort.value
            : sort.facet === "subject"
              ? p.subject === sort.value
              : p.format === sort.value,
        );
      }
      const start = (query.page - 1) * PAGE_SIZE;
      return {
        label,
        total: list.length,
        page: query.page,
        pageSize: PAGE_SIZE,
        list: await Promise.all(list.slice(start, start + PAGE_SIZE).map(card)),
      };
    },

    async board(by: "likes" | "views"): Promise<PaintingBoard> {
      const score = (p: Painting) => (by === "likes" ? p.likeNum : p.viewNum);
      const list = (await all()).sort((a, b) => score(b) - score(a)).slice(0, 50);
      return {
        by,
        list: await Promise.all(
          list.map(async (p, i) => ({ ...(await card(p)), rank: i + 1, score: score(p) })),
        ),
      };
    },

    async artistBoard(by: "likes" | "views"): Promise<ArtistBoard> {
      const cards = await artistCards(await all());
      const score = (a: ArtistCard) => (by === "likes" ? a.likeNum : a.viewNum);
      return {
        by,
        list: cards
          .sort((a, b) => score(b) - score(a) || b.paintingCount - a.paintingCount)
          .slice(0, 50)
          .map((a, i) => ({ ...a, rank: i + 1, score: score(a) })),
      };
    },

    /** One painting; counts a view of its work entry. */
    async detail(id: string): Promise<PaintingDetail> {
      const list = await all();
      const p = list.find((x) => x.id === id);
      if (!p) throw new NotFoundError("没有找到这幅画");
      deps.views.add("entry", p.entryId);
      const info = await deps.pictures.info(spec(p));
      const artists = artistsOf(p);
      const artistIds = new Set(artists.map((a) => a.id));
      const more = list.filter(
        (x) => x.id !== p.id && artistsOf(x).some((a) => artistIds.has(a.id)),
      );
      const regime = p.data.regime ? p.data.refs?.[p.data.regime] : undefined;
      return {
        ...(await card(p)),
        viewNum: p.viewNum + 1,
        entryId: p.entryId,
        description: p.summary,
        ...(p.data.era ? { era: p.data.era } : {}),
        ...(p.data.form ? { form: p.data.form } : {}),
        ...(regime ? { regime } : {}),
        creatorRoles: (p.data.creators ?? [])
          .filter((c): c is { person: string; role: string } => typeof c !== "string")
          .map((c) => ({ id: p.data.refs?.[c.person]?.id ?? "", role: c.role }))
          .filter((c) => c.id),
        about: (p.data.about ?? [])
          .map((k) => p.data.refs?.[k])
          .filter((r): r is Ref => r !== undefined),
        sources: p.data.sources ?? [],
        picture: {
          source: info.source,
          width: info.width,
          height: info.height,
          tileSize: info.tileSize,
          levels: info.levels,
          base: `/media/painting/${p.id}/${info.rev}`,
          ...(info.licence ? { licence: info.licence } : {}),
          ...(info.credit ? { credit: info.credit } : {}),
        },
        more: await Promise.all(more.slice(0, 12).map(card)),
      };
    },

    async artist(id: string): Promise<ArtistDetail> {
      const list = await all();
      const mine = list.filter((p) => artistsOf(p).some((a) => a.id === id));
      if (mine.length === 0) throw new NotFoundError("没有找到这位画家");
      const person = await deps.db
        .selectFrom("entry")
        .select(["summary", "aliases"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!person) throw new NotFoundError("没有找到这位画家");
      const self = (await artistCards(mine)).find((a) => a.id === id) as ArtistCard;
      return {
        ...self,
        summary: person.summary,
        aliases: JSON.parse(person.aliases || "[]") as string[],
        paintings: await Promise.all(mine.map(card)),
      };
    },

    async tile(id: string, rev: string, level: number, x: number, y: number) {
      const body = await deps.pictures.tile(await specOf(id), rev, level, x, y);
      if (!body) throw new NotFoundError("没有这块图像");
      return body;
    },

    async thumb(id: string, rev: string) {
      const body = await deps.pictures.thumb(await specOf(id), rev);
      if (!body) throw new NotFoundError("没有这张图像");
      return body;
    },

    async preview(id: string, rev: string) {
      const body = await deps.pictures.preview(await specOf(id), rev);
      if (!body) throw new NotFoundError("没有这张图像");
      return body;
    },

    /**
     * What the paintings area has for an entry: the painting page of a work entry, or the artist
     * page of a painter. Entry pages link to them.
     */
    async linksOf(entryId: string): Promise<{ painting?: string; artist?: string }> {
      // Every entry page asks: the list is read once per content version, not per page.
      const index = await linkIndex.get("links", async () => {
        const paintingOf: Record<string, string> = {};
        const painters: Record<string, true> = {};
        for (const p of await all()) {
          paintingOf[p.entryId] = p.id;
          for (const a of artistsOf(p)) if (a.id) painters[a.id] = true;
        }
        return { paintingOf, painters };
      });
      const painting = index.paintingOf[entryId];
      if (painting) return { painting };
      return index.painters[entryId] ? { artist: entryId } : {};
    },

    /**
     * The address of a painting's current picture (thumb.jpg for cards, preview.jpg for a
     * question's picture), null when there is no such painting.
     */
    async pictureUrl(id: string, file: "thumb.jpg" | "preview.jpg"): Promise<string | null> {
      const found = await specOf(id).catch(() => null);
      if (!found) return null;
      const info = await deps.pictures.info(found);
      return `/media/painting/${id}/${info.rev}/${file}`;
    },

    /** Keys and ids of every painting (the import tool's check). */
    async keys(): Promise<{ id: string; key: string; title: string }[]> {
      return (await all()).map((p) => ({ id: p.id, key: p.key, title: p.title }));
    },
  };
}

export type PaintingService = ReturnType<typeof createPaintingService>;
