import { createHash } from "node:crypto";
import { bumpContentVersion } from "@tongjian/db/content-version";
import type { DatabaseHandle } from "@tongjian/db/create-database";
import { refreshSearchIndex } from "@tongjian/db/refresh-search-index";
import { WORKS_RELATION_TYPE } from "@tongjian/domain/entry-kinds";
import { nameSyllables } from "@tongjian/domain/name-pinyin";
import type { WorkRecord } from "./content-schema.ts";
import { describeTime } from "./describe-time.ts";
import type { ContentBundle, ContentEntry } from "./load-content.ts";
import { upsertEntries } from "./upsert-entries.ts";

export interface SeedSummary {
  entries: number;
  relations: number;
  articles: number;
  banners: number;
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
  const { key: _key, name: _name, aliases: _aliases, summary: _summary, ...rest } = entry.record;
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
  options: { now?: Date; searchIndex?: boolean } = {},
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
    banners: new Set(bundle.articles.map((a) => a.section)).size,
  };
}
