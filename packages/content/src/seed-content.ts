import { createHash } from "node:crypto";
import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import type { Database } from "@tongjian/db/database-schema";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import { topicSpan } from "@tongjian/domain/insight-topics";
import { nameSyllables } from "@tongjian/domain/name-pinyin";
import type { Kysely } from "kysely";
import type { WorkRecord } from "./content-schema.ts";
import { describeTime } from "./describe-time.ts";
import type { ContentBundle, ContentEntry, ContentInsight } from "./load-content.ts";
import { writeCampaigns } from "./seed-campaigns.ts";
import { writeLearning } from "./seed-learning.ts";
import { writeProducts } from "./seed-products.ts";
import { writePromotions } from "./seed-promotions.ts";
import { composeBundleTerritories, writeTerritories } from "./territories/seed-territories.ts";
import { upsertEntries } from "./upsert-entries.ts";

export interface SeedSummary {
  entries: number;
  relations: number;
  articles: number;
  topics: number;
  networks: number;
  banners: number;
  territories: number;
  panoramaScenes: number;
  musicPieces: number;
  learningQuestions: number;
}

const CHUNK = 200;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function searchNames(entry: ContentEntry): string[] {
  const r = entry.record as { courtesy?: string; style?: string[] };
  return [entry.name, ...entry.aliases, ...(r.courtesy ? [r.courtesy] : []), ...(r.style ?? [])];
}

/** Full pinyin (no tones, no spaces) and initials for each name, space separated. */
export function pinyinKeys(names: string[]): { full: string; initials: string } {
  const full = new Set<string>();
  const initials = new Set<string>();
  for (const name of names) {
    const syllables = nameSyllables(name);
    if (syllables.length === 0) continue;
    full.add(syllables.join(""));
    initials.add(syllables.map((s) => s[0]).join(""));
  }
  return { full: [...full].join(" "), initials: [...initials].join(" ") };
}

/** A work without years reads as its era in words, or else as its regime (宋, 东汉 …). */
function workEra(entry: ContentEntry, byKey: Map<string, ContentEntry>): string | undefined {
  if (entry.kind !== "work") return undefined;
  const w = entry.record as WorkRecord;
  return w.era ?? (w.regime ? byKey.get(w.regime)?.name : undefined);
}

/** The rows of one topic's items: its lists in their order, then its in-text links. */
function topicItems(topic: ContentInsight) {
  const role = (name: string, ids: string[]) =>
    ids.map((item_id, position) => ({
      topic_id: topic.id,
      role: name,
      item_id,
      position,
      word: null as string | null,
    }));
  return [
    ...role("event", topic.eventIds),
    ...role("person", topic.personIds),
    ...role("entry", topic.entryIds),
    ...role("article", topic.articleIds),
    ...topic.links.map((l, position) => ({
      topic_id: topic.id,
      role: "link",
      item_id: l.itemId,
      position,
      word: l.word as string | null,
    })),
  ];
}

/**
 * Topics belong to the content files and hold no readers' counters: they are replaced whole. The
 * years of each are those of its events.
 */
async function writeTopics(trx: Kysely<Database>, bundle: ContentBundle, stamp: string) {
  const entryById = new Map(bundle.entries.map((e) => [e.id, e]));
  await trx.deleteFrom("topic_item").execute();
  await trx.deleteFrom("topic").execute();
  for (const batch of chunks(bundle.insights, 20)) {
    await trx
      .insertInto("topic")
      .values(
        batch.map((t) => {
          const span = topicSpan(
            t.eventIds.map((id) => {
              const event = entryById.get(id);
              return { startYear: event?.start?.year ?? null, endYear: event?.end?.year ?? null };
            }),
          );
          return {
            id: t.id,
            key: t.key,
            title: t.title,
            question: t.question,
            era: t.era,
            cover_text: t.coverText,
            essay: t.html,
            text: t.text,
            start_year: span?.startYear ?? null,
            end_year: span?.endYear ?? null,
            time_desc: span?.timeDesc ?? null,
            published_at: t.published.toISOString(),
            created_at: stamp,
            updated_at: stamp,
          };
        }),
      )
      .execute();
  }
  for (const batch of chunks(bundle.insights.flatMap(topicItems))) {
    await trx.insertInto("topic_item").values(batch).execute();
  }
}

/** The curated networks are content: replaced whole, in the files' order. */
async function writeNetworks(trx: Kysely<Database>, bundle: ContentBundle, stamp: string) {
  await trx.deleteFrom("relation_network").execute();
  for (const batch of chunks(bundle.networks)) {
    await trx
      .insertInto("relation_network")
      .values(
        batch.map((n) => ({
          id: n.id,
          key: n.key,
          name: n.name,
          summary: n.summary,
          center_id: n.centerId,
          member_ids: JSON.stringify(n.memberIds),
          sort_key: bundle.networks.indexOf(n),
          updated_at: stamp,
        })),
      )
      .execute();
  }
}

/** The panoramas are content: editions and scenes replaced whole, in the file's order. */
async function writePanoramas(trx: Kysely<Database>, bundle: ContentBundle, stamp: string) {
  const { editions, scenes } = bundle.panoramas;
  await trx.deleteFrom("panorama_scene").execute();
  await trx.deleteFrom("panorama_edition").execute();
  if (editions.length > 0) {
    await trx
      .insertInto("panorama_edition")
      .values(
        editions.map((e, sort_key) => ({
          key: e.key,
          title: e.title,
          data: JSON.stringify({ tagline: e.tagline, preface: e.preface }),
          sort_key,
          updated_at: stamp,
        })),
      )
      .execute();
  }
  for (const batch of chunks(scenes)) {
    await trx
      .insertInto("panorama_scene")
      .values(
        batch.map((s) => {
          const { id, key, edition, name, locked, ...data } = s;
          return {
            id,
            key,
            edition,
            name,
            locked: locked ? 1 : 0,
            data: JSON.stringify(data),
            sort_key: scenes.indexOf(s),
            updated_at: stamp,
          };
        }),
      )
      .execute();
  }
}

/** The music is content: performers, pieces and playlists replaced whole; play counts stay. */
async function writeMusic(trx: Kysely<Database>, bundle: ContentBundle, stamp: string) {
  const { performers, pieces, playlists } = bundle.music;
  await trx.deleteFrom("music_playlist").execute();
  await trx.deleteFrom("music_piece").execute();
  await trx.deleteFrom("music_performer").execute();
  for (const batch of chunks(performers)) {
    await trx
      .insertInto("music_performer")
      .values(
        batch.map((p) => {
          const { id, key, name, ...data } = p;
          return {
            id,
            key,
            name,
            data: JSON.stringify(data),
            sort_key: performers.indexOf(p),
            updated_at: stamp,
          };
        }),
      )
      .execute();
  }
  for (const batch of chunks(pieces)) {
    await trx
      .insertInto("music_piece")
      .values(
        batch.map((p) => {
          const { id, key, title, genre, added, featured, ...data } = p;
          return {
            id,
            key,
            title,
            genre,
            added_on: added,
            featured: featured ? 1 : 0,
            data: JSON.stringify(data),
            sort_key: pieces.indexOf(p),
            updated_at: stamp,
          };
        }),
      )
      .execute();
  }
  for (const batch of chunks(playlists)) {
    await trx
      .insertInto("music_playlist")
      .values(
        batch.map((l) => {
          const { id, key, title, ...data } = l;
          return {
            id,
            key,
            title,
            data: JSON.stringify(data),
            sort_key: playlists.indexOf(l),
            updated_at: stamp,
          };
        }),
      )
      .execute();
  }
}

/**
 * Loads only the music of a bundle, for a database whose other content is in place: the first
 * start after migration 0018-music on a corpus loaded before it.
 */
export async function seedMusic(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  now = new Date(),
): Promise<number> {
  await handle.db.transaction().execute((trx) => writeMusic(trx, bundle, now.toISOString()));
  await bumpContentVersion(handle.db, now);
  return bundle.music.pieces.length;
}

/**
 * Loads only the panoramas of a bundle, for a database whose other content is in place: the
 * first start after migration 0016-panorama-codes on a corpus loaded before it.
 */
export async function seedPanoramas(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  now = new Date(),
): Promise<number> {
  await handle.db.transaction().execute((trx) => writePanoramas(trx, bundle, now.toISOString()));
  await bumpContentVersion(handle.db, now);
  return bundle.panoramas.scenes.length;
}

/**
 * Loads only the topics of a bundle, for a database whose other content is in place: the first
 * start after migration 0009-reading-rooms, which added the topic tables, on a corpus loaded
 * before it.
 */
export async function seedTopics(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  now = new Date(),
): Promise<number> {
  await handle.db.transaction().execute((trx) => writeTopics(trx, bundle, now.toISOString()));
  await bumpContentVersion(handle.db, now);
  return bundle.insights.length;
}

function entryData(entry: ContentEntry, byKey: Map<string, ContentEntry>) {
  const refs: Record<string, { id: string; name: string; kind: string }> = {};
  const collect = (value: unknown) => {
    if (typeof value === "string") {
      const target = byKey.get(value);
      if (target && target.key !== entry.key) {
        refs[value] = { id: target.id, name: target.name, kind: target.kind };
      }
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  const {
    key: _key,
    name: _name,
    aliases: _aliases,
    summary: _summary,
    member: _member,
    ...rest
  } = entry.record;
  collect(rest);
  return { ...rest, refs };
}

/**
 * Loads the content bundle into the database. Content fields are upserted by their stable ids;
 * counters that readers create (views, likes) are never touched, so a re-seed loses nothing.
 */
export async function seedContent(
  handle: DatabaseHandle,
  bundle: ContentBundle,
  options: {
    now?: Date;
    searchIndex?: boolean;
    /** false leaves the topic tables alone: a database migrated to a release before them. */
    topics?: boolean;
    /**
     * false leaves the graph columns of relations and the network table alone: a database
     * migrated to a release before 0014-graph.
     */
    graph?: boolean;
    /** false leaves the territory table alone: a database migrated to a release before 0015. */
    territories?: boolean;
    /** false leaves the panorama tables alone: a database before 0016-panorama-codes. */
    panoramas?: boolean;
    /** false leaves the music tables alone: a database before 0018-music. */
    music?: boolean;
    /** false leaves the learning tables alone: a database before 0021-learning. */
    learning?: boolean;
    /** false leaves the product table alone: a database before 0027-commerce. */
    commerce?: boolean;
    /** false leaves the promotion tables alone: a database before 0028-promotions. */
    promotions?: boolean;
    /** false leaves the campaign table alone: a database before 0031-campaigns. */
    campaigns?: boolean;
    /** false leaves the entries' member flag alone: a database before 0030-member-entries. */
    memberEntries?: boolean;
  } = {},
): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  const byKey = new Map(bundle.entries.map((e) => [e.key, e]));
  const degree = new Map<string, number>();
  for (const r of bundle.relations) {
    degree.set(r.fromId, (degree.get(r.fromId) ?? 0) + 1);
    degree.set(r.toId, (degree.get(r.toId) ?? 0) + 1);
  }
  for (const a of bundle.articles) {
    for (const l of a.links) degree.set(l.itemId, (degree.get(l.itemId) ?? 0) + 3);
  }

  // Composing the territories is CPU work: done before the transaction opens.
  const shapes = options.territories === false ? new Map() : composeBundleTerritories(bundle);
  let territories = 0;

  await handle.db.transaction().execute(async (trx) => {
    for (const batch of chunks(bundle.entries)) {
      const rows = batch.map((e) => {
        const names = searchNames(e);
        const py = pinyinKeys(names);
        return {
          id: e.id,
          key: e.key,
          kind: e.kind,
          name: e.name,
          aliases: JSON.stringify(e.aliases),
          summary: e.summary,
          start_year: e.start?.year ?? null,
          end_year: e.end?.year ?? null,
          time_desc: describeTime(e.kind, e.start, e.end, workEra(e, byKey)),
          regime_id: e.regimeId ?? null,
          data: JSON.stringify(entryData(e, byKey)),
          image_url: null,
          popularity: degree.get(e.id) ?? 0,
          search_names: names.join(" "),
          pinyin: py.full,
          pinyin_initials: py.initials,
          ...(options.memberEntries === false ? {} : { member: e.member ? 1 : 0 }),
          created_at: stamp,
          updated_at: stamp,
        };
      });
      await upsertEntries(trx, rows);
    }

    // Relations and article links belong to the content files, so they are replaced whole, but
    // for the 作品 links of imported poems, which the poetry importer owns.
    await trx.deleteFrom("relation").where("type", "<>", WORKS_RELATION_TYPE).execute();
    for (const batch of chunks(bundle.relations)) {
      await trx
        .insertInto("relation")
        .values(
          batch.map((r) => ({
            id: createHash("sha1")
              .update(`${r.fromId}|${r.toId}|${r.type}`)
              .digest("hex")
              .slice(0, 24),
            from_id: r.fromId,
            to_id: r.toId,
            type: r.type,
            label: r.label,
            twoway: r.twoway ? 1 : 0,
            note: r.note ?? null,
            year: r.year ?? null,
            ...(options.graph === false
              ? {}
              : {
                  place_id: r.placeId ?? null,
                  description: r.desc ?? null,
                  birth_order: r.order ?? null,
                }),
          })),
        )
        .execute();
    }

    for (const batch of chunks(bundle.articles, 50)) {
      await trx
        .insertInto("article")
        .values(
          batch.map((a) => ({
            id: a.id,
            key: a.key,
            section: a.section,
            title: a.title,
            abstract: a.abstract,
            content: a.html,
            text: a.text,
            cover: a.cover ?? null,
            tags: JSON.stringify(a.tags),
            published_at: a.published.toISOString(),
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .onConflict((oc) =>
          oc.column("id").doUpdateSet((eb) => ({
            section: eb.ref("excluded.section"),
            title: eb.ref("excluded.title"),
            abstract: eb.ref("excluded.abstract"),
            content: eb.ref("excluded.content"),
            text: eb.ref("excluded.text"),
            cover: eb.ref("excluded.cover"),
            tags: eb.ref("excluded.tags"),
            published_at: eb.ref("excluded.published_at"),
            updated_at: eb.ref("excluded.updated_at"),
          })),
        )
        .execute();
    }
    await trx.deleteFrom("article_link").execute();
    const links = bundle.articles.flatMap((a) =>
      a.links.map((l, position) => ({
        article_id: a.id,
        item_id: l.itemId,
        word: l.word,
        position,
      })),
    );
    for (const batch of chunks(links)) await trx.insertInto("article_link").values(batch).execute();

    if (options.topics !== false) await writeTopics(trx, bundle, stamp);
    if (options.graph !== false) await writeNetworks(trx, bundle, stamp);
    if (options.territories !== false)
      territories = await writeTerritories(trx, bundle, shapes, stamp);
    if (options.panoramas !== false) await writePanoramas(trx, bundle, stamp);
    if (options.music !== false) await writeMusic(trx, bundle, stamp);
    if (options.learning !== false) await writeLearning(trx, bundle.learning, stamp);
    if (options.commerce !== false) await writeProducts(trx, bundle.commerce, stamp);
    if (options.commerce !== false && options.promotions !== false)
      await writePromotions(trx, bundle.promotions, stamp);
    if (options.campaigns !== false) await writeCampaigns(trx, bundle.campaigns, stamp);

    // The home banner features the newest articles of each section.
    await trx.deleteFrom("banner").execute();
    const newest = [...bundle.articles].sort(
      (a, b) => b.published.getTime() - a.published.getTime(),
    );
    const featured = newest.filter(
      (a, i) => newest.findIndex((b) => b.section === a.section) === i,
    );
    if (featured.length > 0) {
      await trx
        .insertInto("banner")
        .values(
          featured.map((a, sort) => ({
            id: createHash("sha1").update(`banner:${a.key}`).digest("hex").slice(0, 24),
            title: a.title,
            image_url: `/media/cover/${a.id}.svg`,
            link: `/ah/article/${a.id}`,
            sort,
            active: 1,
          })),
        )
        .execute();
    }
  });
  if (options.searchIndex !== false) await refreshSearchIndex(handle);
  await bumpContentVersion(handle.db, now);

  return {
    entries: bundle.entries.length,
    relations: bundle.relations.length,
    articles: bundle.articles.length,
    topics: bundle.insights.length,
    networks: bundle.networks.length,
    banners: new Set(bundle.articles.map((a) => a.section)).size,
    territories,
    panoramaScenes: bundle.panoramas.scenes.length,
    musicPieces: bundle.music.pieces.length,
    learningQuestions: options.learning === false ? 0 : bundle.learning.questions.length,
  };
}
